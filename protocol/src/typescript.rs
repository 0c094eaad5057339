//! The page's types: every message, as TypeScript declarations, in
//! `daemon/types/protocol.d.ts`, generated from these serde types (ts-rs) so that the page is
//! type-checked against the protocol as it is (`tsc --noEmit` in `.ci/run`). The test fails
//! when the file is not current; `GRUNDY_BLESS=1 cargo test -p grundy-protocol` writes it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use ts_rs::{Config, TypeVisitor, TS};

use crate::{ClientMessage, ServerMessage};

/// Every declaration reachable from the two messages, by name.
struct Declarations {
    /// JSON numbers are JavaScript numbers, whatever their Rust type.
    config: Config,
    found: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Built-in types (numbers, strings, arrays, maps) are not declared.
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(&self.config);
        if self.found.contains_key(&name) {
            return;
        }
        let docs = T::docs().unwrap_or_default();
        let decl = format!("{docs}export {}", T::decl(&self.config));
        self.found.insert(name, decl);
        T::visit_dependencies(self);
    }
}

/// The whole file.
fn generated() -> String {
    let mut all = Declarations {
        config: Config::new().with_large_int("number"),
        found: BTreeMap::new(),
    };
    all.visit::<ClientMessage>();
    all.visit::<ServerMessage>();
    let mut text = String::from(
        "// The messages of protocol v1 (docs/PROTOCOL.md), generated from the Rust crate\n\
         // `protocol` by its test `typescript`: do not edit by hand.\n\n",
    );
    for decl in all.found.values() {
        text.push_str(decl);
        text.push_str("\n\n");
    }
    text.truncate(text.trim_end().len());
    text.push('\n');
    text
}

#[test]
fn the_pages_types_are_current() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../daemon/types/protocol.d.ts");
    let text = generated();
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write protocol.d.ts");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == text,
        "daemon/types/protocol.d.ts is not current: run GRUNDY_BLESS=1 cargo test -p grundy-protocol"
    );
}

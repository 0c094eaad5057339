//! Rebuilds the daemon when a migration changes: `sqlx::migrate!` embeds them at compile time,
//! and cargo does not otherwise know to watch that folder.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}

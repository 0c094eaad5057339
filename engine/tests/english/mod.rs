//! The engine's messages said in English, from the catalogs the clients use: for the tests of
//! their words. (The engine's unit tests include this file too; each test uses what it needs.)
#![allow(dead_code)]

use engine::{Arg, Error, ErrorKind, Said};

/// Kind, input and sentence (in English) of an error, for comparing all three at once.
pub fn parts(e: &Error) -> (ErrorKind, String, String) {
    (e.kind(), e.input().to_owned(), english(&e.said()))
}

/// Message `said` in English.
pub fn english(said: &Said) -> String {
    fn message(said: &Said) -> protocol::Message {
        let mut m = protocol::Message::new(said.id);
        for (name, arg) in &said.args {
            let arg = match arg {
                Arg::Text(text) => protocol::MessageArg::Text(text.clone()),
                Arg::Count(n) => protocol::MessageArg::Count(*n),
                Arg::Said(inner) => protocol::MessageArg::Message(message(inner)),
            };
            m = m.with(*name, arg);
        }
        m
    }
    protocol::i18n::english(&message(said))
}

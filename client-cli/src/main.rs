//! `grundy`, the terminal client. Not written yet: until it is, any websocket client can
//! speak the protocol of docs/PROTOCOL.md to `grundyd`.

fn main() {
    eprintln!(
        "grundy: the terminal client is not written yet; talk to grundyd with any websocket \
         client (see docs/PROTOCOL.md)"
    );
    std::process::exit(2);
}

//! End-to-end tests: a real grundyd on 127.0.0.1:0 with a temp-file database, real websocket
//! clients speaking protocol v1.

mod analysis;
mod bad_input;
mod browser;
mod checks;
mod crash;
mod exam;
mod following;
mod footprint;
mod games;
mod guard;
mod handshake;
mod lifetimes;
mod limits;
mod names;
mod presence;
mod refusals;
mod restart;
mod review;
mod rooms;
mod sequences;
mod shutdown;
mod sums;
mod tournaments;
mod turns;
mod web;

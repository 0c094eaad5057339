//! grundyd: the grundy server.
pub mod db;

//! The grundy wire protocol.

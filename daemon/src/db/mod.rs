//! Persistence.

//! Tests of matches: the rules of a match on the model alone (milliseconds, made-up times),
//! and the actors on a real database.

mod model;
mod presence;

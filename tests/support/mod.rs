//! Helpers shared by the integration tests that need them.

pub mod stand_in;
pub mod tls_front;

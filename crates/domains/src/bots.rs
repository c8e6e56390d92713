//! Built-in bots: `demo` and `dummy`.

/// Placeholder.
pub struct DemoBot;
/// Placeholder.
pub struct DummyBot;

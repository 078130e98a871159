//! Workspace-level integration tests: one binary, one module per area.

//! The supplysite core compiled to WebAssembly, so the browser applies the same rules as the server.

// Verify module: see ARCHITECTURE.md.

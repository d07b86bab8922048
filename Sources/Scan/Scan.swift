// Scan module: see ARCHITECTURE.md.

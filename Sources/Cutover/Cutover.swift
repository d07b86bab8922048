// Cutover module: see ARCHITECTURE.md.

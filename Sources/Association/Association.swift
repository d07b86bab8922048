// Association module: see ARCHITECTURE.md.

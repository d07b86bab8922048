// Anchors module: see ARCHITECTURE.md.

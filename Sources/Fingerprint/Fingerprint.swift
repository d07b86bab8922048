// Fingerprint module: see ARCHITECTURE.md.

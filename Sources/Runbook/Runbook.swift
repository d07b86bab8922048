// Runbook module: see ARCHITECTURE.md.

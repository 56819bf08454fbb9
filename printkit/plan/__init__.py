"""Stage 2, plan: page geometry as plain data (millimetres), computed before anything is drawn."""

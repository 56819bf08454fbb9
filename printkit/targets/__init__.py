"""Stage 6, targets, on the pipeline's built files: print-shop exports (`printkit export --for
SHOP`: shops' sizes and profiles, fitting, die lines, PDF/X, Tabletop Simulator, cutting machines)
and their preflight (`printkit preflight DIR`), and the home printer's calibration page."""

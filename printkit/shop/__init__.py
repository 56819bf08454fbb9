"""Print-shop exports (`printkit export --for SHOP`) and their preflight (`printkit preflight DIR`)."""

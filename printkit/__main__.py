from printkit.cli import main

raise SystemExit(main())

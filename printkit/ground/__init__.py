"""Stage 0, ground: what every stage may take and that takes nothing of theirs. The one error type
and its FILE:LINE problems, the console and the signals, printkit's bundled files (fonts, profiles,
shops and cutters), papers' sizes and cutters' names, and the signatures on printkit's own state files."""

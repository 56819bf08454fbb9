"""printkit's own content and templates: the seed games `printkit new --example` copies (its kits,
and the example games written in game.yaml alone), and the templates every project falls back on for
what it does not have, as a site falls back on its theme.

One copy: the repository's `content/`, `templates/` and `examples/` (its content/ and templates/;
not its tools/). A wheel carries them as package data (`printkit/_bundled/`, copied there when the
wheel is built: see setup.py); a source checkout or an editable install reads the repository's
folders themselves.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # printkit's own files (fonts, profiles, tables): a folder, never a zip
PACKAGED = PACKAGE / "_bundled"


def root() -> Path:
    """The folder holding printkit's own content/ and templates/."""
    return PACKAGED if PACKAGED.is_dir() else PACKAGED.parent.parent


def content() -> Path:
    return root() / "content"


def templates() -> Path:
    return root() / "templates"


def examples() -> Path:
    """The folder holding the example games' content/ and templates/."""
    return root() / "examples"

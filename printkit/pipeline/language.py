"""The one language a build makes its words in, besides the source language's: read here alone.

A stand-in until game.yaml's `languages:` and `--language` (issue 44, points 1 and 3) name the
languages a build makes, each into its own folder: they will hand the language to
`kits.templates_for` and to `nothing_changed.files` instead of this."""

from __future__ import annotations

import os

VARIABLE = "PRINTKIT_LANGUAGE"  # `de`, `fr`: a build's words in that language, from its catalogs


def build_language() -> str | None:
    """The language asked for (None: the source language, every word as the templates write it)."""
    return os.environ.get(VARIABLE) or None

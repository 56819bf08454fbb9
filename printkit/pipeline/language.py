"""The one language a build makes its words in, besides the source language's: read here alone.

A stand-in until game.yaml's `languages:` and `--language` (issue 44, points 1 and 3) name the
languages a build makes, each into its own folder: they will hand the language to
`kits.templates_for` and to `nothing_changed.files` instead of this."""

from __future__ import annotations

import os
import re

from printkit.ground.errors import Problem, PrintkitError

CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?\Z")  # de, fr, pt_BR: as locale/ names a language's folder
VARIABLE = "PRINTKIT_LANGUAGE"  # `de`, `fr`: a build's words in that language, from its catalogs


def build_language() -> str | None:
    """The language asked for (None: the source language, every word as the templates write it)."""
    language = os.environ.get(VARIABLE) or None
    if language is not None and not CODE.match(language):
        raise PrintkitError([Problem(VARIABLE, None, f"{language!r} is not a language code (de, fr, pt_BR)")])
    return language

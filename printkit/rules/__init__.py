"""Stage 2, validate: the rules models. Pure Python - no ReportLab, no Jinja, no file I/O.

A model takes plain content data and returns `Finding`s that name a key path; the loader maps
the path back to FILE:LINE. Renderers use the same models to compute what they print.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """A rule broken by the content, at a key path of one content file."""

    file: str  # the content file's name within the game folder, e.g. "game.yaml"
    path: tuple
    message: str

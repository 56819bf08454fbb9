"""What --ink-saver prints: a large fill keeps a quarter of its ink (outlined where it was dark), and
large type is drawn as an outline. Small marks (pips, scale blocks) print as planned."""

from __future__ import annotations

LARGE_FILL = 20.0  # mm2: fills larger than this are lightened
INK_SAVED = 0.25  # the part of its ink a large fill keeps
OUTLINE_TEXT = 24.0  # pt: type this large is drawn as an outline


def lightness(value) -> float:
    """A grey, or a colour's mean: how light the ink saver takes it to be (above 0.5: light)."""
    return sum(value) / 3 if isinstance(value, tuple) else value


def lighter(value):
    """A fill the ink saver prints: a quarter of its ink."""
    if isinstance(value, tuple):
        return tuple(1 - (1 - part) * INK_SAVED for part in value)
    return 1 - (1 - value) * INK_SAVED

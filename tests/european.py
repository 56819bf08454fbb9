"""The bundled kits' card games as a designer selling them in Europe would make them: their decks
at the European 63 x 88 mm card that MB Print sells, not the U.S. 63.5 x 88.9 mm poker card
(printkit never rescales a designer's card: the designer changes the size)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import CONTENT

EURO = (63.0, 88.0)
EURO_GAMES = ("ascending-row-overflow", "numbered-cards")  # their decks; one-too-many's are 40 mm tokens


def european_content(folder: Path) -> Path:
    """A copy of the bundled content whose decks are 63 x 88 mm (a layer as wide as the poker
    card, 63.5 mm, made as wide as this one)."""
    content = folder / "content"
    shutil.copytree(CONTENT, content)
    for layouts in content.glob("*/layouts.yaml"):
        text = layouts.read_text(encoding="utf-8")
        text = re.sub(r"(?m)^    size: poker$", "    size: [63, 88]", text)
        layouts.write_text(re.sub(r"(?m)^( +width:) 63\.5$", r"\1 63", text), encoding="utf-8")
    return content

"""The README's pictures of the examples (docs/example-<game>.png): a few cards of each example,
cut out of the sheets printkit builds from examples/, side by side on white.

    python docs/make-pictures.py        # from the repository, with printkit installed ('.[test]')

It builds examples/ into a temporary folder, finds each card on its sheet by its grey cut line
(pdfplumber), renders the pages with PDFium (pypdfium2) and writes one PNG an example, 840 pixels
wide. A back is cut from the back page where the card's front is mirrored (flipped on the long edge).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pdfplumber
import pypdfium2
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DPI = 200  # rendered at this, then shrunk to WIDTH
WIDTH = 840
GAP = 4.0  # mm between cards, and round the row
PT = 25.4 / 72

# For each example: the cards to show, as (product, sheet, card on the sheet, side), sheets and
# cards counted from 0 in reading order.
PICKS = {
    "weathervane": [("deck", 0, 6, "front"), ("deck", 1, 2, "front"), ("deck", 2, 8, "front"),
                    ("deck", 3, 4, "front"), ("deck", 0, 0, "back")],
    "lantern-delve": [("deck", 0, 0, "front"), ("deck", 1, 7, "front"), ("deck", 2, 0, "front"),
                      ("deck", 0, 0, "back"), ("deck", 0, 4, "back")],
    "which-came-first": [("deck", 0, 1, "front"), ("deck", 0, 4, "front"), ("deck", 1, 2, "front"),
                         ("deck", 1, 2, "back"), ("deck", 1, 10, "front")],
    "fifteen": [("tiles", 0, 2, "front"), ("tiles", 0, 5, "front"), ("tiles", 0, 8, "front"),
                ("tiles", 0, 0, "back"), ("stones", 0, 0, "front"), ("stones", 0, 5, "front")],
    "apothecary": [("ingredients", 0, 0, "front"), ("ingredients", 2, 3, "front"), ("recipes", 0, 1, "front"),
                   ("recipes", 1, 1, "front")],
    "harbour-masters": [("ships", 0, 6, "front"), ("cargo", 1, 3, "front"), ("ports", 0, 3, "front"),
                        ("events", 0, 4, "front"), ("ships", 0, 0, "back")],
    "signal-fires": [("deck", 0, 0, "front"), ("deck", 0, 5, "front"), ("de/deck", 0, 0, "front"),  # its languages
                     ("de/deck", 0, 5, "front"), ("fr/deck", 0, 0, "front"), ("fr/deck", 0, 5, "front")],
}


def build(out: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "printkit", "--project", str(ROOT / "examples"), "build", "--out",
                           str(out), "-q"], capture_output=True, text=True, check=False)
    if done.returncode or done.stderr:
        sys.exit(f"printkit build failed:\n{done.stderr}")


def trims(pdf: Path, sheet: int) -> tuple[list[tuple[float, float, float, float]], float]:
    """The card trims of a front page (mm from its top-left corner, reading order) and its width."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[2 * sheet]
        found = []
        for rect in page.rects:
            colour = rect.get("stroking_color")
            colour = tuple(colour) if isinstance(colour, (list, tuple)) else (colour,)
            grey = len(set(colour)) == 1 and isinstance(colour[0], (int, float)) and 0.3 < colour[0] < 0.95
            if rect.get("stroke") and not rect.get("fill") and grey:
                found.append((rect["x0"] * PT, rect["top"] * PT, rect["x1"] * PT, rect["bottom"] * PT))
        return sorted(found, key=lambda box: (round(box[1], 1), box[0])), float(page.width) * PT


def card(pdf: Path, sheet: int, slot: int, side: str) -> Image.Image:
    boxes, width = trims(pdf, sheet)
    x0, top, x1, bottom = boxes[slot]
    index = 2 * sheet
    if side == "back":
        x0, x1, index = width - x1, width - x0, index + 1
    page = pypdfium2.PdfDocument(str(pdf))[index].render(scale=DPI / 72).to_pil().convert("RGB")
    k = DPI / 25.4
    return page.crop((round(x0 * k), round(top * k), round(x1 * k), round(bottom * k)))


def row(cards: list[Image.Image]) -> Image.Image:
    gap = round(GAP * DPI / 25.4)
    width = sum(image.width for image in cards) + gap * (len(cards) + 1)
    height = max(image.height for image in cards) + 2 * gap
    sheet = Image.new("RGB", (width, height), "white")
    x = gap
    for image in cards:
        sheet.paste(image, (x, gap + (height - 2 * gap - image.height) // 2))
        x += image.width + gap
    return sheet.resize((WIDTH, round(height * WIDTH / width)), Image.Resampling.LANCZOS)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        build(out)
        for game, picks in PICKS.items():
            picture = row([card(out / game / f"{product}.pdf", sheet, slot, side) for product, sheet, slot, side in picks])
            path = DOCS / f"example-{game}.png"
            picture.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
            print(f"{path.relative_to(ROOT)}: {picture.width} x {picture.height}, {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()

"""Every page rasterised by a second, independent renderer (PDFium): it renders, it is not blank,
and no ink falls in the outer 5 mm that home printers cannot print."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from readback import back_art, pages

PRODUCTS = ["deck", "starter-rows", "score-sheet", "practice-sheet", "practice-key", "rules"]
DPI = 72
EDGE_MM = 5.0 - 0.5  # the unprintable edge, less half a pixel-ish allowance for anti-aliasing


@pytest.mark.parametrize("product", PRODUCTS)
def test_pages_render_with_ink_only_inside_the_printable_area(built, product):
    _, folder = built
    path = folder / "ascending-row-overflow" / f"{product}.pdf"
    document, read = pdfium.PdfDocument(str(path)), pages(path)
    for number, page in enumerate(document, start=1):
        art = back_art(read[number - 2]) if product == "deck" and number % 2 == 0 else None  # a back's bleed
        image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
        width, height = image.size
        edge = round(EDGE_MM / 25.4 * DPI)
        pixels = image.load()
        inked = [(x, y) for y in range(height) for x in range(width) if pixels[x, y] < 200]
        assert len(inked) > 500, f"{product} page {number} is blank"
        outside = [(x, y) for x, y in inked
                   if (x < edge or y < edge or x >= width - edge or y >= height - edge) and not in_art(art, x, y, height)]
        assert not outside, f"{product} page {number}: ink in the unprintable edge at {outside[:3]}"


def in_art(art, x: int, y: int, height: int) -> bool:
    """Whether pixel (x, y) (from the top) lies in a back's bleed art `art` (mm, y up), or None."""
    scale = DPI / 25.4
    return art is not None and art.holds((x + 0.5) / scale, (height - y - 0.5) / scale)

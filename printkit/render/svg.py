"""A cut file: a sheet's card outlines as an SVG for a cutting machine's software (Silhouette
Studio, Cricut Design Space) to import and cut. The SVG is the sheet's size in millimetres, its
viewBox in millimetres, y running down from the sheet's top (the PDF's runs up from its foot), so
an outline imported at the page's origin lies on the card printed there. Numbers are written to
0.001 mm in a fixed order: the same sheet gives the same bytes."""

from __future__ import annotations

import html

from printkit.plan.cutter import CutSheet

CUT_STROKE = 0.25  # mm: a hairline the software shows; its width is never cut
CUT_COLOUR = "#ff0000"  # red: what both programs show as a cut line


def cut_svg(sheet: CutSheet, title: str) -> bytes:
    paper = sheet.paper
    outline = _round if sheet.round else _outline
    outlines = "".join(outline(trim, paper.height, sheet.radius) for trim in sheet.trims)
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_mm(paper.width)}mm" '
            f'height="{_mm(paper.height)}mm" viewBox="0 0 {_mm(paper.width)} {_mm(paper.height)}">\n'
            f'<title>{_escaped(title)}</title>\n'
            f'<g id="cut" fill="none" stroke="{CUT_COLOUR}" stroke-width="{_mm(CUT_STROKE)}">\n'
            f'{outlines}</g>\n</svg>\n')
    return text.encode("utf-8")


def _outline(trim, page_height: float, radius: float) -> str:
    rounded = f' rx="{_mm(radius)}" ry="{_mm(radius)}"' if radius else ""
    return (f'<rect x="{_mm(trim.x)}" y="{_mm(page_height - trim.top)}" width="{_mm(trim.width)}" '
            f'height="{_mm(trim.height)}"{rounded}/>\n')


def _round(trim, page_height: float, radius: float) -> str:
    """A round token's outline: the ellipse (a circle, for a square trim) filling its trim."""
    return (f'<ellipse cx="{_mm(trim.x + trim.width / 2)}" cy="{_mm(page_height - trim.top + trim.height / 2)}" '
            f'rx="{_mm(trim.width / 2)}" ry="{_mm(trim.height / 2)}"/>\n')


def _mm(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _escaped(text: str) -> str:
    return html.escape(text, quote=True)  # (not xml.sax.saxutils: it loads urllib, 10 ms of every start)

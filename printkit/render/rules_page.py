"""A rules reference: a template's body text set on one page, as large as fits (and an error if
it does not fit at the smallest legible size)."""

from __future__ import annotations

from printkit.plan.page import plan_sheet
from printkit.render.sheets import begin_sheet
from printkit.render.text import draw_blocks, fit, paginate, paragraphs, parse_blocks


def render_rules_page(kit, words, product: str = "Rules reference", largest: float = 13.0) -> tuple[bytes, int]:
    title = kit.title
    frame = plan_sheet(kit.options.paper)
    pdf = kit.pdf(product, f"{product} for {title}")
    begin_sheet(pdf, frame, kit.footer(product), 1, 1)
    body = frame.body
    flowables, _ = fit(words.body, body.width, body.height, largest, product.lower(), words.where())
    draw_blocks(pdf, flowables, body.x, body.top, body.width)
    return pdf.finish(), pdf.pages


def render_rules_pages(kit, words, product: str = "Rules", size: float = 10.0) -> tuple[bytes, int]:
    """Longer rules: the body text at a comfortable size, flowed over as many pages as it needs."""
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    flowables = paragraphs(parse_blocks(words.body), size, where=words.where())
    pages = paginate(flowables, body.width, body.height, product.lower(), words.where())
    pdf = kit.pdf(product, f"{product} for {kit.title}")
    for number, page in enumerate(pages, start=1):
        begin_sheet(pdf, frame, kit.footer(product), number, len(pages))
        draw_blocks(pdf, page, body.x, body.top, body.width)
    return pdf.finish(), pdf.pages

"""The host key: one witness solution per scenario, found by the rules model's solver, as small
grids with their targets. Its own file: never inside the booklet or a setup sheet."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet, split_pages
from printkit.render.text import draw_blocks, fit
from printkit.rules.cross_sums import solve

from .model import scenario_of

CELL = 6.5
BLOCK_W, BLOCK_H = 46.0, 46.0
HEAD = 24.0


def render(kit) -> tuple[bytes, int]:
    words = kit.words("solutions")
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    scenarios = [scenario_of(data) for data in kit.data["scenarios"]["scenarios"]]
    per_row = int(body.width // BLOCK_W)
    rows_first = int((body.height - HEAD) // BLOCK_H)
    rows_later = int(body.height // BLOCK_H)
    pages = split_pages(scenarios, per_row * rows_first, per_row * rows_later)
    pdf = kit.pdf("Solutions", "host key: one solution per scenario (spoilers)")
    for number, chunk in enumerate(pages, start=1):
        begin_sheet(pdf, frame, kit.footer("Solutions"), number, len(pages))
        top = body.top
        if number == 1:
            top = _heading(pdf, body, words)
        gap = (body.width - per_row * BLOCK_W) / max(1, per_row - 1)
        for i, scenario in enumerate(chunk):
            row, column = divmod(i, per_row)
            box = Rect(body.x + column * (BLOCK_W + gap), top - (row + 1) * BLOCK_H, BLOCK_W, BLOCK_H)
            _solution(pdf, box, scenario, words)
    return pdf.finish(), pdf.pages


def _heading(pdf: PdfFile, body: Rect, words) -> float:
    pdf.text(body.x, body.top - 6, words.plain("heading"), 13, font="Sans-Bold")
    flowables, _ = fit(words.markup("warning"), body.width, HEAD - 10, 9.0, "solutions warning",
                       words.where("warning"))
    return draw_blocks(pdf, flowables, body.x, body.top - 9, body.width) - 2


def _solution(pdf: PdfFile, box: Rect, scenario, words) -> None:
    grid = solve(scenario)
    pdf.text(box.x, box.top - 4, words.plain("caption", scenario.number, scenario.title)[:34], 7.5,
             font="Sans-Bold")
    left, top = box.x + CELL + 1, box.top - 6 - CELL
    for c, target in enumerate(scenario.columns):
        pdf.text(left + (c + 0.5) * CELL, top + 1.6, str(target), 7, font="Sans-Bold", align="centre", level=0.3)
    for r, (target, row) in enumerate(zip(scenario.rows, grid)):
        y = top - (r + 1) * CELL
        pdf.text(left - 1, y + 2, str(target), 7, font="Sans-Bold", align="right", level=0.3)
        for c, value in enumerate(row):
            cell = Rect(left + c * CELL, y, CELL, CELL)
            pdf.rect(cell, width=0.2)
            pdf.text(cell.x + CELL / 2, y + 1.9, str(value), 9, align="centre")

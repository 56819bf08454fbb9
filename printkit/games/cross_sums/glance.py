"""Scenarios at a glance: the campaign as one table, a line per scenario, flowing over pages."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet, grid_lines, split_pages
from printkit.render.text import draw_blocks, fit

ROW = 4.8
HEADER = 6.0
INTRO = 16.0
# column -> share of the table's width
COLUMNS = {"number": 0.05, "title": 0.25, "grid": 0.06, "rows": 0.13, "columns": 0.13, "highest": 0.08,
           "copies": 0.07, "actions": 0.09, "hand": 0.06, "distinct": 0.08}


def render(kit) -> tuple[bytes, int]:
    words = kit.words("at-a-glance")
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    scenarios = kit.data["scenarios"]["scenarios"]
    chunks = split_pages(scenarios, int((body.height - INTRO - HEADER) // ROW), int((body.height - HEADER) // ROW))
    pdf = kit.pdf("At a glance", "scenarios at a glance")
    for number, chunk in enumerate(chunks, start=1):
        begin_sheet(pdf, frame, kit.footer("At a glance"), number, len(chunks))
        top = body.top
        if number == 1:
            top = _intro(pdf, body, words)
        _table(pdf, Rect(body.x, top - HEADER - len(chunk) * ROW, body.width, HEADER + len(chunk) * ROW),
               chunk, words)
    return pdf.finish(), pdf.pages


def _intro(pdf: PdfFile, body: Rect, words) -> float:
    pdf.text(body.x, body.top - 6, words.plain("heading"), 13, font="Sans-Bold")
    flowables, _ = fit(words.markup("intro"), body.width, INTRO - 9, 9.0, "at-a-glance intro", words.where("intro"))
    return draw_blocks(pdf, flowables, body.x, body.top - 9, body.width) - 1.5


def cells(scenario: dict, words) -> dict[str, str]:
    actions = "".join(a[0].upper() for a in scenario["actions"]) or words.plain("no_actions")
    return {"number": str(scenario["number"]), "title": scenario["title"],
            "grid": f"{len(scenario['rows'])}×{len(scenario['columns'])}",
            "rows": " ".join(map(str, scenario["rows"])), "columns": " ".join(map(str, scenario["columns"])),
            "highest": f"A–{scenario['highest']}", "copies": str(scenario["copies"]), "actions": actions,
            "hand": str(scenario["hand"]),
            "distinct": words.plain("distinct_yes" if scenario["distinct"] else "distinct_no")}


def _table(pdf: PdfFile, table: Rect, chunk, words) -> None:
    xs, x = [], table.x
    for share in COLUMNS.values():
        xs.append(x)
        x += share * table.width
    header_y = table.top - HEADER
    pdf.rect(Rect(table.x, header_y, table.width, HEADER), level=None, fill=0.88)
    for name, left in zip(COLUMNS, xs):
        pdf.text(left + 1.2, header_y + 1.8, words.plain(f"col_{name}"), 7.5, font="Sans-Bold")
    for i, scenario in enumerate(chunk):
        y = header_y - (i + 1) * ROW
        if i % 2:
            pdf.rect(Rect(table.x, y, table.width, ROW), level=None, fill=0.95)
        for (name, text), left in zip(cells(scenario, words).items(), xs):
            pdf.text(left + 1.2, y + 1.4, text, 7.5)
    pdf.rect(table, width=0.4)
    grid_lines(pdf, table, xs[1:], [header_y], width=0.2, level=0.5)

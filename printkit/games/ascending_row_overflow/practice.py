"""The practice sheet (positions to resolve) and its host key (the answers, computed by the rules
model). They are separate files: the key never goes on a sheet players write on."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.page import plan_sheet, split_rows
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet
from printkit.render.text import draw_blocks, fit
from printkit.rules.ascending import resolve

from .model import exercises, row_letter

INTRO = 22.0
MINI_W, MINI_H, MINI_GAP = 8.0, 9.5, 1.2
ROW_STEP = MINI_H + 1.5  # 11 mm a row
TITLE = 8.0
GAP = 4.0


def render_sheet(kit) -> tuple[bytes, int]:
    return _render(kit, "practice-sheet", "Practice sheet", _sheet_exercise)


def render_key(kit) -> tuple[bytes, int]:
    return _render(kit, "practice-key", "Practice key", _key_exercise)


def _render(kit, product: str, name: str, draw_exercise) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words(product.replace("-sheet", ""))
    items = exercises(kit.data)
    frame = plan_sheet(kit.options.paper)
    footer = kit.footer(name)
    pdf = kit.pdf(name, f"{len(items)} practice exercises")
    area_height = frame.body.height - INTRO - 2
    per_page = int((area_height + GAP) // (exercise_height(game) + GAP))
    pages = -(-len(items) // per_page)
    for page in range(pages):
        begin_sheet(pdf, frame, footer, page + 1, pages)
        body = frame.body
        pdf.text(body.x, body.top - 6, words.plain("heading"), 14, font="Sans-Bold")
        intro = Rect(body.x, body.top - INTRO, body.width, INTRO - 10)
        flowables, _ = fit(words.markup("intro"), intro.width, intro.height, 9.0, f"{product} intro", words.where("intro"))
        draw_blocks(pdf, flowables, intro.x, intro.top, intro.width)
        area = Rect(body.x, body.y, body.width, area_height)
        batch = items[page * per_page:(page + 1) * per_page]
        for number, (box, item) in enumerate(zip(split_rows(area, per_page, GAP), batch),
                                             start=page * per_page + 1):
            draw_exercise(pdf, box, number, item, game, words)
    return pdf.finish(), pdf.pages


def exercise_height(game: dict) -> float:
    return TITLE + game["starter_rows"] * ROW_STEP + 3


def _exercise_frame(pdf: PdfFile, box: Rect, number: int, title, rows, revealed, words, limit: int):
    """Title, the rows with every card (left, room for the longest row the rules allow), the
    revealed cards (second column); returns the x and y where the revealed cards end."""
    pdf.rect(box, width=0.3, level=0.5, radius=1.5)
    pdf.text(box.x + 3, box.top - 5.5, words.plain("exercise", number, title or ""), 10, font="Sans-Bold")
    top = box.top - TITLE
    right = _rows(pdf, box.x + 3, top, rows, limit)
    column = right + 6
    pdf.text(column, top - 4, words.plain("revealed"), 8.5, font="Sans-Bold")
    _cards(pdf, column, top - 5.5 - MINI_H, revealed, bold=True)
    return column, top - 5.5 - MINI_H - 4


def _rows(pdf: PdfFile, x: float, top: float, rows, longest: int) -> float:
    for index, row in enumerate(rows):
        y = top - (index + 1) * ROW_STEP + 1.5
        pdf.text(x, y + 3.2, row_letter(index), 9, font="Sans-Bold")
        _cards(pdf, x + 6, y, row)
    return x + 6 + longest * (MINI_W + MINI_GAP)


def _cards(pdf: PdfFile, x: float, y: float, cards, bold: bool = False) -> float:
    for i, card in enumerate(cards):
        left = x + i * (MINI_W + MINI_GAP)
        pdf.rect(Rect(left, y, MINI_W, MINI_H), width=0.6 if bold else 0.3, radius=0.8)
        pdf.text(left + MINI_W / 2, y + 3.3, str(card), 9, font="Sans-Bold", align="centre")
    return x + len(cards) * (MINI_W + MINI_GAP)


def _sheet_exercise(pdf: PdfFile, box: Rect, number: int, item, game: dict, words) -> None:
    title, rows, revealed = item
    column, below = _exercise_frame(pdf, box, number, title, rows, revealed, words, game["row_limit"])
    step = (below - box.y - 2) / len(revealed)
    for i, card in enumerate(sorted(revealed)):
        y = below - i * step - 3.5
        pdf.text(column, y, words.plain("answer", card), 9)
        pdf.line(Segment(column, y - 2.8, box.right - 4, y - 2.8), width=0.2, level=0.6)


def _key_exercise(pdf: PdfFile, box: Rect, number: int, item, game: dict, words) -> None:
    title, rows, revealed = item
    column, below = _exercise_frame(pdf, box, number, title, rows, revealed, words, game["row_limit"])
    steps = resolve(rows, revealed, game["row_limit"])
    pdf.text(column, below - 1, words.plain("after"), 8, font="Sans-Bold")
    for index, row in enumerate(steps[-1].rows_after):
        y = below - 2.5 - (index + 1) * 6.2
        pdf.text(column, y + 1.8, row_letter(index), 6.5, font="Sans-Bold")
        _mini_row(pdf, column + 3.5, y, row)
    widest = max(3.5 + game["row_limit"] * 5.6, game["players"]["max"] * (MINI_W + MINI_GAP))
    left = column + widest + 8
    text_box = Rect(left, box.y + 2, box.right - left - 3, box.top - TITLE - box.y - 2)
    text = "\n\n".join(_step_text(step, before, words) for step, before in _with_rows_before(steps, rows))
    flowables, _ = fit(text, text_box.width, text_box.height, 9.0, f"practice key exercise {number}", words.where())
    draw_blocks(pdf, flowables, text_box.x, text_box.top, text_box.width)


def _mini_row(pdf: PdfFile, x: float, y: float, row) -> float:
    for card in row:
        pdf.rect(Rect(x, y, 5.2, 5.6), width=0.25, radius=0.5)
        pdf.text(x + 2.6, y + 1.7, str(card), 6.5, align="centre")
        x += 5.6
    return x


def _with_rows_before(steps, rows):
    before = tuple(tuple(r) for r in rows)
    for step in steps:
        yield step, before
        before = step.rows_after


def _step_text(step, rows_before, words) -> str:
    letter = row_letter(step.row)
    if step.kind == "append":
        return words.markup("append", step.card, letter, rows_before[step.row][-1])
    if step.kind == "overflow":
        return words.markup("overflow", step.card, letter, list(step.collected))
    return words.markup("no_lower", step.card, letter, list(step.collected))

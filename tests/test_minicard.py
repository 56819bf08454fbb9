"""The mini card (plan.minicard), drawn and read back with PDFium's tight glyph boxes: at every size
the corner index and the rank stand apart, and all of it stays inside the card."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from printkit.plan.geometry import Paper
from printkit.plan.marks import Document, Page
from printkit.plan.minicard import MiniCard, card_width, empty_place, mini_card, stack
from printkit.render.draw import render

PT = 25.4 / 72
PAPER = Paper("A4", 210, 297)


def glyph_boxes(marks, tmp_path) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(character, (left, bottom, right, top) in mm) for every drawn glyph, as PDFium sees the ink."""
    data, _ = render(Document("t", "t", (Page(PAPER, tuple(marks)),)))
    path = tmp_path / "cards.pdf"
    path.write_bytes(data)
    page = pdfium.PdfDocument(str(path))[0]
    text = page.get_textpage()
    boxes = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if char.strip():
            boxes.append((char, tuple(v * PT for v in text.get_charbox(i, loose=False))))
    return boxes


@pytest.mark.parametrize("height", [9.0, 12.0, 17.0, 24.0, 40.0])
@pytest.mark.parametrize("rank", ["A", "7", "10", "Q"])
def test_the_index_never_touches_the_rank_and_all_stays_on_the_card(height, rank, tmp_path):
    cx, cy = 100.0, 150.0
    boxes = glyph_boxes([mini_card(MiniCard(rank, "clubs"), cx, cy, height)], tmp_path)
    width = card_width(height)
    card = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
    for _, (left, bottom, right, top) in boxes:
        assert card[0] < left and right < card[2] and card[1] < bottom and top < card[3]
    text = "".join(char for char, _ in boxes)
    assert text == f"{rank}\u2663{rank}"  # the index (rank and suit), then the rank
    index_bottom = min(box[1] for _, box in boxes[:len(rank) + 1])
    rank_top = max(box[3] for _, box in boxes[len(rank) + 1:])
    assert index_bottom > rank_top + 0.2


@pytest.mark.parametrize("height", [9.0, 24.0])
def test_a_crosswise_card_lies_on_its_side(height, tmp_path):
    cx, cy = 100.0, 150.0
    boxes = glyph_boxes([mini_card(MiniCard("7", "clubs", crosswise=True), cx, cy, height)], tmp_path)
    width = card_width(height)
    for _, (left, bottom, right, top) in boxes:  # turned: the card is `height` wide, `width` tall
        assert cx - height / 2 < left and right < cx + height / 2
        assert cy - width / 2 < bottom and top < cy + width / 2


def test_rank_over_suit_and_a_plain_number(tmp_path):
    boxes = glyph_boxes([mini_card(MiniCard("K", "diamonds", index=False), 50, 50, 10.5, 8.0),
                         mini_card(MiniCard("17"), 100, 50, 9.5, 8.0)], tmp_path)
    (k, kb), (d, db), *number = boxes
    assert (k, d) == ("K", "\u2666") and kb[1] > db[3]  # the rank above its suit
    assert "".join(c for c, _ in number) == "17"
    for _, (left, bottom, right, top) in number:
        assert 96 < left and right < 104 and 45.25 < bottom and top < 54.75


@pytest.mark.parametrize("height", [9.0, 14.0, 20.0, 30.0])
def test_a_stack_shows_every_spent_card_index_clear_of_the_card_above(height, tmp_path):
    cards = [MiniCard("2", "hearts"), MiniCard("10", "hearts"), MiniCard("9", "hearts")]
    groups = stack(cards, 50, 50, height)
    assert [g.y for g in groups] == sorted((g.y for g in groups), reverse=True)
    assert groups[-1].y == 50
    frames = [g.marks[0] for g in groups]
    assert [f.level for f in frames] == [0.55, 0.55, 0.0]
    boxes = glyph_boxes(groups, tmp_path)
    spent = [boxes[:2], boxes[2:5]]  # "2♥", "10♥": a spent card shows only its index
    assert "".join(c for c, _ in boxes[:5]) == "2\u266510\u2665"
    for index, above in zip(spent, groups[1:]):
        above_top = above.y + height / 2  # the top edge of the card laid on it
        assert min(box[1] for _, box in index) > above_top + 0.2


def test_an_empty_place_is_a_dashed_card_outline():
    place = empty_place(30, 40, 20)
    assert place.dash and place.rect.width == pytest.approx(card_width(20)) and place.rect.height == 20

"""Edits cost what they change (issue 41, points 2 and 4): after one card's words are edited, a
rebuild plans and draws that card's page (and the back behind it) again and writes every other
page from what the page cache kept, byte for byte; an edit of what every card shares (a layout,
an image, the font) draws every card again; an edit of the first card that drops what it set
first keeps every later page; the files are those a build without the cache writes; `validate`
after a build plans nothing. Read back with pypdf, page by page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageDraw

from conftest import ROOT, build
from declared import game_project
from printkit.pipeline import drawing, planning
from printkit.cli.main import main
from printkit.render import kept_pages
from printkit.render.text import own_name

CARDS = 40  # 9 a sheet: 5 front pages, each followed by its backs
GAME = """\
    title: Edits
    colours: {ink: "#1b1b1b", paper: "#fbf6ea", sea: "#1f4e8c"}
    fonts:
      book: {regular: fonts/book.ttf}
    font: book
    icons:
      fire: {file: icons/fire.png}
    products:
      deck:
        kind: deck
        size: poker
        cards: cards.csv
        id: name
        layouts:
          card:
            background: paper
            frame: false
            layers:
              band: {kind: rect, x: 0, y: 0, width: 63.5, height: 12, fill: sea, bleed: true}
              title: {kind: text, field: name, x: 5, y: 2, width: 53.5, height: 8, size: 12, colour: paper, line: true}
              text: {kind: text, field: text, x: 6, y: 40, width: 51.5, height: 30, size: 9.5, colour: ink}
        face: {field: type}
        back:
          background: ink
          layers:
            words: {kind: text, text: Edits, x: 8, y: 40, width: 47.5, height: 9, size: 14, colour: paper, line: true}
      rules: {kind: rules}
"""


def _icon(colour) -> bytes:
    import io

    icon = Image.new("RGBA", (60, 60), (0, 0, 0, 0))
    ImageDraw.Draw(icon).polygon([(30, 2), (58, 58), (2, 58)], fill=colour)
    data = io.BytesIO()
    icon.save(data, format="PNG")
    return data.getvalue()


def _rows(edited: str | None = None) -> str:
    rows = ["name,type,text"]
    for n in range(CARDS):
        text = f"Deal {n % 5 + 1} :fire: damage, then draw a card." + (" Then rest \u2013 or run." if n == 20 else "")
        rows.append(f'Card {n + 1:02},card,"{edited if edited and n == 4 else text}"')
    return "\n".join(rows) + "\n"


@pytest.fixture
def deck(tmp_path, monkeypatch):
    """A declared deck's project, built once with a page cache of its own."""
    folder = game_project(tmp_path / "p", GAME, {"cards.csv": _rows(), "icons/fire.png": _icon((200, 60, 20, 255))})
    fonts = folder / "content" / "mine" / "fonts"
    fonts.mkdir()
    shutil.copyfile(ROOT / "printkit" / "fonts" / "DejaVuSans.ttf", fonts / "book.ttf")
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def drawn(monkeypatch):
    """The pages drawn mark by mark, not written from what was kept: each call of KeptPages.drawn
    is one page drawn."""
    pages = []
    keep = kept_pages.KeptPages.drawn
    monkeypatch.setattr(kept_pages.KeptPages, "drawn", lambda self, page, start: pages.append(page) or
                        keep(self, page, start))
    return pages


def _streams(path) -> list[bytes]:
    return [page.get_contents().get_data() for page in pypdf.PdfReader(path).pages]


def _fonts(path) -> set[bytes]:
    """The font programs a PDF embeds."""
    found = set()
    for page in pypdf.PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                found.add(descriptor.get_object()["/FontFile2"].get_object().get_data())
    return found


def _built(out: str = "out") -> list[bytes]:
    assert main(["build", "-q", "--out", out]) == 0
    return _streams(f"{out}/mine/deck.pdf")


def _without_cache(monkeypatch, out: str) -> bytes:
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert main(["build", "-q", "--out", out]) == 0
    return Path(out, "mine", "deck.pdf").read_bytes()


def test_one_cards_edit_draws_its_page_and_its_backs_and_keeps_every_other_page(deck, drawn, monkeypatch):
    before = _built()
    assert len(before) == 2 * 5 and len(drawn) > 0
    drawn.clear()
    (deck / "content" / "mine" / "cards.csv").write_text(_rows("Deal 9 :fire: damage, then draw two cards."),
                                                          encoding="utf-8")
    after = _built()
    # card 5 is on the first sheet: its front page and the backs behind it are drawn again, no other page
    assert len(drawn) == 2
    changed = [n for n, (a, b) in enumerate(zip(before, after)) if a != b]
    assert changed == [0]  # the backs behind it are the same backs, drawn alike
    assert "two cards" in pypdf.PdfReader("out/mine/deck.pdf").pages[0].extract_text()
    edited = Path("out/mine/deck.pdf").read_bytes()
    assert _without_cache(monkeypatch, "off") == edited


@pytest.mark.parametrize("shared", ["layout", "image", "font"])
def test_an_edit_of_what_every_card_shares_draws_every_card_again(deck, drawn, monkeypatch, shared):
    before, fonts = _built(), _fonts("out/mine/deck.pdf")
    drawn.clear()
    game = deck / "content" / "mine"
    if shared == "layout":
        text = (game / "game.yaml").read_text(encoding="utf-8")
        (game / "game.yaml").write_text(text.replace("size: 9.5", "size: 9"), encoding="utf-8")
    elif shared == "image":
        (game / "icons" / "fire.png").write_bytes(_icon((20, 60, 200, 255)))
    else:  # the same name, another face's file
        shutil.copyfile(ROOT / "printkit" / "fonts" / "DejaVuSans-Oblique.ttf", game / "fonts" / "book.ttf")
    after = _built()
    fronts = range(0, len(before), 2)
    if shared == "font":  # the faces' widths are alike, and so are the pages' operators: the font embedded is new
        assert _fonts("out/mine/deck.pdf") != fonts
    else:
        assert all(before[n] != after[n] for n in fronts)
    assert len(drawn) >= len(fronts)  # every front page drawn mark by mark, none written from what was kept
    edited = Path("out/mine/deck.pdf").read_bytes()
    assert _without_cache(monkeypatch, "off") == edited


def test_a_page_kept_is_drawn_again_when_an_earlier_page_gives_its_characters_other_codes(deck, drawn, monkeypatch):
    """Card 21 (page 5, the third sheet) sets an en dash, the one character beyond ASCII the deck
    sets. An edit of card 5 (page 1) sets an e acute, which the content did not hold: the
    characters given their codes first (Product.glyphs) are then others, in code-point order the
    acute first, the dash's code is another, and its page, kept, is drawn again (not written from
    its stream kept)."""
    before = _built()
    drawn.clear()
    (deck / "content" / "mine" / "cards.csv").write_text(_rows("Deal 9 :fire: damage, caf\u00e9 first."), encoding="utf-8")
    after = _built()
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [0, 4]
    assert len(drawn) == 3  # the edited card's page, its backs, and the dash's page
    assert Path("out/mine/deck.pdf").read_bytes() == _without_cache(monkeypatch, "off")


def test_a_rebuild_with_nothing_planned_again_is_the_file_without_the_cache(deck, drawn, monkeypatch):
    _built()
    drawn.clear()
    assert main(["build", "-q", "--out", "again"]) == 0
    assert drawn == []  # every page written from what was kept
    assert Path("again/mine/deck.pdf").read_bytes() == _without_cache(monkeypatch, "off")


@pytest.mark.parametrize("long_table", [False, True])
def test_validate_after_a_build_plans_nothing(deck, monkeypatch, capsys, long_table):
    """Also when the deck is made from more content than a file planned on the other paper by a
    build may be (a long campaign's booklet is left to validate there): its cards are kept alike
    on every paper, and its sheets laid out on Letter too."""
    from printkit.pipeline import other_papers

    if long_table:
        monkeypatch.setattr(other_papers, "OTHER_PAPERS_AT_MOST", 2_000)
    assert main(["build", "-q"]) == 0
    planned = []
    plan = planning.plan_one
    for module in (planning, drawing):  # validate's plans, and a build's
        monkeypatch.setattr(module, "plan_one", lambda item: planned.append(item) or plan(item))
    capsys.readouterr()
    assert main(["validate"]) == 0
    assert "1 game checked" in capsys.readouterr().out and planned == []


def test_an_edited_setup_sheet_is_the_one_page_drawn_again_in_the_file_of_every_sheet(project, cli, drawn, monkeypatch,
                                                                                      tmp_path):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "cross-sums")[0] == 0
    before = _streams(project / "out" / "cross-sums" / "setup-sheets.pdf")
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count("Six places leave room for different plans.") == 1
    scenarios.write_text(text.replace("Six places leave room for different plans.",
                                      "Six places leave room for other plans."), encoding="utf-8")
    drawn.clear()
    assert build(cli, "cross-sums")[0] == 0
    after = _streams(project / "out" / "cross-sums" / "setup-sheets.pdf")
    assert len(before) == len(after) == 50
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [0]
    # its page in setup-sheets.pdf and in setup/scenario-01.pdf; every other page of a file without forms kept
    assert len(drawn) == 2


# The deck in printkit's own fonts, its words in markup, a star among its icons
STARRED = GAME.replace("    fonts:\n      book: {regular: fonts/book.ttf}\n    font: book\n", "").replace(
    "      fire: {file: icons/fire.png}\n", "      fire: {file: icons/fire.png}\n      star: {glyph: \"\u2605\", colour: sea}\n")
FIRST = "<b>Strike:</b> gain :star:, then rest at the caf\u00e9 \u2013 or <i>run</i>."
PLAIN = "Deal 1 damage."


def _starred(first: str) -> str:
    rows = ["name,type,text"]
    for n in range(CARDS):
        text = first if n == 0 else (f"Deal {n % 5 + 1} :fire: damage." +
                                     (" <i>Then</i> rest \u2013 gain :star: at the caf\u00e9." if n % 7 == 3 else "") +
                                     (" <b>Strike</b> again." if n % 9 == 5 else ""))
        rows.append(f'Card {n + 1:02},card,"{text}"')
    return "\n".join(rows) + "\n"


@pytest.fixture
def starred(tmp_path, monkeypatch):
    folder = game_project(tmp_path / "p", STARRED, {"cards.csv": _starred(FIRST),
                                                    "icons/fire.png": _icon((200, 60, 20, 255))})
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(folder)
    return folder


def _font_names(path) -> dict[str, str]:
    """Each font resource's name in the file -> the font it embeds (its BaseFont, less the subset tag)."""
    return {name: str(font.get_object()["/BaseFont"]).split("+", 1)[-1]
            for page in pypdf.PdfReader(path).pages for name, font in page["/Resources"]["/Font"].items()}


def test_the_first_cards_edit_that_drops_what_it_set_first_keeps_every_other_page(starred, drawn, monkeypatch):
    """A page's drawing does not depend on what the pages before it set first: each file gives the
    characters beyond ASCII its content holds their codes first, in code-point order
    (Product.glyphs), and each font is named after itself (render/text.py: own_name), not F1,
    F2, ... in the order the file first sets them. Card 1 drops its bold words, its star, its
    accent and its italics (other cards still set them): its page is drawn again, no other (every
    later one was, before)."""
    before = _built()
    assert len(before) == 2 * 5
    drawn.clear()
    (starred / "content" / "mine" / "cards.csv").write_text(_starred(PLAIN), encoding="utf-8")
    after = _built()
    assert len(drawn) == 2  # card 1's front page and the backs behind it
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [0]
    assert "Deal 1 damage." in pypdf.PdfReader("out/mine/deck.pdf").pages[0].extract_text()
    assert Path("out/mine/deck.pdf").read_bytes() == _without_cache(monkeypatch, "off")


def test_each_font_is_named_after_itself_and_only_the_fonts_set_are_embedded(starred):
    _built()
    assert _font_names("out/mine/deck.pdf") == {"/PSans+0": "DejaVuSans", "/PSans-Bold+0": "DejaVuSans-Bold",
                                                "/PSans-Oblique+0": "DejaVuSans-Oblique"}
    (starred / "content" / "mine" / "cards.csv").write_text(_starred(PLAIN).replace("<i>", "").replace("</i>", ""),
                                                            encoding="utf-8")
    _built()  # no card is in italics now: the oblique face is not embedded, though its codes were given
    assert _font_names("out/mine/deck.pdf") == {"/PSans+0": "DejaVuSans", "/PSans-Bold+0": "DejaVuSans-Bold"}


@pytest.mark.parametrize("font", ["Sans", "Sans-Bold", "book-bold", "a.b_c"])
def test_a_plain_fonts_name_is_its_own(font):
    assert own_name(font) == "P" + font


def test_a_name_of_other_characters_keeps_its_letters_and_a_digest_tells_it_apart():
    names = {own_name(font) for font in ("my font", "my-font ", "myfont#", "my font" + "x" * 60, "caf\u00e9")}
    assert len(names) == 5
    assert all(re.fullmatch(r"P[A-Za-z0-9]*-[0-9a-f]{10}", name) for name in names)
    assert own_name("my font").startswith("Pmyfont-")

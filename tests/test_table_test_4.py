"""Issue 43, table test 4: the last things a player notices in the four kits, read back from the
PDFs on A4 and Letter.

- Cross Sums: all 50 setup sheets in one file (one print job) beside the single sheets, in the
  print guide's routes; the seed's playtest note on the at-a-glance page too;
- Ascending row overflow: the player aid says collected cards never come back;
- One Too Many: a numbered rule step carries its number only, no bullet; the header gives the
  player count alone (the kit's choice of it is said in the print guide, as the kit's reading);
  the track is the Diamonds track in its heading, its footer and its file name (an old
  diamond-track.pdf is removed by the next whole build); the seed's "center";
- Numbered Cards Game: the kit's "play on" after a final Discard is said in the print guide, as
  the kit's reading, not in the rules' text; the header reads "Players: 1".

Expected words are the seeds' (quoted here, or read from tests/fixtures/seeds/), never printkit's."""

from __future__ import annotations

import re
import shutil
import sys

import pypdf
import pypdfium2 as pdfium
import pytest

from conftest import ROOT, build_into
from readback import MM, PAPERS, TOL, pages, text_of
from test_print_guide import rows

SEED_004 = ROOT / "tests" / "fixtures" / "seeds" / "cross-sums-004.txt"
SEED_000_COLLECTED = "Collected cards leave play and never return to a hand."  # seed 000, "Collect only on..."


def words(path, page: int | None = None) -> str:
    """A PDF's words in the order drawn, single-spaced (PDFium)."""
    pdf = pdfium.PdfDocument(str(path))
    chosen = [pdf[page]] if page is not None else list(pdf)
    return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in chosen)


def without_footer(text: str) -> str:
    """A sheet page's words less its footer line (the kit, the product, the page, how to print),
    which is all that differs between a sheet in its own file and in the combined one."""
    footer = re.compile(r"Cross Sums · [^·]+ · page \d+ of \d+ · print at Actual size \(100%\) and check the bars "
                        r"with a ruler")
    assert len(footer.findall(text)) == 1, text[:200]
    rest = footer.sub("", text)
    assert len(rest) > 500, rest  # a whole sheet's words: the steps, the deal, the deck map
    return rest


def size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) * MM, float(box.height) * MM


# --- Cross Sums: one file of every setup sheet -------------------------------------------------------

def test_all_setup_sheets_come_in_one_file_too_page_for_page(built):
    paper, folder = built
    combined = folder / "cross-sums" / "setup-sheets.pdf"
    sheets = pypdf.PdfReader(combined).pages
    assert len(sheets) == 50
    for number, page in enumerate(sheets, start=1):
        width, height = size_mm(page)
        assert abs(width - PAPERS[paper][0]) <= TOL and abs(height - PAPERS[paper][1]) <= TOL, (number, paper)
        single = folder / "cross-sums" / "setup" / f"scenario-{number:02}.pdf"
        assert without_footer(words(combined, number - 1)) == without_footer(words(single)), number
        assert f"Cross Sums · Setup sheets · page {number} of 50" in words(combined, number - 1)


def test_the_guide_offers_the_one_file_as_a_route_beside_the_single_sheets(built):
    folder = built[1]
    listed = rows(folder, "cross-sums")
    assert listed["setup-sheets.pdf"].startswith("50 one side plain paper")
    guide = words(folder / "cross-sums" / "print-guide.pdf")
    assert "setup-sheets.pdf: the same 50 pages in one file, to print in one go" in guide


def seed_playtest_note() -> str:
    """The seed's paragraph under "Scenarios at a glance" that says it is being playtested."""
    (note,) = [line for line in SEED_004.read_text(encoding="utf-8").splitlines()
               if line.startswith("The campaign is undergoing playtesting.")]
    return note


def test_the_seed_playtest_note_is_on_the_at_a_glance_page(built):
    paper, folder = built
    path = folder / "cross-sums" / "at-a-glance.pdf"
    (page,) = pages(path)
    note = seed_playtest_note()
    assert "random deals and arbitrary moves do not guarantee a win" in note  # the seed's words, read from it
    assert note in words(path), paper
    table = [r.box for r in page.rects if r.box.width > 150]  # the table's frame and its shaded rows
    (first,) = [line for line in text_lines(page) if text_of(line).startswith("The campaign is undergoing")]
    assert max(c.box.y1 for c in first) < min(box.y0 for box in table) - TOL, "the note stands below the table"


def text_lines(page) -> list[list]:
    """A page's characters in lines of one baseline, top first, each left to right."""
    found = {}
    for ch in page.chars:
        found.setdefault(round(ch.origin[1], 1), []).append(ch)
    return [sorted(found[y], key=lambda c: c.origin[0]) for y in sorted(found, reverse=True)]


# --- Ascending row overflow: collected cards never come back -------------------------------------------

def test_the_player_aid_says_collected_cards_never_return(built):
    path = built[1] / "ascending-row-overflow" / "player-aid.pdf"
    for number in range(len(pdfium.PdfDocument(str(path)))):
        assert words(path, number).count(SEED_000_COLLECTED) == 2, number  # both aids of the page


# --- One Too Many ------------------------------------------------------------------------------------

OTM = "one-too-many"


def test_a_numbered_step_carries_its_number_only(built):
    paper, folder = built
    path = folder / OTM / "rules.pdf"
    text = words(path)
    assert not re.search(r"•\s*\d+\.", text), re.search(r".{20}•\s*\d+\..{20}", text)
    (page,) = pages(path)
    steps = [line for line in text_lines(page) if re.fullmatch(r"[1-7]\.", text_of(line[:2]))]
    assert [text_of(line[:2]) for line in steps] == [f"{n}." for n in range(1, 8)], paper
    left = min(c.box.x0 for c in page.chars)  # the body's left edge, where every paragraph starts
    for line in steps:  # there, where a bullet stood
        assert abs(line[0].box.x0 - left) < 0.5 and line[0].font.endswith("Bold"), (paper, text_of(line))


def test_the_rules_header_gives_the_player_count_alone(built):
    folder = built[1]
    rules = words(folder / OTM / "rules.pdf")
    assert "Players: 2–6 · Bring: a 52-card deck without Jokers, a pencil" in rules
    assert "kit's choice" not in rules
    guide = words(folder / OTM / "print-guide.pdf")
    assert "The kit's reading. The rules give no player count: this kit is made for 2 to 6 players" in guide


def test_the_track_is_the_diamonds_track_in_its_heading_footer_and_file_name(built):
    folder = built[1]
    assert not (folder / OTM / "diamond-track.pdf").exists()
    text = words(folder / OTM / "diamonds-track.pdf")
    assert text.startswith("One Too Many · Diamonds track")
    assert "One Too Many · Diamonds track · page 1 of 1" in text
    assert "diamonds-track.pdf" in rows(folder, OTM)  # the print guide lists it by its new name
    for path in (folder / OTM).glob("*.pdf"):
        assert "Diamond track" not in words(path), path.name


def test_the_kit_says_center_as_the_seed_does(built):
    folder = built[1]
    assert "pass before the Diamonds in the center bust the round" in words(folder / OTM / "rules.pdf")
    for path in (folder / OTM).glob("*.pdf"):
        assert "centre" not in words(path), path.name


def test_a_whole_build_removes_the_track_file_of_its_old_name(project, monkeypatch, capsys):
    """A build by a printkit that named the track diamond-track.pdf, then one by this printkit:
    the file of the old name goes (it is as printkit wrote it), with a line saying so."""
    import dataclasses

    import printkit.games as games

    known = games._known(tuple(sys.path))
    game = known[OTM]
    old = tuple(dataclasses.replace(p, name="diamond-track") if p.name == "diamonds-track" else p
                for p in game.products)
    assert old != game.products
    out = project / "out"
    with monkeypatch.context() as patched:
        patched.setitem(known, OTM, dataclasses.replace(game, products=old))
        assert build_into(out, OTM, content=project / "content") == 0
    assert (out / OTM / "diamond-track.pdf").is_file()
    capsys.readouterr()
    # --force: the first build's printkit is this one's code, so its digest would answer "nothing to
    # do"; a printkit that renamed the file is new code, and builds
    assert build_into(out, OTM, "--force", content=project / "content") == 0
    assert not (out / OTM / "diamond-track.pdf").exists()
    assert (out / OTM / "diamonds-track.pdf").is_file()
    assert "diamond-track.pdf  removed: printkit no longer makes it" in capsys.readouterr().out


# --- Numbered Cards Game -----------------------------------------------------------------------------

NCG = "numbered-cards"


def test_the_kits_play_on_is_said_in_the_print_guide_as_its_reading(built):
    folder = built[1]
    rules = words(folder / NCG / "rules.pdf")
    end = rules[rules.index("The end of the game"):rules.index("How to win")]
    assert not re.search(r"\bplays? on\b", rules)  # the seed's words only, in the rules ("play one card" is)
    assert "and check the row once more. Then count your Scored cards" in end
    guide = words(folder / NCG / "print-guide.pdf")
    assert ("The kit's reading. The rules do not say what happens if the final card's Discard puts cards back into "
            "the deck: this kit plays on") in guide


def test_the_header_reads_players_1(built):
    rules = words(built[1] / NCG / "rules.pdf")
    assert "Players: 1 · Bring: the eighteen ability cards (numbered 1–18) and the score pad" in rules
    assert "Players one" not in rules


# --- the print guide's `reading`, as the README's cookbook shows it to a designer ---------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_designers_print_guide_words_print_the_kits_reading_marked(tmp_path, capsys, monkeypatch, paper):
    from declared import starter_project
    from test_declared import STARTER_SLUG, build
    from test_declared_readme import block

    project = starter_project(tmp_path / "project")
    (project / "templates" / STARTER_SLUG / "print-guide.j2").write_text(block("example", "print guide"), "utf-8")
    code, _, err = build(project, capsys, monkeypatch, STARTER_SLUG, "--paper", paper)
    assert code == 0, err
    guide = words(project / "out" / STARTER_SLUG / "print-guide.pdf")
    order = [guide.index(said) for said in (
        "Two decks or one? Up to five players need one deck.",
        "The kit's reading. The rules give no player count: this kit is made for 2 to 6 players.",
        "You need a pencil for the score.")]
    assert order == sorted(order), guide
    assert "one, and a second for six players" in rows(project / "out", STARTER_SLUG)["deck.pdf"]

"""Errata packs: `printkit printed` records the cards as printed (printed.json, in the project),
`printkit errata` prints the cards changed since, after a page saying what changed.

Each case works in a project made by `printkit new --example`, edits it as a designer would and
reads the pack back with pdfplumber: the words on each card, and where each card lies, against a
3 x 3 grid of poker cards centred on the page (PRINT.md), computed here, and against the deck's
own PDF as `printkit build` makes it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

import readback
from readback import CARD_H, CARD_W, PAPERS, Box, chars_in, cut_lines, expected_slots, frames, text_of

NUMBERED = "numbered-cards"
ASCENDING = "ascending-row-overflow"
TOKENS = "one-too-many"
NO_RECORD = "printed.json: no record of what was printed: run `printkit printed` first, when the cards are printed"
EDITS = {"Swap two cards.": "Swap any two cards in the row.",
         "Place anywhere in the row.": "Place it anywhere in the row, even at an end."}  # cards 2 and 7


def make(cli, tmp_path, monkeypatch, *games: str) -> Path:
    folder = tmp_path / "kit"
    code, _, err = cli("new", str(folder), *[arg for game in games for arg in ("--example", game)], "-q")
    assert (code, err) == (0, "")
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def numbered(cli, tmp_path, monkeypatch) -> Path:
    return make(cli, tmp_path, monkeypatch, NUMBERED)


def pages_of(path: Path):
    """Read afresh: a test writes the same file more than once."""
    readback._PAGES.pop(path.resolve(), None)
    return readback.pages(path)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def edit_two_cards_and_the_rules(kit: Path) -> None:
    for old, new in EDITS.items():
        edit(kit / "content" / NUMBERED / "game.yaml", f"ability: {old}", f"ability: {new}")
    rules = kit / "templates" / NUMBERED / "rules.j2"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nA sentence of the rules that no card shows.\n",
                     encoding="utf-8")


def slot_text(page, slot: Box) -> str:
    return text_of(chars_in(page, slot))


def card_trims(page) -> list[Box]:
    """Each card side's trim on a page, top row first, left to right."""
    return sorted(frames(page), key=lambda box: (-round(box.y1, 1), round(box.x0, 1)))


def rings(page) -> list[tuple[float, float]]:
    """The centres of the rings round a numbered card back's worth (20 mm across, in the card's
    middle, as the README describes the back), lowest first, left to right."""
    found = [s.box.centre for s in page.curves if abs(s.box.width - 20) <= 0.1 and abs(s.box.height - 20) <= 0.1]
    return sorted(found, key=lambda centre: (round(centre[1], 1), round(centre[0], 1)))


def same_places(found: list[Box], expected: list[Box]) -> bool:
    """The same card trims, each to 0.05 mm."""
    return len(found) == len(expected) and all(a.same(b) for a, b in zip(found, expected))


def column(page, heading: str, next_heading: str) -> str:
    """The words of a table's column, from its heading's left edge to the next heading's (above the
    footer, in the page's bottom 25 mm)."""
    left, right = (_start_of(page, words) for words in (heading, next_heading))
    table_top = max(ch.box.y1 for ch in page.chars if ch.box.x0 == left)
    return text_of([ch for ch in page.chars if left - 0.05 <= ch.box.x0 < right - 0.05 and 25 < ch.box.y0
                    and ch.box.y1 <= table_top])


def _start_of(page, words: str) -> float:
    """The left edge of the first run of characters that spells `words`."""
    text = "".join(ch.text for ch in page.chars)
    return page.chars[text.index(words)].box.x0


def listed(page) -> dict[str, str]:
    """The list page's rows: card name -> what changed, read in the table's columns."""
    rows = {}
    text = text_of(page.chars)
    for name, what in re.findall(r"Ability cards (card \d+) (.*?)(?= Ability cards card \d+ |(?= Numbered Cards Game ·)|$)",
                                 text):
        rows[name] = what
    return rows


# --- the pack ---------------------------------------------------------------------------------------

def test_the_pack_holds_exactly_the_two_edited_cards_on_the_decks_sheet(numbered, cli):
    assert cli("printed")[0] == 0
    edit_two_cards_and_the_rules(numbered)
    code, out, err = cli("errata")
    assert (code, err) == (0, "")
    pack = numbered / "output" / NUMBERED / "errata.pdf"
    assert out == f"output/{NUMBERED}/errata.pdf  4 pages: 2 changes since {_today()}, 2 cards to print\n"
    pages = pages_of(pack)
    assert len(pages) == 4  # the list, its blank back (the cards begin on a sheet's front), a front, its back
    assert listed(pages[0]) == {
        "card 2": "Swap two cards. → Swap any two cards in the row.",
        "card 7": "Place anywhere in the row. → Place it anywhere in the row, even at an end."}
    assert text_of(pages[1].chars).startswith("This side is left blank")
    slots = expected_slots("a4")
    front, back = pages[2], pages[3]
    assert same_places(card_trims(front), [slots[0, 0], slots[0, 1]])
    assert slot_text(front, slots[0, 0]).endswith("⬇ Discard Swap any two cards in the row.")
    assert "Place it anywhere in the row, even at an end." in slot_text(front, slots[0, 1])
    assert "Flipped face down" not in text_of(front.chars)
    # long-edge flip: the card in column 1 has its back in column 3 of the back page, 2 in 2
    assert [c for centre in rings(back) for c in centre] == pytest.approx(
        [*slots[0, 1].centre, *slots[0, 2].centre], abs=0.05)
    for slot in (slots[0, 1], slots[0, 2]):
        assert "Flipped face down in the row (card 12), a card is worth 1 point." in slot_text(back, slot)
    assert not chars_in(back, slots[0, 0]) and not chars_in(front, slots[0, 2])


def test_the_pack_is_the_decks_layout_with_the_projects_print_options(numbered, cli):
    """Letter, 3 mm bleed, short-edge flip and a back offset: the cards of the pack lie where the
    deck's first two cards lie in the deck's own PDF, the backs where the deck's backs lie."""
    (numbered / "printkit.yaml").write_text("paper: letter\nbleed: 3\nduplex: short\nback_offset: [1, -0.5]\n",
                                            encoding="utf-8")
    assert cli("printed")[0] == 0
    edit(numbered / "content" / NUMBERED / "game.yaml", "ability: Rearrange all cards in the row.",
         "ability: Rearrange the row as you like.")
    edit(numbered / "content" / NUMBERED / "game.yaml", "ability: Swap two cards.", "ability: Swap any two cards.")
    assert cli("errata")[0] == 0 and cli("build", "--only", "ability-cards")[0] == 0
    pack = pages_of(numbered / "output" / NUMBERED / "errata.pdf")
    deck = pages_of(numbered / "output" / NUMBERED / "ability-cards.pdf")
    width, height = PAPERS["letter"]
    assert all(abs(page.width - width) <= 0.05 and abs(page.height - height) <= 0.05 for page in pack)
    front, back = pack[2], pack[3]
    assert same_places(card_trims(front), card_trims(deck[0])[:2])
    for box in card_trims(front):  # poker trims, and 3 mm of bleed means they do not share a cut
        assert (box.width, box.height) == pytest.approx((CARD_W, CARD_H), abs=0.05)
    assert card_trims(front)[1].x0 - card_trims(front)[0].x1 == pytest.approx(6.0, abs=0.05)
    # short-edge flip mirrors the rows: the backs of the top row's two cards are on the back page's
    # bottom row, where the deck prints the backs of its first two cards (the back offset included)
    flat = [c for centre in rings(back) for c in centre]
    assert flat == pytest.approx([c for centre in rings(deck[1])[:2] for c in centre], abs=0.05)
    assert all(y < height / 2 for _, y in rings(back)) and len(rings(deck[1])) == 4
    # (a poker card with 3 mm of bleed is 69.5 x 94.9 mm: 3 across would need 208.5 mm of the
    # 205.9 that Letter's 5 mm unprintable edges leave, 3 down 284.7 mm: a Letter sheet holds 2 x 2)
    # and where PRINT.md puts them: the 2 x 2 grid of 69.5 x 94.9 mm centred on the sheet, the back
    # of the card in the top row's column c in the bottom row's column c, moved 1 mm right, 0.5 down
    left, bottom = (width - 2 * (CARD_W + 6)) / 2 + 3, (height - 2 * (CARD_H + 6)) / 2 + 3
    expected = [(left + col * (CARD_W + 6) + CARD_W / 2 + 1, bottom + CARD_H / 2 - 0.5) for col in (0, 1)]
    assert flat == pytest.approx([c for centre in expected for c in centre], abs=0.05)
    deck_back = {(ch.text, round(ch.box.x0, 2), round(ch.box.y0, 2)) for ch in deck[1].chars}
    assert {(ch.text, round(ch.box.x0, 2), round(ch.box.y0, 2)) for ch in back.chars} <= deck_back
    assert "Rearrange the row as you like." in slot_text(front, card_trims(front)[0])
    assert "Swap any two cards." in slot_text(front, card_trims(front)[1])


def test_a_word_every_card_shows_changes_every_card(cli, tmp_path, monkeypatch):
    kit = make(cli, tmp_path, monkeypatch, ASCENDING)
    assert cli("printed")[0] == 0
    edit(kit / "templates" / ASCENDING / "deck.j2", "penalty point{{", "point to pay{{")
    code, out, err = cli("errata")
    assert (code, err) == (0, "")
    pack = pages_of(kit / "output" / ASCENDING / "errata.pdf")
    assert text_of(pack[0].chars).count("1 penalty point → 1 point to pay") == 1  # one change, one row
    assert column(pack[0], "Card", "What changed") == "Card " + ", ".join(str(n) for n in range(1, 25))
    card_pages = [page for n, page in enumerate(pack) if cut_lines(page) or n and cut_lines(pack[n - 1])]
    assert len(card_pages) == 6  # 24 cards: three sheets, each a front and its back
    fronts = card_pages[0::2]
    assert sum(len(card_trims(page)) for page in fronts) == 24
    numbers = [slot_text(page, slot) for page in fronts for slot in card_trims(page)]
    assert all("1 point to pay" in words for words in numbers)


def test_a_card_gone_from_the_game_is_listed_to_discard(cli, tmp_path, monkeypatch):
    kit = make(cli, tmp_path, monkeypatch, TOKENS)
    assert cli("printed")[0] == 0
    record = json.loads((kit / "printed.json").read_text(encoding="utf-8"))
    tokens = record["games"][TOKENS]["cards"]["redo-tokens"]["Redo"]
    assert len(tokens) == 20  # 12 asked for, the A4 sheet of 4 x 5 filled
    tokens.append(tokens[-1])  # as if a sheet of 21 had been printed
    (kit / "printed.json").write_text(json.dumps(record), encoding="utf-8")
    code, out, err = cli("errata")
    assert (code, err) == (0, "")
    pack = pages_of(kit / "output" / TOKENS / "errata.pdf")
    assert len(pack) == 1  # nothing to print again: the list alone, one-sided
    text = text_of(pack[0].chars)
    assert "Redo tokens Redo (copy 21) no longer in the game: discard it" in text
    assert "Take the card marked “no longer in the game” out of the game." in text


def test_new_copies_of_a_token_are_one_line_and_print_on_the_tokens_sheet(cli, tmp_path, monkeypatch):
    kit = make(cli, tmp_path, monkeypatch, TOKENS)
    assert cli("printed")[0] == 0
    edit(kit / "content" / TOKENS / "game.yaml", "redo_tokens: 12", "redo_tokens: 21")
    assert cli("errata")[0] == 0
    pack = pages_of(kit / "output" / TOKENS / "errata.pdf")
    assert "Redo tokens Redo (copies 21–40) new card: add it to the game" in text_of(pack[0].chars)
    assert len(pack) == 4
    squares = [s.box for s in pack[2].rects if abs(s.box.width - 40) <= 0.05 and abs(s.box.height - 40) <= 0.05]
    assert len({(round(b.x0, 1), round(b.y0, 1)) for b in squares}) == 20


def test_nothing_changed_no_file_and_an_earlier_pack_removed(numbered, cli):
    assert cli("printed")[0] == 0
    rules = numbered / "templates" / NUMBERED / "rules.j2"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nA sentence no card shows.\n", encoding="utf-8")
    pack = numbered / "output" / NUMBERED / "errata.pdf"
    assert cli("errata") == (0, f"{NUMBERED}: no card changed since {_today()}; no errata to print\n", "")
    assert not pack.exists()
    edit(numbered / "content" / NUMBERED / "game.yaml", "ability: Swap two cards.", "ability: Swap any two.")
    assert cli("errata")[0] == 0 and pack.is_file()
    edit(numbered / "content" / NUMBERED / "game.yaml", "ability: Swap any two.", "ability: Swap two cards.")
    assert cli("errata") == (0, f"{NUMBERED}: no card changed since {_today()}; no errata to print\n", "")
    assert not pack.exists()


def test_the_paper_and_print_options_change_no_fingerprint(numbered, cli):
    assert cli("printed")[0] == 0
    a4 = json.loads((numbered / "printed.json").read_text(encoding="utf-8"))
    assert cli("printed", "--paper", "letter")[0] == 0
    letter = json.loads((numbered / "printed.json").read_text(encoding="utf-8"))
    assert (a4["games"][NUMBERED]["paper"], letter["games"][NUMBERED]["paper"]) == ("a4", "letter")
    assert a4["games"][NUMBERED]["cards"] == letter["games"][NUMBERED]["cards"]
    (numbered / "printkit.yaml").write_text("bleed: 3\nduplex: short\n", encoding="utf-8")
    assert cli("errata")[1].endswith("no errata to print\n")


# --- the record -------------------------------------------------------------------------------------

def test_the_record_is_the_projects_readable_and_survives_the_output_folder(numbered, cli):
    code, out, err = cli("printed")
    assert (code, err) == (0, "")
    assert out == f"printed.json: recorded 18 cards as printed on {_today()}, A4 ({NUMBERED} 18)\n"
    text = (numbered / "printed.json").read_text(encoding="utf-8")
    record = json.loads(text)
    assert text == json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    game = record["games"][NUMBERED]
    assert (game["date"], game["paper"]) == (_today(), "a4")
    cards = game["cards"]["ability-cards"]
    assert sorted(cards, key=lambda name: int(name.split()[1])) == [f"card {n}" for n in range(1, 19)]
    assert "Swap two cards." in cards["card 2"][0]["words"]
    assert len({entry[0]["fingerprint"] for entry in cards.values()}) == 18
    assert cli("build", "-q")[0] == 0
    shutil.rmtree(numbered / "output")
    assert (numbered / "printed.json").read_text(encoding="utf-8") == text
    edit_two_cards_and_the_rules(numbered)
    assert cli("errata")[0] == 0


def test_a_build_keeps_the_pack(numbered, cli):
    assert cli("printed")[0] == 0 and cli("build", "-q")[0] == 0
    edit_two_cards_and_the_rules(numbered)
    assert cli("errata")[0] == 0
    pack = numbered / "output" / NUMBERED / "errata.pdf"
    before = pack.read_bytes()
    code, out, err = cli("build")
    assert (code, err) == (0, "") and "removed" not in out
    assert cli("build", "--force", "-q")[0] == 0
    assert pack.read_bytes() == before
    manifest = json.loads((numbered / "output" / ".printkit-manifest.json").read_text(encoding="utf-8"))
    assert f"{NUMBERED}/errata.pdf" not in manifest["outputs"]


def test_recording_one_game_keeps_the_others(cli, tmp_path, monkeypatch):
    kit = make(cli, tmp_path, monkeypatch, NUMBERED, TOKENS)
    assert cli("printed", NUMBERED)[0] == 0
    code, out, err = cli("errata", TOKENS)
    assert (code, out, err) == (1, "", f"printed.json: nothing recorded for {TOKENS}: run `printkit printed "
                                       f"{TOKENS}` first, when its cards are printed\n")
    first = json.loads((kit / "printed.json").read_text(encoding="utf-8"))["games"][NUMBERED]
    assert cli("printed", TOKENS)[0] == 0
    both = json.loads((kit / "printed.json").read_text(encoding="utf-8"))["games"]
    assert both[NUMBERED] == first and len(both[TOKENS]["cards"]["redo-tokens"]["Redo"]) == 20


def test_no_record(numbered, cli):
    assert cli("errata") == (1, "", NO_RECORD + "\n")
    assert not (numbered / "output").exists()


def test_a_record_broken_by_hand_is_reported_at_its_line(numbered, cli):
    assert cli("printed")[0] == 0
    path = numbered / "printed.json"
    good = path.read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(good.splitlines(), 1) if '"card 2"' in text) + 2
    path.write_text(re.sub(r'("card 2": \[\s*\{\s*"fingerprint": )"[0-9a-f]+"', r"\g<1>5", good), encoding="utf-8")
    assert cli("errata") == (1, "", f"printed.json:{line}: games.numbered-cards.cards.ability-cards.card 2[1]"
                                    f".fingerprint: not a fingerprint printkit wrote (64 hex digits)\n")
    lines = good.splitlines()
    date = next(n for n, text in enumerate(lines, 1) if '"date"' in text)
    lines[date - 2] = lines[date - 2].rstrip(",")  # the comma before "date" gone
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli("errata") == (1, "", f"printed.json:{date}: not JSON as printkit writes it: Expecting ',' delimiter\n")
    path.write_text(good.replace('"paper": "a4"', '"paper": "a5"'), encoding="utf-8")
    paper = next(n for n, text in enumerate(good.splitlines(), 1) if '"paper"' in text)
    code, out, err = cli("printed")  # a broken record is not written over either
    assert (code, err) == (1, f"printed.json:{paper}: games.numbered-cards.paper: 'a5' is not allowed "
                              f"(expected one of: a4, letter)\n")
    assert '"a5"' in path.read_text(encoding="utf-8")


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


def test_the_pack_prints_at_actual_size_two_sided(numbered, cli):
    assert cli("printed")[0] == 0
    edit_two_cards_and_the_rules(numbered)
    assert cli("errata")[0] == 0
    reader = PdfReader(numbered / "output" / NUMBERED / "errata.pdf")
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None" and preferences["/Duplex"] == "/DuplexFlipLongEdge"


def test_a_declared_deck_its_images_by_their_bytes_not_where_the_project_is(cli, tmp_path):
    """A game with no Python: its cards known by the names it gives them; an image counts by its
    bytes, so a project moved to another folder has changed no card, a new picture has."""
    from declared import SLUG
    from test_declared_images import image_game, picture

    first = image_game(tmp_path / "here", "field: picture", {"a.png": picture((600, 300)), "b.png": picture((600, 300))},
                       "\n".join(f"      - {{number: {n}, picture: {name}}}" for n, name in ((1, "a.png"), (2, "b.png"))))
    assert cli("printed", "--project", str(first))[0] == 0
    moved = shutil.move(first, tmp_path / "there")
    assert cli("errata", "--project", str(moved))[1] == f"{SLUG}: no card changed since {_today()}; no errata to print\n"
    (Path(moved) / "content" / SLUG / "b.png").write_bytes(picture((600, 300), colour=(20, 20, 200)))
    code, out, err = cli("errata", "--project", str(moved))
    assert (code, err) == (0, "")
    pack = pages_of(Path(moved) / "output" / SLUG / "errata.pdf")
    assert "Deck deck 2 the drawing changed; the words are the same" in text_of(pack[0].chars)
    assert len(pack) == 4


def test_a_card_taken_out_of_a_declared_deck_is_listed_to_discard(cli, tmp_path):
    from declared import SLUG, deck_yaml, game_project

    kit = game_project(tmp_path / "p", deck_yaml())  # cards 1, 2, 3
    assert cli("printed", "--project", str(kit))[0] == 0
    cards = "\n".join(f"      - {{number: {n}, name: Card {n}}}" for n in (1, 2))
    (kit / "content" / SLUG / "game.yaml").write_text(deck_yaml(cards=cards), encoding="utf-8")
    code, out, err = cli("errata", "--project", str(kit))
    assert (code, err) == (0, "")
    assert out.endswith("1 page: 1 change since " + _today() + ", 0 cards to print\n")
    pack = pages_of(kit / "output" / SLUG / "errata.pdf")
    assert len(pack) == 1  # nothing to print but the list, and no blank back for it
    text = text_of(pack[0].chars)
    assert "Deck deck 3 no longer in the game: discard it" in text
    assert "Take the card marked “no longer in the game” out of the game." in text and "Print this file" not in text


def test_a_card_known_by_its_id_taken_from_the_middle_is_the_only_change(cli, tmp_path):
    """Cards with an `id` are known by it: taking out the second of five leaves the other four as
    they were (known by position, all three after it would have changed) and names the one gone."""
    from declared import SLUG, deck_yaml, game_project

    def cards(ids):
        return "\n".join(f"      - {{id: {name}, number: {n}, name: Card {name}}}" for n, name in ids)

    every = [(1, "owl"), (2, "fox"), (3, "elk"), (4, "yak"), (5, "emu")]
    kit = game_project(tmp_path / "p", deck_yaml(cards=cards(every)))
    assert cli("printed", "--project", str(kit))[0] == 0
    (kit / "content" / SLUG / "game.yaml").write_text(deck_yaml(cards=cards(every[:1] + every[2:])), encoding="utf-8")
    code, out, err = cli("errata", "--project", str(kit))
    assert (code, err) == (0, "")
    assert out.endswith("1 page: 1 change since " + _today() + ", 0 cards to print\n")
    text = text_of(pages_of(kit / "output" / SLUG / "errata.pdf")[0].chars)
    assert "Deck fox no longer in the game: discard it" in text


def test_the_preview_after_an_errata(numbered, cli):
    assert cli("printed")[0] == 0
    edit_two_cards_and_the_rules(numbered)
    assert cli("errata")[0] == 0
    pack = numbered / "output" / NUMBERED / "errata.pdf"
    before = pack.read_bytes()
    code, out, err = cli("preview", "--dpi", "10", "-q")
    assert (code, err) == (0, "")
    assert pack.read_bytes() == before  # shown or not, the pack is left as it was
    assert "errata.pdf" not in (numbered / "output" / "index.html").read_text(encoding="utf-8")


def test_errata_of_a_game_with_no_cards(cli, tmp_path, monkeypatch):
    make(cli, tmp_path, monkeypatch, "cross-sums", NUMBERED)
    assert cli("printed") == (0, f"printed.json: recorded 18 cards as printed on {_today()}, A4 ({NUMBERED} 18); "
                                 f"cross-sums has none\n", "")
    assert cli("errata", "cross-sums") == (1, "", "cross-sums: has no cards or tokens to print\n")


def test_the_pack_is_scaled_as_the_deck_is(numbered, cli):
    """A printer that prints at 99 % across and 99.5 % up: the pack's cards drawn as much larger
    as the deck's, each where the deck's card of the same slot is."""
    (numbered / "printkit.yaml").write_text("scale_correction: [99, 99.5]\n", encoding="utf-8")
    assert cli("printed")[0] == 0
    edit_two_cards_and_the_rules(numbered)
    assert cli("errata")[0] == 0 and cli("build", "--only", "ability-cards")[0] == 0
    pack = pages_of(numbered / "output" / NUMBERED / "errata.pdf")
    deck = pages_of(numbered / "output" / NUMBERED / "ability-cards.pdf")
    def cuts(page):  # the grey cut line on each card's trim, top row first
        return sorted(cut_lines(page), key=lambda box: (-round(box.y1, 1), round(box.x0, 1)))

    assert same_places(cuts(pack[2]), cuts(deck[0])[:2])
    assert cuts(pack[2])[0].width == pytest.approx(CARD_W * 100 / 99, abs=0.05)
    assert cuts(pack[2])[0].height == pytest.approx(CARD_H * 100 / 99.5, abs=0.05)

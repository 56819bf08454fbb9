"""The Numbered Cards Game in German, whole (issue 44): game.yaml writes every word the kit prints in
English and beside it in German (`title.de`, a card's `ability.de`, `languages: [en, de]`), so that
`printkit build` makes output/numbered-cards/de/ beside the English kit. The German PDFs read back:
each card's German ability on the card of its number, inside its text box; the title and the kinds
in German on every page; no English ability left; the English kit byte for byte as it was.

The German words below are the translation table, written by hand from seed 003's abilities (as
tests/numbered_cards/test_pdfs.py copies the English), not read from content.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import build, pdfs
from readback import TOL, UNPRINTABLE, Box, chars_in, cut_lines, pages, text_of

GAME = "numbered-cards"
TITLE = "Das Zahlenkartenspiel"
GERMAN = {  # card number -> its ability in German
    1: "Ordne alle Karten der Reihe neu an.",
    2: "Tausche zwei Karten.",
    3: "Lege eine Karte aus der Reihe oben auf den Nachziehstapel.",
    4: "Mische eine Karte aus der Reihe zurück in den Nachziehstapel.",
    5: "Versetze eine Karte von einem Ende der Reihe in die Mitte.",
    6: "Mische zwei Karten aus der Reihe in den Nachziehstapel.",
    7: "Lege sie an eine beliebige Stelle der Reihe.",
    8: "Versetze eine Karte an ein Ende der Reihe.",
    9: "Spiele sie auf dem Kopf als 6 in die Reihe oder richtig herum als 9.",
    10: "Tausche zwei beliebige Karten mit einem Wert von 10 oder weniger.",
    11: "Versetze eine Karte in der Reihe um zwei Plätze.",
    12: "Drehe eine Karte der Reihe verdeckt um. Sie zählt 1 Punkt.",
    13: "Ein Stapel mit dieser Karte darf mit 18 oder 19 abgeschlossen werden.",
    14: "Wirf eine Karte aus der Mitte der Reihe ab.",
    15: "Tausche zwei beliebige ungerade Karten.",
    16: "Tausche zwei beliebige gerade Karten.",
    17: "Muss in die Mitte der Reihe gespielt werden.",
    18: "Zählt am Spielende als 2 Sätze, wenn sie gewertet wurde.",
}
KINDS = {1: "Abwerfen", 7: "Ausspielen", 9: "Ausspielen", 13: "Passiv", 17: "Passiv", 18: "Passiv"}  # else Abwerfen
ENGLISH = {1: "Rearrange all cards in the row.", 3: "Place one card from the row on top of the deck.",
           9: "Play upside down in the row as a 6, or right side up as a 9.",
           13: "A pile with this card can be completed with a score of 18 or 19.",
           18: "Worth 2 sets at the end of the game if scored."}
ENGLISH_WORDS = ("Numbered Cards Game", "Discard", "◉ Passive", "Play", "Rearrange", "Swap", "Shuffle", "row", "deck",
                 "score pad", "Win or loss")
ABILITY_BOX = (6.5, 41.5, 50.5, 17.9)  # mm from a card's top-left: x, y, width, height (content/numbered-cards/layouts.yaml)
PRODUCTS = ("rules", "player-aid", "ability-cards", "score-pad", "print-guide")


@pytest.fixture
def both(cli, project):
    """The project built as it stands, then in German (--language de): the English kit and, beside
    it, the German in out/numbered-cards/de/."""
    code, _, err = build(cli)
    assert code == 0, err
    code, _, err = build(cli, GAME, "--language", "de")
    assert code == 0, err
    assert "not translated" not in err  # every word of the German kit is in game.yaml
    return project / "out" / GAME


def upright(chars) -> str:
    return text_of([ch for ch in chars if ch.direction[0] > 0.99])


def cards_by_number(folder: Path) -> dict[int, tuple[Box, list]]:
    """Card number (its large upright digits) -> (trim, the characters on its face)."""
    found = {}
    for page in pages(folder / "ability-cards.pdf")[0::2]:
        for trim in cut_lines(page):
            chars = chars_in(page, trim)
            big = sorted((ch for ch in chars if ch.size > 30 and ch.direction[0] > 0.99), key=lambda ch: ch.origin[0])
            number = int("".join(ch.text for ch in big))
            assert number not in found, f"card {number} printed twice"
            found[number] = (trim, chars)
    return found


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_german_kit_is_built_beside_the_english(both):
    assert sorted(path.name for path in (both / "de").glob("*.pdf")) == sorted(f"{p}.pdf" for p in PRODUCTS)
    for product in PRODUCTS:
        assert (both / f"{product}.pdf").is_file(), product
        assert len(pages(both / "de" / f"{product}.pdf")) == len(pages(both / f"{product}.pdf")), product


def test_language_de_builds_the_german_kit_alone(cli, project):
    code, _, err = build(cli, GAME, "--language", "de", out="only")
    assert code == 0 and "not translated" not in err, err
    assert sorted(p.relative_to(project / "only").as_posix() for p in (project / "only").rglob("*.pdf")) == \
        sorted(f"{GAME}/de/{p}.pdf" for p in PRODUCTS)


def test_each_card_carries_its_german_ability_and_kind(both):
    cards = cards_by_number(both / "de")
    assert sorted(cards) == list(range(1, 19))
    for number, (trim, chars) in cards.items():
        face = upright(chars)
        assert words(GERMAN[number]) in face, f"card {number}: {face!r}"
        assert KINDS.get(number, "Abwerfen") in face, f"card {number}: {face!r}"
        others = [text for n, text in GERMAN.items() if n != number and len(text) > 25 and text in face]
        assert not others, f"card {number} carries {others}"


def test_each_german_ability_is_inside_its_text_box(both):
    for number, (trim, chars) in cards_by_number(both / "de").items():
        x, y, width, height = ABILITY_BOX
        box = Box(trim.x0 + x, trim.y1 - y - height, trim.x0 + x + width, trim.y1 - y)
        ability = [ch for ch in chars if ch.direction[0] > 0.99 and ch.size < 12 and box.grow(3).holds(*ch.box.centre)
                   and not ch.font.endswith("Bold")]
        assert words(text_of(ability)) == words(GERMAN[number]), f"card {number}"
        outside = [ch.text for ch in ability if not ch.box.within(box, TOL)]
        assert not outside, f"card {number}: {outside} outside its text box {box}"


def test_no_english_is_left_in_the_german_kit(both):
    for product in PRODUCTS:
        text = words(" ".join(text_of(page.chars) for page in pages(both / "de" / f"{product}.pdf")))
        left = [english for english in (*ENGLISH.values(), *ENGLISH_WORDS) if re.search(rf"\b{re.escape(english)}\b", text)]
        assert not left, f"{product}: {left}"


def test_the_title_is_german_on_every_page_and_the_backs(both):
    for product in PRODUCTS:
        for number, page in enumerate(pages(both / "de" / f"{product}.pdf"), start=1):
            if product != "ability-cards" or number % 2 == 0:  # the cards: on their backs
                assert TITLE in words(text_of(page.chars)), f"{product} page {number}"
    back = words(text_of(pages(both / "de" / "ability-cards.pdf")[1].chars))
    assert back.count("Liegt eine Karte verdeckt") == 18 and back.count("zählt sie 1 Punkt.") == 18  # nine backs, at both ends


def test_the_score_pad_and_the_rules_in_german(both):
    pad = words(text_of(pages(both / "de" / "score-pad.pdf")[0].chars))
    for heading in ("Partie", "Datum", "Gewertete", "Sätze", "gesamt", "Karten", "Noch in", "der Reihe",
                    "Im", "Abwurf", "Reihe +", "Sieg oder", "Niederlage", "bei 18 Karten: 10 oder mehr"):
        assert heading in pad, heading  # a heading's words, each line of its cell
    rules = words(text_of(pages(both / "de" / "rules.pdf")[0].chars))
    for number in (1, 9, 13, 18):
        assert f"{number} {KINDS[number]}: {GERMAN[number]}" in rules.replace("⬇ ", "").replace("▶ ", "").replace("◉ ", "")


def test_umlauts_and_sharp_s_print_as_letters(both):
    """ä, ö, ü and ß come out of the PDF as the letters, in a font that draws them (printkit refuses
    content its font lacks a glyph for)."""
    every = "".join(ch.text for product in PRODUCTS for page in pages(both / "de" / f"{product}.pdf") for ch in page.chars)
    assert {"ä", "ö", "ü", "ß"} <= set(every)
    assert "\ufffd" not in every


def test_every_german_page_keeps_its_ink_on_the_page(both):
    """Nothing overflows a page: every character inside the printable area (5 mm in from each edge)."""
    for product in ("rules", "player-aid", "score-pad", "print-guide"):
        for page in pages(both / "de" / f"{product}.pdf"):
            area = Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)
            outside = [ch.text for ch in page.chars if not ch.box.within(area, TOL)]
            assert not outside, f"{product}: {outside[:10]}"


def test_the_english_kit_is_as_without_the_german(cli, project, both):
    """The English PDFs byte for byte those of a game.yaml with no German in it."""
    english = {name: data for name, data in pdfs(both).items() if not name.startswith("de/")}
    game = project / "content" / GAME / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    kept, skipping = [], False
    for line in lines:
        if re.match(r"\s*\w+\.de:", line) or line.startswith("languages:"):
            skipping = line.startswith("kit_choices.de:")  # a list: its items go with it
            continue
        if skipping and line.startswith(" "):
            continue
        skipping = False
        kept.append(line)
    plain = "".join(kept)
    assert ".de:" not in plain and "ü" not in plain
    game.write_text(plain, encoding="utf-8")
    code, _, err = build(cli, out="plain")
    assert code == 0, err
    assert not (project / "plain" / GAME / "de").exists()
    again = pdfs(project / "plain" / GAME)
    assert sorted(again) == sorted(english) and all(again[name] == english[name] for name in english), \
        [name for name in english if again.get(name) != english[name]]
    cards = cards_by_number(both)  # the English deck, read as the German is
    for number, text in ENGLISH.items():
        assert words(text) in upright(cards[number][1]), number


def test_a_language_its_words_are_not_written_in_is_one_line(cli, project):
    game = project / "content" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count("languages: [en, de]\n") == 1
    line = text[:text.index("languages: [en, de]")].count("\n") + 1
    game.write_text(text.replace("languages: [en, de]\n", "languages: [en, de, fr]\n"), encoding="utf-8")
    code, _, err = build(cli, out="bad")
    assert (code, err.strip().splitlines()) == \
        (1, [f"{GAME}/game.yaml:{line}: languages: this kit's words are written in en (first) and de, not in fr"])
    assert not (project / "bad").exists()


def test_a_german_ability_that_no_longer_states_its_number_is_one_line(cli, project):
    """The target moved to 20 and card 13's English with it, its German not: the German build says
    so at the rule's line, naming the German, and writes nothing."""
    game = project / "content" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for old, new in (("\ntarget: 19", "\ntarget: 20"), ("{card: 13, total: 18}", "{card: 13, total: 19}"),
                     ("a score of 18 or 19.", "a score of 19 or 20.")):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    game.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.startswith("  lower_target:"))
    assert build(cli, out="english")[0] == 0  # the English states its numbers
    code, _, err = build(cli, GAME, "--language", "de", out="bad")
    assert (code, err.strip().splitlines()) == \
        (1, [f"{GAME}/game.yaml:{line}: named.lower_target: card 13's ability in de (ability.de) does not state 20 "
             f"(the target)"])
    assert not (project / "bad").exists()

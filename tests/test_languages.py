"""A declared game in several languages (printkit/declared/languages.py): the Signal Fires example
built in English, German and French, read back from its PDFs; and each bad input one line."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "content" / "signal-fires"
WORDS = {"": ["Watchtower", "Look at the top card of the", "Dawn"],
         "de": ["Wachturm", "Sieh dir die oberste Karte des", "Morgengrauen", "Sturmböe"],
         "fr": ["Tour de guet", "Regardez la première carte de", "Aube", "Bourrasque"]}


def _project(tmp_path: Path, change=None) -> Path:
    shutil.copytree(EXAMPLE, tmp_path / "content" / "sf")
    if change:
        path = tmp_path / "content" / "sf" / "cards.csv"
        rows = list(csv.reader(path.open(encoding="utf-8")))
        change(rows)
        with path.open("w", encoding="utf-8", newline="") as file:
            csv.writer(file).writerows(rows)
    return tmp_path


def _build(project: Path, *args: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "printkit", "build", "--out", str(project / "out"), *args],
                          cwd=project, env=env, capture_output=True, text=True)


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_every_language_built_in_its_folder(tmp_path):
    project = _project(tmp_path)
    done = _build(project)
    assert done.returncode == 0, done.stderr
    for language, words in WORDS.items():
        text = _text(project / "out" / "sf" / language / "deck.pdf")
        assert all(word in text for word in words), (language, text[:200])
    assert "Wachturm" not in _text(project / "out" / "sf" / "deck.pdf")
    assert "Watchtower" not in _text(project / "out" / "sf" / "de" / "deck.pdf")
    assert "warning" not in done.stderr


def test_one_language(tmp_path):
    project = _project(tmp_path)
    done = _build(project, "--language", "fr")
    assert done.returncode == 0, done.stderr
    assert (project / "out" / "sf" / "fr" / "deck.pdf").is_file()
    assert not (project / "out" / "sf" / "de").exists() and not (project / "out" / "sf" / "deck.pdf").exists()


def test_missing_translation_falls_back_with_one_warning(tmp_path):
    def blank(rows):
        rows[2][5] = ""  # Kindling's text.de
        rows[3][2] = ""  # Beacon's name.de
    project = _project(tmp_path, blank)
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["sf/game.yaml: warning: de: 2 card words are not translated into German, "
                                        "printed in English: cards.csv:3 text, cards.csv:4 name"]
    text = _text(project / "out" / "sf" / "de" / "deck.pdf")
    assert "Draw a card." in text and "Beacon" in text and "Wachturm" in text


@pytest.mark.parametrize("change, message", [
    (lambda rows: [row.append("x" if n else "text.es") for n, row in enumerate(rows)],
     "sf/cards.csv:1: column 'text.es': the words of 'text' in Spanish, but game.yaml's `languages` "
     "(en, de, fr) does not list 'es'"),
    (lambda rows: rows[6].__setitem__(6, "Si " + "beaucoup de mots très longs " * 30),
     "sf/cards.csv:7: text.fr (fr): card beacon 6 text: text does not fit its 52 x 36 mm box even at 6 pt; shorten it"),
    (lambda rows: rows[4].__setitem__(2, "Leucht\u0fc0feuer"),
     "sf/cards.csv:5: name.de (de): card 4 ('beacon 4'): face.layers.name.field: the font has no glyph for '\u0fc0' (U+0FC0) "
     "(see sf/game.yaml:32)"),
], ids=["unlisted-language", "translation-does-not-fit", "glyph-the-font-lacks"])
def test_bad_input_is_one_line(tmp_path, change, message):
    project = _project(tmp_path, change)
    done = _build(project)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [message]
    assert not (project / "out" / "sf").exists()


YAML_GAME = """\
title: Tiny
languages: [en, de]
products:
  deck:
    kind: deck
    about: two cards
    size: poker
    cards:
      - {name: Sun, name.de: Sonne}
      - {name: Moon}
    face:
      layers:
        name: {kind: text, field: name, size: 12, x: 6, y: 30, width: 51.5, height: 20}
"""


def _tiny(tmp_path: Path, game: str) -> Path:
    (tmp_path / "content" / "tiny").mkdir(parents=True)
    (tmp_path / "content" / "tiny" / "game.yaml").write_text(game, encoding="utf-8")
    return tmp_path


def test_yaml_cards_take_their_translations_as_a_table_does(tmp_path):
    project = _tiny(tmp_path, YAML_GAME)
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["tiny/game.yaml: warning: de: 1 card word is not translated into German, "
                                        "printed in English: game.yaml:10 name"]
    assert "Sonne" in _text(project / "out" / "tiny" / "de" / "deck.pdf")
    assert "Moon" in _text(project / "out" / "tiny" / "de" / "deck.pdf")
    assert "Sun" in _text(project / "out" / "tiny" / "deck.pdf") and "Sonne" not in _text(project / "out" / "tiny" / "deck.pdf")


@pytest.mark.parametrize("game, args, message", [
    (YAML_GAME.replace("languages: [en, de]\n", ""), (),
     "tiny/game.yaml:8: column 'name.de': the words of 'name' in German, but game.yaml lists no `languages` "
     "(write `languages: [en, de]`, the first the cards' own)"),
    (YAML_GAME.replace("[en, de]", "[en, German]"), (),
     "tiny/game.yaml:2: languages[2]: 'German' is not a language's code (as BCP 47 writes it: en, de, fr; "
     "with a region pt-BR, de-CH, en-GB; with a script zh-Hant)"),
    (YAML_GAME, ("--language", "fr"), "printkit: error: --language fr: no game chosen is printed in it (its languages: de, en)"),
], ids=["no-languages", "not-a-code", "language-not-listed"])
def test_bad_languages_are_one_line(tmp_path, game, args, message):
    project = _tiny(tmp_path, game)
    done = _build(project, *args)
    assert done.returncode in (1, 2)
    assert done.stderr.splitlines()[-1:] == [message]
    assert not (project / "out" / "tiny").exists()


def _workbook(path: Path, rows: list[list[str]]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in rows:
        sheet.append(row)
    book.save(path)


@pytest.mark.parametrize("headings, stderr", [
    (["name", "name.de"], ["tiny/game.yaml: warning: de: 1 card word is not translated into German, printed in "
                           "English: cards.xlsx:Cards!A3 name"]),
    (["name", "name.it"], ["tiny/cards.xlsx:Cards!B1: column 'name.it': the words of 'name' in Italian, but "
                           "game.yaml's `languages` (en, de) does not list 'it'"]),
], ids=["missing-in-a-workbook", "unlisted-in-a-workbook"])
def test_a_workbook_takes_translations_at_its_cells(tmp_path, headings, stderr):
    game = YAML_GAME.replace("""    cards:
      - {name: Sun, name.de: Sonne}
      - {name: Moon}
""", "    cards: {file: cards.xlsx, sheet: Cards}\n")
    project = _tiny(tmp_path, game)
    _workbook(project / "content" / "tiny" / "cards.xlsx", [headings, ["Sun", "Sonne"], ["Moon", None]])
    done = _build(project)
    assert done.stderr.splitlines() == stderr
    if done.returncode == 0:
        assert "Sonne" in _text(project / "out" / "tiny" / "de" / "deck.pdf")


def test_a_warning_of_every_language_is_said_once(tmp_path):
    project = _project(tmp_path)
    game = project / "content" / "sf" / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("cards: cards.csv", "cards: {file: cards.csv, where: \"name != 'Dawn'\"}"),
                    "utf-8")
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["sf/cards.csv:10: warning: no product takes this row ('Dawn'): the `where` "
                                        "of deck is false for it; the card is printed nowhere"]


RULES_TEMPLATE = """# {{ title }}
# {% trans %}Setting up{% endtrans %}
{% trans count=products.deck.cards|length %}Shuffle the {{ count }} beacon cards.{% endtrans %}
"""
CATALOG = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' \
          'msgid "Setting up"\nmsgstr "{0}"\n\nmsgid "Shuffle the %(count)s beacon cards."\nmsgstr "{1}"\n'
RULES = {"": ("Setting up", "Shuffle the 9 beacon cards.", "page 1 of 1"),
         "de": ("Vorbereitung", "Mische die 9 Leuchtfeuerkarten.", "Seite 1 von 1"),
         "fr": ("Mise en place", "Mélangez les 9 cartes de signal.", "page 1 sur 1")}


def test_a_declared_games_rules_in_each_language_through_its_catalogs(tmp_path):
    """The game's language (lang-data) is its templates' (lang-words): Signal Fires with a rules
    product, its one rules.j2 in trans blocks, the project's German and French catalogs; each
    language's rules read back in its words, printkit's footer in them too."""
    project = _project(tmp_path)
    game = project / "content" / "sf" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "  rules:\n    kind: rules\n    about: the rules\n",
                    encoding="utf-8")
    (project / "templates" / "sf").mkdir(parents=True)
    (project / "templates" / "sf" / "rules.j2").write_text(RULES_TEMPLATE, encoding="utf-8")
    for language in ("de", "fr"):
        catalog = project / "locale" / language / "LC_MESSAGES" / "messages.po"
        catalog.parent.mkdir(parents=True)
        catalog.write_text(CATALOG.format(*RULES[language][:2]).replace("9 ", "%(count)s "), encoding="utf-8")
    done = _build(project)
    assert done.returncode == 0, done.stderr
    for language, words in RULES.items():
        rules = pypdf.PdfReader(project / "out" / "sf" / language / "rules.pdf").pages[0].extract_text()
        for word in words:
            assert word in rules, (language, word)
        others = [w for other, ws in RULES.items() if other != language for w in ws[:2]]
        assert not [word for word in others if word in rules], language

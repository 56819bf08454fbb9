"""A translator's sheet keyed by card id (printkit/declared/translation_sheets.py) and languages with
a region (`pt-BR`, `de-CH`): the fixture game tests/fixtures/translation-sheet/beacons, its German
from columns beside the source, its French and Brazilian Portuguese from a sheet each, built and
read back from its PDFs; and each bad input one line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "translation-sheet" / "beacons"
WORDS = {"": ["Watchtower", "Look at the top card of the deck.", "Rain"],
         "de": ["Wachturm", "Sieh dir die oberste Karte des", "Regen"],
         "fr": ["Tour de guet", "Regardez la première carte de la", "Pluie"],
         "pt-BR": ["Torre de vigia", "Olhe a carta do topo do", "Chuva"]}
ONE_SHEET = """\
id,name.fr,text.fr,name.pt-BR,text.pt-BR
beacon 1,Tour de guet,Regardez la première carte de la pioche.,Torre de vigia,Olhe a carta do topo do baralho.
beacon 2,Petit bois,Piochez une carte.,Gravetos,Compre uma carta.
beacon 3,Phare,Allumez l'un de vos feux.,Farol,Acenda um dos seus faróis.
beacon 4,Pluie,Éteignez le feu d'un autre joueur.,Chuva,Apague o farol de outro jogador.
"""
SHEETS = "    translations:\n      fr: translations/fr.csv\n      pt-BR: translations/pt-BR.csv\n"


def _project(tmp_path: Path, change=None) -> Path:
    game = tmp_path / "content" / "bc"
    shutil.copytree(FIXTURE, game)
    if change:
        change(game)
    return tmp_path


def _build(project: Path, *args: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "printkit", "build", "--out", str(project / "out"), *args],
                          cwd=project, env=env, capture_output=True, text=True)


def _text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


def _edit(name: str, old: str, new: str):
    def change(game: Path):
        path = game / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return change


def _both(*changes):
    def change(game: Path):
        for one in changes:
            one(game)
    return change


def _one_sheet(game: Path) -> None:
    (game / "translations.csv").write_text(ONE_SHEET, encoding="utf-8")
    _edit("game.yaml", SHEETS, "    translations: translations.csv\n")(game)


def _workbook(game: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "French"
    for row in (line.split(",", 2) for line in (game / "translations" / "fr.csv").read_text(encoding="utf-8").splitlines()):
        book.active.append(row)
    book.save(game / "translations" / "fr.xlsx")
    (game / "translations" / "fr.csv").unlink()
    _edit("game.yaml", "translations/fr.csv", "translations/fr.xlsx")(game)


@pytest.mark.parametrize("change", [None, _one_sheet, _workbook], ids=["a-sheet-a-language", "one-sheet", "xlsx"])
def test_every_language_from_columns_and_sheets(tmp_path, change):
    project = _project(tmp_path, change)
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr
    for language, words in WORDS.items():
        text = _text(project / "out" / "bc" / language / "deck.pdf")
        assert all(word in text for word in words), (language, text[:300])
        assert all(word not in text for other, said in WORDS.items() if other != language for word in said[:1]), \
            (language, text[:300])


def test_a_cards_size_in_a_sheets_language(tmp_path):
    """A card of the pt-BR deck is a poker card, 63.5 x 88.9 mm, as the source's are."""
    from readback import cut_lines, pages

    project = _project(tmp_path)
    assert _build(project).returncode == 0
    for language in ("", "pt-BR"):
        trims = cut_lines(pages(project / "out" / "bc" / language / "deck.pdf")[0])
        assert len(trims) == 4, (language, trims)
        assert all(abs(box.width - 63.5) <= 0.05 and abs(box.height - 88.9) <= 0.05 for box in trims), trims


def test_missing_words_fall_back_listing_the_sheets_rows(tmp_path):
    blank = _edit("translations/fr.csv", "beacon 2,Petit bois,Piochez une carte.", "beacon 2,,Piochez une carte.")
    dropped = _edit("translations/fr.csv", "beacon 4,Pluie,Éteignez le feu d'un autre joueur.\n", "")
    project = _project(tmp_path, _both(blank, dropped))
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["bc/game.yaml: warning: fr: 3 card words are not translated into French, "
                                        "printed in English: fr.csv:3 name, cards.csv:5 name, cards.csv:5 text"]
    text = _text(project / "out" / "bc" / "fr" / "deck.pdf")
    assert "Kindling" in text and "Piochez une carte." in text and "Rain" in text and "Phare" in text


def test_one_language_with_a_region(tmp_path):
    project = _project(tmp_path)
    done = _build(project, "--language", "pt-BR")
    assert done.returncode == 0, done.stderr
    assert "Torre de vigia" in _text(project / "out" / "bc" / "pt-BR" / "deck.pdf")
    assert sorted(path.name for path in (project / "out" / "bc").iterdir()) == ["pt-BR"]


def test_a_regions_words_from_its_languages_catalog(tmp_path):
    """de-CH has no catalog of its own: printkit's German words print its print guide (de_CH, then de)."""
    project = _project(tmp_path, _both(_edit("game.yaml", "[en, de, fr, pt-BR]", "[en, de-CH, fr, pt-BR]"),
                                       _edit("cards.csv", "name.de,text,text.de", "name.de-CH,text,text.de-CH")))
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert "Druckanleitung" in _text(project / "out" / "bc" / "de-CH" / "print-guide.pdf")
    assert "Wachturm" in _text(project / "out" / "bc" / "de-CH" / "deck.pdf")
    assert "Druckanleitung" not in _text(project / "out" / "bc" / "pt-BR" / "print-guide.pdf")


def test_catalogs_found_as_babel_finds_them(tmp_path):
    from printkit.load.catalogs import catalog_paths

    for name in ("pt", "pt_BR"):
        (tmp_path / "locale" / name / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "locale" / name / "LC_MESSAGES" / "messages.po").write_text("", encoding="utf-8")
    assert catalog_paths("pt-BR", tmp_path)[1][1] == "locale/pt_BR/LC_MESSAGES/messages.po"
    assert catalog_paths("pt-PT", tmp_path)[1][1] == "locale/pt/LC_MESSAGES/messages.po"
    assert catalog_paths("de-CH", None)[0][1] == "printkit/locale/de/LC_MESSAGES/printkit.po"


LONG = "Si " + "beaucoup de mots très longs " * 30
BAD = {
    "id-no-card-has": (_edit("translations/fr.csv", "beacon 3,", "beacon 33,"),
                       "bc/translations/fr.csv:4: no card's id is 'beacon 33' (the nearest: 'beacon 3')"),
    "id-twice": (_edit("translations/fr.csv", "beacon 4,", "beacon 2,"),
                 "bc/translations/fr.csv:5: 'beacon 2' has a row already, at line 3: keep one row a card"),
    "column-no-field-has": (_edit("translations/fr.csv", "id,name,text", "id,name,txt"),
                            "bc/translations/fr.csv:1: column 'txt': the cards have no field 'txt' (did you mean "
                            "'text'?)"),
    "no-id-column": (_edit("translations/fr.csv", "id,name,text", "card,name,text"),
                     "bc/translations/fr.csv:1: fr.csv has no column 'id': a translation sheet finds each card by "
                     "its id, in a column 'id'"),
    "sheet-language-not-listed": (_edit("game.yaml", "      fr: translations/fr.csv", "      es: translations/fr.csv"),
                                  "bc/game.yaml:15: products.deck.translations.es: a sheet of Spanish words, but "
                                  "game.yaml's `languages` (en, de, fr, pt-BR) does not list 'es'"),
    "column-language-not-listed": (_both(_one_sheet, _edit("translations.csv", "text.pt-BR", "text.es")),
                                   "bc/translations.csv:1: column 'text.es': the words of 'text' in Spanish, but "
                                   "game.yaml's `languages` (en, de, fr, pt-BR) does not list 'es'"),
    "sheet-and-column-both": (_both(_edit("cards.csv", "name.de,text,text.de\n", "name.de,text,text.de,text.fr\n"),
                                    _edit("cards.csv", "Stapels an.\n", "Stapels an.,Regardez la carte du dessus.\n"),
                                    *(_edit("cards.csv", f"{end}\n", f"{end},\n") for end in
                                      ("Ziehe eine Karte.", "Leuchtfeuer.", "Spielers."))),
                              "bc/translations/fr.csv:2: 'text.fr' of 'beacon 1' is given twice, here and at "
                              "bc/cards.csv:2: keep one"),
    "does-not-fit": (_edit("translations/fr.csv", "Allumez l'un de vos feux.", LONG),
                     "bc/translations/fr.csv:4: text.fr (fr): card beacon 3 text: text does not fit its 52 x 36 mm "
                     "box even at 6 pt; shorten it"),
    "outside-the-folder": (_edit("game.yaml", "translations/pt-BR.csv", "../../pt-BR.csv"),
                           "bc/game.yaml:16: products.deck.translations.pt-BR: '../../pt-BR.csv' is outside the "
                           "game's folder, bc/"),
    "malformed-language": (_edit("game.yaml", "[en, de, fr, pt-BR]", "[en, de, fr, pt_BR]"),
                           "bc/game.yaml:5: languages[4]: 'pt_BR' is not a language's code (as BCP 47 writes it: en, "
                           "de, fr; with a region pt-BR, de-CH, en-GB; with a script zh-Hant)"),
    "malformed-sheet-language": (_edit("game.yaml", "      pt-BR: translations", "      pt-br: translations"),
                                 "bc/game.yaml:16: products.deck.translations: 'pt-br' is not a language's code (as "
                                 "BCP 47 writes it: en, de, fr; with a region pt-BR, de-CH, en-GB; with a script "
                                 "zh-Hant)"),
    "deck-without-id": (_both(_edit("game.yaml", '    id: "beacon {{ number }}"\n', "")),
                        "bc/game.yaml:13: products.deck.translations: a translation sheet finds each card by its id: "
                        "give the deck an `id:` (a field, or a text of its fields: `card {{ number }}`)"),
    "sheet-of-the-source-language": (_edit("game.yaml", "      fr: translations/fr.csv", "      en: translations/fr.csv"),
                                     "bc/game.yaml:15: products.deck.translations.en: English is the cards' own "
                                     "language (the first of game.yaml's `languages`): its words are the cards' own "
                                     "(the deck's `cards`)"),
    "column-of-the-source-language": (_both(_one_sheet, _edit("translations.csv", "name.fr", "name.en")),
                                      "bc/translations.csv:1: column 'name.en': English is the cards' own language "
                                      "(the first of game.yaml's `languages`): its words are the cards' own (the "
                                      "deck's `cards`)"),
    "deck-of-the-games-content": (_both(_edit("game.yaml", "    cards: cards.csv\n", "    cards: {each: values.beacons}\n"),
                                        _edit("game.yaml", "title: Beacons\n", "title: Beacons\nvalues: {beacons: "
                                                                                "[{number: 1, name: Watchtower}]}\n")),
                                  "bc/game.yaml:15: products.deck.translations: the cards of `cards: {each: ...}` "
                                  "are the game's content's: translate its words there, a translation sheet takes "
                                  "a table's cards"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line(tmp_path, case):
    change, message = BAD[case]
    project = _project(tmp_path, change)
    done = _build(project)
    assert done.stderr.splitlines() == [message]
    assert done.returncode == 1
    assert not (project / "out" / "bc").exists()

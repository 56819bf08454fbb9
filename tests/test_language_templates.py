"""A build's words in a language (issue 44, point 2): the templates' `{% trans %}` through the
catalogs (printkit's own printkit/locale/<lang>/LC_MESSAGES/printkit.po, a project's
locale/<lang>/LC_MESSAGES/messages.po), a folder's `rules.de.j2` read for its `rules.j2`; the
built PDFs read back. A bundled kit's language is asked for with `--language de` (its
templates/numbered-cards/*.de.j2 written in it) and built into out/numbered-cards/de/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest

from conftest import build, pdfs

FIXTURES = Path(__file__).parent / "fixtures" / "languages"
MESSAGES = Path("locale") / "de" / "LC_MESSAGES" / "messages.po"


def text(folder: Path, name: str, language: str = "") -> str:
    return "\n".join(page.extract_text() for page in
                     pypdf.PdfReader(folder / "numbered-cards" / language / name).pages)


@pytest.fixture
def german(cli, project, monkeypatch):
    code, _, err = build(cli, "numbered-cards", "--language", "de")
    assert code == 0, err  # a word that does not fit its box would be an error here
    return project / "out"


def test_the_rules_in_german_read_as_german_rules(german):
    rules = text(german, "rules.pdf", "de")
    for words in ("Aufbau", "Dein Zug", "Die Kartenarten", "Wertung", "Spielende", "Sieg",
                  "Mische die achtzehn Karten verdeckt zum Nachziehstapel.", "Nimm eine Karte auf die Hand.",
                  "gewinnst du: bei achtzehn Karten mit zehn oder mehr.",
                  "Ein Stapel mit Karte 13 darf auch mit 18 abgeschlossen werden.",
                  "Karte 18 zählt gewertet als zwei Sätze."):
        assert words in rules.replace("\n", " "), words
    for english in ("Set up", "A turn", "How to win", "Scoring"):
        assert english not in rules


def test_the_player_aid_in_german(german):
    aid = text(german, "player-aid.pdf", "de")
    for words in ("Spielübersicht", "Sätze mit der Summe 19", "Dein Zug", "Das Ende", "Der Sieg",
                  "Die Kartenarten", "Die achtzehn Karten", "Karte", "Art", "Fähigkeit"):
        assert words in aid, words
    assert "player aid" not in aid and "A turn" not in aid


def test_printkits_own_words_in_german(german):
    """The footer's page numbers and the scale bars' labels, from printkit's own German catalog."""
    rules, guide = text(german, "rules.pdf", "de"), text(german, "print-guide.pdf", "de")
    assert "Das Zahlenkartenspiel · Spielregel · Seite 1 von 1 · in Originalgröße (100 %) drucken" in rules
    assert "50 mm bei 100 %" in rules and "2 in bei 100 %" in rules
    assert "Druckanleitung" in guide and "Schneiden." in guide and "Normalpapier" in guide
    assert "page 1 of 1" not in rules + guide and "50 mm at 100%" not in rules


def test_the_fold_label_in_german(cli, project, monkeypatch):
    assert cli("build", "numbered-cards", "--language", "de", "--content", "content", "--out", "out", "--sheet", "gutterfold")[0] == 0
    cards = text(project / "out", "ability-cards.pdf", "de")
    assert "Falz" in cards and "fold" not in cards


def test_french_footer(cli, project, monkeypatch):
    """Numbered Cards has no French template: a project's French catalog (here with no message of its
    own) is what asks for its French build; printkit's catalog gives the footer."""
    catalog = project / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n', encoding="utf-8")
    assert build(cli, "numbered-cards", "--language", "fr")[0] == 0
    assert "Numbered Cards Game · Règles · page 1 sur 1 · imprimer en taille réelle (100 %)" in text(project / "out", "rules.pdf", "fr")


def test_english_is_as_written(cli, project):
    """No language: the templates' words as they are, printkit's footer and bars as before."""
    assert build(cli, "numbered-cards")[0] == 0
    rules = text(project / "out", "rules.pdf")
    assert ("Numbered Cards Game · Rules reference · page 1 of 1 · print at Actual size (100%) and check the bars "
            "with a ruler") in rules
    assert "50 mm at 100%" in rules and "Set up" in rules and "Aufbau" not in rules


def test_a_german_build_leaves_no_german_in_the_english_one(cli, project, monkeypatch, tmp_path):
    """The page cache keeps plans by language: an English build after a German one, the cache on,
    is byte for byte the English build with nothing kept."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "numbered-cards", "--language", "de", out="de")[0] == 0
    assert build(cli, "numbered-cards", out="en")[0] == 0
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert build(cli, "numbered-cards", out="fresh")[0] == 0
    ignored = {".printkit-manifest.json"}
    assert {k: v for k, v in pdfs(project / "en").items() if Path(k).name not in ignored} == \
        {k: v for k, v in pdfs(project / "fresh").items() if Path(k).name not in ignored}


def test_the_same_out_folder_builds_again_in_another_language(cli, project, monkeypatch):
    """A whole build answered from the manifest must not answer a build in another language."""
    assert build(cli, "numbered-cards")[0] == 0
    assert build(cli, "numbered-cards", "--language", "de")[0] == 0
    assert "Seite 1 von 1" in text(project / "out", "rules.pdf", "de")


def test_a_projects_own_template_wins_and_its_catalog_translates_it(cli, project, monkeypatch):
    """A designer's rules.j2 is nearer than printkit's rules.de.j2: it is read, its words translated
    by the project's catalog (Babel's layout: locale/de/LC_MESSAGES/messages.po)."""
    (project / "templates" / "numbered-cards" / "rules.de.j2").unlink()
    rules = project / "templates" / "numbered-cards" / "rules.j2"
    rules.write_text(rules.read_text(encoding="utf-8").replace("# Set up", "# {% trans %}Set up{% endtrans %}"),
                     encoding="utf-8")
    (project / MESSAGES).parent.mkdir(parents=True)
    shutil.copy(FIXTURES / "good.po", project / MESSAGES)
    assert build(cli, "numbered-cards", "--language", "de")[0] == 0
    built = text(project / "out", "rules.pdf", "de")
    assert "Vorbereitung" in built and "Set up" not in built and "Seite 1 von 1" in built


BAD = {  # a project's catalog -> the one line it is
    "msgstr-missing": "locale/de/LC_MESSAGES/messages.po:4: not a readable .po catalog: missing msgstr for msgid 'A turn'",
    "not-a-catalog": "locale/de/LC_MESSAGES/messages.po:4: not a readable .po catalog: Unknown or misformatted keyword",
    "unknown-name": "locale/de/LC_MESSAGES/messages.po:2: %(titel)s in the translation of '%(title)s rules' is not in the message",
    "lone-percent": "locale/de/LC_MESSAGES/messages.po:1: a lone % in the translation of 'Actual size' "
                    "(a percent sign is written %%)",
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_catalog_is_one_line(cli, project, monkeypatch, case):
    (project / MESSAGES).parent.mkdir(parents=True)
    shutil.copy(FIXTURES / f"{case}.po", project / MESSAGES)
    code, _, err = build(cli, "numbered-cards", "--language", "de")
    assert (code, err.strip()) == (1, BAD[case])
    assert not (project / "out" / "numbered-cards").exists()


def test_a_catalog_linked_out_of_its_folder_is_not_read(cli, project, monkeypatch, tmp_path):
    outside = tmp_path / "secret.po"
    shutil.copy(FIXTURES / "good.po", outside)
    (project / MESSAGES).parent.mkdir(parents=True)
    (project / MESSAGES).symlink_to(outside)
    code, _, err = build(cli, "numbered-cards", "--language", "de")
    assert (code, err.strip()) == (1, "locale/de/LC_MESSAGES/messages.po: is a link to a file outside its locale folder")


def test_a_language_that_is_no_code_is_one_line(cli, monkeypatch):
    code, _, err = build(cli, "numbered-cards", "--language", "../../etc")
    assert (code, err.strip().splitlines()[-1]) == \
        (2, "printkit: error: --language '../../etc' is not a language's code (two or three lower-case letters: de, fr)")


def test_a_kit_not_written_in_the_language_is_one_line(cli, project):
    """Numbered Cards has no Italian template nor catalog: --language it is refused, not a build of
    English rules under an Italian footer."""
    code, _, err = build(cli, "numbered-cards", "--language", "it")
    assert (code, err.strip().splitlines()[-1]) == \
        (2, "printkit: error: --language it: no game chosen is printed in it (none lists `languages:` or has its words in it)")
    assert not (project / "out").exists()


def test_printkits_catalogs_are_read_clean():
    """printkit's own German and French catalogs: every message well formed, each of the source's
    messages translated (none left to print in English by accident)."""
    from babel.messages.pofile import read_po

    from printkit.load.catalogs import OWN, translations

    for language in ("de", "fr"):
        translations(language)  # raises on a malformed one
        catalog = read_po((OWN / language / "LC_MESSAGES" / "printkit.po").open(encoding="utf-8"))
        assert all(message.string for message in catalog if message.id), language


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_german_rules_and_aid_keep_to_one_page(cli, project, monkeypatch, paper):
    """German runs longer than English: the one-page rules reference and the aid stay one page each
    on both papers (Letter is 18 mm shorter), the print guide too."""
    assert cli("build", "numbered-cards", "--language", "de", "--content", "content", "--out", "out", "--paper", paper)[0] == 0
    for name in ("rules.pdf", "player-aid.pdf", "print-guide.pdf"):
        assert len(pypdf.PdfReader(project / "out" / "numbered-cards" / "de" / name).pages) == 1, name


def test_a_kit_in_a_language_says_its_content_is_not_translated(cli, project):
    """A kit's content (its cards' words, its title) not in the language (Numbered Cards' is in en
    and de, its French only a catalog's): said, one line, not left for a player to find English
    abilities under French rules; its German, written in game.yaml, is not said to be untranslated."""
    catalog = project / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n', encoding="utf-8")
    code, _, err = build(cli, "numbered-cards", "--language", "fr")
    assert code == 0
    assert err.count("numbered-cards: warning: fr: its content (its cards' words, its title) is not translated") == 1
    code, _, err = build(cli, "numbered-cards", "--language", "de")
    assert code == 0 and "not translated" not in err
    code, _, err = build(cli, "numbered-cards")
    assert code == 0 and "not translated" not in err

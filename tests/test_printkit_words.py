"""printkit's own words in German and French (issue 44): every message its templates translate has a
German and a French msgstr in printkit's catalogs (read with Jinja's own extraction, not printkit's
catalog code), and the print guide's booklet, host and cutting-machine paragraphs read in each
language as written here, the English as it was."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
from babel.messages.pofile import read_po

from conftest import ROOT

TEMPLATES = ROOT / "templates"
LOCALE = ROOT / "printkit" / "locale"


def _msgids() -> dict[str, str]:
    """Each literal message of printkit's templates (`{% trans %}` and `_("...")`), with where it is."""
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    env.install_null_translations(newstyle=True)
    found = {}
    for path in sorted(TEMPLATES.rglob("*.j2")):
        source = path.read_text(encoding="utf-8")
        for line, _function, message in env.extract_translations(source):
            for text in message if isinstance(message, tuple) else (message,):
                if isinstance(text, str):
                    found.setdefault(text, f"{path.relative_to(ROOT)}:{line}")
    return found


def _translated(language: str) -> dict[str, str]:
    with (LOCALE / language / "LC_MESSAGES" / "printkit.po").open("rb") as file:
        return {message.id: message.string for message in read_po(file) if message.id and not message.fuzzy}


def test_the_templates_have_messages_to_check():
    found = _msgids()
    assert "<b>Booklets.</b>" in found and "<b>Cutting machine.</b>" in found, sorted(found)[:20]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_message_of_printkits_templates_is_translated(language):
    translated = _translated(language)
    missing = [f"{where}: {msgid!r}" for msgid, where in _msgids().items() if not translated.get(msgid)]
    assert not missing, "\n".join(missing)


def _guide(language):
    from printkit.load.words import Templates

    return Templates(TEMPLATES, language=language).render("print-guide.j2")


SILHOUETTE = SimpleNamespace(marks="silhouette", name="Cameo 4", length=20.0, thickness=0.5, inset=10.0,
                             files=["cut-1.studio3", "cut-2.studio3"])
CRICUT = SimpleNamespace(marks="cricut", name="Cricut Joy", length=0, thickness=0, inset=0, files=[])
CASES = [("host", (["key.pdf"],)), ("host", (["a.pdf", "b.pdf"],)), ("booklet", ("book/a.pdf", [1])),
         ("booklet", ("book/a.pdf", [2, 3, 4])), ("cutter", ("x", SILHOUETTE)), ("cutter", ("x", CRICUT))]
SAID = {
    None: ['<b>Host only.</b> key.pdf holds the answers (marked "for the host" above): keep it apart',
           "a.pdf and b.pdf hold the answers", "<b>Booklets.</b> book/a.pdf is a booklet of 1 sheet. Print a file",
           "Each file of book/ is a booklet of its own: 2, 3 and 4 sheets.",
           "<b>Cutting machine.</b> The fronts carry the registration marks of Cameo 4: 20 mm long",
           "The cards lie inside the area of Cricut Joy"],
    "de": ["<b>Nur für die Spielleitung.</b> key.pdf enthält die Lösungen", "a.pdf und b.pdf enthalten die Lösungen",
           "<b>Hefte.</b> book/a.pdf ist ein Heft aus einem Bogen. Drucke eine Datei beidseitig",
           "Jede Datei in book/ ist ein eigenes Heft: 2, 3 und 4 Bogen.",
           "<b>Schneideplotter.</b> Die Vorderseiten tragen die Passermarken von Cameo 4: 20 mm lang",
           "Die Karten liegen im Bereich von Cricut Joy"],
    "fr": ["<b>Pour l’hôte seulement.</b> key.pdf contient les solutions", "a.pdf et b.pdf contiennent les solutions",
           "<b>Livrets.</b> book/a.pdf est un livret d’une feuille. Imprimez un fichier en recto verso",
           "Chaque fichier de book/ est un livret à part : 2, 3 et 4 feuilles.",
           "<b>Machine de découpe.</b> Les recto portent les repères de repérage de Cameo 4 : 20 mm de long",
           "Les cartes tiennent dans la zone de Cricut Joy"],
}
ENGLISH = ["holds the answers", "hold the answers", "is a booklet of", "Print a file on both sides",
           "long-reach stapler", "registration marks", "Design Space cuts only", "Cutting machine", "Booklets"]


@pytest.mark.parametrize("language", [None, "de", "fr"])
def test_the_guides_booklet_host_and_cutter_paragraphs_in_each_language(language):
    guide = _guide(language)
    for (macro, args), expected in zip(CASES, SAID[language]):
        said = str(guide.markup(macro, *args))
        assert expected in said, (macro, said)
        if language:
            assert not [english for english in ENGLISH if english in said], said


ERRATA = {"de": ["Signal Fires · Errata seit", "Die Karte unten hat sich geändert, nachdem sie am",
                 "Drucke diese Datei in", "Schneide die Karte aus, wie du",
                 "Lege die geänderte Karte an die Stelle der alten Karte gleichen Namens.",
                 "Produkt", "Was sich geändert hat", "Diese Seite bleibt leer"],
          "fr": ["Signal Fires · errata depuis le", "La carte ci-dessous a changé après son impression le",
                 "Imprimez ce fichier en taille réelle", "Découpez la carte comme vous avez découpé les autres.",
                 "Mettez la carte modifiée à la place de l’ancienne carte du même nom.",
                 "Produit", "Ce qui a changé", "Cette face est laissée vierge"]}
ERRATA_ENGLISH = ["errata since", "The card below changed", "Print this file", "Cut out the card",
                  "in the place of the old card", "What changed", "This side is left blank"]


def _run(project: Path, *args: str):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off"}
    done = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=project, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize("language", ["de", "fr"])
def test_an_errata_pack_in_each_language(tmp_path, language):
    import shutil

    import pypdf

    shutil.copytree(ROOT / "examples" / "content" / "signal-fires", tmp_path / "content" / "sf")
    _run(tmp_path, "printed")
    cards = tmp_path / "content" / "sf" / "cards.csv"
    lines = cards.read_text(encoding="utf-8").split("\n")
    lines[1] = lines[1].replace(",Wachturm,Tour de guet,", ",Wachturm II,Tour de guet II,")
    cards.write_text("\n".join(lines), encoding="utf-8")
    _run(tmp_path, "errata", "--language", language, "--out", "out")
    pages = pypdf.PdfReader(tmp_path / "out" / "sf" / language / "errata.pdf").pages
    text = " ".join(" ".join(page.extract_text().split()) for page in pages[:2])
    assert [said for said in ERRATA[language] if said not in text] == [], text
    assert [said for said in ERRATA_ENGLISH if said in text] == [], text

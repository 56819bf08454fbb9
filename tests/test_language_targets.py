"""A game in several languages sent to the shops and kept up to date (issue 44, item 3): the Signal
Fires example (en, de, fr) exported for every shop, each language's files in a folder of their own
read back (a PDF's words, a PNG's ink, TTS's saved object); `printed` and `errata` per language; and
`--language` on export, printed and errata, a bad one one line."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "content" / "signal-fires"
LANGUAGES = {"en": "", "de": "de/", "fr": "fr/"}  # each language's folder under the game's
NAMES = {"en": "Watchtower", "de": "Wachturm", "fr": "Tour de guet"}  # card 1's name in each
BORDER = ("sf/cards.csv:2: warning: sf/deck in en, de, fr: border on cards 1-9 stops 3.0 mm inside the trim, "
          "within the {safe} mm safe zone: a cut that drifts shows it unevenly")


def _project(tmp_path: Path, change=None) -> Path:
    """The example's content as content/sf, its cards.csv changed by `change(rows)`."""
    shutil.copytree(EXAMPLE, tmp_path / "content" / "sf")
    if change:
        _edit(tmp_path, change)
    return tmp_path


def _edit(project: Path, change) -> None:
    path = project / "content" / "sf" / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    change(rows)
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)


def _cell(row: int, column: str, words: str):
    """A change to cards.csv: card `row`'s `column` (by its heading) made `words`."""
    def change(rows):
        rows[row][rows[0].index(column)] = words
    return change


def _run(project: Path, *args: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=project, env=env,
                          capture_output=True, text=True)


def _export(project: Path, shop: str, *args: str):
    return _run(project, "export", "--for", shop, "--out", str(project / "shop"), *args)


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def _ink(image: Image.Image) -> Image.Image:
    """Where a card image is dark (its words and lines), as a 1-bit mask."""
    return image.convert("L").point(lambda level: 255 if level < 128 else 0, mode="1")


def _trim(image: Image.Image, bleed: float) -> Image.Image:
    """A 300 dpi card image without its `bleed` (mm) a side."""
    cut = round(bleed / 25.4 * 300)
    return image.crop((cut, cut, image.width - cut, image.height - cut))


def _apart(one: Image.Image, other: Image.Image) -> int:
    """How many pixels are inked in one mask and not the other."""
    return ImageChops.logical_xor(one, other).histogram()[-1]


# --- the shops -------------------------------------------------------------------------------------

@pytest.mark.parametrize("shop, safe", [("dtc", "3.2"), ("pdfx", "3.2"), ("mbprint", "4.0")])
def test_a_press_export_has_each_language_s_words_in_its_own_folder(tmp_path, shop, safe):
    project = _project(tmp_path)
    done = _export(project, shop)
    assert done.returncode == 0, done.stderr
    for language, folder in LANGUAGES.items():
        text = _text(project / "shop" / "sf" / folder / "deck.pdf")
        assert NAMES[language] in text, (language, text[:200])
        assert all(NAMES[other] not in text for other in NAMES if other != language), (language, text[:200])
    lines = done.stderr.splitlines()
    assert BORDER.format(safe=safe) in lines  # the same finding in three languages: said once, naming them
    assert len(lines) == len(set(lines)) and not any("sf/de/deck" in line for line in lines), lines


def test_a_fitted_deck_is_said_once_not_once_a_language(tmp_path):
    done = _export(_project(tmp_path), "mbprint")
    fitted = [line for line in done.stderr.splitlines() if "fitted onto" in line]
    assert fitted == ["sf/game.yaml:14: warning: deck: 63.5 x 88.9 mm cards fitted onto the 63 x 88 mm poker MB "
                      "Print (and other European shops) sells, at 98.99 % (uniformly, centred, its bleed art kept)"]


@pytest.mark.parametrize("shop, files", [("tgc", 10), ("mpc", 10), ("dtc", 1), ("mbprint", 1), ("pdfx", 1)])
def test_the_print_guide_lists_every_language_s_files_and_count(tmp_path, shop, files):
    project = _project(tmp_path)
    assert _export(project, shop).returncode == 0
    guide = (project / "shop" / "PRINT-GUIDE.txt").read_text(encoding="utf-8")
    for folder in LANGUAGES.values():
        line = next(line for line in guide.splitlines() if line.startswith(f"  sf/{folder}deck: "))
        assert line.startswith(f"  sf/{folder}deck: 9 cards, ") and line.endswith(f"; {files} file{'s' * (files > 1)}."), line


@pytest.mark.parametrize("shop, name, bleed", [("tgc", "face-01.png", 3.175), ("mpc", "face-01.png", 3.048),
                                               ("cricut", "card-01.png", 0.0)])
def test_a_card_image_carries_its_language_s_words(tmp_path, shop, name, bleed):
    """Each language's image of card 1 is inked as the German (or French, English) card's PDF page
    is, read from the DriveThruCards export's words, and not as another language's."""
    project = _project(tmp_path)
    assert _export(project, shop).returncode == 0
    pdfs = _run(project, "export", "--for", "dtc", "--out", str(project / "pdf"))
    assert pdfs.returncode == 0, pdfs.stderr
    images = {language: Image.open(project / "shop" / "sf" / folder / "deck" / name) for language, folder in LANGUAGES.items()}
    pages = {}
    for language, folder in LANGUAGES.items():
        path = project / "pdf" / "sf" / folder / "deck.pdf"
        front = next(page for page in pypdf.PdfReader(path).pages if NAMES[language] in page.extract_text())
        page = pypdfium2.PdfDocument(path)[front.page_number]
        pages[language] = _ink(_trim(page.render(scale=300 / 72).to_pil(), 3.175))
    for language, image in images.items():
        ink = _ink(_trim(image.convert("RGB"), bleed).resize(pages[language].size))
        mine = _apart(ink, pages[language])
        assert all(mine * 3 < _apart(ink, pages[other]) for other in LANGUAGES if other != language), language


def test_tts_exports_each_language_with_its_own_saved_object(tmp_path):
    project = _project(tmp_path)
    done = _export(project, "tts")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    saved, guids, sheets = {}, set(), {}
    for language, folder in LANGUAGES.items():
        saved[language] = json.loads((project / "shop" / f"sf-{language}.json").read_text(encoding="utf-8"))
        assert saved[language]["SaveName"] == f"Signal Fires ({language})"
        deck = saved[language]["ObjectStates"][0]
        assert deck["Nickname"] == f"Deck ({language})" and len(deck["ContainedObjects"]) == 9
        face = deck["CustomDeck"]["1"]["FaceURL"]
        assert face.startswith((project / "shop" / "sf" / folder / "deck").resolve().as_uri() + "/faces-1-"), face
        sheets[language] = Image.open(Path(face.removeprefix("file://"))).convert("RGB")
        guids |= {deck["GUID"], *(card["GUID"] for card in deck["ContainedObjects"])}
    assert len(guids) == 3 * 10  # no object of one language's takes another's place on one table
    assert not (project / "shop" / "sf.json").exists()
    card = (0, 0, sheets["en"].width // 10, sheets["en"].height)  # the first card's cell
    assert all(sheets["en"].crop(card).tobytes() != sheets[other].crop(card).tobytes() for other in ("de", "fr"))


def test_preflight_says_which_language_s_file_is_wrong(tmp_path):
    project = _project(tmp_path)
    assert _export(project, "tgc").returncode == 0
    face = project / "shop" / "sf" / "de" / "deck" / "face-03.png"
    Image.open(face).resize((100, 140)).save(face)
    done = _run(project, "preflight", str(project / "shop"))
    assert done.returncode == 1
    wrong = [line for line in done.stderr.splitlines() if "warning" not in line]
    assert wrong and all("sf/de/deck/face-03.png" in line for line in wrong), wrong


# --- printed and errata ----------------------------------------------------------------------------

def test_printed_records_each_language_on_its_own(tmp_path):
    project = _project(tmp_path)
    done = _run(project, "printed")
    assert done.returncode == 0, done.stderr
    games = json.loads((project / "printed.json").read_text(encoding="utf-8"))["games"]
    assert set(games) == {"sf", "sf/de", "sf/fr"}
    for language, slug in (("en", "sf"), ("de", "sf/de"), ("fr", "sf/fr")):
        words = [word for card in games[slug]["cards"]["deck"].values() for entry in card for word in entry["words"]]
        assert NAMES[language] in words and all(NAMES[other] not in words for other in NAMES if other != language)



def test_an_edit_in_german_makes_a_german_errata_pack_of_that_card_only(tmp_path):
    project = _project(tmp_path)
    (project / "templates").mkdir()
    german = (ROOT / "templates" / "errata.j2").read_text(encoding="utf-8").replace(
        "{% set heading %}{% trans %}{{ title }} · errata since {{ date }}{% endtrans %}{% endset %}",
        "{% set heading %}{{ title }} · Errata seit {{ date }}{% endset %}")
    assert "Errata seit" in german
    (project / "templates" / "errata.de.j2").write_text(german, encoding="utf-8")
    assert _run(project, "printed").returncode == 0
    _edit(project, _cell(2, "text.de", "Ziehe zwei Karten."))
    done = _run(project, "errata", "--out", str(project / "out"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "sf: no card changed since " + _printed_on(project) + "; no errata to print"
    assert done.stdout.splitlines()[2] == "sf/fr: no card changed since " + _printed_on(project) + "; no errata to print"
    assert not (project / "out" / "sf" / "errata.pdf").exists() and not (project / "out" / "sf" / "fr").exists()
    pages = [page.extract_text() for page in pypdf.PdfReader(project / "out" / "sf" / "de" / "errata.pdf").pages]
    assert "Errata seit" in pages[0] and "Seite 1 von" in pages[0]  # its template's and printkit's words in German
    assert "Ziehe eine Karte. → Ziehe zwei Karten." in " ".join(pages[0].split())
    cards = " ".join(pages[1:])
    assert "Anzündholz" in cards and "Ziehe zwei Karten." in cards
    assert not any(name in cards for name in ("Wachturm", "Kindling", "Petit bois", "Leuchtfeuer"))


def test_an_edit_in_english_makes_an_english_pack_with_the_english_words(tmp_path):
    project = _project(tmp_path)
    (project / "templates").mkdir()
    (project / "templates" / "errata.de.j2").write_text("{% extends 'errata.j2' %}{% set heading %}Errata seit"
                                                        "{% endset %}", encoding="utf-8")
    assert _run(project, "printed").returncode == 0
    _edit(project, _cell(9, "text", "The game ends at once."))
    done = _run(project, "errata", "--out", str(project / "out"))
    assert done.returncode == 0, done.stderr
    text = _text(project / "out" / "sf" / "errata.pdf")
    assert "errata since" in text and "Errata seit" not in text and "page 1 of" in text
    assert not (project / "out" / "sf" / "de").exists() and not (project / "out" / "sf" / "fr").exists()


def _printed_on(project: Path) -> str:
    return json.loads((project / "printed.json").read_text(encoding="utf-8"))["games"]["sf"]["date"]


# --- --language ------------------------------------------------------------------------------------

def test_export_in_one_language(tmp_path):
    project = _project(tmp_path)
    done = _export(project, "dtc", "--language", "de")
    assert done.returncode == 0, done.stderr
    assert sorted(path.relative_to(project / "shop").as_posix() for path in (project / "shop").rglob("*.pdf")) == \
        ["sf/de/deck.pdf"]
    assert NAMES["de"] in _text(project / "shop" / "sf" / "de" / "deck.pdf")
    guide = (project / "shop" / "PRINT-GUIDE.txt").read_text(encoding="utf-8")
    assert "  sf/de/deck: 9 cards" in guide and "  sf/deck:" not in guide and "sf/fr" not in guide
    assert "sf/deck in" not in done.stderr  # one language: its warnings its own, as they were


def test_a_game_named_is_exported_in_every_language(tmp_path):
    project = _project(tmp_path)
    assert _export(project, "dtc", "sf").returncode == 0
    assert sorted(path.relative_to(project / "shop").as_posix() for path in (project / "shop").rglob("*.pdf")) == \
        ["sf/de/deck.pdf", "sf/deck.pdf", "sf/fr/deck.pdf"]


def test_printed_and_errata_in_one_language(tmp_path):
    project = _project(tmp_path)
    done = _run(project, "printed", "--language", "de")
    assert done.returncode == 0, done.stderr
    assert set(json.loads((project / "printed.json").read_text(encoding="utf-8"))["games"]) == {"sf/de"}
    assert _run(project, "printed").returncode == 0
    _edit(project, _cell(2, "text.de", "Ziehe zwei Karten."))
    _edit(project, _cell(2, "text.fr", "Piochez deux cartes."))
    done = _run(project, "errata", "--language", "fr", "--out", str(project / "out"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("out/sf/fr/errata.pdf  ") or "sf/fr/errata.pdf" in done.stdout.splitlines()[0]
    assert len(done.stdout.splitlines()) == 1
    assert "Piochez deux cartes." in _text(project / "out" / "sf" / "fr" / "errata.pdf")
    assert not (project / "out" / "sf" / "de").exists()


@pytest.mark.parametrize("command", [("export", "--for", "dtc"), ("printed",), ("errata",)])
@pytest.mark.parametrize("language, message", [
    ("es", "printkit: error: --language es: no game chosen is printed in it (its languages: de, en, fr)"),
    ("German", "printkit: error: --language 'German' is not a language's code (two or three lower-case letters: "
               "de, fr)"),
])
def test_a_bad_language_is_one_line(tmp_path, command, language, message):
    project = _project(tmp_path)
    done = _run(project, *command, "--language", language)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == message
    assert [line for line in done.stderr.splitlines() if line.startswith("printkit: error:")] == [message]
    assert sorted(path.name for path in project.iterdir()) == ["content"]  # nothing written


def test_a_shop_that_sells_no_such_card_says_so_once(tmp_path):
    project = _project(tmp_path)
    done = _export(project, "meinspiel")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "sf/game.yaml:14: deck: MeinSpiel does not sell 63.5 x 88.9 mm cards; it sells (nearest first) playing card "
        "59 x 91 mm, large playing card 62 x 100 mm; tgc, mpc, dtc, mbprint, pdfx, cricut, tts take them"]
    assert not (project / "shop").exists()


def test_only_the_same_finding_at_the_same_line_is_said_once():
    from printkit.ground.errors import Problem
    from printkit.targets.languages import said_once

    products = [{"product": f"sf/{folder}deck", "source": "sf/deck", "language": language}
                for language, folder in LANGUAGES.items()] + [{"product": "other/deck"}]
    same = "frame on card 2 stops 3.0 mm inside the trim"
    found = said_once([Problem("sf/cards.csv", 3, f"sf/fr/deck: {same}"), Problem("sf/cards.csv", 3, f"sf/deck: {same}"),
                       Problem("sf/cards.csv", 4, "sf/de/deck: text on card 3 is 2.1 mm from the trim"),
                       Problem("sf/cards.csv", 5, f"sf/de/deck: {same}"),
                       Problem("other/cards.csv", 3, f"other/deck: {same}")], products)
    assert [str(problem) for problem in found] == [
        f"sf/cards.csv:3: sf/deck in en, fr: {same}",
        "sf/cards.csv:4: sf/de/deck: text on card 3 is 2.1 mm from the trim",
        f"sf/cards.csv:5: sf/de/deck: {same}",
        f"other/cards.csv:3: other/deck: {same}"]


def test_a_kit_exported_in_german_is_its_german_cards(tmp_path):
    """numbered-cards is printed in English and German (its game.yaml's `languages: [en, de]`):
    exported --language de, its German cards alone, with no word of them said untranslated."""
    made = _run(tmp_path, "new", str(tmp_path / "kit"), "--example", "numbered-cards")
    assert made.returncode == 0, made.stderr
    done = _export(tmp_path / "kit", "dtc", "--language", "de")
    assert done.returncode == 0, done.stderr
    assert "not translated" not in done.stderr
    assert [path.relative_to(tmp_path / "kit" / "shop").as_posix()
            for path in (tmp_path / "kit" / "shop").rglob("*.pdf")] == ["numbered-cards/de/ability-cards.pdf"]
    words = _text(tmp_path / "kit" / "shop" / "numbered-cards" / "de" / "ability-cards.pdf")
    assert "Tausche zwei Karten." in words and "Swap two cards." not in words

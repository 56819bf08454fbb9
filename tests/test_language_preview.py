"""The proofing page of a game printed in several languages (issue 44, item 3): `printkit preview`
of the Signal Fires example (en, de, fr) shows one game with a language switch (English / Deutsch /
Français, the source first), each language's pages and cards in a block of its own that links that
language's own pictures (read back: the German deck's PDF says the German words); a game without
`languages:` gets the page it always got; and in serve, a save of one language's cell redraws that
language's pictures only. The switch in a real browser is tests/test_language_serve_browser.py."""

from __future__ import annotations

import csv
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT
from printkit.games import project_games
from printkit.live.languages import game_of
from printkit.live.preview import preview
from printkit.live.serve import Proofing
from printkit.load.options import Options
from printkit.plan.geometry import MM_PER_INCH, PAPERS

SLUG = "signal-fires"
POKER = (63.5, 88.9)  # mm, the example's cards: poker, 2.5 x 3.5 in
A4 = (210.0, 297.0)
MAIN = "9abea2b"  # main before the language switch: its template, for a page without languages


class Page(HTMLParser):
    """Every element's tag and attributes, with the elements it is inside and the text in it."""

    VOID = {"img", "meta", "link", "input", "br", "ellipse", "rect", "line"}

    def __init__(self, html: str):
        super().__init__()
        self.elements, self.open = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "inside": list(self.open), "text": ""}
        self.elements.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "inside": list(self.open), "text": ""})

    def handle_endtag(self, tag):
        while self.open and self.open.pop()["tag"] != tag:
            pass

    def handle_data(self, data):
        for element in self.open:
            element["text"] += data

    def find(self, tag: str, **attrs) -> list[dict]:
        return [e for e in self.elements if e["tag"] == tag and all(e["attrs"].get(k.rstrip("_")) == v
                                                                   for k, v in attrs.items())]


def _project(tmp_path: Path, game: str = SLUG) -> Path:
    """A project of one of the examples: its content and its templates."""
    shutil.copytree(ROOT / "examples" / "content" / game, tmp_path / "content" / game)
    if (ROOT / "examples" / "templates" / game).is_dir():
        shutil.copytree(ROOT / "examples" / "templates" / game, tmp_path / "templates" / game)
    return tmp_path


def _preview(project: Path, **kwargs):
    games = list(project_games(project / "content").values())
    return preview(games, project / "content", project / "out", Options(PAPERS["a4"]), **kwargs)


def _block(page: Page, language: str) -> dict:
    found = [e for e in page.find("div") if e["attrs"].get("id") == f"{SLUG}/{language}"]
    assert len(found) == 1, [e["attrs"] for e in page.find("div")]
    return found[0]


def _in(page: Page, block: dict, tag: str) -> list[dict]:
    return [e for e in page.elements if e["tag"] == tag and block in e["inside"]]


def test_a_built_file_belongs_to_the_game_of_the_longest_slug_it_is_under():
    slugs = ["sf", "sf/de", "sf/fr", "other"]
    assert game_of("sf/de/deck.pdf", slugs) == ("sf/de", "deck.pdf")
    assert game_of("sf/deck.pdf", slugs) == ("sf", "deck.pdf")
    assert game_of("sf/setup/scenario-01.pdf", slugs) == ("sf", "setup/scenario-01.pdf")
    assert game_of("sf/fr/setup/scenario-01.pdf", slugs) == ("sf/fr", "setup/scenario-01.pdf")


def test_the_index_shows_one_game_and_links_each_languages_own_pictures(tmp_path):
    project = _project(tmp_path)
    _preview(project)
    out = project / "out"
    page = Page((out / "index.html").read_text(encoding="utf-8"))
    assert [h["text"] for h in page.find("h2") if "id" in h["attrs"]] == ["Signal Fires"]  # one game, once
    words = {"en": "Watchtower", "de": "Wachturm", "fr": "Tour de guet"}  # card 1's name in each
    for language, folder in (("en", SLUG), ("de", f"{SLUG}/de"), ("fr", f"{SLUG}/fr")):
        block = _block(page, language)
        cards = [e for e in _in(page, block, "figure") if "card" in e["attrs"].get("class", "").split()]
        assert len(cards) == 9 and {c["attrs"]["data-game"] for c in cards} == {folder}
        pictures = [e["attrs"]["src"] for e in _in(page, block, "img") if "card-" in e["attrs"]["src"]]
        assert f"preview/{folder}/deck/card-01.png" in pictures
        assert all(src.startswith(f"preview/{folder}/") and "/de/" not in src.removeprefix(f"preview/{folder}/")
                   for src in pictures)
        pdfs = [e["attrs"]["href"] for e in _in(page, block, "a") if e["attrs"].get("href", "").endswith(".pdf")]
        assert pdfs == [f"{folder}/print-guide.pdf", f"{folder}/deck.pdf"]
        # the PDF its block links says its own words, on A4; its card picture is a poker card
        reader = pypdf.PdfReader(out / folder / "deck.pdf")
        assert words[language] in reader.pages[0].extract_text()
        width, height = (float(v) / 72 * MM_PER_INCH for v in reader.pages[0].mediabox[2:])
        assert abs(width - A4[0]) <= 0.05 and abs(height - A4[1]) <= 0.05
        png = (out / f"preview/{folder}/deck/card-01.png").read_bytes()
        across, down = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        # one pixel at 100 dpi is 0.254 mm: the picture is the card's trim to a pixel
        assert abs(across - POKER[0] * 100 / MM_PER_INCH) <= 1 and abs(down - POKER[1] * 100 / MM_PER_INCH) <= 1
    # the source's block shows without a script or a link followed; the others only when chosen
    assert "source" in _block(page, "en")["attrs"]["class"].split()
    assert all("translation" in _block(page, lang)["attrs"]["class"].split() for lang in ("de", "fr"))


def test_the_switch_names_each_language_in_its_own_words_the_source_first(tmp_path):
    project = _project(tmp_path)
    _preview(project)
    page = Page((project / "out" / "index.html").read_text(encoding="utf-8"))
    for language in ("en", "de", "fr"):
        block = _block(page, language)
        switches = [e for e in _in(page, block, "nav") if e["attrs"].get("class") == "language-switch"]
        assert len(switches) == 1
        switch = switches[0]
        label = page.find("span", id=switch["attrs"]["aria-labelledby"])  # its name, as a screen reader says it
        assert [e["text"] for e in label] == ["Language of Signal Fires:"]
        links = [e for e in page.elements if e["tag"] == "a" and switch in e["inside"]]
        assert [e["text"] for e in links] == ["English", "Deutsch", "Français"]
        assert [e["attrs"]["href"] for e in links] == [f"#{SLUG}/en", f"#{SLUG}/de", f"#{SLUG}/fr"]
        assert [e["attrs"]["hreflang"] for e in links] == [e["attrs"]["lang"] for e in links] == ["en", "de", "fr"]
        assert [e["attrs"].get("aria-current") for e in links] == [
            "true" if code == language else None for code in ("en", "de", "fr")]
    contents = page.find("nav", class_="contents")[0]
    reached = [e["attrs"]["href"] for e in page.elements if e["tag"] == "a" and contents in e["inside"]]
    assert {f"#{SLUG}/de", f"#{SLUG}/fr", f"#{SLUG}-deck"} <= set(reached)  # each language one link away


def _main_template(tmp_path: Path) -> Path | None:
    try:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{MAIN}:templates/preview/index.html.j2"],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    folder = tmp_path / "main" / "templates" / "preview"
    folder.mkdir(parents=True)
    (folder / "index.html.j2").write_text(text, encoding="utf-8")
    return tmp_path / "main" / "templates"


def test_a_game_without_languages_gets_the_page_it_always_got(tmp_path):
    """The index of a game without `languages:` is byte for byte what main's template made of it."""
    old = _main_template(tmp_path)
    if old is None:
        pytest.skip(f"no git history with {MAIN} here")
    _project(tmp_path / "now", "harbour-masters")
    shutil.copytree(tmp_path / "now", tmp_path / "then")
    shutil.copytree(old, tmp_path / "then" / "templates", dirs_exist_ok=True)  # a project's own template is the one used
    pages = []
    for project in (tmp_path / "now", tmp_path / "then"):
        _preview(project)
        pages.append((project / "out" / "index.html").read_bytes())
    assert b"language-switch" not in pages[0] and b"in-language" not in pages[0]
    assert pages[0] == pages[1]


def _pictures(out: Path) -> dict[str, int]:
    return {path.relative_to(out).as_posix(): path.stat().st_mtime_ns for path in (out / "preview").rglob("*.png")}


def test_in_serve_a_save_of_one_languages_cell_redraws_only_its_pictures(tmp_path):
    project = _project(tmp_path)
    content, out = project / "content", project / "out"
    games = list(project_games(content).values())
    said, complaints = [], []
    proofing = Proofing(games, content, out, Options(PAPERS["a4"]), 100, said.append, complaints.append,
                        find=lambda: list(project_games(content).values()))
    proofing.rebuild([])
    before, versions = _pictures(out), proofing._versions()
    assert any(path.startswith(f"preview/{SLUG}/de/deck/card-") for path in before), sorted(before)
    cards = content / SLUG / "cards.csv"
    rows = list(csv.reader(cards.open(encoding="utf-8")))
    column = rows[0].index("text.de")
    rows[1][column] = "Sieh dir die unterste Karte an."  # card 1's German words, as a translator saves them
    with cards.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)
    proofing.rebuild([str(cards)])
    assert not complaints, complaints
    after, now = _pictures(out), proofing._versions()
    redrawn = sorted(path for path in after if before.get(path) != after[path])
    assert f"preview/{SLUG}/de/deck/card-01.png" in redrawn
    assert all(path.startswith(f"preview/{SLUG}/de/") for path in redrawn), redrawn
    changed = sorted(path for path in now if versions.get(path) != now[path])
    assert changed and all(path.startswith(f"preview/{SLUG}/de/deck/") for path in changed), changed
    assert "Sieh dir die unterste Karte an." in pypdf.PdfReader(out / SLUG / "de" / "deck.pdf").pages[0].extract_text()


def test_in_serve_a_german_card_changed_since_printed_shows_its_german_pictures(tmp_path):
    """`printkit printed` records each language as a game (signal-fires/de); serve's "changed since
    printed" finds that game's pictures: the German card as printed and as it is now."""
    from printkit.live.errata.commands import printed

    project = _project(tmp_path)
    content, out = project / "content", project / "out"
    games = list(project_games(content).values())
    proofing = Proofing(games, content, out, Options(PAPERS["a4"]), 100, [].append, [].append,
                        find=lambda: list(project_games(content).values()))
    proofing.rebuild([])
    printed(games, content, Options(PAPERS["a4"]), False)
    proofing.printed()  # as serve does when printed.json is written: the cards as they look kept
    cards = content / SLUG / "cards.csv"
    rows = list(csv.reader(cards.open(encoding="utf-8")))
    rows[1][rows[0].index("text.de")] = "Sieh dir die unterste Karte an."
    with cards.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)
    proofing.rebuild([str(cards)])
    listed = proofing.printed()["games"]
    assert [game["title"] for game in listed] == ["Signal Fires (English)", "Signal Fires (Deutsch)",
                                                  "Signal Fires (Français)"]
    found = {game["game"]: game["changes"] for game in listed}
    assert found[SLUG] == [] and found[f"{SLUG}/fr"] == []
    (change,) = found[f"{SLUG}/de"]
    assert (change["product"], change["name"]) == ("deck", "beacon 1")
    assert change["image"] == f"preview/{SLUG}/de/deck/card-01.png"
    assert change["printed"] and change["printed"].startswith(f"preview/{SLUG}/de/_printed/")
    assert (out / change["printed"]).read_bytes() != (out / change["image"]).read_bytes()


def test_a_game_named_to_preview_is_previewed_in_all_its_languages(tmp_path):
    """`printkit preview signal-fires`, as `printkit build signal-fires`: its German and French too."""
    import os
    import sys

    project = _project(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off"}
    done = subprocess.run([sys.executable, "-m", "printkit", "preview", SLUG, "--content", "content", "--out", "out"],
                          cwd=project, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "previewed 6 files" in done.stdout
    page = Page((project / "out" / "index.html").read_text(encoding="utf-8"))
    for language in ("en", "de", "fr"):
        assert _in(page, _block(page, language), "figure")


@pytest.mark.parametrize("code, name", [("de", "Deutsch"), ("fr", "Français"), ("pt-BR", "Português (Brasil)"),
                                        ("de-CH", "Deutsch (Schweiz)"), ("xx", "xx")])
def test_the_switch_names_a_region_language_in_its_own_words(code, name):
    from printkit.live.languages import own_name
    assert own_name(code) == name

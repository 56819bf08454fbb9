"""The README's "Make your own game" is the game `printkit new` makes: its game.yaml and rules.j2
are the starter's files as they are, and its spreadsheet, tokens and score sheet build; the
mistakes it quotes are the lines printkit prints."""

from __future__ import annotations

import re

from declared import STARTER, starter_project
from docs import DOCS_TEXT as README, block  # the README and every page of docs/
from readback import pages
from test_declared import STARTER_SLUG, build, cards_on, run


def test_the_readme_shows_the_starter_files_as_they_are():
    assert block("starter", "game.yaml") == (STARTER / "content" / STARTER_SLUG / "game.yaml").read_text("utf-8")
    assert block("starter", "rules.j2") == (STARTER / "templates" / STARTER_SLUG / "rules.j2").read_text("utf-8")


def test_the_readme_spreadsheet_tokens_and_score_sheet_build(tmp_path, capsys, monkeypatch):
    project = starter_project(tmp_path / "project")
    game = project / "content" / STARTER_SLUG / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("      - {number")]
    text = "".join(kept).replace("    cards:  ", "    cards: cards.csv  ")
    text = text.replace("\n  rules:\n", "\n" + block("example", "products") + "\n  rules:\n")
    game.write_text(text, encoding="utf-8")
    (game.parent / "cards.csv").write_text(block("example", "cards.csv"), encoding="utf-8")
    code, out, err = build(project, capsys, monkeypatch, STARTER_SLUG)
    assert code == 0, err
    assert err == ""
    folder = project / "out" / STARTER_SLUG
    (front, _) = pages(folder / "deck.pdf")
    assert len(cards_on(front)) == 3  # card 1, and card 2 twice
    chips = pages(folder / "chips.pdf")
    assert sum(len(cards_on(page)) for page in chips[0::2]) == 40
    assert (folder / "score-sheet.pdf").is_file()


def test_the_mistake_the_readme_quotes_is_what_printkit_prints(tmp_path, capsys, monkeypatch):
    quoted = re.search(r"For example `(three-skies/game\.yaml:\d+:\n[^`]*)`", README).group(1).replace("\n", " ")
    project = starter_project(tmp_path / "project")
    game = project / "content" / STARTER_SLUG / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("corners: true", "corner: true"), encoding="utf-8")
    code, _, err = run(project, capsys, monkeypatch, "validate", STARTER_SLUG, "--content", "content")
    assert (code, err) == (1, quoted + "\n")

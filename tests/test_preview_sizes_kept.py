"""Each picture's size as serve's page keeps its room (Shown.sizes): kept from the last preview of
the process for the pictures whose pixels are as they were, read from the file for the others
(a deck of 1,000's 1,224 headers are not read again for a one-card edit)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

import printkit.live.preview as shown
from printkit.games import project_games
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS
from test_serve_speed import GAME, edit, make


def previewed(project: Path, earlier: dict | None = None) -> dict:
    content, out = project / "content", project / "output"
    games = [project_games(content)[GAME]]
    _, every = shown.preview(games, content, out, Options(PAPERS["a4"]), 30, other_papers=False, earlier=earlier)
    return {file.pdf: file for file in every}


def real_sizes(project: Path, file) -> dict:
    sizes = {}
    for path in file.images + file.cards:
        with Image.open(project / "output" / path) as picture:
            sizes[path] = picture.size
    return sizes


def test_a_one_card_edit_reads_the_size_of_its_changed_pictures_only(tmp_path, monkeypatch):
    project = make(tmp_path, 20)
    first = previewed(project)
    read = []
    real = shown._png_size
    monkeypatch.setattr(shown, "_png_size", lambda path: read.append(path.name) or real(path))
    edit(project, '"card 11 words"', '"card 11, other words"')
    again = previewed(project, first)
    assert sorted(read) == ["card-11.png", "page-03.png"]
    (deck,) = [file for file in again.values() if file.cards]
    assert deck.sizes == real_sizes(project, deck)


def test_pictures_drawn_at_another_size_have_their_new_size(tmp_path):
    """The deck's cards made bigger: every card's picture and its size new, none kept."""
    project = make(tmp_path, 20)
    first = previewed(project)
    edit(project, "size: poker", "size: tarot")
    again = previewed(project, first)
    (before,) = [file for file in first.values() if file.cards]
    (deck,) = [file for file in again.values() if file.cards]
    assert deck.sizes == real_sizes(project, deck)
    assert deck.sizes[deck.cards[0]] != before.sizes[before.cards[0]]

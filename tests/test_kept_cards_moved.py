"""A declared deck's cards kept planned (printkit/declared/kept_cards.py) name their images by the
path from where printkit ran: a project built again from another folder (its paths relative to
another), or moved, plans its cards again, never draws them from where the images are no longer
(a traceback), nor from another file there (a wrong picture): the PDF is the one a build with no
cache makes. (The folder the images are read from is one of the deck's shared inputs.)"""

from __future__ import annotations

import io
import shutil

from PIL import Image

from declared import SLUG, deck_yaml, game_project
from printkit.cli.main import main

# no number layer: the deck's cards are kept planned (printkit/declared/kept_cards.py), each side
# known by its row and the game's content, where the image is named relative to the game's folder
FACE = ("        name: {kind: text, field: name, x: 10, y: 60, width: 30, height: 10}\n"
        "        art: {kind: image, file: art.png, x: 10, y: 30, width: 40, height: 20}")


def _png(colour) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", (40, 20), colour).save(data, "PNG")
    return data.getvalue()


def _built(monkeypatch, where, project: str, out, cache) -> bytes:
    monkeypatch.chdir(where)
    monkeypatch.setenv("PRINTKIT_CACHE", str(cache))
    assert main(["--project", project, "build", "-q", "--out", str(out)]) == 0
    return (out / SLUG / "deck.pdf").read_bytes()


def test_a_project_built_from_its_parent_then_from_inside_it(tmp_path, monkeypatch):
    game_project(tmp_path / "kit", deck_yaml(face=FACE), {"art.png": _png((200, 40, 40))})
    cache = tmp_path / "cache"
    _built(monkeypatch, tmp_path, "kit", tmp_path / "first", cache)  # its images' paths: kit/content/...
    again = _built(monkeypatch, tmp_path / "kit", ".", tmp_path / "again", cache)
    assert again == _built(monkeypatch, tmp_path / "kit", ".", tmp_path / "fresh", "off")


def test_a_project_moved_where_another_has_other_pixels_under_the_same_path(tmp_path, monkeypatch):
    kit = game_project(tmp_path / "kit", deck_yaml(face=FACE), {"art.png": _png((200, 40, 40))})
    cache = tmp_path / "cache"
    _built(monkeypatch, tmp_path, "kit", tmp_path / "first", cache)
    shutil.move(kit, tmp_path / "moved")  # and in its place another project's image, of other pixels
    (tmp_path / "kit" / "content" / SLUG).mkdir(parents=True)
    (tmp_path / "kit" / "content" / SLUG / "art.png").write_bytes(_png((20, 40, 200)))
    again = _built(monkeypatch, tmp_path, "moved", tmp_path / "again", cache)
    assert again == _built(monkeypatch, tmp_path, "moved", tmp_path / "fresh", "off")

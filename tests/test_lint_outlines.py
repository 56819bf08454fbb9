"""The proofing page outlines what the layout lint found (issue 38, item 5): `printkit preview`'s
index.html draws a box round the layer a finding names, over the picture of the card it names
only, with the finding under the card; the pictures themselves stay what prints."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from declared import SLUG, game_project
from test_declared import run
from test_layout_lint import GAME

MM_PER_INCH = 25.4
DPI = 100
# the name set from 2 mm off the left edge on the second card only (a position bound to the data)
ONE_CARD = ("name: {kind: text, field: name, x: 14,",
            "name: {kind: text, field: name, align: left, x: \"= 2 if number > 1 else 14\",")


class Cards(HTMLParser):
    """Each card figure of the page: its name, its classes, its outlines (x, y, width, height, title)
    and the findings under it."""

    def __init__(self):
        super().__init__()
        self.cards, self._in, self._title = [], None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure" and "card" in (attrs.get("class") or "").split():
            self._in = {"name": attrs["data-name"], "class": attrs["class"], "boxes": [], "findings": []}
            self.cards.append(self._in)
        elif self._in is not None and tag == "rect" and attrs.get("class") == "flag":
            self._in["boxes"].append([float(attrs[key]) for key in ("x", "y", "width", "height")])
        elif self._in is not None and tag == "span" and attrs.get("class") == "finding":
            self._in["findings"].append("")
            self._title = "finding"

    def handle_endtag(self, tag):
        if tag == "figure":
            self._in = None
        if tag == "span":
            self._title = False

    def handle_data(self, data):
        if self._title == "finding" and self._in is not None:
            self._in["findings"][-1] += data


def px(mm: float) -> float:
    return mm * DPI / MM_PER_INCH


def preview(tmp_path, capsys, monkeypatch):
    folder = game_project(tmp_path, GAME.replace(*ONE_CARD, 1))
    code, _, err = run(folder, capsys, monkeypatch, "preview", SLUG, "--content", "content", "--out", "out")
    parser = Cards()
    parser.feed((folder / "out" / "index.html").read_text("utf-8"))
    return folder, code, err, parser.cards


def test_the_card_a_finding_names_has_its_layer_outlined(tmp_path, capsys, monkeypatch):
    folder, code, err, cards = preview(tmp_path, capsys, monkeypatch)
    assert code == 0 and "warning: products.deck.face.layers.name: its words come 2.0 mm" in err
    first, second = cards
    assert (first["boxes"], first["findings"], "flagged" in first["class"]) == ([], [], False)
    assert "flagged" in second["class"]
    assert second["findings"] == ["warning: face.layers.name: its words come 2.0 mm from the trim, inside the 3.175 mm "
                                  "safe zone a cut may take"]
    # drawn twice: over the card in the gallery and over its full-size view
    assert len(second["boxes"]) == 2 and second["boxes"][0] == second["boxes"][1]
    x, y, width, height = second["boxes"][0]
    # round the name's words, inside its box (x 2, y 63, 35.5 x 10 mm from the top left) and 0.5 mm round them
    assert px(1.5) - 0.01 <= x <= px(2.5) and px(62.5) - 0.01 <= y and y + height <= px(73.5) + 0.01
    assert px(4) < width < px(36.5) and px(1) < height


def test_the_outline_is_drawn_by_the_page_not_into_the_picture(tmp_path, capsys, monkeypatch):
    """The outline is an SVG over the card's PNG; the PNG of the green card it is on has no red
    in it (the page's outline is #d00)."""
    from PIL import Image

    folder, _, _, _ = preview(tmp_path, capsys, monkeypatch)
    html = (folder / "out" / "index.html").read_text("utf-8")
    assert re.search(r'<svg class="flags"[^>]*>(<rect class="flag"[^>]*><title>[^<]+</title></rect>)+</svg>', html)
    (png,) = re.findall(r'<figure class="card flagged"[^>]*><a class="card" href="#[^"]*"><span class="art"[^>]*>'
                        r'<img src="([^"]+)"', html)
    image = Image.open(folder / "out" / png).convert("RGB")
    assert image.getpixel((image.width // 2, image.height // 2))[1] > 100  # the green card
    data = image.tobytes()  # three bytes a pixel (getdata is going: Pillow 14)
    assert not [pixel for pixel in zip(data[0::3], data[1::3], data[2::3])
                if pixel[0] > 180 and pixel[1] < 60 and pixel[2] < 60]

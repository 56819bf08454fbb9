"""`printkit preview`: the PNGs of every page and card, and an index.html that works from the file
system, each card under its name with trim, bleed and safe-zone guides to draw over it. The index
is parsed with the standard library's HTML parser; the PDFs are read back with pypdf, independently
of the preview code; the guides' places are worked out here by hand from the cards' sizes in mm."""

from __future__ import annotations

import math
import re
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest
import yaml
from conftest import CONTENT, PT, main
from declared import SLUG, game_project
from PIL import Image

from printkit.games import all_games
from printkit.plan.cards import plan_card_sheet
from printkit.plan.deck import DeckLayout
from printkit.plan.geometry import PAPERS
from printkit.live.preview import CUT

DPI = 20  # small, to keep the suite fast; users get 100
POKER = (63.5, 88.9)
TOKEN = (40.0, 40.0)
SAFE = 3.175  # mm, the safe zone inside the trim: 1/8 in (PRINT.md)


def _content(game: str, file: str = "game.yaml"):
    return yaml.safe_load((CONTENT / game / file).read_text(encoding="utf-8"))


def expected_cards() -> dict[str, tuple[int, tuple[float, float]]]:
    """Cards per card product, from the content and the README (not from the layout code): the deck
    is its number cards; tokens come 20 to a sheet (4 x 5, counted by eye)."""
    tokens = _content("one-too-many")["redo_tokens"]
    return {
        "ascending-row-overflow/deck.pdf": (len(_content("ascending-row-overflow")["deck"]["cards"]), POKER),
        "numbered-cards/ability-cards.pdf": (len(_content("numbered-cards")["cards"]), POKER),
        "one-too-many/redo-tokens.pdf": (math.ceil(tokens / 20) * 20, TOKEN),
    }


class Index(HTMLParser):
    """Every link and image of the page, its text by element, and its figures (PDF link, page count)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.images, self.tags, self.h2, self.ids = [], [], [], [], set()
        self.figures, self.sections = [], []
        self._open, self._in_pages, self._in_nav = [], False, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        self._in_nav = self._in_nav or tag == "nav"
        if tag == "a":
            self.links.append(attrs["href"])
            if self.figures and self.figures[-1]["pdf"] is None and attrs["href"].endswith(".pdf"):
                self.figures[-1]["pdf"] = attrs["href"]
        if tag == "img":
            self.images.append(attrs["src"])
        if tag == "figure" and attrs.get("class") != "card":  # a file's figure; a card's is `Cards`'
            self.figures.append({"pdf": None, "pages": None, "section": self.sections[-1]})
        if tag == "section":
            self.sections.append(attrs["id"])
        self._in_pages = tag == "span" and attrs.get("class") == "pages"
        self._open.append(tag)

    def handle_endtag(self, tag):
        self._in_pages = False
        self._in_nav = self._in_nav and tag != "nav"

    def handle_data(self, data):
        if self._in_pages:
            self.figures[-1]["pages"] = data
        if self._open and self._open[-1] == "h2" and data.strip() and not self._in_nav:
            self.h2.append(data.strip())
            self._open.append("done")


def parse(html: str) -> Index:
    index = Index()
    index.feed(html)
    index.close()
    return index


@pytest.fixture(scope="session")
def previewed(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("preview")
    assert main(["preview", "--content", str(CONTENT), "--out", str(out), "--dpi", str(DPI)]) == 0
    return out


@pytest.fixture(scope="session")
def index(previewed) -> Index:
    return parse((previewed / "index.html").read_text(encoding="utf-8"))


def pdf_pages(path: Path) -> int:
    return len(pypdf.PdfReader(path).pages)


def built_pdfs(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.pdf"))


def test_every_link_and_image_is_relative_and_exists(previewed, index):
    targets = [t for t in index.links + index.images if not t.startswith("#")]
    anchors = [t[1:] for t in index.links if t.startswith("#")]
    assert anchors and set(anchors) <= index.ids  # every link within the page goes somewhere on it
    assert len(index.images) > 300 and len(index.links) > 300
    for target in targets:
        assert not re.match(r"^[a-z]+:|^/", target), target  # no scheme (http:, file:), no absolute path
        path = (previewed / target).resolve()
        assert path.is_relative_to(previewed.resolve()) and path.is_file(), target


def test_every_picture_keeps_its_room_before_it_loads(previewed):
    """Each <img> says its PNG's width and height, read here with Pillow: a page that loads its
    pictures lazily then never moves what is below them (a link to a product lands on it)."""
    html = (previewed / "index.html").read_text(encoding="utf-8")
    tags = re.findall(r'<img src="([^"]+)" alt="[^"]*" loading="lazy"( width="(\d+)" height="(\d+)")?>', html)
    assert len(tags) > 300 and len(tags) == html.count("<img ")
    for src, sized, width, height in tags:
        with Image.open(previewed / src) as image:
            assert sized and (int(width), int(height)) == image.size, src


def test_the_page_needs_no_server(previewed, index):
    html = (previewed / "index.html").read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html and "//" not in "".join(index.links + index.images)
    assert not {"link", "iframe", "object"} & set(index.tags)  # no outside style sheets or frames
    # one, printkit's own beside it (what the keyboard needs; it remembers the guides): nothing inline
    assert index.tags.count("script") == 1 and '<script src="preview/page.js" defer></script>' in html
    assert (previewed / "preview" / "page.js").is_file() and "<script>" not in html


def test_every_product_of_every_game_is_shown_with_its_real_page_count(previewed, index):
    shown = {figure["pdf"]: figure for figure in index.figures}
    pdfs = built_pdfs(previewed)
    assert len(pdfs) == len(shown) == 80  # Cross Sums: saddle volumes, aid, log (13); setup-sheets (43)
    for path in pdfs:
        figure = shown[path.relative_to(previewed).as_posix()]
        pages = pdf_pages(path)
        assert figure["pages"] == f"{pages} page{'s' * (pages != 1)}", path
    sections = {figure["section"] for figure in index.figures}
    assert sections == {f"{game.slug}-{product.name}" for game in all_games().values() for product in game.products}
    assert index.h2 == [game.title for game in all_games().values()]  # the content's titles, in order


def test_a_png_for_every_page_with_the_page_shape(previewed):
    for path in built_pdfs(previewed):
        folder = previewed / "preview" / path.relative_to(previewed).with_suffix("")
        reader = pypdf.PdfReader(path)
        pngs = sorted(folder.glob("page-*.png"))
        assert len(pngs) == len(reader.pages), path
        for png, page in zip(pngs, reader.pages):
            width, height = float(page.mediabox.width) * PT, float(page.mediabox.height) * PT
            with Image.open(png) as image:
                assert abs(image.width - width / 25.4 * DPI) <= 1 and abs(image.height - height / 25.4 * DPI) <= 1, png


def test_a_png_for_every_card_of_a_deck_cut_at_its_trim(previewed):
    cards = expected_cards()
    for path in built_pdfs(previewed):
        name = path.relative_to(previewed).as_posix()
        count, size = cards.get(name, (0, None))
        pngs = sorted((previewed / "preview" / Path(name).with_suffix("")).glob("card-*.png"))
        assert len(pngs) == count, name
        for png in pngs:
            with Image.open(png) as image:
                assert abs(image.width - size[0] / 25.4 * DPI) <= 1, png
                assert abs(image.height - size[1] / 25.4 * DPI) <= 1, png
                assert image.convert("L").getextrema()[0] < 100, f"{png} is blank"


def test_card_pngs_follow_the_paper_and_the_duplex_choice(cli):
    code, out, _ = cli("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "10",
                       "--paper", "letter", "--duplex", "none")
    assert code == 0, out
    folder = Path("out/preview/numbered-cards/ability-cards")
    assert len(list(folder.glob("page-*.png"))) == pdf_pages(Path("out/numbered-cards/ability-cards.pdf")) == 2
    assert len(list(folder.glob("card-*.png"))) == 18
    with Image.open(folder / "page-01.png") as page:
        assert abs(page.width / page.height - 215.9 / 279.4) < 0.01
    html = Path("out/index.html").read_text(encoding="utf-8")
    assert "Fronts only" in html and "flip on long edge" not in html.split('id="numbered-cards-ability-cards"')[1]


def test_a_title_from_content_is_escaped(cli, project):
    game = project / "content" / "numbered-cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    title = re.search(r"^title: (.*)$", text, re.M)
    game.write_text(text.replace(title.group(0), 'title: "Sets <b>19</b> & <script>x</script>"'), encoding="utf-8")
    code, out, err = cli("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "10")
    assert code == 0, err
    html = Path("out/index.html").read_text(encoding="utf-8")
    assert "Sets &lt;b&gt;19&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt;" in html
    index = parse(html)
    assert index.h2 == ["Sets <b>19</b> & <script>x</script>"]
    assert "b" not in index.tags and index.tags.count("script") == 1  # the page's own, none from the title


def test_unchanged_pdfs_are_not_rendered_again(cli, project):
    args = ("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "10")
    assert cli(*args)[1].startswith("previewed 5 files: 26 PNGs (26 rendered)")
    page = Path("out/preview/numbered-cards/score-pad/page-01.png")
    before = page.stat().st_mtime_ns
    assert "(0 rendered)" in cli(*args)[1]
    assert page.stat().st_mtime_ns == before
    game = project / "content" / "numbered-cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: ", "title: New ", 1), encoding="utf-8")
    assert "(26 rendered)" in cli(*args)[1]  # the title is on every product


def test_after_a_one_card_edit_only_the_pngs_that_look_different_are_written(cli, project):
    """The deck's PDF changed, so its pages are rendered again; but a PNG whose pixels are those
    the stamp recorded is left as it was (not encoded, not written): the other cards, the backs."""
    args = ("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "20")
    cli(*args)
    folder = Path("out/preview/numbered-cards/ability-cards")
    before = {png.name: (png.stat().st_mtime_ns, png.read_bytes()) for png in folder.glob("*.png")}
    game = project / "content" / "numbered-cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("Swap two cards.", "Swap any two cards."), encoding="utf-8")
    cli(*args)
    after = {png.name: (png.stat().st_mtime_ns, png.read_bytes()) for png in folder.glob("*.png")}
    assert sorted(after) == sorted(before)
    rewritten = sorted(name for name in after if after[name][0] != before[name][0])
    assert rewritten == ["card-02.png", "page-01.png"]  # card 2 and the front page it is on
    assert all(after[name][1] != before[name][1] for name in rewritten)


def test_pngs_of_a_preview_that_cut_cards_at_their_trim_are_rendered_again(cli):
    """Card PNGs hold the bleed now: those an older printkit cut at the trim, with a stamp that
    does not say how cards were cut, are not current."""
    args = ("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "10")
    cli(*args)
    for stamp in Path("out/preview").rglob(".stamp"):
        stamp.write_text(stamp.read_text(encoding="utf-8").replace(f" {CUT}", ""), encoding="utf-8")
    assert "(26 rendered)" in cli(*args)[1]


def test_a_preview_at_another_resolution_renders_again(cli):
    args = ("preview", "numbered-cards", "--content", "content", "--out", "out")
    cli(*args, "--dpi", "10")
    assert "(26 rendered)" in cli(*args, "--dpi", "12")[1]
    with Image.open("out/preview/numbered-cards/rules/page-01.png") as image:
        assert abs(image.width - 210 / 25.4 * 12) <= 1


def test_a_bad_dpi_is_a_usage_error(cli):
    assert cli("preview", "--dpi", "0")[0] == 2


def test_deck_layout_puts_each_face_on_a_front_page():
    sheet = plan_card_sheet(PAPERS["a4"])
    faces = DeckLayout(sheet, 11, "long").faces()
    assert [page for page, _ in faces] == [0] * 9 + [2] * 2
    assert faces[9][1] == sheet.slots[0].trim and faces[10][1] == sheet.slots[1].trim
    assert [page for page, _ in DeckLayout(sheet, 11, "none").faces()] == [0] * 9 + [1] * 2
    assert DeckLayout(sheet, 11, "short").pages == 4 and DeckLayout(sheet, 9, "none").pages == 1


def test_the_first_card_is_cut_from_where_the_grid_puts_it(previewed):
    """A4 deck: a centred 3 x 3 grid of 63.5 x 88.9 mm cards, so card 1's top left corner lies
    (210 - 3 x 63.5) / 2 mm from the left and (297 - 3 x 88.9) / 2 mm from the top."""
    folder = previewed / "preview" / "ascending-row-overflow" / "deck"
    left, top = (210 - 3 * 63.5) / 2, (297 - 3 * 88.9) / 2
    px = DPI / 25.4
    with Image.open(folder / "page-01.png") as page, Image.open(folder / "card-01.png") as card:
        x, y = round(left * px), round(top * px)
        assert card.tobytes() == page.crop((x, y, x + card.width, y + card.height)).tobytes()


def how_to_print(html: str, section: str) -> str:
    """The "how to print" list of one product's section."""
    part = html.split(f'<section class="product" id="{section}">')[1]
    return part.split("</ul>")[0]


@pytest.mark.parametrize("section, says", [
    ("ascending-row-overflow-deck", ["Actual size / 100%", "duplex, flip on long edge"]),
    ("numbered-cards-ability-cards", ["Actual size / 100%", "duplex, flip on long edge"]),
    ("one-too-many-redo-tokens", ["Actual size / 100%", "duplex, flip on long edge"]),
    ("cross-sums-booklet-saddle", ["Actual size / 100%", "duplex, flip on short edge", "Fold", "staple"]),
    ("cross-sums-booklet", ["reading order", "saddle-stitched booklet"]),
    ("cross-sums-solutions", ["Actual size / 100%", "Host key", "apart"]),
    ("ascending-row-overflow-practice-key", ["Host key", "apart"]),
    ("ascending-row-overflow-practice-sheet", ["Actual size / 100%", "One-sided"]),
])
def test_each_product_says_how_to_print_it(previewed, section, says):
    how = how_to_print((previewed / "index.html").read_text(encoding="utf-8"), section)
    assert all(words in how for words in says), how
    assert ("Host key" in how) == section.endswith(("solutions", "practice-key"))
    assert ("duplex" in how) == any("duplex" in words for words in says)


# --- each card: its name, and the trim, bleed and safe-zone guides over it ------------------------------

GUIDED = """\
    title: Guides
    products:
      deck:
        kind: deck
        size: poker
        id: name
        cards:
          - {name: Ember Drake}
          - {name: Frost Wyrm, copies: 2}
          - {name: Stone Golem}
        face:
          background: navy           # to the bleed edge
          frame: false
          layers:
            ground: {kind: rect, x: 0, y: 0, width: 63.5, height: 88.9, fill: white}   # on the trim
            name: {kind: text, field: name, x: 10, y: 40, width: 43.5, height: 10}
      chips:
        kind: tokens
        shape: round
        size: 30
        tokens:
          - {value: "+1"}
        face:
          layers:
            value: {kind: text, field: value, x: 8, y: 10, width: 14, height: 10}
      tickets:
        kind: deck
        size: [50, 30]
        cards:
          - {n: "1"}
        face:
          layers:
            n: {kind: text, field: n, x: 10, y: 10, width: 30, height: 10}
"""
NAMES = ["Ember Drake", "Frost Wyrm", "Frost Wyrm", "Stone Golem"]  # in print order, a copy each time


class Cards(HTMLParser):
    """Each card figure of the index: its picture, alt text, caption and the shapes of the guides
    over its thumbnail (the first SVG in it; the second is over the full-size view)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.cards, self.toggle, self._caption = [], None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and attrs.get("id") == "show-guides":
            self.toggle = attrs
        if tag == "figure" and attrs.get("class") == "card":
            self.cards.append({"src": None, "alt": None, "caption": "", "svg": None, "shapes": {}, "style": None})
        if not self.cards:
            return
        card = self.cards[-1]
        if tag == "span" and attrs.get("class") == "art" and card["style"] is None:
            card["style"] = attrs.get("style")
        if tag == "img" and card["src"] is None:
            card["src"], card["alt"] = attrs["src"], attrs["alt"]
        if tag == "svg" and card["svg"] is None:
            card["svg"] = attrs
        elif tag in ("rect", "ellipse") and card["svg"] is not None and "done" not in card:
            card["shapes"][attrs["class"]] = (tag, {k: float(v) for k, v in attrs.items() if k != "class"})
        self._caption = tag == "figcaption"

    def handle_endtag(self, tag):
        if tag == "svg" and self.cards:
            self.cards[-1]["done"] = True
        self._caption = False

    def handle_data(self, data):
        if self._caption:
            self.cards[-1]["caption"] += data


@pytest.fixture(scope="module")
def guided(tmp_path_factory):
    """A declared game previewed at 100 dpi, without bleed and with 3 mm:
    {bleed: (output folder, the index's card figures by product, the toggle's attributes)}."""
    project = game_project(tmp_path_factory.mktemp("guided"), GUIDED)
    runs = {}
    for bleed in (0, 3):
        out = project / f"out-{bleed}"
        assert main(["preview", SLUG, "--content", str(project / "content"), "--out", str(out), "--dpi", "100",
                     "--bleed", str(bleed)]) == 0
        cards = Cards()
        cards.feed((out / "index.html").read_text(encoding="utf-8"))
        runs[bleed] = out, {product: [c for c in cards.cards if f"/{SLUG}/{product}/" in c["src"]]
                            for product in ("deck", "chips", "tickets")}, cards.toggle
    return runs


def px(mm: float) -> float:
    return mm * 100 / 25.4


def near(value: float, expected: float, within: float = 1) -> bool:
    """A PNG's size is whole pixels, to 1 px; the guides are written to a hundredth of one."""
    return abs(value - expected) <= within


EXACT = 0.01


def rect(shape) -> tuple[float, float, float, float]:
    tag, a = shape
    assert tag == "rect", shape
    return a["x"], a["y"], a["width"], a["height"]


def assert_rect(shape, expected):
    assert all(near(v, e, EXACT) for v, e in zip(rect(shape), expected)), (shape, expected)


def view_box(card) -> tuple[float, float]:
    x, y, width, height = map(float, card["svg"]["viewbox"].split())
    assert (x, y) == (0, 0)
    return width, height


def test_poker_guides_lie_on_the_trim_and_the_safe_zone(guided):
    """No bleed: the picture is the trim, 250 x 350 px at 100 dpi; the safe zone 12.5 px inside it."""
    out, cards, _ = guided[0]
    assert len(cards["deck"]) == 4
    for card in cards["deck"]:
        with Image.open(out / card["src"]) as image:
            assert near(image.width, 250) and near(image.height, 350)
        assert near(view_box(card)[0], 250, EXACT) and near(view_box(card)[1], 350, EXACT)
        assert set(card["shapes"]) == {"trim", "safe"}  # no bleed, no bleed edge
        assert_rect(card["shapes"]["trim"], (0, 0, 250, 350))
        assert_rect(card["shapes"]["safe"], (12.5, 12.5, 225, 325))
        assert card["style"] == "width: 63.5mm"  # shown at its real size


def test_with_bleed_the_card_png_holds_it_and_the_trim_guide_lies_on_the_art_s_trim(guided):
    """--bleed 3: the picture is (63.5 + 6) x (88.9 + 6) mm, the bleed edge its own edge, the trim
    3 mm in, the safe zone 3 + 3.175 mm in; the navy ground runs into the bleed and the white
    rectangle on the trim starts where the trim guide is."""
    out, cards, _ = guided[3]
    width, height = px(63.5 + 6), px(88.9 + 6)
    for card in cards["deck"]:
        with Image.open(out / card["src"]) as image:
            assert near(image.width, width) and near(image.height, height)
            row = [image.convert("RGB").getpixel((x, image.height // 2)) for x in range(image.width // 2)]
        assert near(view_box(card)[0], width, EXACT) and near(view_box(card)[1], height, EXACT)
        assert_rect(card["shapes"]["bleed"], (0, 0, width, height))
        assert_rect(card["shapes"]["trim"], (px(3), px(3), 250, 350))
        assert_rect(card["shapes"]["safe"], (px(3 + SAFE), px(3 + SAFE), px(63.5 - 2 * SAFE), px(88.9 - 2 * SAFE)))
        assert row[2][2] > 80 > row[2][0]  # navy in the bleed
        white = next(x for x, colour in enumerate(row) if min(colour) > 200)
        assert near(white, rect(card["shapes"]["trim"])[0]), white
        assert card["style"] == "width: 69.5mm"


def test_round_tokens_guides_are_circles(guided):
    """30 mm round tokens: the trim a circle 15 mm round the middle, the safe zone 15 - 3.175 mm,
    and with bleed the bleed edge 15 + 3 mm, on a picture 36 mm square."""
    for bleed in (0, 3):
        _, cards, _ = guided[bleed]
        (card,) = cards["chips"]
        middle = px(15 + bleed)
        assert near(view_box(card)[0], 2 * middle, EXACT) and near(view_box(card)[1], 2 * middle, EXACT)
        radii = {"trim": px(15), "safe": px(15 - SAFE)} | ({"bleed": px(15 + bleed)} if bleed else {})
        assert set(card["shapes"]) == set(radii)
        for kind, radius in radii.items():
            tag, a = card["shapes"][kind]
            assert tag == "ellipse", kind
            assert all(near(a[key], value, EXACT) for key, value in
                       (("cx", middle), ("cy", middle), ("rx", radius), ("ry", radius))), (kind, a)


def test_a_card_of_its_own_size_has_its_guides(guided):
    """A 50 x 30 mm card: 196.85 x 118.11 px, and with 3 mm bleed 220.47 x 141.73 px."""
    for bleed in (0, 3):
        out, cards, _ = guided[bleed]
        (card,) = cards["tickets"]
        with Image.open(out / card["src"]) as image:
            assert near(image.width, px(50 + 2 * bleed)) and near(image.height, px(30 + 2 * bleed))
        assert_rect(card["shapes"]["trim"], (px(bleed), px(bleed), px(50), px(30)))
        assert_rect(card["shapes"]["safe"], (px(bleed + SAFE), px(bleed + SAFE), px(50 - 2 * SAFE), px(30 - 2 * SAFE)))


def test_the_guides_are_off_until_asked_for(guided):
    html = (guided[0][0] / "index.html").read_text(encoding="utf-8")
    toggle = guided[0][2]
    assert toggle is not None and toggle["type"] == "checkbox" and "checked" not in toggle
    assert re.search(r"svg\.guides \{ display: none;", html)  # shown only by #show-guides:checked
    assert "trim: where the card is cut" in html and "safe zone" in html
    assert ("bleed edge" in html) is False and "bleed edge" in (guided[3][0] / "index.html").read_text(encoding="utf-8")


def test_each_card_is_shown_under_its_name(guided):
    out, cards, _ = guided[0]
    assert [c["alt"] for c in cards["deck"]] == NAMES
    assert [c["caption"] for c in cards["deck"]] == NAMES
    assert [Path(c["src"]).name for c in cards["deck"]] == ["card-01.png", "card-02.png", "card-03.png", "card-04.png"]
    assert sorted(p.name for p in (out / "preview" / SLUG / "deck").glob("card-*.png")) == \
        ["card-01.png", "card-02.png", "card-03.png", "card-04.png"]


def test_a_bundled_deck_s_cards_are_named_by_their_id(previewed):
    """Ascending Row Overflow: `id: number`, a card for each number of game.yaml's deck."""
    cards = Cards()
    cards.feed((previewed / "index.html").read_text(encoding="utf-8"))
    shown = [(c["alt"], c["caption"]) for c in cards.cards if "/ascending-row-overflow/deck/" in c["src"]]
    assert shown == [(str(n), str(n)) for n in _content("ascending-row-overflow")["deck"]["cards"]]


def test_an_edit_loads_again_only_the_kit_of_the_game_it_changed(project, monkeypatch):
    """`printkit serve` keeps the kits its last preview loaded: an edit of one game loads that game
    alone, and its pictures and page say the edit (the other games' kits, as they were)."""
    import printkit.live.preview as shown
    from printkit.games import project_games
    from printkit.load.options import Options

    import printkit.pipeline.build as building

    content, out, kept = project / "content", project / "output", {}
    games = list(project_games(content).values())
    loaded = []
    load_all = shown.load_all
    for module in (shown, building):  # preview's loads, and the build's (whose kits preview shows)
        monkeypatch.setattr(module, "load_all", lambda some, *a, **k: loaded.extend(g.slug for g in some) or
                            load_all(some, *a, **k))
    shown.preview(games, content, out, Options(PAPERS["a4"]), 50, other_papers=False, kits=kept)
    assert sorted(loaded) == sorted(game.slug for game in games)  # the first: every game, once
    card = out / "preview" / "numbered-cards" / "ability-cards" / "card-01.png"
    before = card.read_bytes()
    path = content / "numbered-cards" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Rearrange all cards in the row.",
                                                             "Rearrange every card of the row."), encoding="utf-8")
    del loaded[:]
    shown.preview(games, content, out, Options(PAPERS["a4"]), 50, other_papers=False, kits=kept)
    assert loaded == ["numbered-cards"]  # by the build: preview shows its kit
    assert card.read_bytes() != before and "Rearrange every card of the row." in (out / "index.html").read_text()


def test_a_picture_is_stored_grey_exactly_when_converting_it_to_grey_and_back_gives_it_again():
    """printkit.live.pictures' test of a grey picture (its channels compared) says what the slower
    test it replaced says (its grey levels made colours again, compared byte for byte): for grey
    pictures, pictures one pixel or one channel away from grey, colour ones, and other modes; and
    a grey picture's PNG holds grey levels, a colour one's colours, its pixels as they were."""
    import io
    import random

    from PIL import Image

    from printkit.live.pictures import _grey, png

    def slow(image) -> bool:
        return image.convert("L").convert("RGB").tobytes() == image.tobytes()

    chance = random.Random(41)
    pictures = []
    for width, height in ((1, 1), (7, 3), (64, 40)):
        levels = [chance.randrange(256) for _ in range(width * height)]
        grey = Image.new("RGB", (width, height))
        grey.putdata([(v, v, v) for v in levels])
        pictures.append(grey)
        for channel in range(3):  # one pixel, one channel, one level away from grey
            off = grey.copy()
            x, y = chance.randrange(width), chance.randrange(height)
            pixel = list(off.getpixel((x, y)))
            pixel[channel] = (pixel[channel] + 1) % 256
            off.putpixel((x, y), tuple(pixel))
            pictures.append(off)
        colour = Image.new("RGB", (width, height))
        colour.putdata([tuple(chance.randrange(256) for _ in range(3)) for _ in levels])
        pictures.append(colour)
        pictures += [grey.convert("RGBA"), grey.convert("L"), colour.convert("RGBA")]
    pictures.append(Image.new("RGB", (30, 20), (255, 255, 255)))
    for picture in pictures:
        assert _grey(picture) == slow(picture), (picture.mode, picture.size)
    assert [_grey(p) for p in pictures[:5]] == [True, False, False, False, False]
    for picture in pictures:
        stored = Image.open(io.BytesIO(png(picture)))
        assert stored.mode == ("L" if slow(picture) else picture.mode)
        assert stored.convert(picture.mode).tobytes() == picture.tobytes()

"""`printkit serve` costing what an edit changes (issue 41, points 3 to 5), over its own HTTP and
event stream: one card's edit gives that card's picture (and the page it is cut from) a new version
and draws no other page of its deck; an edit of the layout every card shares gives every card a new
one; serve starts by listing every picture of what the last build left before it draws them, draws
one when the page asks for it, the rest in the background, as `printkit preview` would have drawn
them. The timings are benchmarks/bench_serve.py's."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import threading
from pathlib import Path

import pytest
from PIL import Image

import printkit.live.pictures
import printkit.live.serve.pictures
from conftest import ROOT
from printkit.games import project_games
from printkit.load.options import Options
from printkit.pipeline.build import build
from printkit.load.project import LINKED
from printkit.plan.geometry import PAPERS
from printkit.live.preview import render_pngs
from printkit.live.serve import EAGER, serve

GAME = "speed"
DECK = f"preview/{GAME}/deck"
PER_SHEET = 9  # poker cards on an A4 sheet, as printkit lays them out


def game_yaml(cards: int, edge: str = "#224488") -> str:
    lines = [f'    - {{number: {n}, text: "card {n} words"}}' for n in range(1, cards + 1)]
    return f"""title: Speed
colours: {{edge: "{edge}"}}
products:
  deck:
    kind: deck
    size: poker
    cards:
{chr(10).join(lines)}
    face:
      layers:
        frame: {{kind: rect, x: 4, y: 4, width: 55.5, height: 80.9, stroke: edge, stroke_width: 0.8}}
        number: {{kind: number, field: number, x: 14, y: 30, width: 35.5, height: 22}}
        text: {{kind: text, field: text, size: 9.5, x: 10, y: 60, width: 43.5, height: 13}}
    back:
      words: Speed
"""


def make(tmp_path: Path, cards: int) -> Path:
    (tmp_path / "content" / GAME).mkdir(parents=True)
    (tmp_path / "content" / GAME / "game.yaml").write_text(game_yaml(cards), encoding="utf-8")
    shutil.copytree(ROOT / "templates", tmp_path / "templates", dirs_exist_ok=True)
    return tmp_path


class Served:
    """`printkit serve speed` on a free port, in a thread, in `project`."""

    def __init__(self, project: Path, dpi: int = 30):
        self.project, self.out = project, project / "output"
        self.said, self.complaints, self.stop, self.ready = [], [], threading.Event(), threading.Event()
        games = [project_games(project / "content")[GAME]]

        def ready(url: str) -> None:
            self.port = int(url.rsplit(":", 1)[1].strip("/"))
            self.ready.set()

        self.thread = threading.Thread(target=serve, daemon=True, args=(
            games, project / "content", self.out, Options(PAPERS["a4"]), dpi, "127.0.0.1", 0,
            self.said.append, self.complaints.append, self.stop), kwargs={"ready": ready})
        self.thread.start()
        assert self.ready.wait(120), (self.said, self.complaints)

    def get(self, path: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def close(self) -> None:
        self.stop.set()
        self.thread.join(30)
        assert not self.thread.is_alive()


class Events:
    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", "/_printkit/events")
        self.response = self.connection.getresponse()

    def next(self) -> dict:
        while True:
            line = self.response.readline()
            assert line, "the stream ended"
            if line.startswith(b"data: "):
                return json.loads(line[len(b"data: "):])

    def until(self, test) -> dict:
        while not test(state := self.next()):
            pass
        return state

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def drawn(monkeypatch):
    """Each page drawn, as (the PDF's name, page index), whoever draws it."""
    pages: list[tuple[str, int]] = []
    real = printkit.live.pictures.drawn_page

    def counted(document, index, *args):
        pages.append((_name(document), index))
        return real(document, index, *args)

    monkeypatch.setattr(printkit.live.pictures, "drawn_page", counted)
    monkeypatch.setattr(printkit.live.serve.pictures, "drawn_page", counted)
    return pages


def _name(document) -> str:
    return f"{len(document)} pages"


def edit(project: Path, old: str, new: str) -> None:
    path = project / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def deck_versions(state: dict) -> dict[str, str]:
    return {path: version for path, version in state["images"].items() if path.startswith(DECK + "/")}


def changed(before: dict, after: dict) -> list[str]:
    assert sorted(before) == sorted(after)
    return sorted(path.removeprefix(DECK + "/") for path in before if before[path] != after[path])


def test_one_card_s_edit_gives_only_its_picture_and_its_page_a_new_version_and_draws_only_that_page(tmp_path,
                                                                                                    drawn):
    served = Served(make(tmp_path, 20))  # 3 sheets: 6 pages, drawn at once
    events = Events(served.port)
    try:
        before = events.until(lambda state: len(deck_versions(state)) == 6 + 20)
        everything = dict(before["images"])
        drawn.clear()
        edit(served.project, '"card 11 words"', '"card 11, other words"')
        told = events.until(lambda state: deck_versions(state) != deck_versions(before))
        after = events.until(lambda state: "page-03.png" in changed(deck_versions(before), deck_versions(state)))
    finally:
        events.close()
        served.close()
    assert changed(deck_versions(before), deck_versions(told)) == ["card-11.png"]  # the card edited, told first
    assert changed(deck_versions(before), deck_versions(after)) == ["card-11.png", "page-03.png"]  # then sheet 2's front
    assert drawn == [("6 pages", 2)]  # that page alone drawn: not its back, not the other sheets
    assert {path: v for path, v in after["images"].items() if not path.startswith(DECK + "/")} == \
        {path: v for path, v in everything.items() if not path.startswith(DECK + "/")}
    with Image.open(served.out / DECK / "card-11.png") as new, Image.open(served.out / DECK / "card-12.png") as other:
        assert new.size == other.size and new.tobytes() != other.tobytes()


def test_an_edit_of_the_layout_every_card_shares_gives_every_card_a_new_version(tmp_path):
    served = Served(make(tmp_path, 20))
    events = Events(served.port)
    try:
        before = events.until(lambda state: len(deck_versions(state)) == 6 + 20)
        edit(served.project, 'edge: "#224488"', 'edge: "#cc3311"')  # every face page changed: drawn first
        after = events.until(lambda state: "page-05.png" in changed(deck_versions(before), deck_versions(state)))
    finally:
        events.close()
        served.close()
    cards = [f"card-{n:02d}.png" for n in range(1, 21)]
    assert changed(deck_versions(before), deck_versions(after)) == cards + ["page-01.png", "page-03.png", "page-05.png"]
    with Image.open(served.out / DECK / "card-01.png") as card:
        pixels = card.convert("RGB").tobytes()
        red = sum(1 for n in range(0, len(pixels), 3) if pixels[n] > 150 and pixels[n + 1] < 120 and pixels[n + 2] < 100)
    assert red > 50  # the frame drawn in the new colour


def test_an_edit_of_every_card_of_a_big_deck_shows_the_first_cards_while_the_others_are_drawn(tmp_path):
    cards = (EAGER // 2 + 2) * PER_SHEET
    served = Served(make(tmp_path, cards))
    pages = 2 * -(-cards // PER_SHEET)
    events = Events(served.port)
    try:
        before = events.until(lambda state: len(deck_versions(state)) == pages + cards)  # drawn at start
        edit(served.project, 'edge: "#224488"', 'edge: "#cc3311"')
        first = events.until(lambda state: deck_versions(state) != deck_versions(before))
        last = events.until(lambda state: len(changed(deck_versions(before), deck_versions(state))) == cards + pages // 2)
    finally:
        events.close()
        served.close()
    shown_first = changed(deck_versions(before), deck_versions(first))
    assert 0 < len(shown_first) < cards and "card-001.png" in shown_first  # the first sheets' cards, at once
    assert last["errors"] == []


def test_serve_lists_every_picture_before_drawing_them_and_draws_one_when_the_page_asks_for_it(tmp_path, monkeypatch,
                                                                                                drawn):
    cards = (EAGER // 2 + 2) * PER_SHEET  # more pages than are drawn before serving
    project = make(tmp_path, cards)
    held = threading.Event()  # the background's drawing waits until the test lets it go
    real_all = printkit.live.serve.pictures.Lazy._all
    monkeypatch.setattr(printkit.live.serve.pictures.Lazy, "_all",
                        lambda self, *args: (held.wait(60), real_all(self, *args)))
    served = Served(project)
    try:
        status, page = served.get("/")
        listed = set(re.findall(rf'<img[^>]+src="({DECK}/card-\d+\.png)', page.decode()))
        assert status == 200 and len(listed) == cards
        assert drawn == [] and not list((served.out / DECK).glob("*.png"))  # listed, none drawn
        status, picture = served.get(f"/{DECK}/card-{cards - 3:03d}.png")  # on the last sheet
        assert status == 200 and picture.startswith(b"\x89PNG")
        pages = len(set(re.findall(rf'<img[^>]+src="({DECK}/page-\d+\.png)', page.decode())))
        assert drawn == [(f"{pages} pages", pages - 2)]  # its page alone, drawn as asked for
        events = Events(served.port)
        held.set()
        state = events.until(lambda state: len(deck_versions(state)) == pages + cards)
        events.close()
    finally:
        held.set()
        served.close()
    deck = sorted(index for name, index in drawn if name == f"{pages} pages")
    assert deck == list(range(pages))  # then the others in the background: each page drawn once
    assert state["errors"] == []
    # as `printkit preview` draws them, at the size the page listed them with
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(project / "content", elsewhere / "content")
    games = [project_games(elsewhere / "content")[GAME]]
    (pdf,) = [o.path for o, _ in build(games, elsewhere / "content", elsewhere / "out", Options(PAPERS["a4"]))
              if o.path.name == "deck.pdf"]
    render_pngs(elsewhere / "out", pdf, _layout(elsewhere), 30)
    listed_sizes = {path: (int(w), int(h)) for path, w, h in
                    re.findall(rf'<img src="({DECK}/[a-z]+-\d+\.png)"[^>]* width="(\d+)" height="(\d+)"', page.decode())}
    assert len(listed_sizes) == pages + cards
    for path in listed_sizes:
        with Image.open(served.out / path) as ours, Image.open(elsewhere / "out" / path) as theirs:
            assert ours.size == theirs.size == listed_sizes[path], path
            assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes(), path


def _layout(project: Path):
    from printkit.pipeline.kits import load_all

    (kit,) = load_all([project_games(project / "content")[GAME]], project / "content", Options(PAPERS["a4"]))
    (deck,) = [p for p in kit.game.products if p.name == "deck"]
    return deck.layout(kit)


def test_a_picture_asked_for_while_the_background_draws_its_page_is_served_once_drawn(tmp_path, monkeypatch):
    cards = (EAGER // 2 + 2) * PER_SHEET
    project = make(tmp_path, cards)
    drawing, go = threading.Event(), threading.Event()
    real = printkit.live.pictures.drawn_page

    def slow(document, index, *args):
        if threading.current_thread().name == "background":
            drawing.set()
            go.wait(60)
        return real(document, index, *args)

    monkeypatch.setattr(printkit.live.serve.pictures, "drawn_page", slow)
    real_start = printkit.live.serve.pictures.Lazy.start

    def start(self, *args, **kwargs):
        real_start(self, *args, **kwargs)
        self.thread.name = "background"

    monkeypatch.setattr(printkit.live.serve.pictures, "Lazy", type("Named", (printkit.live.serve.pictures.Lazy,),
                                                                {"start": start}))
    monkeypatch.setattr(printkit.live.serve, "Lazy", printkit.live.serve.pictures.Lazy)
    served = Served(project)
    answer = []
    try:
        assert drawing.wait(60)  # the background is drawing the first page
        asking = threading.Thread(target=lambda: answer.append(served.get(f"/{DECK}/card-001.png")))
        asking.start()
        asking.join(1.0)  # it waits for that page
        assert not answer
        go.set()
        asking.join(60)
    finally:
        go.set()
        served.close()
    (status, picture), = answer
    assert status == 200 and picture.startswith(b"\x89PNG")


PREVIEW = ("preview", GAME, "--content", "content", "--out", "out", "--dpi", "20")


def test_a_picture_cut_short_is_drawn_again_and_one_that_is_a_link_is_not_written_through(project, cli):
    """Pictures are replaced whole but not flushed one by one (printkit/live/pictures.py): one a crash
    left empty is not taken as drawn; one that is a link is refused at its name, the file it points
    to left as it was."""
    make(project, 20)
    assert cli(*PREVIEW)[0] == 0
    folder = project / "out" / DECK
    (folder / "card-02.png").write_bytes(b"")
    assert cli(*PREVIEW)[0] == 0
    with Image.open(folder / "card-02.png") as card, Image.open(folder / "card-03.png") as other:
        assert card.size == other.size
    users = project / "users.png"
    users.write_bytes(b"the user's own picture")
    (folder / "card-11.png").unlink()
    (folder / "card-11.png").symlink_to(users)
    edit(project, '"card 11 words"', '"card 11, other words"')
    code, _, err = cli(*PREVIEW)
    assert (code, err.splitlines()) == (1, [f"out/{DECK}/card-11.png: {LINKED}"])
    assert users.read_bytes() == b"the user's own picture" and (folder / "card-11.png").is_symlink()


def test_a_picture_asked_for_goes_before_the_background_s_drawing(tmp_path, drawn):
    """The background draws a page at a time under the lock the page's requests take too; a lock is
    not fair, so it lets a request go first: the last card is answered long before the last page."""
    cards = 4 * (EAGER // 2 + 2) * PER_SHEET
    served = Served(make(tmp_path, cards), dpi=100)  # a page as long to draw as the page's own
    pages = 2 * -(-cards // PER_SHEET)
    try:
        status, _ = served.get(f"/{DECK}/card-{cards:03d}.png")
        deck = [index for name, index in drawn if name == f"{pages} pages"]
    finally:
        served.close()
    assert status == 200 and pages - 2 in deck and len(deck) < pages // 2


def test_a_listed_picture_that_is_a_link_is_not_drawn_through_and_serving_goes_on(tmp_path, monkeypatch):
    cards = (EAGER // 2 + 2) * PER_SHEET
    project = make(tmp_path, cards)
    held = threading.Event()
    real_all = printkit.live.serve.pictures.Lazy._all
    monkeypatch.setattr(printkit.live.serve.pictures.Lazy, "_all",
                        lambda self, *args: (held.wait(60), real_all(self, *args)))
    users = tmp_path / "users.png"
    users.write_bytes(b"the user's own picture")
    served = Served(project)
    try:
        (served.out / DECK).mkdir(parents=True)
        (served.out / DECK / "card-050.png").symlink_to(users)
        assert served.get(f"/{DECK}/card-050.png")[0] == 404
        status, picture = served.get(f"/{DECK}/card-100.png")
    finally:
        held.set()
        served.close()
    assert users.read_bytes() == b"the user's own picture" and (served.out / DECK / "card-050.png").is_symlink()
    assert status == 200 and picture.startswith(b"\x89PNG")


def test_the_pages_drawn_before_are_drawn_first_and_told_before_those_never_drawn(tmp_path, drawn):
    """An edit soon after serve starts (some pages not drawn yet): the pages drawn before, those
    the page has shown, are drawn again first and told at once; those never drawn follow."""
    import pypdfium2

    project = make(tmp_path, 4 * PER_SHEET)  # 8 pages
    games = [project_games(project / "content")[GAME]]
    build(games, project / "content", project / "out", Options(PAPERS["a4"]))
    document = pypdfium2.PdfDocument((project / "out" / GAME / "deck.pdf").read_bytes())
    layout, folder = _layout(project), tmp_path / "pictures"
    names = [f"page-{n:02d}.png" for n in range(1, 9)] + [f"card-{n:02d}.png" for n in range(1, 4 * PER_SHEET + 1)]
    told = []
    try:
        printkit.live.pictures.write_pngs(document, folder, layout, 20, names, (1.0, 1.0), {}, first={4, 5},
                                     written=lambda: told.append(sorted(p.name for p in folder.glob("*.png"))))
    finally:
        document.close()
    assert [index for _, index in drawn] == [4, 5, 0, 1, 2, 3, 6, 7]
    # each page drawn first told once its cards are written, before its own picture: sheet 3's
    # cards (cut from page 5), then page 5, then page 6 (its back, no card cut from it)
    cards = [f"card-{n:02d}.png" for n in range(19, 28)]
    assert told[:3] == [cards, cards + ["page-05.png"], cards + ["page-05.png", "page-06.png"]]
    assert sorted(p.name for p in folder.glob("*.png")) == sorted(names)  # every picture, in the end

"""An edit in a long-lived process (watch, serve) costs what it changes (issue 41, point 4): the
pages' drawings a build found or kept are held in memory (printkit/pipeline/held.py) and found
again at the next build without their bytes read, checked and unpickled again; a drawing gone
from the store is not taken from memory; and the file an edit writes so is, byte for byte, the
cold build of the edited content (an empty cache, another folder). Read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from markupsafe import Markup

from declared import game_project
from printkit.cli.main import main
from printkit.declared.bind import scope_of
from printkit.pipeline import cache
from printkit.pipeline.held import Held
from printkit.live import watch as watch_module
from printkit.plan import kept as codec
from printkit.render import kept_pages

CARDS = 45  # 9 a sheet: 5 front pages, each followed by its backs
GAME = """\
    title: Edits held
    colours: {ink: "#1b1b1b", paper: "#fbf6ea", sea: "#1f4e8c"}
    products:
      deck:
        kind: deck
        size: poker
        cards: cards.csv
        id: name
        layouts:
          card:
            background: paper
            frame: false
            layers:
              band: {kind: rect, x: 0, y: 0, width: 63.5, height: 12, fill: sea, bleed: true}
              title: {kind: text, field: name, x: 5, y: 2, width: 53.5, height: 8, size: 12, colour: paper, line: true}
              text: {kind: text, field: text, x: 6, y: 40, width: 51.5, height: 30, size: 9.5, colour: ink}
        face: {field: type}
        back:
          background: ink
          layers:
            words: {kind: text, text: Held, x: 8, y: 40, width: 47.5, height: 9, size: 14, colour: paper, line: true}
"""


def _rows(edits: dict[int, str] | None = None) -> str:
    rows = ["name,type,text"]
    for n in range(CARDS):
        text = (edits or {}).get(n, f"Deal {n % 5 + 1} damage, then draw a card." + (" Rest \u2013 or run." if n == 20
                                                                                   else ""))
        rows.append(f'Card {n + 1:02},card,"{text}"')
    return "\n".join(rows) + "\n"


@pytest.fixture
def deck(tmp_path, monkeypatch):
    """A declared deck's project, its page cache its own, and a new process's memory (nothing held)."""
    folder = game_project(tmp_path / "p", GAME, {"cards.csv": _rows()})
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(folder)
    cache.use(None)  # the store of an earlier test let go of: this one starts as a new process does
    yield folder
    cache.use(None)


@pytest.fixture
def reads(monkeypatch):
    """Each page's drawing read from the store's bytes (not from memory): its key."""
    names = []
    read = cache.PageCache._read

    def counted(self, name):
        value = read(self, name)
        if value is not codec.MISSING and _drawing(value):
            names.append(name)
        return value
    monkeypatch.setattr(cache.PageCache, "_read", counted)
    return names


def _drawing(value) -> bool:
    return cache.fits(value, kept_pages.DRAWN)


def _edit(folder: Path, edits: dict[int, str]) -> None:
    (folder / "content" / "mine" / "cards.csv").write_text(_rows(edits), encoding="utf-8")


def _build(out: str = "out") -> bytes:
    assert main(["build", "-q", "--out", out]) == 0
    return Path(out, "mine", "deck.pdf").read_bytes()


def _pages(data_path: str) -> int:
    return len(pypdf.PdfReader(data_path).pages)


def test_an_edit_in_one_process_finds_the_other_pages_drawings_in_memory(deck, reads):
    _build()
    pages = _pages("out/mine/deck.pdf")
    assert pages == 10
    cache.STORE.held = Held()  # as a new process starts: nothing in memory
    _edit(deck, {4: "Deal 9 damage, then draw two cards."})
    _build()  # the first edit: every unchanged page's drawing read from the store once, then held
    assert len(reads) == pages - 2  # card 5's front page and the backs behind it drawn again
    reads.clear()
    _edit(deck, {4: "Deal 9 damage, then draw two cards.", 30: "Rest a turn."})
    _build()
    assert reads == []  # every drawing found in memory, none of its bytes read again
    assert "Rest a turn." in pypdf.PdfReader("out/mine/deck.pdf").pages[6].extract_text()


def test_watch_made_ready_finds_every_drawing_in_memory_at_its_first_edit_and_writes_nothing(deck, reads, capsys,
                                                                                                 monkeypatch):
    _build()
    cache.STORE.held = Held()  # watch started on that build: a new process, nothing in memory
    pages = _pages("out/mine/deck.pdf")
    capsys.readouterr()
    seen = {}

    def follow(content, out, rebuild, say, stop, ready=None):  # watch's: its first build, made ready, one edit
        rebuild([])
        files = {path: (path.stat().st_mtime_ns, path.read_bytes()) for path in out.rglob("*") if path.is_file()}
        ready()
        seen["unchanged"] = files == {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in out.rglob("*") if p.is_file()}
        seen["read"], seen["said"] = len(reads), capsys.readouterr()
        reads.clear()
        _edit(deck, {12: "Rest a turn."})
        rebuild([str(deck / "content" / "mine" / "cards.csv")])
        raise KeyboardInterrupt
    monkeypatch.setattr(watch_module, "follow", follow)
    assert main(["watch", "-q", "--out", "out"]) == 0
    assert seen["unchanged"] and seen["said"] == ("", "")  # nothing written, nothing said
    assert seen["read"] >= pages  # every deck page's drawing read once (and the guide's), when watch was made ready
    assert reads == []  # the first edit found them all in memory
    assert "Rest a turn." in pypdf.PdfReader("out/mine/deck.pdf").pages[2].extract_text()


def test_an_edit_built_warm_is_byte_for_byte_the_cold_build_of_its_content(deck, tmp_path, monkeypatch):
    _build()
    for edits in ({4: "Deal 9 damage \u2013 then draw two cards."}, {4: "Once.", 40: "Twice \u00e9t\u00e9."}):
        _edit(deck, edits)
        warm = _build()
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "empty"))  # a new, empty cache: nothing kept
    cache.use(None)
    cold = _build("cold")
    assert warm == cold
    text = pypdf.PdfReader("cold/mine/deck.pdf").pages[8].extract_text()
    assert "Twice \u00e9t\u00e9." in text and "Card 41" in text


def test_a_drawing_gone_from_the_store_is_not_taken_from_memory(deck, monkeypatch):
    drawn = []
    keep = kept_pages.KeptPages.drawn
    monkeypatch.setattr(kept_pages.KeptPages, "drawn", lambda self, page, start: drawn.append(page) or
                        keep(self, page, start))
    first = _build()
    held = len(cache.STORE.held._values)
    assert held == len(drawn) >= 10  # the deck's pages (and the rules' and the print guide's)
    cache.STORE.flush()
    with cache.STORE.store._connection() as db:  # the store cleared (pruned, or by hand) while watch runs
        db.execute("DELETE FROM kept")
    drawn.clear()
    _edit(deck, {})  # the same content written again: only the fingerprint's file times differ
    assert main(["build", "-q", "--force", "--out", "out"]) == 0
    assert len(drawn) == held  # every page drawn again, as a new process would draw them
    assert Path("out/mine/deck.pdf").read_bytes() == first


def test_what_is_held_is_bounded_the_least_recently_used_let_go_of_first():
    class Store:
        def there(self, name):
            return True
    held, store = Held(most=4000), Store()
    for name in "abc":
        held.put(name, [[], [], [], [], bytes(900)])
    assert held.get("a", store) is not codec.MISSING  # a used again: b is now the least recently used
    held.put("d", [[], [], [], [], bytes(900)])
    assert held.get("b", store) is codec.MISSING
    assert all(held.get(name, store) is not codec.MISSING for name in "acd")
    assert held.size <= 4000
    held.put("huge", bytes(4100))  # larger than all that may be held: not held, nothing let go of
    assert held.get("huge", store) is codec.MISSING and held.get("a", store) is not codec.MISSING


def test_a_cards_values_are_scoped_as_they_were_markup_staying_markup():
    scope = scope_of({"cost": "3", "name": "Fox", "rich": Markup("<b>Fox</b>"), "flag": "TRUE", "price": "2.50"},
                     {"cost", "name", "rich", "flag", "price", "empty"})
    assert scope == {"cost": 3, "name": "Fox", "rich": Markup("<b>Fox</b>"), "flag": True, "price": "2.50",
                     "empty": None}
    assert type(scope["rich"]) is Markup and type(scope["cost"]) is int
    again = scope_of({"name": Markup("Fox")}, {"name"})  # the same words, once plain and once markup
    assert type(again["name"]) is Markup


def test_a_name_reportlab_writes_is_written_once_a_process_as_it_writes_it(deck):
    from reportlab.pdfbase import pdfdoc

    _build()
    assert hasattr(pdfdoc.PDFName, "cache_info") and pdfdoc.PDFName.cache_info().hits > 100  # a page's keys, again
    for name in ("Type", "Resources", "A B#(x)", "Gradient\u00e9", "F1+0"):
        assert pdfdoc.PDFName(name) == pdfdoc.PDFName.__wrapped__(name)
    assert pdfdoc.PDFName("A B#") == "/A#20B#23"  # as the PDF reference writes a space and a number sign


def test_a_page_drawn_again_has_its_stream_written_once_a_process(deck, monkeypatch):
    from reportlab.pdfbase import pdfdoc

    encoded = []
    encode = pdfdoc.PDFBase85Encode.encode
    monkeypatch.setattr(pdfdoc.PDFBase85Encode, "encode", lambda text: encoded.append(1) or encode(text))
    words = {n: f"Only this test's card {n}." for n in range(CARDS)}  # pages no earlier test of this process wrote
    _edit(deck, words)
    first = _build()
    cold = len(encoded)
    encoded.clear()
    _edit(deck, {**words, 4: "Deal 9 damage, then draw two cards."})
    edited = _build()
    assert cold >= 5  # the cold build wrote each different page's stream (the backs are one page, drawn alike)
    assert len(encoded) == 1  # card 5's page written; every other page's stream as it was written before
    assert edited != first and pypdf.PdfReader("out/mine/deck.pdf").pages[0].extract_text().count("two cards") == 1


@pytest.mark.parametrize("inputs", [
    {"game": {"b": [1, 2.5, None, True], "a": "Caf\u00e9 \"quoted\"", "z": {"n": (1, 2)}}, "size": [63.5, 88.9]},
    {"\u00e9t\u00e9": 1, "a b": {"2": "x", "10": "y"}}, {}, {10: "numbers for keys", 9: 2}, [{"game": 1}],
    {"path": Path("content/mine"), "when": {"of": Path("x")}}])
def test_a_files_inputs_are_written_as_json_writes_them(inputs):
    import json

    from printkit.pipeline import fingerprints

    fingerprints.TEXTS.clear()
    assert fingerprints.inputs_text(inputs) == json.dumps(inputs, sort_keys=True, default=str)


def test_a_value_the_files_inputs_share_is_written_once(monkeypatch):
    from printkit.pipeline import fingerprints

    game = {"cards": [{"name": f"Card {n}"} for n in range(50)]}
    written = []
    monkeypatch.setattr(fingerprints, "inputs_json", lambda value: written.append(value) or "x")
    fingerprints.TEXTS.clear()
    for _ in range(3):  # a deck's, its rules' and its print guide's inputs: each {"game": the same content}
        fingerprints.inputs_text({"game": game})
    assert written == [game]


@pytest.mark.parametrize("char", ["\x18", "\x1c", "\x1f", "a"])
def test_a_long_streams_text_is_encoded_as_pdfdocencoding_encodes_it(deck, char):
    from reportlab.pdfbase import pdfdoc

    import reportlab.pdfbase.rl_codecs  # noqa: F401  ReportLab's own codecs, extpdfdoc among them

    _build()  # ReportLab's writers set up as a build sets them up (printkit/render/streams.py)
    for text in ("0 0 m 10 10 l S\n" * 40 + char + "Q", char, "BT " + char + " ET"):  # a long one, short ones
        assert _outcome(pdfdoc.pdfdocEnc, text) == _outcome(lambda t: t.encode("extpdfdoc"), text)
    assert len("0 0 m 10 10 l S\n" * 40) > 256  # (searched character by character)


def _outcome(encode, text):
    """The bytes, or the error's kind (the codec has no code for \\x18 to \\x1f)."""
    try:
        return encode(text)
    except UnicodeEncodeError:
        return UnicodeEncodeError


@pytest.mark.parametrize("raw", [{"field": "type"}, {"field": "type", "map": {"3": "three", "hero": "big"}, "default": "x"},
                                 {"field": "missing", "default": "plain"}, {"field": "cost", "map": {"3": "three"},
                                                                            "default": None}])
@pytest.mark.parametrize("values", [{"type": "hero", "cost": "3"}, {"type": "3"}, {"type": "2.50", "cost": "TRUE"}, {}])
def test_a_side_that_reads_one_field_chooses_as_the_whole_scope_would(raw, values):
    from printkit.declared.bind import Evaluator, binding, one_field
    from printkit.load.sandbox import Sandbox

    evaluator, bound = Evaluator(Sandbox(Path("."), "templates")), binding(raw)
    whole = {**scope_of(values, {"type", "cost", "missing"}), "game": {}, "values": None, "end": "top"}
    assert _outcome_of(evaluator, bound, one_field(bound, values)) == _outcome_of(evaluator, bound, whole)
    assert one_field(binding({"field": "game"}), values) is None  # a field named as the scope's own names: all of it
    assert one_field(binding("= type ~ 'x'"), values) is None


def _outcome_of(evaluator, bound, scope):
    from printkit.declared.bind import BindingError

    try:
        value = evaluator.value(bound, scope)
        return type(value), value
    except BindingError as error:
        return str(error)

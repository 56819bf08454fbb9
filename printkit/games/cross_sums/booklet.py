"""The scenario booklet's pages: a contents page, the basic rules, then each scenario as a spread
(story on the left page, set-up on the right). The booklet product kind numbers, imposes and
writes them; `--scenarios 1-10,12` chooses which scenarios it holds."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import PrintkitError, UsageError
from printkit.load.options import ProductOption
from printkit.plan.fonts import text_width
from printkit.plan.geometry import Rect
from printkit.plan.imposition import volumes_of
from printkit.plan.fitting import fit
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import TYPE

from . import glance, rules
from .scenario_page import view
from .spread import notes_lines, spread_pages

ENTRY = 5.2  # mm: a contents line
TIGHTEST = TYPE.body / 2  # mm: contents lines closer than this would be set smaller than the body


def ranges(text: str) -> tuple[tuple[int, int], ...]:
    """`1-10,12` -> ((1, 10), (12, 12)); every number 1 or more, ranges ascending. The ranges stay
    ranges: a range is checked against the campaign before it is ever listed out."""
    found = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not (first.isdigit() and (last.isdigit() or not dash)):
            raise ValueError(f"not a scenario number or range: {part.strip()!r}")
        first, last = int(first), int(last or first)
        if first < 1 or last < first:
            raise ValueError(f"not a scenario range: {part.strip()!r}")
        found.append((first, last))
    return tuple(found)


SCENARIOS = ProductOption("scenarios", ranges, "the scenarios a booklet holds, e.g. 1-10,12 (default: all)", "LIST")


def chosen(kit) -> list[int]:
    """The indices of the scenarios the booklet holds, in campaign order."""
    numbers = [s.number for s in kit.model.scenarios]
    wanted = kit.choices.get("scenarios")
    if wanted is None:
        return list(range(len(numbers)))
    known = set(numbers)
    missing = [f"{a}" if a == b else f"{a}-{b}" for a, b in wanted if not (a in known and b in known)]
    if missing:
        raise UsageError(f"no scenario {', '.join(missing)} (the campaign has {min(numbers)}-{max(numbers)})")
    return [i for i, n in enumerate(numbers) if any(a <= n <= b for a, b in wanted)]


@dataclass(frozen=True)
class FrontMatter:
    """What comes before the first scenario: the rules (with their picture), the scenarios at a
    glance with the playtest note, and the ideas for future scenarios, one after the other."""

    pages: list  # each page's marks, from page 2
    entries: list  # (contents line, page number) for each of its parts


def front_matter(kit, body: Rect) -> FrontMatter:
    """Planned once per build, and kept between builds: it is made from the words of the booklet,
    the rules and the table (and those of the first scenario's the rules' picture prints), and from
    the rules model (every scenario's facts, not its words)."""
    def make() -> tuple[list, list]:
        words = kit.words("booklet")
        flow = rules.rules_flow(kit, body, TYPE.body)
        flow.space(1.5)
        at_glance = glance.booklet_table(flow, kit)
        flow.space()
        flow.text(words.markup("playtest"), "playtest note", words.where("playtest"))
        flow.space(1.5)
        ideas = flow.text(words.markup("ideas"), "ideas for future scenarios", words.where("ideas"))
        entries = [(words.plain("rules_entry"), 2), (words.plain("glance_entry"), 1 + at_glance),
                   (words.plain("ideas_heading"), 1 + ideas)]
        return flow.pages, entries

    def kept() -> FrontMatter:
        first = view(kit, 0)
        inputs = [kit.words("booklet").fingerprint, rules.rules_words(kit).fingerprint,
                  glance.glance_words(kit).fingerprint, rules.picture_words(first).fingerprint, first.setup, kit.model]
        return FrontMatter(*kit.kept(("front matter, kept", body), inputs, make, shape=(list, list)))
    return kit.memo(("front matter", body), kept)


@dataclass(frozen=True)
class Volume:
    """One volume of the saddle booklet: its scenarios, and which of how many it is."""

    indices: tuple[int, ...]
    number: int
    count: int


def pages(kit, body: Rect, volume: Volume | None = None) -> list:
    """Every page's marks, in reading order: of the booklet of the chosen scenarios, or of a volume."""
    if volume is None:
        return booklet_pages(kit, body, chosen(kit), front=True)
    return booklet_pages(kit, body, volume.indices, front=volume.number == 1, volume=(volume.number, volume.count))


def volumes(kit, body: Rect, most: int) -> list[Volume]:
    """The campaign in volumes of at most `most` pages, breaking only between scenarios: the first
    holds the front matter, each its own cover and contents."""
    front = front_matter(kit, body).pages
    before = 1 + len(front) + len(front) % 2  # the cover, the front matter, to a left-hand page
    count = len(kit.model.scenarios)
    split = volumes_of([before, 1], count, most)
    if split is None:
        raise PrintkitError([kit.words("booklet").where().with_message(
            f"the booklet's front matter ({before} pages) leaves no room for a scenario in a volume of "
            f"{most} pages")])
    starts = [sum(split[:k]) for k in range(len(split))]
    return [Volume(tuple(range(start, start + parts)), k + 1, len(split))
            for k, (start, parts) in enumerate(zip(starts, split))]


def booklet_pages(kit, body: Rect, indices, front: bool, volume: tuple[int, int] | None = None) -> list:
    """A booklet of the scenarios `indices`: its contents (on the cover, and on as many pages
    after it as a long campaign needs), the front matter (when `front`), each scenario's spread,
    starting on a left-hand page, and pages for notes to make up whole sheets."""
    views = [view(kit, index) for index in indices]
    matter = front_matter(kit, body) if front else FrontMatter([], [])
    words = kit.words("booklet")
    cover, box = _cover(body, kit, views, volume)
    room, more_room = _room(box), _room(_continued_box(body))
    more = -(-max(0, len(matter.entries) + len(views) - room) // more_room)  # contents pages after the cover
    inside = matter.pages + ([notes_page(kit, body)] if (1 + more + len(matter.pages)) % 2 == 0 else [])
    first = 2 + more + len(inside)
    entries = [(name, page + more) for name, page in matter.entries] + \
        [(words.plain("scenario_entry", v.number, v.setup.scenario.title), first + 2 * i) for i, v in enumerate(views)]
    result = [cover + _entries(box, entries[:room])]
    for start in range(room, len(entries), more_room):
        result.append(_continued(body, words) + _entries(_continued_box(body), entries[start:start + more_room]))
    result += inside
    for shown in views:
        result += spread_pages(shown, body)
    return result + [notes_page(kit, body)] * (-len(result) % 4)


def notes_page(kit, body: Rect) -> list:
    """A page of lines to write on, where whole sheets leave a page over: the same marks on every
    such page of the booklet and its volumes (drawn and digested once)."""
    return kit.memo(("notes page", body), lambda: notes_lines(body, kit.words("booklet")))


def _cover(body: Rect, kit, views, volume: tuple[int, int] | None) -> tuple[list, Rect]:
    """The cover: the title, what the booklet (or this volume of it) holds, how to use it, and the
    contents heading; and the box the contents lines go in."""
    words = kit.words("booklet")
    numbers = [v.number for v in views]
    marks = [label(words.plain("cover_title"), Rect(body.x, body.top - 10, body.width, 10), TYPE.display, bold=True,
                   valign="top", smallest=TYPE.title, item="booklet title", where=words.where("cover_title"))]
    intro = f"{words.markup('cover_subtitle', min(numbers), max(numbers), len(numbers), *(volume or ()))}\n\n" \
            f"<i>{words.markup('how_to_use')}</i>"
    text = fit(intro, Rect(body.x, body.top - 37, body.width, 24), Style(TYPE.body), "booklet cover",
               words.where("cover_subtitle"))
    y = text.top - text.height - 4
    marks += [text, _contents_heading(Rect(body.x, y - 5, body.width, 5), words)]
    return marks, Rect(body.x, body.y, body.width, y - 8 - body.y)


def _contents_heading(box: Rect, words):
    return label(words.plain("contents_heading"), box, TYPE.heading, bold=True, valign="bottom",
                 item="contents heading", where=words.where("contents_heading"))


def _continued(body: Rect, words) -> list:
    """A contents page after the cover: the heading again, at the top."""
    return [_contents_heading(Rect(body.x, body.top - 5, body.width, 5), words)]


def _continued_box(body: Rect) -> Rect:
    return Rect(body.x, body.y, body.width, body.height - 8)


def _room(box: Rect) -> int:
    """How many contents lines a box holds: two columns of lines at least TIGHTEST apart."""
    return 2 * int(box.height / TIGHTEST + 1e-9)


def _entries(box: Rect, entries) -> list:
    """Contents lines with their page numbers, in one or two columns as they need."""
    columns = 1 if len(entries) * ENTRY <= box.height else 2
    per_column = -(-len(entries) // columns)
    step = min(1.5 * ENTRY, box.height / per_column)  # a short contents spreads down the page
    size = min(TYPE.body, step * 2.0)
    width = (box.width - 4 * (columns - 1)) / columns
    marks = []
    for i, (name, page) in enumerate(entries):
        column, row = divmod(i, per_column)
        line = Rect(box.x + column * (width + 4), box.top - (row + 1) * step + 1, width, step - 1)
        number = str(page)
        room = width - text_width(number, size) - 2
        while text_width(name, size) > room and len(name) > 4:
            name = name[:-2].rstrip() + "…"
        marks += [label(name, Rect(line.x, line.y, room, line.height), size, valign="bottom", item="contents entry"),
                  label(number, line, size, align="right", valign="bottom", item="contents page number")]
    return marks

"""The Diamonds track: a stair of places, A low at the foot, 2 ... K, A high at the top, each the
size of a real card's corner index and one index across and up from the last. A Diamond from the
centre goes with its top-left corner on its rank's place and hangs down and to the right, so the
cards above it never cover its corner and it covers no other place: every rank in the centre
shows its own index, and a missing rank leaves its grey place in sight, where the run breaks.
The stair climbs to the top of the page, its highest place beside the title, so that on Letter
too the lowest card's edge lies on the page. The words stand in the corner the cards never
reach, above and left of the stair; the cards' outline is labelled, so it is not taken for a cut line."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.flow import Flow
from printkit.plan.table import Cell, Column, Row, Table, plan_table
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.sheets import title_line

from .model import bust_length

# mm: how much of a real card's corner a place shows, across and down: the rank of its corner
# index, "10" included, and its pip. One place across and one up is where the next card's corner
# goes. Where the page is too short for the stair (Letter), the step down shrinks to what the page
# holds, to no less than RANK_DOWN: the rank itself, the pip partly covered.
INDEX = (12.0, 13.0)
RANK_DOWN = 11.0
HOW = 3  # the how-to text, beside the top three places
ACES = 6  # the Ace examples, below it down to the sixth place from the top
TABLE_ROW = 6.0
BUST = 50.0  # mm: the bust lengths, along the foot of the page


@dataclass(frozen=True)
class Stair:
    """`count` places climbing from the area's left edge to its top, each `step` (across, down)
    from the last and as large (what a laid card leaves in sight of the card below it); a card
    laid on each hangs down and right from its place."""

    area: Rect
    count: int
    step: tuple[float, float]

    @classmethod
    def fitted(cls, area: Rect, count: int) -> "Stair | None":
        """The stair with the largest step down, up to INDEX's, whose lowest card ends on the area;
        None when even RANK_DOWN does not."""
        down = min(INDEX[1], (area.height - POKER[1]) / max(1, count - 1))
        if down < RANK_DOWN or count * INDEX[0] > area.width:
            return None
        return cls(area, count, (INDEX[0], down))

    def places(self) -> list[Rect]:
        """The places, A low first: the first at the area's left edge, the last at its top."""
        across, down = self.step
        top = self.area.top
        return [Rect(self.area.x + k * across, top - (self.count - k) * down, across, down) for k in range(self.count)]

    def free(self, depth: int, after: float | None = None) -> Rect:
        """The room above and left of the stair from the area's top (or from `after`) down to
        `depth` places below the top: no place there, and no card laid on the track reaches it."""
        first = self.count - depth  # the lowest place whose card reaches into that band
        bottom = self.area.top - depth * self.step[1]
        top = self.area.top if after is None else after - SPACE
        return Rect(self.area.x, bottom, max(0, first) * self.step[0] - SPACE, top - bottom)

    def clear_below(self, height: float) -> Rect:
        """The room `height` tall along the area's foot, right of every card laid on the track that
        hangs down into it."""
        area = self.area
        reaching = [k for k, place in enumerate(self.places()) if place.top - POKER[1] < area.y + height]
        left = area.x + (max(reaching) * self.step[0] + POKER[0] + SPACE if reaching else 0.0)
        return Rect(left, area.y, area.right - left, height)

    def outline(self, words) -> list:
        """Where poker cards laid on the track lie, dashed: the stair their lower right corners
        make, and the first card's left edge; and along the first card's foot, inside it, what
        the line is (not a cut line)."""
        area, count = self.area, self.count
        tops = [place.top for place in self.places()]
        right = [area.x + k * self.step[0] + POKER[0] for k in range(count)]
        segments = [Segment(area.x, tops[0] - POKER[1], area.x, tops[0] - self.step[1]),
                    Segment(area.x, tops[0] - POKER[1], right[0], tops[0] - POKER[1])]
        for k in range(count):
            segments.append(Segment(right[k], tops[k] - POKER[1], right[k], tops[k] if k == count - 1 else
                                    tops[k + 1] - POKER[1]))
            if k + 1 < count:
                segments.append(Segment(right[k], tops[k + 1] - POKER[1], right[k + 1], tops[k + 1] - POKER[1]))
        inside = [clipped for seg in segments if (clipped := _clip(seg, area)) is not None]
        foot = Rect(area.x + SPACE, tops[0] - POKER[1] + SPACE / 2, POKER[0] - 2 * SPACE, 3.0)
        named = label(words.plain("outline"), foot, TYPE.small, level=GREY.note, item="track outline label",
                      where=words.where("outline"))
        return [Line(seg, width=LINE.thin, level=GREY.guide, dash=(1.5, 1.5)) for seg in inside] + [named]


def pages(kit, body: Rect) -> list[list]:
    rules = kit.model
    # the words keep their template's name: a project's own diamond-track.j2 still sets the
    # diamonds-track.pdf (renamed, the file would silently fall back to printkit's)
    words = kit.words("diamond-track", **rules.computed())
    stair = Stair.fitted(body, len(rules.track))
    if stair is None:
        raise PrintkitError([kit.where("game.yaml", ("deck", "ranks")).with_message(
            f"deck.ranks: a track of {len(rules.track)} places does not fit the page on {kit.options.paper.name}")])
    places = stair.places()
    marks, rest = title_line(Rect(body.x, body.y, places[-1].x - SPACE - body.x, body.height),
                             words.plain("heading"), words.where("heading"))  # beside the highest place
    for k, (place, rank) in enumerate(zip(places, rules.track)):
        marks += _place(place, rank, words, _end(k, stair.count, rules.ace_low))
    marks += stair.outline(words)
    how = Flow(stair.free(HOW, after=rest.top + SPACE))
    how.text(words.markup("how"), Style(TYPE.body, TYPE.small), "diamond-track how", words.where("how"))
    below = stair.free(ACES, after=how.top)
    marks += how.marks + _ace_lines(below, rules, words) + _bust_table(stair.clear_below(BUST), rules, words)
    return [marks]


def _clip(seg: Segment, area: Rect) -> Segment | None:
    """The part of an upright or level segment inside the area."""
    x1, x2 = sorted((seg.x1, seg.x2))
    y1, y2 = sorted((seg.y1, seg.y2))
    x1, x2, y1, y2 = max(x1, area.x), min(x2, area.right), max(y1, area.y), min(y2, area.top)
    if x1 > x2 or y1 > y2 or (x1 == x2 and y1 == y2):
        return None
    return Segment(x1, y1, x2, y2)


def _end(k: int, count: int, ace_low: bool) -> str | None:
    if not ace_low or k not in (0, count - 1):
        return None
    return "low" if k == 0 else "high"


def _place(place: Rect, rank: str, words, end: str | None) -> list:
    """A grey place with its rank, and its top and left edges heavy: where a card's corner goes.
    Under a card it is hidden; left in sight, it shows the rank missing from the centre."""
    marks = [Box(place, width=LINE.thin, level=GREY.guide, fill=GREY.shade),
             Line(Segment(place.x, place.top, place.right, place.top), width=LINE.heavy),
             Line(Segment(place.x, place.y, place.x, place.top), width=LINE.heavy)]
    inner = place.inset(SPACE / 2)
    rank_box = Rect(inner.x, inner.y + inner.height / 3, inner.width, inner.height * 2 / 3) if end else inner
    marks.append(label(rank, rank_box, TYPE.title, bold=True, align="centre", item="track rank"))
    if end:
        marks.append(label(words.plain(end), Rect(inner.x, inner.y, inner.width, inner.height / 3), TYPE.smallest,
                           align="centre", valign="bottom", level=GREY.note, item=f"track {end}",
                           where=words.where(end)))
    return marks


def _bust_table(box: Rect, rules, words) -> list:
    """How long a run busts the round, for each player count, at the page's foot clear of the cards."""
    flow = Flow(box)
    flow.line(words.plain("bars_title"), TYPE.heading, bold=True, item="track bust title",
              where=words.where("bars_title"))
    flow.space(0.5)
    columns = (Column("players"), Column("run"))
    rows = [Row((Cell(words.plain("players"), bold=True, where=words.where("players")),
                 Cell(words.plain("run"), bold=True, where=words.where("run"))), TABLE_ROW, shade=GREY.shade)]
    rows += [Row((Cell(str(count), size=TYPE.body), Cell(str(bust_length(count)), bold=True, size=TYPE.body)),
                 TABLE_ROW) for count in rules.player_counts]
    table = plan_table(Table(columns, item="bust lengths"), flow.take(len(rows) * TABLE_ROW), rows, words.where())
    return flow.marks + list(table.marks)


def _ace_lines(box: Rect, rules, words) -> list:
    """The Ace examples, as the run check judges them."""
    flow = Flow(box)
    flow.space()
    for which, cards, is_run in rules.ace_runs():
        flow.line(words.plain("ace_line", list(cards), is_run, words.plain(which) if which != "across" else ""),
                  TYPE.body, item="diamond-track Ace example", where=words.where("ace_line"))
    return flow.marks


"""Scale bars: a 50 mm bar with centimetre ticks and a 2 in bar with quarter-inch ticks, placed on
every page where they touch nothing else, so a printout can be checked against a ruler. A bar and
its label stand CUT_CLEAR clear of everything they must not touch (a card's trim and bleed, a
crop mark, a fold): a cut a little off the line then leaves no sliver of a bar on a card. Only
where a sheet has no such room do they stand nearer (touching nothing still)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import MM_PER_INCH, Paper, Rect, Segment
from printkit.plan.marks import Box, Group, Line
from printkit.plan.label import line_at

BAR_THICKNESS = 4.5  # label, gap and bar, across the bar's length
BAR_GAP = 8.0
CUT_CLEAR = 3.0  # mm: what a bar keeps from a cut line (a trimmer's blade may wander 1-2 mm)


@dataclass(frozen=True)
class ScaleBar:
    x: float  # start of the bar (left end, or bottom end when vertical)
    y: float  # the side of the footprint away from the label
    length: float  # millimetres, exact
    ticks: tuple[float, ...]  # offsets along the bar
    label: str
    vertical: bool = False

    @property
    def footprint(self) -> Rect:
        if self.vertical:
            return Rect(self.x - BAR_THICKNESS, self.y, BAR_THICKNESS, self.length)
        return Rect(self.x, self.y, self.length, BAR_THICKNESS)


METRIC = (50.0, tuple(float(t) for t in range(0, 51, 10)), "50 mm at 100%")
IMPERIAL = (2 * MM_PER_INCH, tuple(i * MM_PER_INCH / 4 for i in range(9)), "2 in at 100%")


def bars_in_band(band: Rect, align: str = "right") -> tuple[ScaleBar, ScaleBar] | None:
    """Both bars side by side in a horizontal band, or None when the band is too small."""
    width = METRIC[0] + BAR_GAP + IMPERIAL[0]
    if band.height < BAR_THICKNESS or band.width < width:
        return None
    x = band.right - width if align == "right" else band.x + (band.width - width) / 2
    y = band.y + (band.height - BAR_THICKNESS) / 2
    return (ScaleBar(x, y, *METRIC), ScaleBar(x + METRIC[0] + BAR_GAP, y, *IMPERIAL))


def clear_of(keep_out: list[Rect], by: float = CUT_CLEAR) -> list[Rect]:
    """What the bars must not touch, each grown by `by` on every side."""
    return [r.inset(-by) for r in keep_out]


def bars_in_margins(paper: Paper, keep_out: list[Rect], area: Rect | None = None) -> tuple[ScaleBar, ...]:
    """For card sheets: the bottom margin if it has room, else a bar under each of two gaps in it
    (between the crop marks), else one bar down each side margin; inside `area` (default: the
    printable area); CUT_CLEAR clear of `keep_out` where there is room for that, else touching none."""
    area = area or paper.printable
    clear = clear_of(keep_out)
    bars = _in_margins(paper, clear, area) or _split_below(clear, area) or _in_margins(paper, keep_out, area)
    if not bars:
        raise ValueError(f"no room for the scale bars on {paper.name}")
    return bars


def _in_margins(paper: Paper, keep_out: list[Rect], area: Rect) -> tuple[ScaleBar, ...] | None:
    """Both bars centred in the bottom margin, else one up each side margin; None where they touch."""
    half = (METRIC[0] + BAR_GAP + IMPERIAL[0]) / 2
    centre = area.x + area.width / 2
    below = min((r.y for r in keep_out if r.x < centre + half and r.right > centre - half), default=area.top)
    bottom = bars_in_band(Rect(area.x, area.y, area.width, below - area.y - 0.5), "centre")
    if bottom and not any(bar.footprint.overlaps(r) for bar in bottom for r in keep_out):
        return bottom
    bars = _up_the_sides(area, paper.height / 2)
    return None if any(bar.footprint.overlaps(r) for bar in bars for r in keep_out) else bars


def _split_below(keep_out: list[Rect], area: Rect) -> tuple[ScaleBar, ScaleBar] | None:
    """One bar centred in each of two gaps along the foot of `area` that `keep_out` leaves (a card
    sheet's bottom margin between its crop marks), the gaps nearest the middle; None without two."""
    y = area.y + 0.2  # inside the printable edge, as the side bars keep
    band = Rect(area.x, y, area.width, BAR_THICKNESS)
    gaps = _gaps(band, [r for r in keep_out if r.y < band.top and r.top > band.y])
    middle = area.x + area.width / 2
    gaps.sort(key=lambda gap: abs(gap[0] + gap[1] / 2 - middle))
    two = sorted([gap for gap in gaps if gap[1] >= METRIC[0]][:2])
    if len(two) < 2 or max(gap[1] for gap in two) < IMPERIAL[0]:
        return None
    bars = (METRIC, IMPERIAL) if two[1][1] >= IMPERIAL[0] else (IMPERIAL, METRIC)  # metric on the left, as ever it fits
    return tuple(ScaleBar(gap[0] + (gap[1] - bar[0]) / 2, y, *bar) for gap, bar in zip(two, bars))


def _gaps(band: Rect, blocking: list[Rect]) -> list[tuple[float, float]]:
    """The (left, width) stretches of `band` that no rectangle of `blocking` covers."""
    gaps, x = [], band.x
    for r in sorted(blocking, key=lambda r: r.x):
        if r.x > x:
            gaps.append((x, r.x - x))
        x = max(x, r.right)
    if band.right > x:
        gaps.append((x, band.right - x))
    return gaps


def bars_below(paper: Paper, keep_out: list[Rect], spans) -> tuple[ScaleBar, ScaleBar] | None:
    """Both bars centred in the bottom margin under the first of `spans` (left, width) where they
    fit below everything in `keep_out` over it; else, given two spans, one bar centred under each;
    None when there is no room. For a sheet with a fold line down the middle of its margins.
    CUT_CLEAR clear of `keep_out` where there is room for that."""
    return _below(paper, clear_of(keep_out), spans) or _below(paper, keep_out, spans)


def _below(paper: Paper, keep_out: list[Rect], spans) -> tuple[ScaleBar, ScaleBar] | None:
    area = paper.printable
    bands = []
    for left, width in spans:
        below = min((r.y for r in keep_out if r.x < left + width and r.right > left), default=area.top)
        bands.append(Rect(left, area.y, width, below - area.y - 0.5))
        bars = bars_in_band(bands[-1], "centre")
        if bars:
            return bars
    if len(bands) == 2 and min(band.height for band in bands) >= BAR_THICKNESS \
            and all(band.width >= bar[0] for band, bar in zip(bands, (METRIC, IMPERIAL))):
        y = area.y + (min(band.height for band in bands) - BAR_THICKNESS) / 2
        return tuple(ScaleBar(band.x + (band.width - bar[0]) / 2, y, *bar) for band, bar in zip(bands, (METRIC, IMPERIAL)))
    return None


def bars_beside(paper: Paper, keep_out: list[Rect], middle: float) -> tuple[ScaleBar, ScaleBar] | None:
    """One bar up each side margin, centred at the height `middle`; None when one touches `keep_out`
    or leaves the printable area. CUT_CLEAR clear of `keep_out` where there is room for that."""
    return _beside(paper, clear_of(keep_out), middle) or _beside(paper, keep_out, middle)


def _beside(paper: Paper, keep_out: list[Rect], middle: float) -> tuple[ScaleBar, ScaleBar] | None:
    area = paper.printable
    bars = _up_the_sides(area, middle)
    if any(bar.footprint.overlaps(r) for bar in bars for r in keep_out) \
            or any(bar.footprint.y < area.y or bar.footprint.top > area.top for bar in bars):
        return None
    return bars


def _up_the_sides(area: Rect, middle: float) -> tuple[ScaleBar, ScaleBar]:
    """The metric bar up the left edge of `area`, the imperial one up the right, centred at `middle`."""
    inside = 0.1  # keep the strokes (0.15 mm) clear of the printable edge (A4 leaves 4.75 mm of margin)
    left = ScaleBar(area.x + BAR_THICKNESS + inside, middle - METRIC[0] / 2, *METRIC, vertical=True)
    right = ScaleBar(area.right - inside, middle - IMPERIAL[0] / 2, *IMPERIAL, vertical=True)
    return left, right


LABEL_SIZE = 6.0  # points: the bar's label


def scale_bar_marks(bar: ScaleBar, label: str | None = None):
    """The bar drawn along x in its own frame (turned 90 degrees when vertical): a white bar with
    every other step filled black, a tick at every step, the label above it (`label`: its words
    in the build's language, common.j2's `scale_bar`; None, as the bar says it)."""
    marks = [Box(Rect(0, 0, bar.length, 1.2), width=0.15, level=0.0, fill=1.0)]
    steps = list(zip(bar.ticks, bar.ticks[1:]))
    marks += [Box(Rect(start, 0, end - start, 1.2), level=None, fill=0.0) for start, end in steps[::2]]
    marks += [Line(Segment(tick, 0, tick, 2.0), width=0.15) for tick in bar.ticks]
    marks.append(line_at(label or bar.label, bar.length / 2, 2.4, LABEL_SIZE, align="centre"))
    return Group(tuple(marks), bar.x, bar.y, 90 if bar.vertical else 0)

"""What preflight reads from the export's record alone, what printkit planned rather than every
pixel again: each card side's items as the record keeps them; lines too thin for a press and
pictures under the shop's dpi in the images a shop is sent (faults); frames, borders and shapes
that stop inside the safe zone short of the trim (warnings). One line a layer, at the FILE:LINE
it is written at (else its card's row), naming the product and the cards it is on."""

from __future__ import annotations

from printkit.ground.errors import Problem
from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.targets.profiles import Profile
from printkit.targets.safezone import Item, hairlines, near_the_cut

PRESS = ("png", "pdf", "sheets")  # files a press prints (not a home printer's cut-outs, nor a virtual table)
THINNEST = 0.25 / 72 * MM_PER_INCH  # mm: 0.25 pt, the thinnest line a press holds (0.088 mm)
RASTERISED = ("png", "cutout")  # the shop is sent images: a picture's own pixels are gone from them


def planned(entries: list, marks_only: bool = False) -> list[Item]:
    """The record's items of a card side (name, x0, y0, x1, y1, kind, where; then an image's
    digest and pixels, art's kind and width, a mark's or art's stroke: safezone.Item.recorded)."""
    found = [_item(name, Rect(x0, y0, x1 - x0, y1 - y0), rest) for name, x0, y0, x1, y1, *rest in entries]
    return [item for item in found if not (marks_only and item.text)]


def _item(name: str, rect: Rect, rest: list) -> Item:
    kind, where, extra = (rest[:1] or [None])[0], (rest[1:2] or [None])[0] or None, rest[2:]
    if kind == "image":
        pixels = tuple(int(v) for v in extra[1:3]) if len(extra) >= 3 else None
        return Item(name, rect, where=where, picture=extra[0] if extra else None, pixels=pixels)
    if kind == "art" and len(extra) >= 2:
        return Item(name, rect, where=where, art=extra[0], width=float(extra[1]),
                    stroke=float(extra[2]) if len(extra) > 2 else 0.0)
    return Item(name, rect, kind == "text", where, stroke=float(extra[0]) if kind == "mark" and extra else 0.0)


def thin_lines(product: dict, profile: Profile) -> list[Problem]:
    """Every line a press file strokes thinner than 0.25 pt, white as much as black: a press
    loses it (a white one fills in), so no colour excuses it."""
    if profile.kind not in PRESS:
        return []
    found = _gathered(product, profile, lambda items: [(item, f"{item.stroke:.3g}", 0.0)
                                                       for item in hairlines(items, THINNEST)])
    return [_line(product, where, f"{name}: a {stroke} mm line on {_cards(cards)}; a press holds no line under "
                                  f"0.25 pt ({THINNEST:.3f} mm), of any colour")
            for (where, name, stroke), (cards, _) in found.items()]


def coarse_pictures(product: dict, profile: Profile) -> list[Problem]:
    """Each raster picture placed coarser than the shop's dpi in the images it is sent (a PDF's
    images are read from the file itself, printkit/targets/preflight.py)."""
    if profile.kind not in RASTERISED:
        return []
    found = _gathered(product, profile, lambda items: [(item, f"{item.dpi():.0f}", 0.0) for item in items
                                                       if item.dpi() is not None and item.dpi() < profile.dpi - 0.5])
    return [_line(product, where, f"image {name} is {dpi} dpi as placed on {_cards(cards)}; {profile.name} takes "
                                  f"at least {profile.dpi} dpi")
            for (where, name, dpi), (cards, _) in found.items()]


def near_cut_warnings(product: dict, trim, profile: Profile) -> list[Problem]:
    """Warnings: frames, borders and shapes inside the safe zone that stop short of the trim (a
    cut that drifts shows them nearer one edge than the other); art to the trim is none. Said of
    what a press cuts by a guillotine or a die, not of what a machine cuts by its own marks."""
    if profile.kind not in PRESS:
        return []
    found = _gathered(product, profile, lambda items: [(item, "", inside) for item, inside in
                                                       near_the_cut(items, tuple(trim), profile.safe)])
    return [_line(product, where, f"{name} on {_cards(cards)} stops {_mm(inside, profile.safe)} mm inside the trim, "
                                  f"within the {profile.safe:.1f} mm safe zone: a cut that drifts shows it unevenly")
            for (where, name, _), (cards, inside) in found.items()]


def _mm(inside: float, safe: float) -> str:
    """A distance to a tenth of a mm, or a hundredth where a tenth would read as the safe zone
    itself (a 4.0 mm frame fitted at 98.99 % stops 3.96 mm in, not "4.0 mm within 4.0 mm")."""
    return f"{inside:.1f}" if round(inside, 1) < round(safe, 1) else f"{inside:.2f}"


def _gathered(product: dict, profile: Profile, judge) -> dict:
    """{(where, name, said): ([(card, side), ...], least)}: what `judge` finds on each card side
    ((item, said, a figure) each), a line a layer however many cards it is on, its least figure;
    `where` the layer's line, else the first card's row."""
    found: dict = {}
    for card in product["cards"]:
        for side in profile.sides():
            for item, said, figure in judge(planned(card.get(side, []))):
                key = (item.where or "", item.name, said)  # one line for a mark no layer is written for, too
                cards, least, row = found.get(key, ([], figure, card.get("where") or ""))
                found[key] = (cards + [(card["card"], side)], min(least, figure), row)
    return {(where or row, name, said): (cards, least) for (where, name, said), (cards, least, row) in found.items()}


def _cards(cards: list[tuple[int, str]]) -> str:
    """"card 3", "cards 1-24", "cards 1, 4 (backs)": the cards a finding is on, fronts then backs."""
    said = []
    for side in ("front", "back"):
        numbers = sorted({n for n, s in cards if s == side})
        if numbers:
            spans = _spans(numbers)
            word = "card" if len(numbers) == 1 else "cards"
            said.append(f"{word} {spans}" + ("" if side == "front" else " (back)" if len(numbers) == 1 else " (backs)"))
    return " and ".join(said)


def _spans(numbers: list[int]) -> str:
    """"1-4, 7": sorted numbers as runs."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def _line(product: dict, where: str, message: str) -> Problem:
    found = at(where)
    return Problem(*found, f"{product['product']}: {message}") if found else Problem(product["product"], None, message)


def at(where: str | None) -> tuple[str, int] | None:
    """A record's FILE:LINE as a problem's file and line, when it has one."""
    if where and ":" in where and where.rsplit(":", 1)[1].isdigit():
        file, line = where.rsplit(":", 1)
        return file, int(line)
    return None

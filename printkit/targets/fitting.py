"""A card as a shop sells it: the size it is printed at (one the shop sells, its own or within
FIT_WITHIN of it), turned a quarter where it is a landscape card and the shop's template is
portrait, and scaled to the shop's size where it differs (uniformly, centred, the card's bleed art
planned wide enough to cover the shop's bleed after scaling). A US poker card (63.5 x 88.9 mm) at a
European shop selling 63 x 88 mm is printed at 98.99 %, 0.07 mm of its bleed art showing at each
side of the shop's trim; nothing of the card inside its trim is cut off."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

from PIL import Image

from printkit.ground.errors import PrintkitError, Problem, warn
from printkit.plan.geometry import Paper, Rect
from printkit.plan.marks import Group, Page
from printkit.targets.profiles import Profile, Sold, profiles

FIT_WITHIN = 0.015  # a card within 1.5 % of a size the shop sells (each side) is fitted to it
FRONT_TURN, BACK_TURN = 90.0, -90.0  # a landscape card's front a quarter turn anticlockwise (its
# top to the left, as a fan holds it), its back the other way: turned over on the shop's portrait
# card, side to side, each back lies behind its front as on the landscape card turned over


@dataclass(frozen=True)
class Fit:
    """How a card of trim `card` is printed at the shop: at `trim` (portrait where `turned`),
    `scale` times its size; `sold` the size the shop sells it as (None: a shop of any size)."""

    card: tuple[float, float]
    trim: tuple[float, float]
    sold: Sold | None = None
    turned: bool = False
    scale: float = 1.0

    @property
    def changes(self) -> bool:
        """Whether the card is printed otherwise than as drawn (turned, or fitted)."""
        return self.turned or self.fitted

    @property
    def fitted(self) -> bool:
        """Whether it is fitted to a size of the shop's not its own (scaled, or centred with a gap)."""
        return any(abs(a - b) > 1e-9 for a, b in zip(self.upright, self.trim))

    @property
    def upright(self) -> tuple[float, float]:
        """The card's trim as it lies on the shop's (turned where it is turned)."""
        return (self.card[1], self.card[0]) if self.turned else self.card

    def bleed(self, shop_bleed: float) -> float:
        """The bleed to plan the card with: scaled, it still covers the shop's bleed and the
        gap the scale leaves along the card's other side."""
        if not self.fitted:
            return shop_bleed
        return max((side / 2 + shop_bleed) / self.scale - drawn / 2 for side, drawn in zip(self.trim, self.upright)) + 0.01

    def frame(self, side: str):
        """The affine map (a, b, c, d, e, f: x' = a x + c y + e, y' = b x + d y + f) from the card's
        frame to the shop's trim's, for `side` (front or back): turned about the card's middle,
        scaled, centred on the shop's trim."""
        cos, sin = {0.0: (1, 0), FRONT_TURN: (0, 1), BACK_TURN: (0, -1)}[self._angle(side)]
        s = self.scale
        cx, cy = self.card[0] / 2, self.card[1] / 2
        tx, ty = self.trim[0] / 2, self.trim[1] / 2
        a, b, c, d = s * cos, s * sin, -s * sin, s * cos
        return a, b, c, d, tx - (a * cx + c * cy), ty - (b * cx + d * cy)

    def page(self, marks: tuple, side: str, bleed: float) -> Page:
        """One card side on the shop's page (its trim and `bleed`), the TrimBox and BleedBox the
        shop's, drawn at the page's own scale: `render(..., scale=(s, s))` scales it about the
        page's middle, so the marks and boxes are given here at 1/s."""
        paper = Paper(f"{self.trim[0]:g} x {self.trim[1]:g} mm card", self.trim[0] + 2 * bleed, self.trim[1] + 2 * bleed)
        middle = (paper.width / 2, paper.height / 2)
        unscale = (1 / self.scale, 1 / self.scale)
        trim = Rect(bleed, bleed, *self.trim).scaled(middle, unscale)
        whole = Rect(0, 0, paper.width, paper.height).scaled(middle, unscale)
        *_, e, f = self.frame(side)
        # the card's origin where `frame` puts it, in the unscaled page: trim origin plus (e, f) / s
        x, y = trim.x + e / self.scale, trim.y + f / self.scale
        return Page(paper, (Group(marks, x, y, self._angle(side)),), trim=trim, bleed=whole if bleed else None)

    def _angle(self, side: str) -> float:
        return (FRONT_TURN if side == "front" else BACK_TURN) if self.turned else 0.0

    def said(self, profile: Profile) -> str:
        """What the export says of it, in one line's words."""
        done = " and ".join(word for word, done in (("turned a quarter turn", self.turned), ("fitted", self.fitted)) if done)
        scaled = f", at {self.scale * 100:.2f} % (uniformly, centred, its bleed art kept)" if self.fitted else ""
        return (f"{self.card[0]:g} x {self.card[1]:g} mm cards {done} onto the {self.trim[0]:g} x {self.trim[1]:g} mm "
                f"{self.sold.name} {profile.name} sells{scaled}")

    def recorded(self) -> dict:
        """The record's note of it: the card as designed, the shop's size, the turn and the scale."""
        return {"card": list(self.card), "sold": self.sold.name if self.sold else None, "turned": self.turned,
                "front_turn": FRONT_TURN if self.turned else 0.0, "back_turn": BACK_TURN if self.turned else 0.0,
                "scale": round(self.scale, 6)}


def fit(profile: Profile, trim: tuple[float, float], round_: bool) -> Fit | None:
    """How the shop takes a card of `trim`: as it is (a shop of any size, or its own size), turned
    onto a portrait size it sells, fitted to one within FIT_WITHIN; None when it sells none near."""
    if not profile.cards:
        return Fit(trim, trim)
    best = None
    for sold in profile.cards:
        if sold.round != round_:
            continue
        for turned in (False, True):
            upright = (trim[1], trim[0]) if turned else trim
            off = max(abs(a - b) / b for a, b in zip(upright, sold.trim))
            if (turned and trim[0] <= trim[1]) or off > FIT_WITHIN:
                continue
            if best is None or off < best[0] - 1e-12:
                best = (off, sold, turned, upright)
    if best is None:
        return None
    _, sold, turned, upright = best
    exact = sold.fits(upright, round_) and all(abs(a - b) < 1e-9 for a, b in zip(upright, sold.trim))
    scale = 1.0 if exact else min(s / u for s, u in zip(sold.trim, upright))
    return Fit(trim, sold.trim, sold, turned, scale)


def takers(trim: tuple[float, float], round_: bool) -> list[str]:
    """The shops (by slug) that take a card of `trim`: what a refusal names as what would."""
    return [slug for slug, profile in profiles().items() if fit(profile, trim, round_) is not None]


def sold(jobs: list, profile: Profile) -> list:
    """The export's jobs the shop takes, each with its `fit` (a line said of each turned or
    fitted); each other is a warning at its product's declaration, and left out. None taken: those
    lines are the errors (nothing is written)."""
    fits = [fit(profile, job.product.trim(job.kit), job.product.round(job.kit)) for job in jobs]
    problems = [unsold(job, profile) for job, found in zip(jobs, fits) if found is None]
    taken = [replace(job, fit=found) for job, found in zip(jobs, fits) if found is not None]
    if not taken:
        raise PrintkitError(problems)
    unsold_lines = iter(problems)
    for job, found in zip(jobs, fits):  # in the products' order
        if found is None:
            problem = next(unsold_lines)
            warn(problem.with_message(problem.message + "; left out"))
        elif found.changes:
            warn(job.product.where(job.kit).with_message(f"{job.product.name}: {found.said(profile)}"))
    return taken


def left_out(jobs: list, profile: Profile) -> list[Problem]:
    """The lines of the jobs the shop sells no size near (what `sold` warns of, for the guide)."""
    return [unsold(job, profile) for job in jobs
            if fit(profile, job.product.trim(job.kit), job.product.round(job.kit)) is None]


def unsold(job, profile: Profile) -> Problem:
    """`FILE:LINE: deck: MB Print does not sell 63.5 x 88.9 mm cards; it sells (nearest first) ...;
    pdfx, cricut, tts take them`"""
    product, trim = job.product, job.product.trim(job.kit)
    round_ = product.round(job.kit)
    size = f"{trim[0]:g} mm round" if round_ else f"{trim[0]:g} x {trim[1]:g} mm"
    kind = "tokens" if product.tokens(job.kit) else "cards"
    near = ", ".join(str(sold) for sold in profile.nearest(trim, round_))
    return product.where(job.kit).with_message(
        f"{product.name}: {profile.name} does not sell {size} {kind}; it sells (nearest first) {near}; "
        f"{', '.join(takers(trim, round_))} take them")


def check_pixels(pngs: list[bytes], profile: Profile, trim: tuple[float, float], where: Problem) -> None:
    """Every image exactly the shop's size for the card, the one it publishes where it publishes
    one (TGC's 600 x 825 px mini): else the export is refused, nothing written (`where` names the
    product, its message the product's name)."""
    size = profile.pixels(trim)
    published = profile.published(trim)
    if published and tuple(published) != tuple(size):
        raise PrintkitError([where.with_message(
            f"{where.message}: a {trim[0]:g} x {trim[1]:g} mm card's image would be {size[0]} x {size[1]} px; "
            f"{profile.name} takes {published[0]} x {published[1]} px")])
    for png in set(pngs):
        found = Image.open(io.BytesIO(png)).size
        if found != tuple(size):
            raise PrintkitError([where.with_message(
                f"{where.message}: an image came out {found[0]} x {found[1]} px, not the {size[0]} x {size[1]} px "
                f"{profile.name} takes for a {trim[0]:g} x {trim[1]:g} mm card")])

"""How a build prints (paper, bleed, duplex flip, the printer's back offset and scale, ink saver, the
cards' corners and the cutting machine, and whether cards go on duplex sheets or gutter-fold ones), and the
options a product kind adds of its own (a booklet's choice of scenarios, say)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # a type only: options are read before anything is planned (ground/papers.py names the sizes)
    from printkit.plan.geometry import Paper


@dataclass(frozen=True)
class Options:
    paper: Paper
    bleed: float = 0.0
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, moves every back page's drawing (printer calibration)
    ink_saver: bool = False
    sheet: str = "duplex"  # duplex | gutterfold: cards' backs on the back page, or beside their fronts to fold
    corners: float = 0.0  # mm, the radius of the cards' corners (0: square); poker cards' is 3.175
    cutter: str = "none"  # none | silhouette | cricut: the cutting machine whose marks the fronts carry
    # percent the printer prints at, across and up the page, as read off the calibration ruler:
    # every page is drawn larger (or smaller) by the inverse, about its centre, to print true
    scale_correction: tuple[float, float] = (100.0, 100.0)

    @property
    def drawing(self) -> dict:
        """How the planned pages are drawn (`render`'s options): what a plan does not say."""
        x, y = self.scale_correction
        return {"ink_saver": self.ink_saver, "scale": (100.0 / x, 100.0 / y)}


@dataclass(frozen=True)
class ProductOption:
    """A command-line option a product kind understands, e.g. `--scenarios 1-10,12`. `parse`
    turns the text into a value or raises ValueError with the reason."""

    name: str  # the option is --<name>; the value reaches the product under this name
    parse: Callable[[str], Any]
    help: str
    metavar: str = "VALUE"

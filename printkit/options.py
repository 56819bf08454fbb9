"""How a build prints (paper, bleed, duplex flip, the printer's back offset, ink saver, and whether
cards go on duplex sheets or gutter-fold ones), and the
options a product kind adds of its own (a booklet's choice of scenarios, say)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printkit.plan.geometry import Paper


@dataclass(frozen=True)
class Options:
    paper: Paper
    bleed: float = 0.0
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, moves every back page's drawing (printer calibration)
    ink_saver: bool = False
    sheet: str = "duplex"  # duplex | gutterfold: cards' backs on the back page, or beside their fronts to fold


@dataclass(frozen=True)
class ProductOption:
    """A command-line option a product kind understands, e.g. `--scenarios 1-10,12`. `parse`
    turns the text into a value or raises ValueError with the reason."""

    name: str  # the option is --<name>; the value reaches the product under this name
    parse: Callable[[str], Any]
    help: str
    metavar: str = "VALUE"

"""The papers a build prints on and the cutting machines it prints for, by the names a designer gives
(`--paper letter`, `cutter: silhouette`): ground, so that reading settings and options needs nothing of
the plan. printkit/plan/geometry.py makes each size a Paper; printkit/plan/cutter.py plans each machine."""

from __future__ import annotations

# name -> (the name printed, width, height in mm, portrait)
PAPER_SIZES = {
    "a4": ("A4", 210.0, 297.0),
    "letter": ("Letter", 215.9, 279.4),
}

CUTTERS = ("none", "silhouette", "cricut")

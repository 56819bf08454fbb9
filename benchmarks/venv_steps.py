"""The benchmark's steps that need printkit or its libraries: bench_build.py (which needs only
Python's standard library) runs this with the benchmark venv's python, in the benchmark's project.
Never timed.

    python venv_steps.py pages PAGES.json BUILT_FOLDER
        every page a build plans (every product of every game, on the project's paper), as plain
        drawing operations for bare_reportlab.py; prints {"pages", "files", "built_pages",
        "built_files", "preview_dpi", "printkit", "shipped"} as one line of JSON (built_*: the PDFs in
        BUILT_FOLDER, to check the two are the same pages; shipped: the templates printkit's
        install carries compiled)
    python venv_steps.py export FOLDER
        runs `printkit export --for tgc` and keeps, for pdftoppm, the PDF it renders each product's
        PNGs from (a page a card side); prints {"dpi", "pages", "distinct", "images"} as one line
        of JSON (distinct: the pages export renders, a deck's identical backs once)
    python venv_steps.py campaign COUNT
        makes the project's Cross Sums campaign COUNT scenarios long (bench_build.campaign, which
        needs PyYAML: the venv has it)
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib import resources
from pathlib import Path

import printkit
from printkit.plan import marks as m
from printkit.plan.text import Text


def planned_documents(content: Path) -> list:
    """Every file's plan, as `printkit build` plans it on this project's paper (A4: printkit.yaml)."""
    from printkit.load.options import Options
    from printkit.pipeline.kits import load_all, select_games
    from printkit.pipeline.planning import files, plan_every
    from printkit.plan.geometry import PAPERS

    kits = load_all(select_games([], content), content, Options(PAPERS["a4"]))
    return plan_every(files(kits))


def fonts() -> dict[str, str]:
    from printkit.plan.fonts import FONTS

    folder = resources.files("printkit") / "fonts"
    return {name: str(folder / file) for name, file in FONTS.items()}


def colour(value):
    if value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"the bare script draws greys and RGB, not {type(value).__name__}")  # a Gradient


def op(mark) -> list:
    """A mark as a list bare_reportlab.py reads: its kind and the numbers its canvas call needs."""
    if isinstance(mark, Text):
        return ["text", mark.x, mark.top, colour(mark.level),
                [[line.x, line.baseline, line.size, colour(line.level), [list(run[:2]) for run in line.runs]]
                 for line in mark.lines]]
    if isinstance(mark, m.Box):
        r = mark.rect
        return ["rect", r.x, r.y, r.width, r.height, mark.width, colour(mark.level), colour(mark.fill),
                _dash(mark.dash), mark.radius]
    if isinstance(mark, m.Ellipse):
        r = mark.rect
        return ["ellipse", r.x, r.y, r.width, r.height, mark.width, colour(mark.level), colour(mark.fill),
                _dash(mark.dash)]
    if isinstance(mark, m.Circle):
        return ["ellipse", mark.x - mark.r, mark.y - mark.r, 2 * mark.r, 2 * mark.r, mark.width,
                colour(mark.level), colour(mark.fill), _dash(mark.dash)]
    if isinstance(mark, m.Line):
        s = mark.seg
        return ["line", s.x1, s.y1, s.x2, s.y2, mark.width, colour(mark.level), _dash(mark.dash)]
    if isinstance(mark, m.Polygon):
        return ["polygon", [list(p) for p in mark.points], mark.width, colour(mark.level), colour(mark.fill),
                _dash(mark.dash), mark.closed]
    if isinstance(mark, m.Picture) and not mark.svg:
        r = mark.rect
        return ["image", mark.path, r.x, r.y, r.width, r.height]
    if isinstance(mark, m.Group):
        return ["group", mark.x, mark.y, mark.angle, mark.opacity, op(mark.clip) if mark.clip else None,
                [op(inner) for inner in mark.marks]]
    if isinstance(mark, m.UseForm):
        return ["form", mark.name, mark.x, mark.y]
    raise TypeError(f"the bare script does not draw {type(mark).__name__} marks")  # an SVG picture


def _dash(dash):
    return list(dash) if dash else None


def document(plan) -> dict:
    return {"forms": [[f.name, f.paper.width, f.paper.height, [op(x) for x in f.marks]] for f in plan.forms],
            "pages": [[p.paper.width, p.paper.height, [op(x) for x in p.marks]] for p in plan.pages]}


def pages(target: Path, built: Path) -> dict:
    from printkit.live.preview import DPI

    plans = [plan for plan in planned_documents(Path.cwd() / "content") if isinstance(plan, m.Document)]
    target.write_text(json.dumps({"fonts": fonts(), "documents": [document(plan) for plan in plans]}), encoding="utf-8")
    pdfs = sorted(built.rglob("*.pdf"))
    return {"pages": sum(len(plan.pages) for plan in plans), "files": len(plans),
            "built_pages": sum(_count(pdf) for pdf in pdfs), "built_files": len(pdfs),
            "preview_dpi": DPI, "printkit": printkit.__file__, "shipped": shipped_templates()}


def shipped_templates() -> int:
    """How many of printkit's templates its install shipped compiled, for this Python and Jinja
    (printkit/load/compiled.py; 0 where the wheel was built without them)."""
    try:
        from printkit.load.compiled import shipped_index
    except ImportError:  # a printkit before them
        return 0
    return len(shipped_index())


def export(folder: Path) -> dict:
    """`printkit export --for tgc`, keeping the PDF of card sides it renders to PNG for each product
    (its workers are forked from this process, so they render through the wrapper too)."""
    from printkit.cli.main import main
    from printkit.targets import export as shop
    from printkit.targets.profiles import profiles

    render_pngs = shop._pngs

    def kept(data, profile, trim, sides, *rest, **named):
        name = f"{os.getpid()}-{hashlib.sha256(data).hexdigest()[:16]}-{len(set(sides))}.pdf"
        (folder / "pages" / name).write_bytes(data)
        return render_pngs(data, profile, trim, sides, *rest, **named)

    shop._pngs = kept
    (folder / "pages").mkdir(parents=True)
    if main(["export", "--for", "tgc", "--out", str(folder / "export")]) != 0:
        raise SystemExit("printkit export --for tgc failed")
    pdfs = list((folder / "pages").glob("*.pdf"))
    return {"dpi": profiles()["tgc"].dpi, "pages": sum(_count(pdf) for pdf in pdfs),
            "distinct": sum(int(pdf.stem.rsplit("-", 1)[1]) for pdf in pdfs),
            "images": len(list((folder / "export").rglob("*.png")))}


def _count(pdf: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages)


def campaign(count: int) -> dict:
    from bench_build import campaign as lengthened  # one campaign, here and in tests/cross_sums

    lengthened(Path.cwd(), count)
    return {"scenarios": count}


def main() -> None:
    mode, *rest = sys.argv[1:]
    if mode == "pages":
        found = pages(Path(rest[0]), Path(rest[1]))
    elif mode == "export":
        found = export(Path(rest[0]))
    else:
        found = campaign(int(rest[0]))
    print(json.dumps(found))  # the last line of the output: what bench_build.py reads


if __name__ == "__main__":
    main()

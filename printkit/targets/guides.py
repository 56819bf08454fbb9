"""The words an export writes beside its files, for whoever sends them on: a press or image
shop's `PRINT-GUIDE.txt` (each product's files, the size to order it as, how it was turned or
fitted onto that size, what was left out and which shops take it), and a cutting machine's
`HOW-TO-CUT.txt` (the size to set for each product's images, how many of each, the steps). Their
words are printkit's templates (`templates/shop-print-guide.j2`, `templates/how-to-cut.j2`)."""

from __future__ import annotations

from pathlib import Path

import markupsafe

from printkit.ground.errors import Problem
from printkit.targets import cutout
from printkit.targets.profiles import Profile
from printkit.pipeline.write import Output

PRINT_GUIDE = "PRINT-GUIDE.txt"
GUIDED = ("png", "pdf")  # the shops a designer uploads files to, by kind


def print_guide(kit, jobs: list, products: list[dict], left_out: list[Problem], out: Path,
                profile: Profile) -> list[Output]:
    """PRINT-GUIDE.txt for a shop a designer uploads to (none for the others): `jobs` the
    products sent (each with its fit), `products` their record entries in the same order,
    `left_out` the lines of those the shop does not take. A turned or fitted product's line is
    the one the export said."""
    if profile.kind not in GUIDED:
        return []
    shown = [_product(job, entry, profile) for job, entry in zip(jobs, products)]
    words = kit.templates.render("shop-print-guide.j2", shop=profile.name, products=shown,
                                 left_out=[str(problem) for problem in left_out], bleed=f"{profile.bleed:g}",
                                 safe=f"{profile.safe:g}", kind=profile.kind, pdfx=profile.pdfx, order=profile.order,
                                 separate=profile.separate)
    return [Output(out / PRINT_GUIDE, _text(words), 0)]


def _product(job, entry: dict, profile: Profile) -> dict:
    fit = job.fit
    width, height = entry["trim"]
    files = sorted({page["file"] for page in entry["pages"]})
    sold = f"{fit.sold.name} {width:g} x {height:g} mm" if fit and fit.sold else f"{width:g} x {height:g} mm"
    return {"product": entry["product"], "cards": len({page["card"] for page in entry["pages"]}),
            "files": files, "sold": sold, "said": fit.said(profile) if fit and fit.changes else None}


def how_to_cut(kit, products: list[dict], out: Path, profile: Profile) -> Output:
    """HOW-TO-CUT.txt: the size to set for each product's images, how many of each, the steps."""
    shown = []
    for product in products:
        counts = {}
        for page in product["pages"]:
            counts[page["file"]] = counts.get(page["file"], 0) + 1
        width, height = product["trim"]
        shown.append({"product": product["product"], "cards": len(product["pages"]),
                      "images": list(counts.items()), "round": product["outline"]["round"],
                      "radius": product["outline"]["radius"], "width_mm": f"{width:g}", "height_mm": f"{height:g}",
                      "width_in": cutout.inches(width), "height_in": cutout.inches(height)})
    area = [cutout.inches(side) for side in profile.area] if profile.area else None
    words = kit.templates.render("how-to-cut.j2", products=shown, area=area, machine=profile.name,
                                 dpi=profile.dpi)
    return Output(out / cutout.HOW_TO, _text(words), 0)


def _text(words) -> bytes:
    return (markupsafe.Markup(words.body).unescape().strip() + "\n").encode("utf-8")

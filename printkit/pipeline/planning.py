"""What a build plans: every output file of the games' products (a Planned: its kit and its file),
each planned into its pages, the print guides (summaries) after the files whose pages they count;
a file of no pages is a problem, never a PDF."""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.options import Options
from printkit.pipeline.reported import reported
from printkit.plan.marks import page_count
from printkit.products import FilePlan
from printkit.products.kit import Kit


@dataclass(frozen=True)
class Planned:
    kit: Kit
    file: FilePlan


def files(kits: list[Kit], only: list[str] | None = None) -> list[Planned]:
    """Every output file of every product (or of the products named in `only`)."""
    found, problems = [], []
    for kit in kits:
        for product in kit.game.products:
            if only and product.name not in only:
                continue
            try:
                found += [Planned(kit, file) for file in product.files(kit)]
            except PrintkitError as error:
                problems += error.problems
    if problems:
        raise PrintkitError(problems)
    return found


def plan_every(planned: list[Planned]) -> list:
    """Every file's plan, or every problem any of them has."""
    outcomes = {}
    for item in summaries_last(planned):
        if item.file.product.summary and any(isinstance(o, list) for o in outcomes.values()):
            break  # a summary of files that could not be planned would only repeat their problems
        outcomes[id(item)] = plan_one(item)
    failed = [(item.kit, outcomes[id(item)]) for item in summaries_last(planned)
              if isinstance(outcomes.get(id(item)), list)]
    if failed:
        raise PrintkitError(reported(failed))
    return [outcomes[id(item)] for item in planned]


def plan_one(item: Planned):
    """A file's plan (its page count noted in its kit, for a summary), or its problems."""
    try:
        document = item.file.plan()
    except PrintkitError as error:
        return error.problems
    item.kit.pages[item.file.name] = page_count(document)
    if not page_count(document):  # a PDF of no pages is never written: whatever led to it, say so here
        return [_product_where(item).with_message(f"{item.file.name}: {item.file.product.name} has nothing to "
                                                  f"print: printkit writes no file of no pages")]
    return document


def _product_where(item: Planned) -> Problem:
    """Where a product is declared (its line), or its game's folder when it says nothing of it."""
    where = getattr(item.file.product, "where", None)
    try:
        return where(item.kit) if callable(where) else Problem(item.kit.game.slug, None, "")
    except (KeyError, TypeError):
        return Problem(item.kit.game.slug, None, "")


def summaries_last(planned: list[Planned]) -> list[Planned]:
    """A summary (the print guide) counts the pages of its game's other files: planned after them."""
    return [i for i in planned if not i.file.product.summary] + [i for i in planned if i.file.product.summary]


def on_paper(kit: Kit, options: Options) -> Kit:
    """The kit printed as `options` say, nothing of it yet planned."""
    return replace(kit, options=options, pages={}, _memo={})

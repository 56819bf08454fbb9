"""`validate`: everything a build checks, on every paper, without drawing or writing; the files
the page cache notes as planned from the same inputs are not planned again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.options import Options
from printkit.pipeline import cache
from printkit.pipeline import nothing_changed
from printkit.pipeline.cores import each_on_every_core
from printkit.pipeline.fingerprints import TEXTS, file_shown, found_planned, weight
from printkit.pipeline.kits import load_all
from printkit.pipeline.planning import Planned, files, on_paper, plan_every
from printkit.pipeline.side_by_side import SIDE_BY_SIDE
from printkit.plan import findings
from printkit.plan.geometry import PAPERS
from printkit.products.kit import Game, Kit


def validate(games: list[Game], content: Path, printing: Options | None = None, planned=None,
             sources: dict[str, str] | None = None, strict: bool = False) -> int:
    """Everything a build checks, on both papers, without drawing or writing: returns the products
    planned. Content is loaded and checked once; then each game is planned on each paper, side by
    side, but for the files the page cache notes as planned from the same inputs, by a build or
    for one (printkit/pipeline/cache.py), which are not planned again. The problems reported are the first
    paper's that has any. Everything else prints as `printing` says (the project's settings:
    gutter-fold sheets, rounded corners, a cutter...). `planned(file)` hears of each file planned.
    A game a build noted as planned whole on every paper, from the sources it has now, is not even
    loaded (printkit/pipeline/nothing_changed.py; `sources`: the digests of its files, where the caller took them
    already). What the layout lint finds is said once as a warning (printkit/plan/findings.py), or
    with `strict` reported with the problems."""
    papers = list(PAPERS.values())
    printing = printing or Options(papers[0])
    noted = nothing_changed.validated(content, [game.slug for game in games], printing, sources)  # games a build planned whole
    kits = load_all([game for game in games if game.slug not in noted], content, replace(printing, paper=papers[0]))
    cache.use(cache.default_folder(), write=False)  # what builds planned, found again
    findings.taken()  # what an earlier command of this process left: not this one's
    TEXTS.clear()
    each = [(paper, *_left_to_plan(on_paper(kit, replace(printing, paper=paper)))) for paper in papers for kit in kits]
    cache.STORE.close()  # opened to find the files noted: never open here while workers are forked (see draw_changed)
    outcomes, heard = findings.apart(each_on_every_core(findings.heard_with(_problems_of),
                                                        [left for _, _, left in each if left],
                                                        weight=lambda left: sum(map(weight, left)), least=SIDE_BY_SIDE))
    for found in _by_paper(papers, each, outcomes, planned).values():  # the first paper's that has any
        if found:
            raise findings.with_problems(heard, found, strict)
    findings.said(heard, strict)
    return sum(len(game.products) for game in games)


def _by_paper(papers: list, each: list, outcomes: list, planned=None) -> dict:
    """Each paper's problems, in the papers' order: its kits' files' listing's, then their
    planning's (`outcomes`, one for each kit that had files left to plan); `planned(file)` told of
    each file planned."""
    outcomes = iter(outcomes)
    problems = {paper: [] for paper in papers}
    for paper, listed, left in each:
        found, names = next(outcomes) if left else ([], [])
        problems[paper] += listed + found
        for name in names if planned else ():
            planned(name)
    return problems


def _left_to_plan(kit: Kit) -> tuple[list[Problem], list[Planned]]:
    """The problems of listing a kit's files, or the files left to plan: those the page cache does
    not note as planned from the same inputs, and its summaries after them unless found too."""
    try:
        items = files([kit])
    except PrintkitError as error:
        return error.problems, []
    left = [item for item in items if not item.file.product.summary and not found_planned(item)]
    summaries = [item for item in items if item.file.product.summary]
    return [], (left + summaries if left or not all(map(found_planned, summaries)) else [])


def _problems_of(items: list[Planned]) -> tuple[list[Problem], list[str]]:
    """A game's files on one paper planned, then its summaries unless found once the others' page
    counts are known: the problems a build would report (none), and the files planned (as
    game/file on paper)."""
    others = [item for item in items if not item.file.product.summary]
    try:
        plan_every(others)
        summaries = [item for item in items if item.file.product.summary and not found_planned(item)]
        plan_every(summaries)
    except PrintkitError as error:
        return error.problems, []
    return [], [f"{file_shown(item)} on {item.kit.options.paper.name}" for item in others + summaries]

"""What a whole build plans on the other papers, for `validate` to find: the files of its games
there (but those of a game too heavy to plan twice, printkit/pipeline/other_papers.py), those the
page cache does not note yet, and then each game noted as planned whole on every paper."""

from __future__ import annotations

from dataclasses import replace

from printkit.ground.errors import PrintkitError
from printkit.pipeline import cache
from printkit.pipeline.fingerprints import file_key, found_planned, noted, weight
from printkit.pipeline.other_papers import too_heavy
from printkit.pipeline.planning import Planned, files, on_paper
from printkit.plan.geometry import PAPERS


def note_everywhere(planned: list[Planned], others: list[Planned], everywhere: dict[str, str]) -> None:
    """Each game whose every file, on this paper and on the others, the page cache notes as planned
    noted as planned whole on every paper (with its number of products), under its digest."""
    from printkit.pipeline.nothing_changed import EVERYWHERE

    kits = {item.kit.game.slug: item.kit for item in planned if item.kit.game.slug in everywhere}
    for slug, kit in kits.items():
        listed = [item for item in others if item.kit.game.slug == slug]
        if not listed:  # (a game left to validate on the other papers: see on_other_papers)
            continue
        mine = [item for item in planned if item.kit is kit]
        if all(found_planned(item) for item in mine + listed if not item.file.product.summary) and \
                all(found_planned(_as_listed(item)) for item in mine + listed if item.file.product.summary):
            cache.note_planned(f"{slug} {EVERYWHERE}", everywhere[slug], len(kit.game.products))


def _as_listed(summary: Planned) -> Planned:
    """A summary as it was planned: its kit's page counts but its own (a build notes those too)."""
    pages = {name: count for name, count in summary.kit.pages.items() if name != summary.file.name}
    return Planned(replace(summary.kit, pages=pages), summary.file)


def on_other_papers(kits) -> list[Planned]:
    """The kits' files on each paper but the one they are built on (a kit whose files cannot be
    listed there is validate's to report). A game with a file made from more than
    OTHER_PAPERS_AT_MOST characters (a declared deck aside: other_papers.py) is left out: the
    500-scenario campaign, planned on both papers, took a build's largest process from 147 to 178
    MiB (156 MiB without its booklets), past the 150 MiB a build may take (benchmarks/bench_build.py);
    a game whose files on its own paper show it is not even listed on the others (listing the campaign's 565 files costs 8 MiB, which every worker
    forked after it inherits)."""
    found = []
    for kit in kits:
        try:
            every = [item for paper in PAPERS.values() if paper != kit.options.paper
                     for item in files([on_paper(kit, replace(kit.options, paper=paper))])]
        except PrintkitError:
            continue
        if not any(too_heavy(item, weight(item)) for item in every):
            found += every
    return found


def unnoted(others: list[Planned], summaries: bool) -> list[tuple[Planned, str]]:
    """The files of `others` (its summaries, or the rest) the page cache does not note as planned,
    with their fingerprints. A summary waits for the page counts of every other file of its kit."""
    found = []
    for item in (item for item in others if item.file.product.summary == summaries):
        if summaries and any(other.file.name not in item.kit.pages for other in others
                             if other.kit is item.kit and not other.file.product.summary):
            continue
        fingerprint = file_key(item, summaries)
        if not noted(item, fingerprint):
            found.append((item, fingerprint))
    return found

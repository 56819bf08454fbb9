"""Planning and drawing side by side: every file whose inputs changed planned and drawn on the
machine's cores (printkit/pipeline/cores.py), a summary after the files it counts, the page cache
told of what was planned; files unchanged are not planned again. Nothing is written here."""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import PrintkitError
from printkit.pipeline import cache as lasting
from printkit.pipeline.cores import each_on_every_core
from printkit.pipeline.everywhere import note_everywhere, on_other_papers, unnoted
from printkit.pipeline.fingerprints import TEXTS, file_shown, fingerprinted, weight
from printkit.pipeline.manifest import Manifest
from printkit.pipeline.other_papers import redrawn, too_heavy
from printkit.pipeline.planning import Planned, plan_one
from printkit.pipeline.reported import reported
from printkit.pipeline.side_by_side import GUIDES_HERE, here_too, least
from printkit.pipeline.write import Output
from printkit.plan import findings
from printkit.load.fonts import register_fonts
from printkit.plan.marks import page_count
from printkit.render.draw import render


def draw_changed(planned: list[Planned], out: Path, manifest: Manifest, every: list[Planned], progress=None,
                 everywhere: dict[str, str] | None = None, heard: list | None = None) -> list[Output]:
    """Plan and draw every file whose inputs changed, side by side on the machine's cores: an
    output whose inputs are unchanged is not planned again (its Output carries no data and the
    page count the manifest recorded). Nothing is written unless every file could be planned.
    `every` is all the files of the games (with --only): a summary built alone still counts the
    pages of the files it lists, from the manifest or by planning them, not drawing them.
    Each file planned is noted in the page cache as planned, for validate. With `everywhere` (a
    whole build: each game's sources digest on every paper, printkit/pipeline/nothing_changed.py), so is each
    file of the games on the other papers (planned beside these and drawn nothing; its problems
    are validate's to report), and then a game whose every file is noted on every paper is noted
    whole, under that digest: `validate` need not even load it. What the files' planning found
    (printkit/plan/findings.py) is added to `heard`; a game it names is recorded as never fresh, so
    that the next build plans it again and says it again."""
    heard = [] if heard is None else heard
    outputs, settled, others = {}, _counter(progress, len(planned), out), []
    TEXTS.clear()
    for summaries in (False, True):  # a summary's inputs are the others' page counts: they come first
        mine = [item for item in planned if item.file.product.summary == summaries]
        stale = _stale(mine, summaries, out, manifest, outputs, settled)
        uncounted = []
        if not summaries:
            uncounted = _uncounted(planned, every, manifest, out)
            others = _listed_elsewhere(planned, everywhere)
        stale.sort(key=lambda job: -manifest.pages_before(job[1]))  # of files as heavy, the longest first
        jobs = _jobs(stale, uncounted, others, summaries, manifest)
        drawn, found = findings.apart(_handed_out(jobs, summaries, settled))
        heard += found
        _settle(stale, uncounted, jobs, drawn, manifest, outputs, findings.games(heard))
    warned = findings.games(heard)
    note_everywhere(planned, others, {slug: d for slug, d in (everywhere or {}).items() if slug not in warned})
    return [outputs[id(item)] for item in planned]


def _stale(items: list[Planned], summaries: bool, out: Path, manifest: Manifest, outputs: dict,
           settled) -> list[tuple[Planned, Path, str]]:
    """The files whose inputs changed since the manifest's entries, each with where it is written and
    its fingerprint; each of the others settled, its Output the pages the manifest recorded."""
    stale = []
    for item in items:
        path, fingerprint = fingerprinted(item, out, summaries)
        pages = manifest.pages_if_fresh(path, fingerprint)
        if pages is None:
            stale.append((item, path, fingerprint))
        else:
            outputs[id(item)] = Output(path, None, pages)
            item.kit.pages[item.file.name] = pages
            settled(item)
    return stale


def _listed_elsewhere(planned: list[Planned], everywhere: dict[str, str] | None) -> list[Planned]:
    """For a whole build (`everywhere`), its games' files on the other papers, but a heavy game's."""
    heavy = {id(item.kit) for item in planned if too_heavy(item, weight(item))}  # not even listed there
    return on_other_papers({id(item.kit): item.kit for item in planned if id(item.kit) not in heavy}.values()) \
        if everywhere is not None else []


def _jobs(stale: list, uncounted: list[Planned], others: list[Planned], summaries: bool, manifest: Manifest) -> list:
    """What the workers are handed: (the file, whether to draw it, its plan's digest as the file on
    disk was drawn, the fingerprint to note it planned under): the files changed, those a summary
    counts that this build does not make, and the other papers' files the page cache does not note."""
    return [(item, True, manifest.plan_on_disk(path), fingerprint) for item, path, fingerprint in stale] + \
        [(item, False, None, None) for item in uncounted] + \
        [(item, False, None, fingerprint) for item, fingerprint in unnoted(others, summaries)]


def _handed_out(jobs: list, summaries: bool, settled) -> list:
    """Each job planned (and drawn), side by side on the machine's cores: its outcome."""
    floor = least(summaries, redrawn(jobs))
    if jobs:
        register_fonts()  # once, before the workers are forked
        _kept_written(floor)
    here = _here_too(jobs)
    _DIGESTS_KEPT[0] = here  # few files: a booklet's page digests kept for its volumes, drawn after it
    try:
        return each_on_every_core(findings.heard_with(_planned_or_drawn), jobs, weight=lambda job: weight(job[0]),
                                  least=floor, done=lambda job, _: settled(job[0]) if job[1] else None,
                                  after=_after([job[0] for job in jobs]), here_too=here,
                                  together=lambda job: (job[0].kit.game.slug, job[0].file.name))
    finally:
        _DIGESTS_KEPT[0] = False
        lasting.forget_digests()


def _kept_written(floor: float) -> None:
    """What this process kept, written for the workers to find; and closed, not only written, where
    any may be forked: a worker forked while the database is open here would share SQLite's record
    of this process's locks on it. Where none is (`floor`, the least the pass must weigh to be
    handed out, is infinite), left open: closed, SQLite folds its log into the database, which a
    long-lived process (watch, serve) then paid at every edit (25 ms of a 1,000-row deck's 0.2 s)."""
    if floor == GUIDES_HERE:
        lasting.STORE.flush()
    else:
        lasting.STORE.close()


def _settle(stale: list, uncounted: list[Planned], jobs: list, drawn: list, manifest: Manifest, outputs: dict,
            warned: set) -> None:
    """The outcomes taken in: the problems of the files this build makes (or counts) raised; each
    page count noted in its kit; each file drawn recorded in the manifest (one planned as it was
    kept as it is), under a fingerprint never fresh for a game the lint warned of."""
    mine = len(stale) + len(uncounted)
    failed = [(job[0].kit, outcome) for job, outcome in zip(jobs[:mine], drawn) if isinstance(outcome, list)]
    if failed:
        raise PrintkitError(reported(failed))
    for (item, *_), outcome in zip(jobs[len(stale):], drawn[len(stale):]):  # planned, not drawn
        if not isinstance(outcome, list):  # (a file with a problem on another paper: its summary is not planned)
            item.kit.pages[item.file.name] = outcome[1]
    for (item, path, fingerprint), (data, pages, plan) in zip(stale, drawn):
        item.kit.pages[item.file.name] = pages
        fingerprint = findings.unfresh(fingerprint) if item.kit.game.slug in warned else fingerprint
        if data is None:  # planned as it was: the file on disk is what drawing it would give
            manifest.keep(path, fingerprint, plan)
        else:
            manifest.record(path, fingerprint, pages, data, plan)
        outputs[id(item)] = Output(path, data, pages)


def _counter(progress, total: int, out: Path):
    """Tells `progress` of each file as it is settled: drawn, or found unchanged. (done, total, path)"""
    count = [0]

    def settled(item: Planned) -> None:
        count[0] += 1
        if progress:
            progress(count[0], total, out / item.kit.game.slug / item.file.name)
    return settled


def _uncounted(planned: list[Planned], every: list[Planned], manifest: Manifest, out: Path) -> list[Planned]:
    """The files a summary being built lists but this build does not make (--only): their page
    counts noted from the manifest where it has them fresh; the rest returned, to be planned."""
    summarised = {id(item.kit) for item in planned if item.file.product.summary}
    built = {(id(item.kit), item.file.name) for item in planned}
    found = []
    for item in every:
        if id(item.kit) in summarised and not item.file.product.summary and (id(item.kit), item.file.name) not in built:
            pages = manifest.pages_if_fresh(*fingerprinted(item, out, False))
            if pages is None:
                found.append(item)
            else:
                item.kit.pages[item.file.name] = pages
    return found


# Whether the digests of the marks a file drew (lasting.plan_digest) are kept for the files drawn after
# it in the same process: for an edit's few files (_here_too), where a booklet's volumes draw the
# pages it drew; not for a cold build's, whose every page they would keep to its end.
_DIGESTS_KEPT = [False]


def _planned_or_drawn(job: tuple[Planned, bool, str | None, str | None]):
    """A file planned and drawn: (its PDF, its page count, its plan's digest); planned only, or
    planned as the file on disk was planned (`job`'s digest): (None, its page count, the digest);
    or the problems of its plan. A file planned from the inputs a fingerprint names is noted as
    planned in the page cache. (An edit that reaches a file's inputs but not what it prints, a
    scenario's tagline in the campaign log, draws nothing.)"""
    item, draw, before, fingerprint = job
    try:
        outcome = _plan_and_draw(item, draw, before)
        if fingerprint and not isinstance(outcome, list) and not findings.HEARD:  # validate plans it, to say them
            lasting.note_planned(file_shown(item), fingerprint, outcome[1])
        return outcome
    finally:
        lasting.flush()  # what this file kept, there for the files drawn next, in any process
        if not _DIGESTS_KEPT[0]:
            lasting.forget_digests()


def _plan_and_draw(item: Planned, draw: bool, before: str | None):
    outcome = plan_one(item)
    if isinstance(outcome, list):
        return outcome
    drawing = item.kit.options.drawing
    plan = lasting.plan_digest(outcome, drawing) if draw else None
    if not draw or plan == before:
        return None, page_count(outcome), plan
    return *render(outcome, **drawing, keeper=lasting.KEPT), plan


def _here_too(jobs: list) -> bool:
    return here_too(jobs, weight)


def _after(items: list[Planned]):
    """What each file waits for: a file marked `last` (a booklet's volume), the files of its kit
    whose pages it finds kept (printkit/pipeline/cache.py): those of a product planning the same pages (the
    booklet in reading order), or else all the others."""
    def waits(job) -> list[int]:
        item = job[0]
        if not item.file.last:
            return []
        firsts = [i for i, other in enumerate(items) if other.kit is item.kit and not other.file.last]
        same = [i for i in firsts if _pages_of(items[i]) is not None and _pages_of(items[i]) is _pages_of(item)]
        return same or firsts
    return waits


def _pages_of(item: Planned):
    return getattr(item.file.product, "pages", None)

"""The pipeline, end to end: load -> validate -> plan -> render -> write.

Every game is loaded and checked by its rules model, then every output is planned (its pages and
fitted text, complete), and only then drawn and written, so bad content never costs a previous
output. `validate` stops after planning, on both papers: it draws nothing.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from printkit.plan import blame
from printkit.plan import findings
from printkit.pipeline import cache as lasting
from printkit.pipeline import nothing_changed as unchanged
from printkit.pipeline.cores import each_on_every_core
from printkit.ground.errors import WARNED, Problem, PrintkitError
from printkit.games import all_games, project_games, template_fallbacks
from printkit.products.kit import Game, Kit
from printkit.load import load_yaml, read_content
from printkit.load.schema import Spec, dotted
from printkit.pipeline.manifest import Manifest, inputs_json, key
from printkit.load.options import Options
from printkit.pipeline.other_papers import OTHER_PAPERS_AT_MOST, too_heavy
from printkit.plan.fonts import describe_glyphs, missing_glyphs, register_fonts, right_to_left
from printkit.plan.geometry import PAPERS
from printkit.plan.marks import page_count
from printkit.products import FilePlan
from printkit.load.project import refuse_links, shown
from printkit.render.draw import render
from printkit.render.words import Templates
from printkit.pipeline.side_by_side import HERE_AT_MOST, SIDE_BY_SIDE, here_too, least  # noqa: F401 (HERE_AT_MOST: the tests')
from printkit.pipeline.write import Output, recover, write_outputs

LAYOUTS_FILE = "layouts.yaml"  # a game of printkit's own: its cards' layouts (printkit/declared)


# --- load and validate -----------------------------------------------------------------------------

def load_kit(game: Game, content: Path, options: Options, choices: dict | None = None) -> Kit:
    """Load one game's content and check it with its rules model; raises with every problem."""
    data, located, problems = {}, {}, []
    for file, spec in game.files.items():
        try:
            node = load_yaml(content / game.slug / file, f"{game.slug}/{file}", within=content / game.slug)
        except PrintkitError as error:
            problems += error.problems
            continue
        if not isinstance(spec, Spec):  # a schema that reads files beside the content: made for its folder
            spec = spec(content / game.slug)
        data[Path(file).stem], located[file], found = read_content(node, spec)
        problems += found + ([] if game.own_fonts else unprintable(data[Path(file).stem], located[file]))
    model = None
    if not problems:
        model = game.model(data)
        problems = [located[f.file].problem(f.path, f.message) for f in game.check(model)]
    if problems:
        raise PrintkitError(problems)
    return Kit(game, data, located, templates_for(content).readable(game.slug), options, model, dict(choices or {}),
               folder=content / game.slug)


def unprintable(data, located, path: tuple = ()) -> list[Problem]:
    """Text in content that the fonts cannot draw: an error at its line, not an empty box in print."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in unprintable(value, located, path + (key,))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in unprintable(value, located, path + (i,))]
    if not isinstance(data, str):
        return []
    if right_to_left(data):
        return [located.problem(path, f"{dotted(path)}: right-to-left text ({describe_glyphs(right_to_left(data)[:3])}) "
                                      f"is not supported: it would print reversed")]
    missing = missing_glyphs(data)
    if not missing:
        return []
    return [located.problem(path, f"{dotted(path)}: the font has no glyph for {describe_glyphs(missing)}; "
                                  f"it would print as an empty box")]


def templates_for(content: Path) -> Templates:
    """A project keeps templates/ beside content/; both are the designer's to edit. A template it
    does not have is printkit's own (or, for a plug-in's game, the plug-in's)."""
    folder = content.resolve().parent / "templates"
    fallbacks = tuple((other, shown(other)) for other in template_fallbacks() if other != folder)
    return _templates(folder, shown(folder), fallbacks)


@functools.lru_cache(maxsize=8)
def _templates(folder: Path, shown_as: str, fallbacks: tuple) -> Templates:
    """One Jinja environment per folder for the life of the process: compiled templates are kept,
    and Jinja recompiles any template whose file has changed since (auto_reload)."""
    return Templates(folder, shown_as, fallbacks)


def load_all(games: list[Game], content: Path, options: Options, choices: dict | None = None) -> list[Kit]:
    kits, problems = [], []
    for game in games:
        try:
            kits.append(load_kit(game, content, options, choices))
        except PrintkitError as error:
            problems += error.problems
    if problems:
        raise PrintkitError(problems)
    return kits


# --- plan ------------------------------------------------------------------------------------------

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
    for item in _summaries_last(planned):
        if item.file.product.summary and any(isinstance(o, list) for o in outcomes.values()):
            break  # a summary of files that could not be planned would only repeat their problems
        outcomes[id(item)] = plan_one(item)
    failed = [(item.kit, outcomes[id(item)]) for item in _summaries_last(planned)
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


def reported(failed: list[tuple[Kit, list[Problem]]]) -> list[Problem]:
    """The problems of the files that could not be planned, each too-long value of content
    reported once at its own line, not once for every product that prints it."""
    problems, blamed = [], set()
    for kit, found in failed:
        for problem in found:
            value = blame_content(problem, kit)
            if value is not problem:
                if (value.file, value.line) in blamed:
                    continue
                blamed.add((value.file, value.line))
            problems.append(value)
    return problems


def _summaries_last(planned: list[Planned]) -> list[Planned]:
    """A summary (the print guide) counts the pages of its game's other files: planned after them."""
    return [i for i in planned if not i.file.product.summary] + [i for i in planned if i.file.product.summary]


def blame_content(problem: Problem, kit: Kit) -> Problem:
    """A text that does not fit, found at a template's line: if a value from content stands in
    it, that value is what the designer changed; the problem is reported at it, the template's
    line in the message. (The longest value found wins: a title, not a single letter.)"""
    if not problem.text or problem.file.startswith(kit.game.slug + "/"):
        return problem
    text = problem.text
    found = max(((path, file, value) for file, path, value in (*_content_texts(kit), *blame.names(kit))
                 if value in text or (len(text) >= 4 and text in value)),
                key=lambda hit: len(hit[2]), default=None)
    if found is None:
        return _in_template(problem, kit)
    path, file, value = found
    shown = f"{blame.template_shown(problem.file, kit)}{f':{problem.line}' if problem.line else ''}"
    return kit.located[file].problem(path, f"{dotted(path)}: '{value}' is too long where it is printed "
                                           f"({shown}: {problem.message})")


def _in_template(problem: Problem, kit: Kit) -> Problem:
    """A text of the template's own that does not fit (a word wider than the page), found where the
    whole template was being set: at the template's first line that holds it."""
    if problem.line is not None:
        return problem
    for folder, as_shown in kit.templates.env.loader.folders:
        if problem.file.startswith(as_shown + "/"):
            try:
                source = (folder / problem.file[len(as_shown) + 1:]).read_text(encoding="utf-8")
            except (OSError, UnicodeError):
                return problem
            at = source.find(problem.text)
            return problem if at < 0 else Problem(problem.file, source.count("\n", 0, at) + 1, problem.message,
                                                  problem.text)
    return problem


def _content_texts(kit: Kit):
    """(content file, key path, text) for every text or number of the kit's content long enough to
    be recognised in a sentence."""
    for file, located in kit.located.items():
        if file == LAYOUTS_FILE:  # how the cards look: its keys and field names are no words that print
            continue
        for path in located.places:
            value = _value_at(kit.data[Path(file).stem], path)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and len(str(value)) >= 4:
                yield file, path, str(value)


def _value_at(data, path: tuple):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


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
    noted = unchanged.validated(content, [game.slug for game in games], printing, sources)  # games a build planned whole
    kits = load_all([game for game in games if game.slug not in noted], content, replace(printing, paper=papers[0]))
    lasting.use(lasting.default_folder(), write=False)  # what builds planned, found again
    findings.taken()  # what an earlier command of this process left: not this one's
    _TEXTS.clear()
    each = [(paper, *_left_to_plan(_on_paper(kit, replace(printing, paper=paper)))) for paper in papers for kit in kits]
    lasting.STORE.close()  # opened to find the files noted: never open here while workers are forked (see _outputs)
    outcomes, heard = findings.apart(each_on_every_core(findings.heard_with(_problems_of),
                                                        [left for _, _, left in each if left],
                                                        weight=lambda left: sum(map(_weight, left)), least=SIDE_BY_SIDE))
    outcomes = iter(outcomes)
    problems = {paper: [] for paper in papers}
    for paper, listed, left in each:
        found, names = next(outcomes) if left else ([], [])
        problems[paper] += listed + found
        for name in names if planned else ():
            planned(name)
    for paper in papers:
        if problems[paper]:
            raise findings.with_problems(heard, problems[paper], strict)
    findings.said(heard, strict)
    return sum(len(game.products) for game in games)


def _on_paper(kit: Kit, options: Options) -> Kit:
    """The kit printed as `options` say, nothing of it yet planned."""
    return replace(kit, options=options, pages={}, _memo={})


def _left_to_plan(kit: Kit) -> tuple[list[Problem], list[Planned]]:
    """The problems of listing a kit's files, or the files left to plan: those the page cache does
    not note as planned from the same inputs, and its summaries after them unless found too."""
    try:
        items = files([kit])
    except PrintkitError as error:
        return error.problems, []
    left = [item for item in items if not item.file.product.summary and not _found(item)]
    summaries = [item for item in items if item.file.product.summary]
    return [], (left + summaries if left or not all(map(_found, summaries)) else [])


def _found(item: Planned) -> bool:
    return _noted(item, _file_key(item, item.file.product.summary))


def _noted(item: Planned, fingerprint: str) -> bool:
    """Whether the page cache notes the file as planned from the inputs `fingerprint` names (a
    file's page count then noted in its kit, for its summary)."""
    pages = lasting.planned(_shown(item), fingerprint)
    if pages is not None and not item.file.product.summary:
        item.kit.pages[item.file.name] = pages
    return pages is not None


def _problems_of(items: list[Planned]) -> tuple[list[Problem], list[str]]:
    """A game's files on one paper planned, then its summaries unless found once the others' page
    counts are known: the problems a build would report (none), and the files planned (as
    game/file on paper)."""
    others = [item for item in items if not item.file.product.summary]
    try:
        plan_every(others)
        summaries = [item for item in items if item.file.product.summary and not _found(item)]
        plan_every(summaries)
    except PrintkitError as error:
        return error.problems, []
    return [], [f"{_shown(item)} on {item.kit.options.paper.name}" for item in others + summaries]


def _shown(item: Planned) -> str:
    return f"{item.kit.game.slug}/{item.file.name}"


# --- render and write ------------------------------------------------------------------------------

def build(games: list[Game], content: Path, out: Path, options: Options, force: bool = False,
          only: list[str] | None = None, choices: dict | None = None, removed=None, progress=None,
          other_papers: bool = True, sources: dict[str, str] | None = None, strict: bool = False):
    """Load and check everything, plan and draw what changed (everything with `force`), write it,
    then the manifest. Returns (output, changed) for every output, drawn or not. A game whose
    sources are as its last whole build found them, its files too, is not even loaded
    (printkit/pipeline/nothing_changed.py). A whole build of a game (no --only, no choices) then removes the
    files an earlier build made that it no longer makes, if they are as printkit wrote them;
    `removed(path)` hears of each. `progress(done, total, path)` hears of each file as it is
    drawn. A whole build also plans what it changed on the other papers, for validate to find
    (`other_papers`: see _outputs). `sources`: the digests of the games' files (unchanged.files),
    where the caller took them already, before anything was read. What the layout lint finds is
    said once as a warning, and its game planned again by the next build, to say it again; with
    `strict` it is the build's error and nothing is written (printkit/plan/findings.py)."""
    whole = not only and not choices
    found = _sources(games, content, sources) if whole else {}  # before anything is read: see unchanged.py
    sources = unchanged.keyed(found, asdict(options))
    everywhere = unchanged.keyed(found, unchanged.on_every_paper(options)) if whole and other_papers else None
    refuse_links([out / game.slug for game in games], out)  # each game's folder: before anything is read there
    recover(out)  # an interrupted build's renames rolled back before the manifest is read
    earlier = Manifest(out)
    manifest = earlier if not force else Manifest.empty(out)
    fresh = {} if force else {slug: made for slug, digest in sources.items()
                              if (made := earlier.whole_if_fresh(slug, digest)) is not None}
    del WARNED[:]
    findings.taken()  # what an earlier command of this process left (one that failed): not this build's
    kits = load_all([game for game in games if game.slug not in fresh], content, options, choices)  # the rest: as built
    sources, everywhere = _unwarned(sources), _unwarned(everywhere)  # a game with warnings: loaded every time, to say them
    store = lasting.use(lasting.default_folder())
    heard: list[Problem] = []  # what the files' planning found, listing them too (a cut file counts sheets)
    try:
        planned = _outputs(files(kits, only), out, manifest, files(kits) if only else [], progress, everywhere, heard)
    except PrintkitError as error:
        raise findings.with_problems(heard, error.problems, strict) from None
    findings.said(heard, strict)
    sources = _unwarned(sources)  # nor a game the lint found something in: planned again, to say it
    outputs = [output for game in games for output in
               ([Output(path, None, pages) for path, pages in fresh[game.slug]] if game.slug in fresh else
                [o for o in planned if o.path.relative_to(out).parts[0] == game.slug])]
    left = earlier.left_behind({game.slug for game in games}, {o.path for o in outputs}) if whole else []
    for slug, digest in sources.items():
        manifest.note_whole(slug, digest, [o.path for o in outputs if o.path.relative_to(out).parts[0] == slug])
    drawn = [o for o in outputs if o.data is not None]
    record = Output(manifest.path, manifest.text().encode("utf-8"), 0)  # written with them, or not at all
    written = dict((o.path, changed) for o, changed in write_outputs(drawn + [record], within=out, again=force))
    for path in left:
        if remove_output(path, out) and removed:
            removed(path)
    store.prune()
    return [(output, written.get(output.path, False)) for output in outputs]


def _unwarned(digests: dict[str, str] | None) -> dict[str, str] | None:
    """The digests of the games no warning was given about while they were loaded."""
    warned = {file.split("/", 1)[0] for file in WARNED}
    return None if digests is None else {slug: digest for slug, digest in digests.items() if slug not in warned}


def _sources(games: list[Game], content: Path, taken: dict[str, str] | None) -> dict[str, str]:
    """The digest of each game's files (printkit/pipeline/nothing_changed.py; `taken`, where they were) where a
    later build may compare it: not for a plug-in's game, whose code is its own, nor while any
    plug-in is installed."""
    if any(game.origin != "printkit" for game in all_games().values()):
        return {}
    slugs = [game.slug for game in games]
    return unchanged.of(taken, slugs) if taken is not None else unchanged.files(content, slugs)


def remove_output(path: Path, out: Path) -> bool:
    """An output no longer made, removed, and its folders inside the game's if that empties them."""
    try:
        path.unlink()
    except OSError:
        return False
    folder = path.parent
    while folder != out and folder.parent != out:  # never the game's own folder, nor out
        try:
            folder.rmdir()
        except OSError:
            break
        folder = folder.parent
    return True


def _outputs(planned: list[Planned], out: Path, manifest: Manifest, every: list[Planned], progress=None,
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
    _TEXTS.clear()
    for summaries in (False, True):  # a summary's inputs are the others' page counts: they come first
        stale, uncounted = [], []
        for item in (i for i in planned if i.file.product.summary == summaries):
            path, fingerprint = _fingerprint(item, out, summaries)
            pages = manifest.pages_if_fresh(path, fingerprint)
            if pages is None:
                stale.append((item, path, fingerprint))
            else:
                outputs[id(item)] = Output(path, None, pages)
                item.kit.pages[item.file.name] = pages
                settled(item)
        if not summaries:
            uncounted = _uncounted(planned, every, manifest, out)
            heavy = {id(item.kit) for item in planned if too_heavy(item, _weight(item))}  # not even listed there
            others = _on_other_papers({id(item.kit): item.kit for item in planned if id(item.kit) not in heavy}.values()) \
                if everywhere is not None else []
        stale.sort(key=lambda job: -manifest.pages_before(job[1]))  # of files as heavy, the longest first
        jobs = [(item, True, manifest.plan_on_disk(path), fingerprint) for item, path, fingerprint in stale] + \
            [(item, False, None, None) for item in uncounted] + \
            [(item, False, None, fingerprint) for item, fingerprint in _unnoted(others, summaries)]
        if jobs:
            register_fonts()  # once, before the workers are forked
            # what this process kept, written for them to find; and closed, not only written: a worker forked
            # while the database is open here would share SQLite's record of this process's locks on it
            lasting.STORE.close()
        here_too = _here_too(jobs)
        _DIGESTS_KEPT[0] = here_too  # few files: a booklet's page digests kept for its volumes, drawn after it
        try:
            drawn = each_on_every_core(findings.heard_with(_planned_or_drawn), jobs, weight=lambda job: _weight(job[0]),
                                       least=least(summaries), done=lambda job, _: settled(job[0]) if job[1] else None,
                                       after=_after([job[0] for job in jobs]), here_too=here_too,
                                       together=lambda job: (job[0].kit.game.slug, job[0].file.name))
        finally:
            _DIGESTS_KEPT[0] = False
            lasting.forget_digests()
        drawn, found = findings.apart(drawn)
        heard += found
        warned = findings.games(heard)
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
    warned = findings.games(heard)
    _note_everywhere(planned, others, {slug: d for slug, d in (everywhere or {}).items() if slug not in warned})
    return [outputs[id(item)] for item in planned]


def _note_everywhere(planned: list[Planned], others: list[Planned], everywhere: dict[str, str]) -> None:
    """Each game whose every file, on this paper and on the others, the page cache notes as planned
    noted as planned whole on every paper (with its number of products), under its digest."""
    from printkit.pipeline.nothing_changed import EVERYWHERE

    kits = {item.kit.game.slug: item.kit for item in planned if item.kit.game.slug in everywhere}
    for slug, kit in kits.items():
        listed = [item for item in others if item.kit.game.slug == slug]
        if not listed:  # (a game left to validate on the other papers: see _on_other_papers)
            continue
        mine = [item for item in planned if item.kit is kit]
        if all(_found(item) for item in mine + listed if not item.file.product.summary) and \
                all(_found(_as_listed(item)) for item in mine + listed if item.file.product.summary):
            lasting.note_planned(f"{slug} {EVERYWHERE}", everywhere[slug], len(kit.game.products))


def _as_listed(summary: Planned) -> Planned:
    """A summary as it was planned: its kit's page counts but its own (a build notes those too)."""
    pages = {name: count for name, count in summary.kit.pages.items() if name != summary.file.name}
    return Planned(replace(summary.kit, pages=pages), summary.file)


def _on_other_papers(kits) -> list[Planned]:
    """The kits' files on each paper but the one they are built on (a kit whose files cannot be
    listed there is validate's to report). A game with a file made from more than
    OTHER_PAPERS_AT_MOST characters (a declared deck aside: planned_anywhere.py) is left out: the
    500-scenario campaign, planned on both papers, took a build's largest process from 147 to 178
    MiB (156 MiB without its booklets), past the 150 MiB a build may take (benchmarks/bench_build.py);
    a game whose files on its own paper show it is not even listed on the others (listing the campaign's 565 files costs 8 MiB, which every worker
    forked after it inherits)."""
    found = []
    for kit in kits:
        try:
            every = [item for paper in PAPERS.values() if paper != kit.options.paper
                     for item in files([_on_paper(kit, replace(kit.options, paper=paper))])]
        except PrintkitError:
            continue
        if not any(too_heavy(item, _weight(item)) for item in every):
            found += every
    return found


def _unnoted(others: list[Planned], summaries: bool) -> list[tuple[Planned, str]]:
    """The files of `others` (its summaries, or the rest) the page cache does not note as planned,
    with their fingerprints. A summary waits for the page counts of every other file of its kit."""
    found = []
    for item in (item for item in others if item.file.product.summary == summaries):
        if summaries and any(other.file.name not in item.kit.pages for other in others
                             if other.kit is item.kit and not other.file.product.summary):
            continue
        fingerprint = _file_key(item, summaries)
        if not _noted(item, fingerprint):
            found.append((item, fingerprint))
    return found


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
            pages = manifest.pages_if_fresh(*_fingerprint(item, out, False))
            if pages is None:
                found.append(item)
            else:
                item.kit.pages[item.file.name] = pages
    return found


def _fingerprint(item: Planned, out: Path, summary: bool) -> tuple[Path, str]:
    """Where a file is written, and the key of everything it is drawn from."""
    return out / item.kit.game.slug / item.file.name, _file_key(item, summary)


def _file_key(item: Planned, summary: bool) -> str:
    """The key of everything a file is planned and drawn from: its inputs (a summary's, with the
    page counts of the files it lists), templates and options (the paper too), and printkit."""
    if summary:
        inputs = {"inputs": item.file.inputs, "pages": dict(item.kit.pages)}
        return key(inputs, _templates_read(item), item.kit.options)
    return key(item.file.inputs, _templates_read(item), item.kit.options, _inputs_text(item.file.inputs))


def _templates_read(item: Planned) -> str:
    """The text of the templates a file's product reads, read once a build for each product."""
    names = item.file.product.templates
    return item.kit.memo(("template sources", names), lambda: item.kit.template_sources(names))


_TEXTS: dict[int, tuple[object, str]] = {}  # id of a file's inputs -> (them, as JSON), for one build


def _inputs_text(inputs) -> str:
    """A file's inputs as JSON, written once however many files share them (a booklet's volumes
    are all made from the whole campaign)."""
    found = _TEXTS.get(id(inputs))
    if found is None or found[0] is not inputs:
        found = _TEXTS[id(inputs)] = (inputs, inputs_json(inputs))
    return found[1]


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
            lasting.note_planned(_shown(item), fingerprint, outcome[1])
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
    return *render(outcome, **drawing), plan


def _here_too(jobs: list) -> bool:
    return here_too(jobs, _weight)


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


def _weight(item: Planned) -> int:
    """How much drawing a file is, near enough to hand out the largest first: the size of what
    it is drawn from (a booklet's inputs are all its scenarios). A file marked `last` comes after
    every other: it finds the pages another file planned and kept (printkit/pipeline/cache.py)."""
    return -1 if item.file.last else len(_inputs_text(item.file.inputs))


def build_file(game: Game, product: str, content: Path, target: Path, options: Options, choices: dict) -> Output:
    """One product's file, checked like a build, written to `target` (`printkit booklet`)."""
    kit = load_kit(game, content, options, choices)
    (chosen,) = [p for p in game.products if p.name == product]
    output = Output(target, *render(plan_every([Planned(kit, chosen.export(kit))])[0], **options.drawing))
    write_outputs([output])
    return output


def select_games(names: list[str], content: Path | None = None) -> list[Game]:
    """The games named, or every one: of the project whose content folder is `content`, or (with
    none) every game printkit knows. Raises LookupError naming those it does not have."""
    games = all_games() if content is None else project_games(content)
    unknown = [name for name in names if name not in games]
    if unknown:
        raise LookupError(", ".join(unknown))
    return [games[name] for name in names] if names else list(games.values())


__all__ = ["build", "build_file", "files", "load_all", "select_games", "validate", "Problem"]

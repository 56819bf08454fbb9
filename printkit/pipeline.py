"""The pipeline, end to end: load -> validate -> plan -> render -> write.

Every game is loaded and checked by its rules model, then every output is planned (its pages and
fitted text, complete), and only then drawn and written, so bad content never costs a previous
output. `validate` stops after planning, on both papers: it draws nothing.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import traceback
from dataclasses import dataclass, replace
from pathlib import Path

from printkit.errors import Problem, PrintkitError
from printkit.games import all_games
from printkit.kit import Game, Kit
from printkit.load import load_yaml, read_content
from printkit.load.schema import dotted
from printkit.manifest import Manifest, key
from printkit.options import Options
from printkit.plan.fonts import describe_glyphs, missing_glyphs, right_to_left
from printkit.plan.geometry import PAPERS
from printkit.products import FilePlan
from printkit.render.draw import render
from printkit.render.words import Templates
from printkit.write import Output, recover, write_outputs


# --- load and validate -----------------------------------------------------------------------------

def load_kit(game: Game, content: Path, options: Options, choices: dict | None = None) -> Kit:
    """Load one game's content and check it with its rules model; raises with every problem."""
    data, located, problems = {}, {}, []
    for file, spec in game.files.items():
        try:
            node = load_yaml(content / game.slug / file, f"{game.slug}/{file}")
        except PrintkitError as error:
            problems += error.problems
            continue
        data[Path(file).stem], located[file], found = read_content(node, spec)
        problems += found + unprintable(data[Path(file).stem], located[file])
    model = None
    if not problems:
        model = game.model(data)
        problems = [located[f.file].problem(f.path, f.message) for f in game.check(model)]
    if problems:
        raise PrintkitError(problems)
    return Kit(game, data, located, templates_for(content).readable(game.slug), options, model, dict(choices or {}))


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
    """A project keeps templates/ beside content/; both are the designer's to edit."""
    folder = content.resolve().parent / "templates"
    return _templates(folder, _shown(folder))


@functools.lru_cache(maxsize=8)
def _templates(folder: Path, shown_as: str) -> Templates:
    """One Jinja environment per folder for the life of the process: compiled templates are kept,
    and Jinja recompiles any template whose file has changed since (auto_reload)."""
    return Templates(folder, shown_as=shown_as)


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
    plans, problems, blamed = [], [], set()
    for item in planned:
        try:
            plans.append(item.file.plan())
        except PrintkitError as error:
            for problem in error.problems:
                value = blame_content(problem, item.kit)
                if value is not problem:  # one line for a value, not one for each product it is printed on
                    if (value.file, value.line) in blamed:
                        continue
                    blamed.add((value.file, value.line))
                problems.append(value)
    if problems:
        raise PrintkitError(problems)
    return plans


def blame_content(problem: Problem, kit: Kit) -> Problem:
    """A text that does not fit, found at a template's line: if a value from content stands in
    it, that value is what the designer changed; the problem is reported at it, the template's
    line in the message. (The longest value found wins: a title, not a single letter.)"""
    if not problem.text or problem.file.startswith(kit.game.slug + "/"):
        return problem
    text = problem.text
    found = max(((path, file, value) for file, path, value in _content_texts(kit)
                 if value in text or (len(text) >= 4 and text in value)),
                key=lambda hit: len(hit[2]), default=None)
    if found is None:
        return problem
    path, file, value = found
    shown = f"{problem.file}:{problem.line}" if problem.line else problem.file
    return kit.located[file].problem(path, f"{dotted(path)}: '{value}' is too long where it is printed "
                                           f"({shown}: {problem.message})")


def _content_texts(kit: Kit):
    """(content file, key path, text) for every text or number of the kit's content long enough to
    be recognised in a sentence."""
    for file, located in kit.located.items():
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


def validate(games: list[Game], content: Path) -> int:
    """Everything a build checks, on both papers, without drawing: returns the products planned.
    Content is loaded and checked once; the papers are then planned side by side on two cores,
    and the problems reported are the first paper's that has any."""
    papers = list(PAPERS.values())
    kits = load_all(games, content, Options(papers[0]))
    jobs = [functools.partial(_problems_on, [replace(kit, options=Options(paper), _memo={}) for kit in kits])
            for paper in papers]
    for problems in on_every_core(jobs):
        if problems:
            raise PrintkitError(problems)
    return sum(len(game.products) for game in games)


def _problems_on(kits: list[Kit]) -> list[Problem]:
    try:
        plan_every(files(kits))
    except PrintkitError as error:
        return error.problems
    return []


def on_every_core(jobs: list) -> list:
    """Each job's result, the jobs run side by side in forked processes where the system has
    more than one core and can fork (the first in this process); one after the other elsewhere.
    A forked job is not pickled (the child has it already); only its result travels back."""
    if len(jobs) < 2 or (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [job() for job in jobs]
    context = multiprocessing.get_context("fork")
    running = []
    for job in jobs[1:]:
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_send_result, args=(job, send), daemon=True)
        child.start()
        send.close()
        running.append((child, receive))
    results = [jobs[0]()]
    for child, receive in running:
        outcome, value = receive.recv()
        child.join()
        if outcome == "failed":
            raise RuntimeError(f"a planning process failed:\n{value}")
        results.append(value)
    return results


def _send_result(job, send) -> None:
    try:
        send.send(("done", job()))
    except BaseException:  # noqa: B902 - reported in the parent, which raises it
        send.send(("failed", traceback.format_exc()))


# --- render and write ------------------------------------------------------------------------------

def build(games: list[Game], content: Path, out: Path, options: Options, force: bool = False,
          only: list[str] | None = None, choices: dict | None = None):
    """Load and check everything, plan and draw what changed (everything with `force`), write it,
    then the manifest. Returns (output, changed) for every output, drawn or not."""
    kits = load_all(games, content, options, choices)
    recover(out)  # an interrupted build's renames rolled back before the manifest is read
    manifest = Manifest(out) if not force else Manifest.empty(out)
    outputs = _outputs(files(kits, only), out, manifest)
    drawn = [o for o in outputs if o.data is not None]
    record = Output(manifest.path, manifest.text().encode("utf-8"), 0)  # written with them, or not at all
    written = dict((o.path, changed) for o, changed in write_outputs(drawn + [record]))
    return [(output, written.get(output.path, False)) for output in outputs]


def _outputs(planned: list[Planned], out: Path, manifest: Manifest) -> list[Output]:
    """Plan every file whose inputs changed, then draw them: an output whose inputs are unchanged
    is not planned again (its Output carries no data and the page count the manifest recorded)."""
    stale, outputs = [], []
    for item in planned:
        path = out / item.kit.game.slug / item.file.name
        fingerprint = key(item.file.inputs, item.kit.template_sources(item.file.product.templates), item.kit.options)
        pages = manifest.pages_if_fresh(path, fingerprint)
        outputs.append(Output(path, None, pages) if pages is not None else None)
        if pages is None:
            stale.append((len(outputs) - 1, item, path, fingerprint))
    documents = plan_every([item for _, item, _, _ in stale])
    for (index, item, path, fingerprint), document in zip(stale, documents):
        data, pages = render(document, item.kit.options.ink_saver)
        manifest.record(path, fingerprint, pages, data)
        outputs[index] = Output(path, data, pages)
    return outputs


def build_file(game: Game, product: str, content: Path, target: Path, options: Options, choices: dict) -> Output:
    """One product's file, checked like a build, written to `target` (`printkit booklet`)."""
    kit = load_kit(game, content, options, choices)
    (chosen,) = [p for p in game.products if p.name == product]
    output = Output(target, *render(plan_every([Planned(kit, chosen.export(kit))])[0], options.ink_saver))
    write_outputs([output])
    return output


def select_games(names: list[str]) -> list[Game]:
    games = all_games()
    unknown = [name for name in names if name not in games]
    if unknown:
        raise LookupError(", ".join(unknown))
    return [games[name] for name in names] if names else list(games.values())


def _shown(folder: Path) -> str:
    try:
        return str(folder.relative_to(Path.cwd()))
    except ValueError:
        return str(folder)


__all__ = ["build", "build_file", "files", "load_all", "select_games", "validate", "Problem"]

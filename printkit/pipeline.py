"""The pipeline, end to end: load -> validate -> plan and render (per product) -> write.

Nothing is written until every game has loaded, validated and rendered without a problem, so bad
content never costs a previous output.
"""

from __future__ import annotations

import functools
from pathlib import Path

from printkit.errors import Problem, PrintkitError, UsageError
from printkit.games import Game, Kit, Options, all_games
from printkit.load import load_yaml, read_content
from printkit.load.schema import dotted
from printkit.manifest import Manifest, key
from printkit.render.pdf import describe_glyphs, missing_glyphs
from printkit.plan.geometry import PAPERS
from printkit.render.words import Templates
from printkit.write import Output, recover, write_outputs


def load_kit(game: Game, content: Path, options: Options) -> Kit:
    """Load and validate one game's content; raises with every problem found in it."""
    data, located, problems = {}, {}, []
    for file, spec in game.files.items():
        shown = f"{game.slug}/{file}"
        try:
            node = load_yaml(content / game.slug / file, shown)
        except PrintkitError as error:
            problems += error.problems
            continue
        data[Path(file).stem], located[file], found = read_content(node, spec)
        problems += found + unprintable(data[Path(file).stem], located[file])
    if not problems:
        problems = [located[f.file].problem(f.path, f.message) for f in game.check(data)]
    if problems:
        raise PrintkitError(problems)
    return Kit(game, data, located, templates_for(content).readable(game.slug), options)


def unprintable(data, located, path: tuple = ()) -> list[Problem]:
    """Text in content that the fonts cannot draw: an error at its line, not an empty box in print."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in unprintable(value, located, path + (key,))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in unprintable(value, located, path + (i,))]
    missing = missing_glyphs(data) if isinstance(data, str) else []
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


def load_all(games: list[Game], content: Path, options: Options) -> list[Kit]:
    kits, problems = [], []
    for game in games:
        try:
            kits.append(load_kit(game, content, options))
        except PrintkitError as error:
            problems += error.problems
    if problems:
        raise PrintkitError(problems)
    return kits


def validate(games: list[Game], content: Path) -> int:
    """Everything a build checks, on both papers, without writing: returns the products rendered."""
    for paper in PAPERS.values():
        kits = load_all(games, content, Options(paper))
        render(kits, Path("unused"))
    return sum(len(kit.game.products) for kit in kits)


def render(kits: list[Kit], out: Path, manifest: Manifest | None = None) -> list[Output]:
    """Draw every output; with a manifest, an output whose inputs are unchanged is not drawn
    again (its Output carries no data and the page count the manifest recorded)."""
    outputs, problems = [], []
    for kit in kits:
        for product in kit.game.products:
            templates = kit.template_sources(product.templates) if manifest else ""
            try:
                for plan in product.plans(kit):
                    outputs.append(_output(out / kit.game.slug / plan.name, plan, templates, kit, manifest))
            except PrintkitError as error:
                problems += error.problems
    if problems:
        raise PrintkitError(problems)
    return outputs


def _output(path: Path, plan, templates: str, kit: Kit, manifest: Manifest | None) -> Output:
    if manifest is None:
        return Output(path, *plan.render())
    fingerprint = key(plan.inputs, templates, kit.options)
    pages = manifest.pages_if_fresh(path, fingerprint)
    if pages is None:
        data, pages = plan.render()
        manifest.record(path, fingerprint, pages, data)
        return Output(path, data, pages)
    return Output(path, None, pages)


def build(games: list[Game], content: Path, out: Path, options: Options, force: bool = False):
    """Load and check everything, draw what changed (everything with `force`), write it, then
    the manifest. Returns (output, changed) for every output, drawn or not."""
    kits = load_all(games, content, options)
    recover(out)  # an interrupted build's renames rolled back before the manifest is read
    manifest = Manifest(out) if not force else Manifest.empty(out)
    outputs = render(kits, out, manifest)
    drawn = [o for o in outputs if o.data is not None]
    record = Output(manifest.path, manifest.text().encode("utf-8"), 0)  # written with them, or not at all
    written = dict((o.path, changed) for o, changed in write_outputs(drawn + [record]))
    return [(output, written.get(output.path, False)) for output in outputs]


def booklet(content: Path, out: Path, options: Options, numbers: list[int] | None, imposition: str) -> Output:
    """One scenario booklet for a chosen set, checked like a build; written only if it rendered."""
    from printkit.games.cross_sums import booklet as cross_sums_booklet

    kit = load_kit(all_games()["cross-sums"], content, options)
    known = {s["number"] for s in kit.data["scenarios"]["scenarios"]}
    missing = [n for n in numbers or () if n not in known]
    if missing:
        raise UsageError(f"no scenario {', '.join(map(str, missing))} (the campaign has "
                         f"{min(known)}-{max(known)})")
    data, pages = cross_sums_booklet.render(kit, numbers, imposition)
    output = Output(out, data, pages)
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


__all__ = ["build", "load_all", "render", "select_games", "validate", "Problem"]

"""The pipeline, end to end: load -> validate -> plan -> render -> write.

Every game is loaded and checked by its rules model (kits.py), then every output is planned (its
pages and fitted text, complete: planning.py), and only then drawn (drawing.py) and written with
the manifest, so bad content never costs a previous output. `validate` (validate.py) stops after
planning, on every paper: it draws nothing.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from printkit.games import all_games
from printkit.ground.errors import WARNED, Problem, PrintkitError
from printkit.load.options import Options
from printkit.load.project import refuse_links
from printkit.pipeline import cache
from printkit.pipeline import nothing_changed
from printkit.pipeline.drawing import draw_changed
from printkit.pipeline.kits import load_all, load_kit
from printkit.pipeline.manifest import Manifest
from printkit.pipeline.planning import Planned, files, plan_every
from printkit.pipeline.write import Output, recover, write_outputs
from printkit.plan import findings
from printkit.products.kit import Game
from printkit.render.draw import render


def build(games: list[Game], content: Path, out: Path, options: Options, force: bool = False,
          only: list[str] | None = None, choices: dict | None = None, removed=None, progress=None,
          other_papers: bool = True, sources: dict[str, str] | None = None, strict: bool = False, loaded=None):
    """Load and check everything, plan and draw what changed (everything with `force`), write it,
    then the manifest. Returns (output, changed) for every output, drawn or not. A game whose
    sources are as its last whole build found them, its files too, is not even loaded
    (printkit/pipeline/nothing_changed.py). A whole build of a game (no --only, no choices) then removes the
    files an earlier build made that it no longer makes, if they are as printkit wrote them;
    `removed(path)` hears of each. `progress(done, total, path)` hears of each file as it is
    drawn. A whole build also plans what it changed on the other papers, for validate to find
    (`other_papers`: see draw_changed). `sources`: the digests of the games' files (nothing_changed.files),
    where the caller took them already, before anything was read. What the layout lint finds is
    said once as a warning, and its game planned again by the next build, to say it again; with
    `strict` it is the build's error and nothing is written (printkit/plan/findings.py).
    `loaded(kits)` hears of the kits it loaded (preview shows them, not loading them again)."""
    whole = not only and not choices
    found = _sources(games, content, sources) if whole else {}  # before anything is read: see nothing_changed.py
    # a game in several languages is loaded every time: what a whole build notes of a game's folder
    # speaks for one game, and its languages are games of their own (printkit/declared/languages.py)
    found = {slug: digest for slug, digest in found.items() if slug not in {g.folder for g in games if g.languages}}
    sources = nothing_changed.keyed(found, asdict(options))
    everywhere = (nothing_changed.keyed(found, nothing_changed.on_every_paper(options))
                  if whole and other_papers else None)
    refuse_links([out / game.slug for game in games], out)  # each game's folder: before anything is read there
    recover(out)  # an interrupted build's renames rolled back before the manifest is read
    earlier = Manifest(out)
    manifest = earlier if not force else Manifest.empty(out)
    fresh = {} if force else _fresh(earlier, sources)
    del WARNED[:]
    findings.taken()  # what an earlier command of this process left (one that failed): not this build's
    kits = load_all([game for game in games if game.slug not in fresh], content, options, choices)  # the rest: as built
    if loaded:
        loaded(kits)
    sources, everywhere = _unwarned(sources), _unwarned(everywhere)  # a game with warnings: loaded every time, to say them
    store = cache.use(cache.default_folder())
    heard: list[Problem] = []  # what the files' planning found, listing them too (a cut file counts sheets)
    try:
        planned = draw_changed(files(kits, only), out, manifest, files(kits) if only else [], progress, everywhere, heard)
    except PrintkitError as error:
        raise findings.with_problems(heard, error.problems, strict) from None
    findings.said(heard, strict)
    sources = _unwarned(sources)  # nor a game the lint found something in: planned again, to say it
    outputs = [output for game in games for output in
               ([Output(path, None, pages) for path, pages in fresh[game.slug]] if game.slug in fresh else
                [o for o in planned if _of_game(o, game.slug, out, games)])]
    left = earlier.left_behind({game.slug for game in games}, {o.path for o in outputs}, _aside(games)) if whole else []
    written = _written_with_manifest(outputs, manifest, sources, out, force)
    for path in left:
        if remove_output(path, out) and removed:
            removed(path)
    store.prune()
    return [(output, written.get(output.path, False)) for output in outputs]


def _fresh(earlier: Manifest, sources: dict[str, str]) -> dict[str, list[tuple[Path, int]]]:
    """The games whose sources are as their last whole build found them, with what it made."""
    return {slug: made for slug, digest in sources.items()
            if (made := earlier.whole_if_fresh(slug, digest)) is not None}


def _of_game(output: Output, slug: str, out: Path, games=()) -> bool:
    """Whether an output is the game's: in its folder, and not in the folder of its files in
    another language (output/SLUG/de/ is the game "SLUG/de"'s)."""
    parts = output.path.relative_to(out).parts
    mine = len(Path(slug).parts)
    return parts[:mine] == Path(slug).parts and not any(
        other.slug != slug and other.slug.startswith(slug + "/") and parts[:len(Path(other.slug).parts)] ==
        Path(other.slug).parts for other in games)


def _aside(games: list[Game]) -> set[str]:
    """The folders of a game's other languages this build does not make: what is in them stays."""
    built = {game.slug for game in games}
    return {f"{game.folder}/{language}" for game in games for language in game.languages[1:]} - built


def _written_with_manifest(outputs: list[Output], manifest: Manifest, sources: dict[str, str], out: Path,
                           force: bool) -> dict[Path, bool]:
    """The outputs drawn written with the manifest (each whole game noted in it under its sources'
    digest), as one batch: whether each file changed."""
    for slug, digest in sources.items():
        manifest.note_whole(slug, digest, [o.path for o in outputs if _of_game(o, slug, out)])
    drawn = [o for o in outputs if o.data is not None]
    record = Output(manifest.path, manifest.text().encode("utf-8"), 0)  # written with them, or not at all
    return dict((o.path, changed) for o, changed in write_outputs(drawn + [record], within=out, again=force))


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
    return nothing_changed.of(taken, slugs) if taken is not None else nothing_changed.files(content, slugs)


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


def build_file(game: Game, product: str, content: Path, target: Path, options: Options, choices: dict) -> Output:
    """One product's file, checked like a build, written to `target` (`printkit booklet`)."""
    kit = load_kit(game, content, options, choices)
    (chosen,) = [p for p in game.products if p.name == product]
    output = Output(target, *render(plan_every([Planned(kit, chosen.export(kit))])[0], **options.drawing,
                                   keeper=cache.KEPT))
    write_outputs([output])
    return output

__all__ = ["build", "build_file", "remove_output"]

"""The commands that build a project's PDFs or check them: `build`, `validate` and `booklet`. A
whole build or validate with nothing changed since the last is answered from the output folder's
record, without loading a game (printkit/pipeline/nothing_changed.py)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from printkit.cli.product_options import product_choices
from printkit.cli.outputs import export_target, out
from printkit.cli.report import VERBOSITY, say
from printkit.ground import console
from printkit.ground.errors import Problem, UsageError, warn
from printkit.load import project
from printkit.pipeline.chosen import count, folder, games, options as options_of


def cmd_build(args) -> int:
    """build the printable PDFs of the project's games, or of those named

    Only files whose content, templates or options changed are drawn again (the output folder's
    .printkit-manifest.json remembers what each was built from); --force draws and writes every file
    again, each counted as changed. A whole build (no --only, no --scenarios) of a game whose files
    (its content folder, the templates, printkit.yaml, the options, printkit itself and the installed
    packages) are byte for byte as its last whole build found them, and whose outputs are as that
    build wrote them, is answered from the manifest without loading the game; a game with a warning
    is loaded every time, to say it again.

    On a terminal a bar shows the files as they are drawn; then a line for each file written, with
    its page count, and a summary. A build where nothing changed prints the summary alone; with -v,
    every file too, the unchanged ones marked (unchanged), which are left untouched. A build that
    fails writes nothing.

    What the layout lint finds is a warning: every card is still drawn, and the next build says it
    again; --strict makes it an error. A product named where a game is expected (`printkit build
    deck`) is a command-line mistake that gives the command meant (`printkit build GAME --only deck`).
    """
    started = time.perf_counter()
    options = options_of(args)
    found, taken = _unchanged(args, options)
    if found:
        names, results = found
    else:
        from printkit.pipeline.build import build

        chosen = in_languages(games(args, args.games), games(args, []), args.language, folder(args))
        names = list(dict.fromkeys(game.folder for game in chosen))  # a game in several languages: one
        bar = console.Progress(enabled=args.verbosity > VERBOSITY["quiet"], within=out(args))
        try:
            built = build(chosen, folder(args), out(args), options, force=args.force,
                          only=_only(chosen, args.only), choices=product_choices(args), progress=bar, sources=taken,
                          strict=args.strict,
                          removed=lambda path: say(args, f"{project.shown(path)}  removed: printkit no longer makes it"))
        finally:
            bar.clear()
        untranslated(chosen, folder(args))
        results = [(output.path, output.pages, changed) for output, changed in built]
    for path, pages, changed in results:
        level = VERBOSITY["normal"] if changed else VERBOSITY["verbose"]
        if args.verbosity >= level:  # (each path shown is resolved: 80 files' worth of a quiet build's time)
            say(args, f"{project.shown(path)}  {count(pages, 'page')}{'' if changed else '  (unchanged)'}", level)
    say(args, f"built {count(len(results), 'file')} ({sum(changed for *_, changed in results)} changed), "
              f"{count(sum(pages for _, pages, _ in results), 'page')}, {count(len(names), 'game')}, "
              f"{options.paper.name}, in {time.perf_counter() - started:.2f} s")
    return 0


def _unchanged(args, options):
    """A whole build with nothing changed since the last (printkit/pipeline/nothing_changed.py), answered without
    loading a game: (its games, [(path, pages, False)]), or None for the ordinary build; and the
    digests of the games' files taken for it, for the ordinary build to note (None: not taken)."""
    if args.force or args.only or product_choices(args) or args.language:
        return None, None
    from printkit.pipeline.nothing_changed import whole_build

    named = _named_with_sources(args)
    if named is None:
        return None, None
    content, names, taken = named
    found = whole_build(content, out(args), names, options, taken)
    return None if found is None else (names, [(path, pages, False) for path, pages in found]), taken


def in_languages(chosen: list, every: list, language: str | None, content: Path | None = None) -> list:
    """The games named with their other languages' (`weathervane` is weathervane/de too); with
    `--language`, only the games in that language: a game without `languages:` (a bundled kit) in
    it where its own words are written in it (`spoken_in`), as the game SLUG/LANG."""
    named = {game.slug for game in chosen}
    chosen = chosen + [game for game in every if game.source in named and game.slug not in named]
    if language is None:
        return chosen
    from printkit.declared.languages import LANGUAGE  # here: a build answered unchanged loads no game's code

    if not LANGUAGE.match(language):
        raise UsageError(f"--language {language!r} is not a language's code (two or three lower-case letters: de, fr)")
    kits = [game for game in chosen if (not game.languages or written_beside(game)) and language not in game.languages
            and not game.source and content is not None and spoken_in(game, language, content)]
    found = [game for game in chosen if game.language == language] + \
        [replace(game, slug=f"{game.slug}/{language}", source=game.slug, language=language) for game in kits]
    if not found:
        known = sorted({lang for game in chosen for lang in game.languages})
        raise UsageError(f"--language {language}: no game chosen is printed in it "
                         f"({'its languages: ' + ', '.join(known) if known else 'none lists `languages:` or has its words in it'})")
    return found


def untranslated(built: list, content: Path) -> None:
    """A kit built in a language its templates are written in but its content is not (not in its
    `languages:`): its content (its cards' words, its title) has no words in it yet, said once a
    build that wrote it."""
    for kit in built:
        if kit.source and kit.language not in kit.languages and not written_in(kit, kit.language):
            warn(Problem(f"{content.name}/{kit.source}", None, f"{kit.language}: its content (its cards' words, its "
                         f"title) is not translated: printed as written, beside its templates' words in {kit.language}"))


def written_beside(game) -> bool:
    """A kit of printkit's own whose game.yaml writes its words in other languages beside the
    source's (numbered-cards: title.de): in a language it lacks, its templates' words may still be."""
    return any(getattr(spec, "languages", ()) for spec in game.files.values())


def written_in(game, language: str) -> bool:
    """A kit whose content writes every word it prints in `language` beside its source's
    (numbered-cards' game.yaml, title.de and ability.de): nothing of it is left untranslated."""
    return any(language in getattr(spec, "languages", ()) for spec in game.files.values())


def spoken_in(game, language: str, content: Path) -> bool:
    """A game without `languages:` has its words in `language` where a template of its own is
    written in it (templates/SLUG/NAME.LANG.j2, as Numbered Cards' rules.de.j2) or the project has
    a catalog for it (locale/LANG/LC_MESSAGES/messages.po): printkit's own catalog alone would
    translate the footer and leave the rules in English."""
    from printkit.pipeline.kits import templates_for

    templates = templates_for(content)
    folders = [templates.folder, *(other for other, _ in templates.fallbacks)]
    return (content.resolve().parent / "locale" / language / "LC_MESSAGES" / "messages.po").is_file() or \
        any(any((where / game.folder).glob(f"*.{language}.j2")) for where in folders)


def _only(chosen, names: list[str] | None) -> list[str] | None:
    """`--only a,b`: product names, each one some chosen game has."""
    if not names:
        return None
    known = {product.name for game in chosen for product in game.products}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"unknown product: {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    return names


def cmd_validate(args) -> int:
    """check the content of the project's games (or of those named) and plan every product

    Runs each game's rules model and plans every product on A4 and Letter, every page's layout and
    every text fitted to its box, printed as printkit.yaml says (on gutter-fold sheets, clear of
    rounded corners and of a cutter's marks): drawing nothing, writing nothing. Prints every problem
    as FILE:LINE: message.

    A file the page cache notes as planned without a problem, from the same content, templates,
    options and printkit, is not planned again. A build notes what it plans, and plans a changed
    game's files on the other paper too (without drawing them), so validate after an edit plans only
    what the edit changed; a game whose every file a whole build noted as planned on both papers, from
    the files it has now and the same options, is not even loaded.
    """
    options = options_of(args)
    counts, taken = _noted_valid(args, options)
    if counts is None:
        from printkit.pipeline.validate import validate

        chosen = games(args, args.games)
        counts = {}
        for game in chosen:  # a game in several languages is one game, its products counted in each
            counts[game.folder] = counts.get(game.folder, 0) + len(game.products)
        validate(chosen, folder(args), options, sources=taken, strict=args.strict)
    for slug, products in counts.items():
        say(args, f"{slug}  {count(products, 'product')}", VERBOSITY["verbose"])
    say(args, f"content is valid: {count(len(counts), 'game')} checked, {count(sum(counts.values()), 'product')} "
              f"planned on A4 and Letter")
    return 0


def _noted_valid(args, options):
    """The games to validate, each with its number of products, when a build noted every one of
    them as planned whole on every paper from the sources it has now (printkit/pipeline/nothing_changed.py):
    answered without loading a game. Else None, for the ordinary validate. With it, the digests of
    the games' files taken for it (None: not taken)."""
    from printkit.pipeline.nothing_changed import validated

    named = _named_with_sources(args)
    if named is None:
        return None, None
    content, names, taken = named
    noted = validated(content, names, options, taken)
    return ({name: noted[name] for name in names} if set(noted) == set(names) else None), taken


def _named_with_sources(args):
    """What a build or validate answered without loading a game speaks for: the content folder,
    the games named (every game folder's when none is) and the digests of their files as they are
    now; None where no game is, or one is named twice (the ordinary command says why)."""
    from printkit.pipeline.nothing_changed import files

    content = folder(args)
    names = args.games or _folders(content)
    if not names or len(set(names)) != len(names):
        return None
    return content, names, files(content, names)


def _folders(content: Path) -> list[str]:
    """The names of the content folder's games, as the project's games are found."""
    return sorted(path.name for path in content.iterdir() if path.is_dir() and not path.name.startswith("."))


def cmd_booklet(args) -> int:
    """export a scenario booklet of a chosen set of scenarios into one file

    The booklet product of the game that has one (or of the one named), imposed as asked: the short
    form of `printkit build GAME --only BOOKLET --scenarios LIST`, written to one file of its own. A
    bad range (0, 5-3, x) is a command-line mistake, exit 2.
    """
    from printkit.pipeline.build import build_file

    options = options_of(args)
    content = folder(args)
    game, product = _booklet(games(args, [args.game] if args.game else []), args.imposition)
    default = None if args.out else project.own_output(content, game.slug) / "booklet-export.pdf"
    target = export_target(Path(args.out) if args.out else default, content)
    output = build_file(game, product, content, target, options, product_choices(args))
    say(args, f"{project.shown(output.path)}  {count(output.pages, 'page')}, imposition {args.imposition}")
    return 0


def _booklet(chosen, imposition: str):
    """The game and the name of its booklet product with this imposition."""
    from printkit.products.booklet import Booklet

    found = [(game, product.name) for game in chosen
             for product in game.products if isinstance(product, Booklet) and product.imposition == imposition]
    if len(found) != 1:
        raise UsageError("name the game whose booklet to export" if found else "no game here has a booklet")
    return found[0]

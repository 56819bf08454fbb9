"""The command line: parse, call the pipeline, print. User errors are caught here and only here.

Exit codes: 0 success (a bare `printkit` prints the help: exit 0), 1 content, validation or output
error, 2 usage error. Every command is a row of COMMANDS: the function that runs it (its docstring
is its help) and the function that adds what it takes (printkit/cli/arguments.py).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from pathlib import Path

from printkit import COLLECT_EVERY, __version__
from printkit.cli import arguments
from printkit.ground import console
from printkit.cli import helping
from printkit.ground import interrupt
from printkit.load import project
from printkit.load import settings
from printkit.cli.arguments import VERBOSITY, product_choices
from printkit.ground.errors import PrintkitError, UsageError
# What the arguments choose (the content folder, games, print options), shared with the shop's commands.
from printkit.pipeline.chosen import content as _content, count as _count, folder as _folder, games as _games, options as _options  # noqa: E501

# A command imports what it runs when it runs: the pipeline (content, plans, ReportLab, Jinja) is
# not loaded for `--version`, `--help`, `list` or `settings` (issue 26: start-up proportional to
# the command).

DESCRIPTION = ("printkit turns a project's content (YAML) and words (Jinja templates) into print-ready PDFs at "
               "100% scale: card decks with duplex backs and crop marks, sheets, rules and booklets.")
EPILOG = ("A project is a folder with printkit.yaml, content/ and templates/: `printkit new DIR` makes one, and every "
          "command finds it from the folder it is run in or any folder below. `printkit help COMMAND` (or "
          "`printkit COMMAND --help`) tells more. Exit codes: 0 done, 1 a problem in the project (one line each, FILE:LINE: message), "
          "2 a command-line mistake.")


def main(argv: list[str] | None = None) -> int:
    gc.set_threshold(*COLLECT_EVERY)
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        with console.guarded(), interrupt.handled():  # SIGTERM too ends through the clean-up below
            code = _run(argv)
            sys.stdout.flush()  # inside: a closed pipe or a full disk is reported here, not at exit
        return code
    except UsageError as error:
        helping.said(error, lambda: _parser(arguments.Context(), ""))
        return 2
    except PrintkitError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 1
    except KeyboardInterrupt as error:  # Ctrl-C, or Interrupted by another signal: the outputs are whole
        signum = getattr(error, "signum", signal.SIGINT)
        print(f"printkit: interrupted ({signal.Signals(signum).name})", file=sys.stderr)
        return 128 + signum
    except BrokenPipeError:  # `printkit build | head`: the reader has gone, which is not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush is quiet
        return 0
    except console.StdoutError as error:  # `>&-`, `> /dev/full`
        print(f"printkit: error: cannot write to standard output: {error}", file=sys.stderr)
        if sys.stdout is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unwritten
        return 1


def _run(argv: list[str]) -> int:
    if argv == ["--version"]:  # before any project is looked for
        print(f"printkit {__version__}")
        return 0
    argv = arguments.command_first(argv)
    parser = _parser(arguments.context(argv), argv[0] if argv else "")
    if not argv:
        parser.print_help()
        return 0
    helping.did_you_mean(argv, COMMANDS, lambda: _parser(arguments.Context()))
    args = parser.parse_args(argv)
    try:
        return args.command(args)
    except UsageError as error:
        error.parser = args.parser
        raise


# --- the commands -----------------------------------------------------------------------------------

def cmd_new(args) -> int:
    """make a project to start from: printkit.yaml, content/ and templates/

    Writes DIR (a new or empty folder), all at once or not at all: printkit.yaml, and the content and
    templates of the games named with --example, copied from printkit (or from the plug-in the game
    comes from); with no --example, a small starter game. Then `cd DIR && printkit build`.
    """
    from printkit.games import all_games
    from printkit.cli.new import new_project, starting_points

    games = None
    if args.example:
        known = starting_points(all_games())
        kits = [slug for slug, game in known.items() if game.origin != "example"]  # `all`: as before examples
        names = kits if "all" in args.example else args.example
        unknown = [name for name in names if name not in known]
        if unknown:
            raise UsageError(f"--example {unknown[0]}: no such game to start from "
                             f"(printkit has: {', '.join(known)}, or all)")
        games = [known[name] for name in dict.fromkeys(names)]
    folder = Path(args.folder)
    made = new_project(folder, games)
    for name in made:
        _say(args, f"{project.shown(folder / name)}", VERBOSITY["verbose"])
    what = f"the content and templates of {', '.join(game.slug for game in games)}" if games else "a starter game"
    _say(args, f"made {project.shown(folder)}: {project.FILE} and {what}, {_count(len(made), 'file')}")
    _say(args, f"next: cd {project.shown(folder)} && printkit build")
    return 0


def cmd_build(args) -> int:
    """build the printable PDFs of the project's games, or of those named

    Only files whose content, templates or options changed are drawn again (the output folder's
    .printkit-manifest.json remembers what each was built from). A line for each file written, then a
    summary; with -v the unchanged files too. A build that fails writes nothing.
    """
    started = time.perf_counter()
    options = _options(args)
    found, taken = _unchanged(args, options)
    if found:
        games, results = found
    else:
        from printkit.pipeline.build import build

        chosen = _games(args, args.games)
        games = [game.slug for game in chosen]
        bar = console.Progress(enabled=args.verbosity > VERBOSITY["quiet"], within=_out(args))
        try:
            built = build(chosen, _folder(args), _out(args), options, force=args.force,
                          only=_only(chosen, args.only), choices=product_choices(args), progress=bar, sources=taken,
                          strict=args.strict,
                          removed=lambda path: _say(args, f"{project.shown(path)}  removed: printkit no longer makes it"))
        finally:
            bar.clear()
        results = [(output.path, output.pages, changed) for output, changed in built]
    for path, pages, changed in results:
        _say(args, f"{project.shown(path)}  {_count(pages, 'page')}{'' if changed else '  (unchanged)'}",
             VERBOSITY["normal"] if changed else VERBOSITY["verbose"])
    _say(args, f"built {_count(len(results), 'file')} ({sum(changed for *_, changed in results)} changed), "
               f"{_count(sum(pages for _, pages, _ in results), 'page')}, {_count(len(games), 'game')}, "
               f"{options.paper.name}, in {time.perf_counter() - started:.2f} s")
    return 0


def _unchanged(args, options):
    """A whole build with nothing changed since the last (printkit/pipeline/nothing_changed.py), answered without
    loading a game: (its games, [(path, pages, False)]), or None for the ordinary build; and the
    digests of the games' files taken for it, for the ordinary build to note (None: not taken)."""
    if args.force or args.only or product_choices(args):
        return None, None
    from printkit.pipeline.nothing_changed import files, whole_build

    content = _folder(args)
    names = args.games or _folders(content)
    if not names or len(set(names)) != len(names):
        return None, None
    taken = files(content, names)
    found = whole_build(content, _out(args), names, options, taken)
    return None if found is None else (names, [(path, pages, False) for path, pages in found]), taken


def cmd_watch(args) -> int:
    """build, then rebuild what each saved edit of content/ or templates/ affects

    An edit with problems prints them and keeps the last good outputs. Ctrl-C stops it.
    """
    from printkit.live.watch import watch  # watchdog starts threads: only load it to watch

    games = _games(args, args.games)
    options = _options(args)
    try:
        watch(games, _folder(args), _out(args), options, find=lambda: _games(args, args.games),
              say=lambda line: _say(args, line, flush=True),
              complain=lambda line: print(line, file=sys.stderr, flush=True), stop=threading.Event())
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a watch ends
    return 0


def cmd_preview(args) -> int:
    """build, then a PNG of every page and card and an index.html to open in a browser

    The page works straight from the folder: no server. PNGs are rendered again only when their PDF
    or the dpi changed. With --proof SHOP, a soft proof instead: the pictures as the shop's press will
    print them, in proof-SHOP.html; the ordinary preview's files are left as they are.
    """
    from printkit.live.preview import INDEX, preview, proof_for

    started = time.perf_counter()
    options = _options(args)
    proof = proof_for(args.proof) if args.proof else None
    results, shown = preview(_games(args, args.games), _folder(args), _out(args), options, args.dpi,
                             force=args.force, proof=proof)
    for output, changed in results:
        _say(args, f"{project.shown(output.path)}  {_count(output.pages, 'page')}{'' if changed else '  (unchanged)'}",
             VERBOSITY["verbose"])
    images = sum(len(s.images) + len(s.cards) for s in shown)
    rendered = sum(len(s.images) + len(s.cards) for s in shown if s.rendered)
    _say(args, f"previewed {_count(len(results), 'file')}: {_count(images, 'PNG')} ({rendered} rendered) "
               f"at {args.dpi} dpi, in {time.perf_counter() - started:.2f} s")
    if proof:
        _say(args, f"a soft proof for {proof.name} ({proof.condition})")
    _say(args, f"open {project.shown(_out(args) / (proof.index if proof else INDEX))}")
    return 0


def cmd_serve(args) -> int:
    """build, then serve the proofing page and show each saved edit in it at once

    Serves the preview's page on this machine (a free port unless --port), rebuilds what each saved
    edit of content/ or templates/ affects, and swaps the changed pictures into every open page
    without reloading it. An edit with problems shows them in the page and in the terminal, the last
    good pictures kept and marked stale. Only the output folder's files are served. Ctrl-C stops it.
    """
    from printkit.live.serve import serve  # a server and watchdog's threads: only load them to serve

    def opened(url: str) -> None:
        if args.open:
            import webbrowser

            webbrowser.open(url)

    try:
        serve(_games(args, args.games), _folder(args), _out(args), _options(args), args.dpi, args.host, args.port,
              say=lambda line: _say(args, line, flush=True),
              complain=lambda line: print(line, file=sys.stderr, flush=True), stop=threading.Event(),
              find=lambda: _games(args, args.games), ready=opened, editor=args.editor)
    except KeyboardInterrupt:
        pass  # Ctrl-C is how serving ends
    return 0


def cmd_validate(args) -> int:
    """check the content of the project's games (or of those named) and plan every product

    Runs each game's rules model and plans every product on A4 and Letter, every text fitted to its
    box: drawing nothing, writing nothing. Prints every problem as FILE:LINE: message.
    """
    options = _options(args)
    counts, taken = _noted_valid(args, options)
    if counts is None:
        from printkit.pipeline.validate import validate

        games = _games(args, args.games)
        counts = {game.slug: len(game.products) for game in games}
        validate(games, _folder(args), options, sources=taken, strict=args.strict)
    for slug, products in counts.items():
        _say(args, f"{slug}  {_count(products, 'product')}", VERBOSITY["verbose"])
    _say(args, f"content is valid: {_count(len(counts), 'game')} checked, {_count(sum(counts.values()), 'product')} "
               f"planned on A4 and Letter")
    return 0


def _noted_valid(args, options):
    """The games to validate, each with its number of products, when a build noted every one of
    them as planned whole on every paper from the sources it has now (printkit/pipeline/nothing_changed.py):
    answered without loading a game. Else None, for the ordinary validate. With it, the digests of
    the games' files taken for it (None: not taken)."""
    from printkit.pipeline.nothing_changed import files, validated

    content = _folder(args)
    names = args.games or _folders(content)
    if not names or len(set(names)) != len(names):
        return None, None
    taken = files(content, names)
    noted = validated(content, names, options, taken)
    return ({name: noted[name] for name in names} if set(noted) == set(names) else None), taken


def _folders(content: Path) -> list[str]:
    """The names of the content folder's games, as the project's games are found."""
    return sorted(path.name for path in content.iterdir() if path.is_dir() and not path.name.startswith("."))


def cmd_booklet(args) -> int:
    """export a scenario booklet of a chosen set of scenarios into one file

    The booklet product of the game that has one (or of the one named), imposed as asked.
    """
    from printkit.pipeline.build import build_file

    options = _options(args)
    folder = _folder(args)
    game, product = _booklet(_games(args, [args.game] if args.game else []), args.imposition)
    default = None if args.out else project.own_output(folder, game.slug) / "booklet-export.pdf"
    target = _export_target(Path(args.out) if args.out else default, folder)
    output = build_file(game, product, folder, target, options, product_choices(args))
    _say(args, f"{project.shown(output.path)}  {_count(output.pages, 'page')}, imposition {args.imposition}")
    return 0


def cmd_calibrate(args) -> int:
    """pages to find a printer's back-side offset and check its scale

    Writes calibration/back-offset.pdf (print it two-sided, read the offset against the light) and
    calibration/scale.pdf (rulers, a 100 mm square: read what the printer prints 100 mm as), drawn
    with no back offset and no scale correction: they measure the printer as it is. Needs no project.
    """
    from printkit.targets.calibrate import calibrate
    from printkit.pipeline.kits import templates_for

    for output in calibrate(_out(args), _options(args), templates_for(_content(args))):
        _say(args, f"{project.shown(output.path)}  {_count(output.pages, 'page')}")
    _say(args, "print back-offset.pdf two-sided and scale.pdf at Actual size; then "
               "`printkit settings --back-offset X,Y --scale-correction X,Y` with what you read")
    return 0


def cmd_settings(args) -> int:
    """show or change how this project prints (its printkit.yaml)

    With no option, shows every setting and where it comes from; each option given is saved to the
    project's printkit.yaml, which every later command reads (an option on the command line wins).
    """
    folder = _content(args)
    given = {key: getattr(args, key) for key in settings.DEFAULTS}
    if any(value is not None for value in given.values()):
        settings.save(folder, given)
    saved = settings.load(folder)
    print(f"{project.shown(settings.path_for(folder))}:" if saved else f"no {project.FILE}: printkit's defaults")
    for key, value in settings.resolve(folder, {}).items():
        print(f"  {key}: {settings._yaml(value)}{'' if key in saved else '  (default)'}")
    return 0


def cmd_list(args) -> int:
    """list the project's games and their products, and the games to start a project from"""
    from printkit.games import all_games
    from printkit.cli.new import starting_points
    from printkit.pipeline.kits import select_games

    content = _content(args)
    has = {game.slug: game for game in select_games([], content)} if content.is_dir() else {}
    for game in has.values():
        print(f"{game.slug}  ({game.title})")
        for product in game.products:
            print(f"  {product.name:<16} {product.description}")
    others = [game for slug, game in starting_points(all_games()).items() if slug not in has]
    if others:
        print(f"{'other games' if has else 'no project here; games'} to start a project from "
              f"(`printkit new DIR --example GAME`):")
        for game in others:
            print(f"  {game.slug:<24} {game.title}  ({game.origin})")
    return 0


def cmd_export(args) -> int:
    """card and token products as a print shop takes them, then preflight

    One file or image per card side, with the shop's bleed, boxes and names (printkit/shops.yaml),
    into output/shops/SHOP; then every file is checked against the shop's profile."""
    from printkit.targets.commands import cmd_export as export

    return export(args)


def cmd_preflight(args) -> int:
    """check an export against its shop's profile: sizes, boxes, fonts, images, safe zone, order"""
    from printkit.targets.commands import cmd_preflight as preflight

    return preflight(args)


def cmd_printed(args) -> int:
    """record the cards as printed, so that a later errata prints only those that change

    Writes printed.json beside printkit.yaml (commit it with the game): for every card and token of
    the games named (or of all the project's), a fingerprint of its face and back and the words it
    shows, with today's date and the paper. Its place on the sheet, the paper and the print options
    are not part of a card's fingerprint. A game recorded again replaces its entry; the others stay.
    """
    from printkit.live.errata.commands import printed

    path, found, without = printed(_games(args, args.games), _folder(args), _options(args), bool(args.games))
    cards = sum(len(printing.cards) for printing in found.values())
    each = ", ".join(f"{slug} {len(printing.cards)}" for slug, printing in found.items())
    left = f"; {', '.join(without)} {'has' if len(without) == 1 else 'have'} none" if without else ""
    date, paper = next(iter(found.values())).date, _options(args).paper.name
    _say(args, f"{project.shown(path)}: recorded {_count(cards, 'card')} as printed on {date}, {paper} ({each}){left}")
    return 0


def cmd_errata(args) -> int:
    """the cards changed since `printkit printed`, to print and swap for the old ones

    Writes GAME/errata.pdf for each game with a card changed, new or removed since printed.json
    recorded it: a page listing each change (the words before and after), then the changed cards on
    the deck's own sheets, with their backs, as the print options print the deck. A game with
    nothing changed gets no file (and an earlier errata.pdf of it is removed).
    """
    from printkit.live.errata.commands import errata

    for item in errata(_games(args, args.games), _folder(args), _out(args), _options(args), bool(args.games)):
        if item.changes:
            cards = sum(change.printed for change in item.changes)
            _say(args, f"{project.shown(item.path)}  {_count(item.pages, 'page')}: {_count(len(item.changes), 'change')} "
                       f"since {item.date}, {_count(cards, 'card')} to print")
        else:
            _say(args, f"{item.game}: no card changed since {item.date}; no errata to print")
    return 0


def cmd_help(args) -> int:
    """show printkit's help, or a command's: `printkit help build` is `printkit build --help`"""
    where = [f"--{key}={getattr(args, key)}" for key in ("project", "content") if getattr(args, key, None)]
    topic = args.topic or ""
    return helping.show(_parser(arguments.context([topic, "--help", *where]), topic), args.topic)


def _takes(name: str):
    """What a command of printkit.targets takes, loaded only when its parser is made."""
    def takes(parser, ctx) -> None:
        from printkit.cli import shop_arguments as shop

        getattr(shop, f"takes_{name}")(parser, ctx)
    return takes


COMMANDS = {  # name: (what runs it, its docstring the help; what it takes)
    "new": (cmd_new, arguments.new),
    "build": (cmd_build, arguments.build),
    "watch": (cmd_watch, arguments.watch),
    "preview": (cmd_preview, arguments.preview),
    "serve": (cmd_serve, arguments.serve),
    "validate": (cmd_validate, arguments.validate),
    "booklet": (cmd_booklet, arguments.booklet),
    "calibrate": (cmd_calibrate, arguments.calibrate),
    "settings": (cmd_settings, arguments.settings_),
    "list": (cmd_list, arguments.listing),
    "printed": (cmd_printed, arguments.printed),
    "errata": (cmd_errata, arguments.errata),
    "export": (cmd_export, _takes("export")),
    "preflight": (cmd_preflight, _takes("preflight")),
    "help": (cmd_help, arguments.help_),
}


def _parser(ctx: arguments.Context, chosen: str | None = None) -> helping.Parser:
    """printkit's parser, what `chosen` takes in it (None: every command's): printkit/cli/helping.py."""
    return helping.parser(COMMANDS, ctx, chosen, description=DESCRIPTION, epilog=EPILOG)


# --- what the commands share ------------------------------------------------------------------------

def _say(args, line: str, level: int = VERBOSITY["normal"], flush: bool = False) -> None:
    """A line of the report, printed unless the verbosity chosen is below `level`."""
    if getattr(args, "verbosity", VERBOSITY["normal"]) >= level:
        print(line, flush=flush)


def _booklet(games, imposition: str):
    """The game and the name of its booklet product with this imposition."""
    from printkit.products.booklet import Booklet

    found = [(game, product.name) for game in games
             for product in game.products if isinstance(product, Booklet) and product.imposition == imposition]
    if len(found) != 1:
        raise UsageError("name the game whose booklet to export" if found else "no game here has a booklet")
    return found[0]


def _only(games, names: list[str] | None) -> list[str] | None:
    """`--only a,b`: product names, each one some chosen game has."""
    if not names:
        return None
    known = {product.name for game in games for product in game.products}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"unknown product: {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    return names


def _export_target(target: Path, content: Path) -> Path:
    """Where an export may go: never over the project's content or templates, a build's manifest,
    or a file that is not a PDF."""
    from printkit.pipeline.write import is_pdf

    project.check_out(target, content, folder=False)
    resolved = target.resolve()
    if resolved.name.startswith(".printkit"):
        raise UsageError(f"--out {target}: would replace printkit's own record of a build")
    if resolved.is_dir():
        raise UsageError(f"--out {target}: is a folder; give the name of the PDF to write")
    if resolved.is_file() and not is_pdf(resolved):
        raise UsageError(f"--out {target}: is a file that is not a PDF; it is not replaced")
    return resolved if target.is_symlink() else target  # a link given as --out: the user's choice, followed


def _out(args) -> Path:
    """--out (never into the project's own files: project.check_out), or the project's output/ folder."""
    if not args.out:
        return project.own_output(_content(args))  # never through a link (a given --out may be one)
    project.check_out(Path(args.out), _content(args))
    return Path(args.out)

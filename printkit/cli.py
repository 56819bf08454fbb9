"""The command line: parse, call the pipeline, print. User errors are caught here and only here.

Exit codes: 0 success, 1 content, validation or output error, 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from pathlib import Path

from printkit import __version__, console, interrupt, project, settings
from printkit.errors import PrintkitError, UsageError
from printkit.options import Options
from printkit.pipeline import build, build_file, select_games, templates_for, validate
from printkit.products.booklet import Booklet
from printkit.plan.geometry import PAPERS


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        with console.guarded(), interrupt.handled():  # SIGTERM too ends through the clean-up below
            code = args.command(args)
            sys.stdout.flush()  # inside: a closed pipe or a full disk is reported here, not at exit
        return code
    except UsageError as error:
        args.parser.print_usage(sys.stderr)
        print(f"printkit: error: {error}", file=sys.stderr)
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
        print(f"printkit: cannot write to standard output: {error}", file=sys.stderr)
        if sys.stdout is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left unwritten
        return 1


def cmd_build(args) -> int:
    started = time.perf_counter()
    games = _games(args.games)
    options = _options(args)
    results = build(games, _folder(args), _out(args), options, force=args.force,
                    only=_only(games, args.only), choices=_choices(args),
                    removed=lambda path: print(f"{project.shown(path)}  removed: printkit no longer makes it"))
    for output, changed in results:
        note = "" if changed else "  (unchanged)"
        print(f"{project.shown(output.path)}  {_count(output.pages, 'page')}{note}")
    pages = sum(output.pages for output, _ in results)
    written = sum(changed for _, changed in results)
    print(f"built {_count(len(results), 'file')} ({written} changed), {_count(pages, 'page')}, "
          f"{_count(len(games), 'game')}, {options.paper.name}, in {time.perf_counter() - started:.2f} s")
    return 0


def cmd_preview(args) -> int:
    """Build, then a PNG of every page and card and an index.html to open in a browser."""
    from printkit.preview import INDEX, preview

    started = time.perf_counter()
    options = _options(args)
    results, shown = preview(_games(args.games), _folder(args), _out(args), options, args.dpi,
                             force=args.force)
    images = sum(len(s.images) + len(s.cards) for s in shown)
    rendered = sum(len(s.images) + len(s.cards) for s in shown if s.rendered)
    print(f"previewed {_count(len(results), 'file')}: {_count(images, 'PNG')} ({rendered} rendered) "
          f"at {args.dpi} dpi, in {time.perf_counter() - started:.2f} s")
    print(f"open {project.shown(_out(args) / INDEX)}")
    return 0


def cmd_validate(args) -> int:
    games = _games(args.games)
    products = validate(games, _folder(args))
    print(f"content is valid: {_count(len(games), 'game')} checked, {_count(products, 'product')} "
          f"planned on A4 and Letter")
    return 0


def cmd_watch(args) -> int:
    from printkit.watch import watch  # watchdog starts threads: only load it to watch

    games = _games(args.games)
    options = _options(args)
    try:
        watch(games, _folder(args), _out(args), options, say=lambda line: print(line, flush=True),
              complain=lambda line: print(line, file=sys.stderr, flush=True), stop=threading.Event())
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a watch ends
    return 0


def cmd_calibrate(args) -> int:
    """The calibration pages, drawn with no back offset: they measure the printer as it is."""
    from printkit.calibrate import calibrate

    folder = _content(args)
    for output in calibrate(_out(args), _options(args), templates_for(folder)):
        print(f"{project.shown(output.path)}  {_count(output.pages, 'page')}")
    print("print back-offset.pdf two-sided and scale.pdf at Actual size; then "
          "`printkit settings --back-offset X,Y`")
    return 0


def cmd_booklet(args) -> int:
    """A scenario booklet for a chosen set of scenarios, written to one file: the booklet product
    of the game that has one (or of the one named), imposed as asked."""
    options = _options(args)
    game, product = _booklet(args.game, args.imposition)
    folder = _folder(args)
    target = _export_target(Path(args.out) if args.out else folder.parent / "output" / game.slug / "booklet-export.pdf",
                            folder)
    output = build_file(game, product, folder, target, options, _choices(args))
    print(f"{project.shown(output.path)}  {_count(output.pages, 'page')}, imposition {args.imposition}")
    return 0


def _export_target(target: Path, content: Path) -> Path:
    """Where an export may go: never over the project's content or templates, a build's manifest,
    or a file that is not a PDF."""
    resolved = target.resolve()
    project = content.resolve().parent
    for folder in (content.resolve(), project / "templates"):
        if resolved.is_relative_to(folder):
            raise UsageError(f"--out {target}: would write into {project.shown(folder)}, the project's own files")
    if resolved.name.startswith(".printkit"):
        raise UsageError(f"--out {target}: would replace printkit's own record of a build")
    if resolved.is_dir():
        raise UsageError(f"--out {target}: is a folder; give the name of the PDF to write")
    if resolved.is_file() and not _is_pdf(resolved):
        raise UsageError(f"--out {target}: is a file that is not a PDF; it is not replaced")
    return target


def _is_pdf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(5) == b"%PDF-"
    except OSError:
        return False


def _booklet(name: str | None, imposition: str):
    """The game and the name of its booklet product with this imposition."""
    found = [(game, product.name) for game in _games([name] if name else [])
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


def _choices(args) -> dict:
    """The product options given on the command line, by name."""
    return {option.name: getattr(args, option.name) for option in _product_options()
            if getattr(args, option.name, None) is not None}


def _product_options() -> list:
    """Every option a product of a known game understands, once each."""
    seen = {}
    for game in select_games([]):
        for product in game.products:
            for option in product.options:
                seen.setdefault(option.name, option)
    return list(seen.values())


def _add_product_options(parser) -> None:
    for option in _product_options():
        parser.add_argument(f"--{option.name}", type=_parsed(option), default=None, metavar=option.metavar,
                            help=option.help)


def _parsed(option):
    def parse(text: str):
        try:
            return option.parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    parse.__name__ = option.name
    return parse


def cmd_list(args) -> int:
    for game in _games([]):
        print(f"{game.slug}  ({game.title})")
        for product in game.products:
            print(f"  {product.name:<16} {product.description}")
        if not game.products:
            print("  (content and rules model only: `printkit validate` checks it; nothing to print yet)")
    return 0


def cmd_settings(args) -> int:
    folder = _content(args)
    given = {key: getattr(args, key) for key in settings.DEFAULTS}
    if any(value is not None for value in given.values()):
        settings.save(folder, given)
    saved = settings.load(folder)
    print(f"{project.shown(settings.path_for(folder))}:" if saved else "no printkit.yaml: printkit's defaults")
    for key, value in settings.resolve(folder, {}).items():
        print(f"  {key}: {settings._yaml(value)}{'' if key in saved else '  (default)'}")
    return 0


def _options(args) -> Options:
    """The command line's print options over the project's printkit.yaml over the defaults."""
    given = {key: getattr(args, key, None) for key in settings.DEFAULTS}
    chosen = settings.resolve(_content(args), given)
    return Options(PAPERS[chosen["paper"]], chosen["bleed"], chosen["duplex"], tuple(chosen["back_offset"]),
                   chosen["ink_saver"])


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in millimetres, e.g. 0.5,-1: {text!r}") from None
    if not (abs(x) <= 10 and abs(y) <= 10):
        raise argparse.ArgumentTypeError(f"a back offset is at most 10 mm each way, not {text}")
    return x, y


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"


def _games(names):
    try:
        return select_games(names)
    except LookupError as error:
        known = ", ".join(game.slug for game in select_games([]))
        raise UsageError(f"unknown game: {error} (known: {known})") from None


def _folder(args) -> Path:
    """The project's content folder, which must be there."""
    return project.required(_content(args))


def _content(args) -> Path:
    return project.content_folder(getattr(args, "project", None), args.content)


def _out(args) -> Path:
    """--out, or the project's output/ folder."""
    return Path(args.out) if args.out else _content(args).parent / "output"


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 <= value <= 6:
        raise argparse.ArgumentTypeError(f"bleed must be 0 to 6 mm, not {text}")
    return value


def _dpi(text: str) -> int:
    if not text.isdigit() or not 10 <= int(text) <= 600:
        raise argparse.ArgumentTypeError(f"dpi must be a whole number from 10 to 600, not {text!r}")
    return int(text)


def _where(parser) -> None:
    """Which project: found from the working folder unless given."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--project", metavar="DIR",
                       help="the project folder (default: the nearest folder from here up with a printkit.yaml, "
                            "else this one)")
    group.add_argument("--content", default=None, metavar="DIR",
                       help="the content folder (default: the project's content/); its parent is the project")


def _build_options(parser) -> None:
    _where(parser)
    parser.add_argument("--out", default=None, metavar="DIR", help="output folder (default: the project's output/)")
    _print_options(parser)


def _print_options(parser, saving: bool = False) -> None:
    """How to print: each defaults to the project's printkit.yaml, then to printkit's default."""
    parser.add_argument("--paper", choices=sorted(PAPERS), default=None, help="paper size (default: a4)")
    parser.add_argument("--bleed", type=_bleed, default=None, metavar="MM", help="bleed around each card, mm")
    parser.add_argument("--duplex", choices=["long", "short", "none"], default=None,
                        help="flip for two-sided printing (none: no back pages; default: long)")
    parser.add_argument("--back-offset", type=_offset, default=None, metavar="X,Y",
                        help="move every back page by X,Y mm (from `printkit calibrate`)")
    if saving:
        parser.add_argument("--ink-saver", action=argparse.BooleanOptionalAction, default=None,
                            help="outline style with no large dark fills")
    else:
        parser.add_argument("--ink-saver", action="store_const", const=True, default=None,
                            help="outline style with no large dark fills")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="printkit", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"printkit {__version__}")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    b = sub.add_parser("build", help="build the printable PDFs of every game, or of the named games")
    b.add_argument("games", nargs="*", metavar="GAME")
    _build_options(b)
    b.add_argument("--force", action="store_true",
                   help="draw every file again, even those whose content, templates and options are unchanged")
    b.add_argument("--only", type=lambda text: [n.strip() for n in text.split(",") if n.strip()], default=None,
                   metavar="PRODUCT[,PRODUCT]", help="build only these products")
    _add_product_options(b)
    b.set_defaults(command=cmd_build, parser=b)

    w = sub.add_parser("watch", help="build, then rebuild what each edit of content/ or templates/ affects")
    w.add_argument("games", nargs="*", metavar="GAME")
    _build_options(w)
    w.set_defaults(command=cmd_watch, parser=w)

    pv = sub.add_parser("preview", help="build, then PNGs of every page and card and an index.html")
    pv.add_argument("games", nargs="*", metavar="GAME")
    _build_options(pv)
    pv.add_argument("--force", action="store_true", help="draw every file again")
    pv.add_argument("--dpi", type=_dpi, default=100, help="resolution of the PNGs (default: 100)")
    pv.set_defaults(command=cmd_preview, parser=pv)

    v = sub.add_parser("validate", help="check all content (or the named games') against the rules models")
    v.add_argument("games", nargs="*", metavar="GAME")
    _where(v)
    v.set_defaults(command=cmd_validate, parser=v)

    bk = sub.add_parser("booklet", help="export a scenario booklet for a chosen set of scenarios")
    bk.add_argument("game", nargs="?", metavar="GAME", help="the game (default: the one that has a booklet)")
    _add_product_options(bk)
    bk.add_argument("--imposition", choices=["none", "saddle"], default="saddle",
                    help="saddle: two pages a side, print duplex (flip on short edge), fold and staple; "
                         "none: pages in reading order (default: saddle)")
    bk.add_argument("--out", default=None, metavar="FILE", help="default: output/GAME/booklet-export.pdf")
    _where(bk)
    _print_options(bk)
    bk.set_defaults(command=cmd_booklet, parser=bk)

    cal = sub.add_parser("calibrate", help="pages to find a printer's back-side offset and check its scale")
    _where(cal)
    cal.add_argument("--out", default=None, metavar="DIR", help="output folder (default: the project's output/)")
    cal.add_argument("--paper", choices=sorted(PAPERS), default=None, help="paper size (default: a4)")
    cal.add_argument("--duplex", choices=["long", "short"], default=None, help="flip (default: long)")
    cal.set_defaults(command=cmd_calibrate, parser=cal)

    st = sub.add_parser("settings", help="show or change how this project prints (printkit.yaml beside content/)")
    _where(st)
    _print_options(st, saving=True)
    st.set_defaults(command=cmd_settings, parser=st)

    ls = sub.add_parser("list", help="list the games and their products")
    ls.set_defaults(command=cmd_list, parser=ls)
    return parser

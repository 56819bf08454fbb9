"""What the command line takes, and how its help reads: a description for every command and option,
the project's games in GAME's help, the effective print settings (printkit.yaml's) as the defaults
shown, paper and flip names in any case, and one prefix, `printkit: error:`, for every command-line
mistake (exit 2; a mistyped command or option: printkit/cli/helping.py)."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field

from printkit.load import project
from printkit.load import settings
from printkit.ground.errors import PrintkitError, UsageError
from printkit.cli.helping import Parser  # noqa: F401 - printkit's parser class (its words for mistakes: helping.py)
from printkit.ground.papers import CUTTERS
from printkit.ground.papers import PAPER_SIZES as PAPERS  # their names are all the parser needs

VERBOSITY = {"quiet": 0, "normal": 1, "verbose": 2}


@dataclass
class Context:
    """What the help says of the project it is read in: its games, and how it prints now."""

    found: list[str] | None = None  # the games, once asked for (`games`)
    settings: dict = field(default_factory=lambda: dict(settings.DEFAULTS))
    saved: dict = field(default_factory=dict)  # the settings printkit.yaml gives
    content: object = None  # the project's content folder (a Path), or None
    argv: list[str] | None = None  # the command line read, or None: a parser for every command line

    @property
    def games(self) -> list[str]:
        """The project's games (or printkit's, outside a project), looked for only when a command's
        help names them: it loads every game."""
        if self.found is None:
            from printkit.games import all_games, project_games

            try:
                content = self.content
                self.found = list(project_games(content) if content and content.is_dir() else all_games())
            except (PrintkitError, OSError):
                self.found = []
        return self.found

    def default(self, key: str) -> str:
        """`(default: a4)`, or `(now: letter, from printkit.yaml)`."""
        value = self.settings[key]
        value = ",".join(f"{v:g}" for v in value) if isinstance(value, (list, tuple)) else settings._yaml(value)
        return f"(now: {value}, from {project.FILE})" if key in self.saved else f"(default: {value})"


def context(argv: list[str]) -> Context:
    """The project the command names (--project, --content) or is run in, as far as it can be read:
    a project with mistakes in it still gets its help (the mistakes are the command's to report)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--project")
    early.add_argument("--content")
    known, _ = early.parse_known_args(argv)
    found = Context(argv=list(argv))
    try:
        found.content = project.content_folder(known.project, known.content)
        found.saved = settings.load(found.content)
        found.settings = settings.resolve(found.content, {})
    except (PrintkitError, UsageError, OSError):
        found.content = None
    return found


WHERE = ("--project", "--content")  # options every project command takes, also before its name


def command_first(argv: list[str]) -> list[str]:
    """`printkit --project kit build` read as `printkit build --project kit`: where the project is
    may be said before the command, as git's `-C DIR` is."""
    before = []
    while argv and argv[0].split("=", 1)[0] in WHERE:
        taken = 1 if "=" in argv[0] else 2
        before, argv = before + argv[:taken], argv[taken:]
    if before and not argv:
        raise UsageError(f"{before[0].split('=')[0]}: name a command after it, e.g. printkit {' '.join(before)} build")
    return argv[:1] + before + argv[1:]


# --- what each command takes ------------------------------------------------------------------------

def new(parser, ctx: Context) -> None:
    from printkit.games import all_games
    from printkit.cli.new import seeded

    parser.add_argument("folder", metavar="DIR", help="the folder to make (new, or empty)")
    parser.add_argument("--example", metavar="GAME", action="append",
                        help="start from a game printkit has, with its content and templates to edit: "
                             f"{', '.join(seeded(_known(all_games)))}, or all (may be given more than once; "
                             "default: the starter game)")
    _verbosity(parser, "every file written")


def build(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--force", action="store_true",
                        help="draw every file again, even those whose content, templates and options are unchanged")
    parser.add_argument("--only", type=_names, default=None, metavar="PRODUCT[,PRODUCT]",
                        help="build only these products (`printkit list` names them)")
    _strict(parser)
    product_options(parser, ctx)


def watch(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _build_options(parser, ctx)


def preview(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--force", action="store_true", help="draw every file again")
    parser.add_argument("--dpi", type=_dpi, default=100, help="resolution of the PNGs, 10 to 600 (default: 100)")
    parser.add_argument("--proof", type=_proofed_shop, default=None, metavar="SHOP",
                        help="a soft proof: the pictures as SHOP's press will print them (its CMYK profile "
                             f"and ink limit), in a page of their own: {', '.join(_proofing_shops())}")


def _proofing_shops() -> list[str]:
    """The shops whose files are CMYK, through a profile a proof can go through."""
    from printkit.targets.profiles import profiles
    return [slug for slug, profile in profiles().items() if profile.icc]


def _proofed_shop(text: str):
    from printkit.targets.profiles import profiles
    if text not in _proofing_shops():
        raise argparse.ArgumentTypeError(f"no soft proof for {text!r}: only a shop that prints CMYK has one "
                                         f"({', '.join(_proofing_shops())})")
    return profiles()[text]


def serve(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--dpi", type=_dpi, default=100, help="resolution of the pictures, 10 to 600 (default: 100)")
    parser.add_argument("--port", type=_port, default=0,
                        help="the port to serve on, 1 to 65535 (default: a free one, printed as a URL)")
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                        help="the address to serve on (default: 127.0.0.1, this machine only; 0.0.0.0: every "
                             "network this machine is on, so a tablet beside it can look too)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser once it is built")
    parser.add_argument("--editor", type=_editor, default=None, metavar="URL",
                        help="make each card's FILE:LINE a link that opens it in your editor: a URL with {file} "
                             "and {line}, e.g. 'vscode://file/{file}:{line}' (default: a click copies FILE:LINE)")


def _editor(text: str) -> str:
    if "{file}" not in text or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*:\S*", text) or \
            text.split(":", 1)[0].lower() in ("javascript", "data", "vbscript"):
        raise argparse.ArgumentTypeError(f"'{text}' is not an editor's URL: a scheme such as vscode://file/, "
                                         "with {file} (and {line}) in it")
    return text


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port: a whole number from 1 to 65535")
    return int(text)


def validate(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _where(parser)
    _strict(parser)
    _verbosity(parser, "each game checked")


def _strict(parser) -> None:
    parser.add_argument("--strict", action="store_true",
                        help="make what the layout lint finds (words on words, the corner index on a layer, words "
                             "below 6 pt or inside the safe zone) errors, not warnings: exit 1, nothing written (for CI)")


def booklet(parser, ctx: Context) -> None:
    parser.add_argument("game", nargs="?", metavar="GAME", help="the game (default: the one that has a booklet)")
    parser.add_argument("--imposition", choices=["none", "saddle"], default="saddle", type=str.lower,
                        help="saddle: two pages a side, print duplex (flip on short edge), fold and staple; "
                             "none: pages in reading order (default: saddle)")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="the PDF to write (default: the project's output/GAME/booklet-export.pdf)")
    _where(parser)
    _print_options(parser, ctx)
    _verbosity(parser, None)
    product_options(parser, ctx)


def calibrate(parser, ctx: Context) -> None:
    _where(parser)
    _out(parser)
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"paper size {ctx.default('paper')}")
    parser.add_argument("--duplex", choices=["long", "short"], type=str.lower, default=None,
                        help=f"the flip the pages are printed with {ctx.default('duplex')}")
    _verbosity(parser, None)


def settings_(parser, ctx: Context) -> None:
    _where(parser)
    _print_options(parser, ctx, saving=True)


def listing(parser, ctx: Context) -> None:
    _where(parser)


def help_(parser, ctx: Context) -> None:
    parser.add_argument("topic", nargs="?", metavar="COMMAND", help="the command to tell of (default: printkit's own "
                                                                    "help, every command listed)")
    _where(parser)


def printed(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _where(parser)
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"the paper the cards were printed on, as the record says {ctx.default('paper')}")
    _verbosity(parser, None)


def errata(parser, ctx: Context) -> None:
    _games(parser, ctx)
    _where(parser)
    _out(parser)
    _print_options(parser, ctx)
    _verbosity(parser, None)


# --- shared pieces ----------------------------------------------------------------------------------

def _games(parser, ctx: Context) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", action=_Games, context=ctx)


class _Games(argparse.Action):
    """GAME: its help names the project's games, found only when the help is shown (finding them
    loads every game: a build with nothing to draw need not)."""

    def __init__(self, *args, context: Context, **kwargs):
        self.context = context
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return f"a game of the project ({', '.join(self.context.games) or 'none found'}; default: all of them)"

    @help.setter
    def help(self, value) -> None:
        pass  # the property above says it

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        setattr(namespace, self.dest, values)


def _where(parser) -> None:
    """Which project: found from the working folder unless given."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--project", metavar="DIR",
                       help=f"the project folder (default: the nearest folder from here up holding a "
                            f"{project.FILE}, else this one)")
    group.add_argument("--content", default=None, metavar="DIR",
                       help="the content folder (default: the project's content/); its parent is the project")


def _out(parser) -> None:
    parser.add_argument("--out", default=None, metavar="DIR", help="the output folder (default: the project's output/)")


def _verbosity(parser, more: str | None = "every file, the unchanged ones too") -> None:
    """-q, and -v where the command has `more` to say."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=VERBOSITY["quiet"],
                       default=VERBOSITY["normal"], help="print nothing but problems")
    if more:
        group.add_argument("-v", "--verbose", dest="verbosity", action="store_const", const=VERBOSITY["verbose"],
                           help=f"print more: {more}")


def _build_options(parser, ctx: Context) -> None:
    _where(parser)
    _out(parser)
    _print_options(parser, ctx)
    _verbosity(parser)


def _print_options(parser, ctx: Context, saving: bool = False) -> None:
    """How to print: each defaults to the project's printkit.yaml, then to printkit's default."""
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"paper size, a4 or letter, in any case {ctx.default('paper')}")
    parser.add_argument("--bleed", type=_bleed, default=None, metavar="MM",
                        help=f"bleed around each card, 0 to 6 mm {ctx.default('bleed')}")
    parser.add_argument("--duplex", choices=["long", "short", "none"], type=str.lower, default=None,
                        help=f"the flip for two-sided printing; none: no back pages; card files with "
                             f"--sheet gutterfold are one-sided whatever it says {ctx.default('duplex')}")
    parser.add_argument("--back-offset", type=_offset, default=None, metavar="X,Y",
                        help=f"move every back page by X,Y mm, as `printkit calibrate` measures; not for "
                             f"gutter-fold sheets, which print both sides of a card in one pass "
                             f"{ctx.default('back_offset')}")
    parser.add_argument("--sheet", choices=list(settings.SHEETS), type=str.lower, default=None,
                        help=f"card sheets: duplex (backs on the back page) or gutterfold (for a printer "
                             f"without duplex: each back beside its front, mirrored about a fold line; print "
                             f"one side, fold, glue, cut) {ctx.default('sheet')}")
    parser.add_argument("--corners", type=_corners, default=None, metavar="MM",
                        help=f"round the cards' cut guides (and cut file) to this radius, 0 to 6 mm; poker cards' "
                             f"is 3.175 {ctx.default('corners')}")
    parser.add_argument("--cutter", choices=list(CUTTERS), type=str.lower, default=None,
                        help=f"the cutting machine: its registration marks on the card fronts and a cut file (SVG) "
                             f"beside each card PDF; none for scissors {ctx.default('cutter')}")
    parser.add_argument("--scale-correction", type=_scale, default=None, metavar="X,Y",
                        help=f"the percent your printer prints at across and up the page, as read off "
                             f"`printkit calibrate`'s 100 mm rulers (e.g. 99.2,99.5): every page is drawn that much "
                             f"larger {ctx.default('scale_correction')}")
    ink = f"outline style with no large dark fills {ctx.default('ink_saver')}"
    if saving:
        parser.add_argument("--ink-saver", action=argparse.BooleanOptionalAction, default=None, help=ink)
    else:
        parser.add_argument("--ink-saver", action="store_const", const=True, default=None, help=ink)


def product_options(parser, ctx: Context) -> None:
    """Every option a product of a known game understands, once each. They come from the games,
    and finding the games loads them: added only where the command line asks for help or has an
    option the command's own do not name."""
    options = _product_options() if _more_than(parser, ctx.argv) else []
    for option in options:
        parser.add_argument(f"--{option.name}", type=_parsed(option), default=None, metavar=option.metavar,
                            help=option.help)
    parser.set_defaults(product_options=tuple(option.name for option in options))


def _more_than(parser, argv: list[str] | None) -> bool:
    """Whether `argv` may name an option `parser` does not have yet (or asks for its help)."""
    if argv is None:
        return True
    own = {name for action in parser._actions for name in action.option_strings} - {"-h", "--help"}
    for arg in argv:
        if arg == "--":
            return False
        if arg.startswith("-") and arg != "-" and arg.split("=", 1)[0] not in own:
            return True
    return False


def _product_options() -> list:
    from printkit.games import all_games

    seen = {}
    for game in _known(all_games).values():
        for product in game.products:
            for option in product.options:
                seen.setdefault(option.name, option)
    return list(seen.values())


def product_choices(args) -> dict:
    """The product options given on the command line, by name."""
    return {name: getattr(args, name) for name in getattr(args, "product_options", ())
            if getattr(args, name, None) is not None}


def _known(all_games) -> dict:
    """Every game printkit knows, or none if a plug-in is broken (the command says so)."""
    try:
        return all_games()
    except PrintkitError:
        return {}


def _parsed(option):
    def parse(text: str):
        try:
            return option.parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    parse.__name__ = option.name
    return parse


# --- the types of the values ------------------------------------------------------------------------

def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in millimetres, e.g. 0.5,-1: {text!r}") from None
    if not (abs(x) <= 10 and abs(y) <= 10):
        raise argparse.ArgumentTypeError(f"a back offset is at most 10 mm each way, not {text}")
    return x, y


def _scale(text: str) -> tuple[float, float]:
    low, high = settings.SCALE_CORRECTION
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in percent, e.g. 99.2,99.5: {text!r}") from None
    if not (low <= x <= high and low <= y <= high):
        raise argparse.ArgumentTypeError(f"a scale correction is {low:g} to {high:g} percent each way, not {text}; "
                                         f"a printer further off is scaling the page: print at Actual size")
    return x, y


def _bleed(text: str) -> float:
    return _millimetres(text, "bleed")


def _corners(text: str) -> float:
    return _millimetres(text, "a corner radius")


def _millimetres(text: str, what: str, most: float = 6.0) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 <= value <= most:
        raise argparse.ArgumentTypeError(f"{what} must be 0 to {most:g} mm, not {text}")
    return value


def _dpi(text: str) -> int:
    if not text.isdigit() or not 10 <= int(text) <= 600:
        raise argparse.ArgumentTypeError(f"dpi must be a whole number from 10 to 600, not {text!r}")
    return int(text)

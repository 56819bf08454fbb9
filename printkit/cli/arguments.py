"""What the command line takes, and how its help reads: a description for every command and option,
the project's games in GAME's help, the effective print settings (printkit.yaml's) as the defaults
shown, paper and flip names in any case, and one prefix, `printkit: error:`, for every command-line
mistake (exit 2; a mistyped command or option: printkit/cli/helping.py). What a value's text must be
is printkit/cli/values.py's; the options of the games' products, printkit/cli/product_options.py's."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from printkit.load import project
from printkit.load import settings
from printkit.ground.errors import PrintkitError, UsageError
from printkit.cli.helping import Parser  # noqa: F401 - printkit's parser class (its words for mistakes: helping.py)
from printkit.cli.product_options import known_games, product_options
from printkit.cli.report import VERBOSITY
from printkit.cli.values import bleed, corners, dpi, editor, names, offset, port, proofed_shop, proofing_shops, scale
from printkit.ground.papers import CUTTERS
from printkit.ground.papers import PAPER_SIZES as PAPERS  # their names are all the parser needs


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
        value = ",".join(f"{v:g}" for v in value) if isinstance(value, (list, tuple)) else settings.as_yaml(value)
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
    from printkit.cli.new import starting_points

    parser.add_argument("folder", metavar="DIR", help="the folder to make (new, or empty)")
    parser.add_argument("--example", metavar="GAME", action="append",
                        help="start from a game printkit has, with its content and templates to edit: "
                             f"{', '.join(starting_points(known_games(all_games)))}, or all (the kits; "
                             "may be given more than once; default: the starter game)")
    _verbosity(parser, "every file written")


def build(parser, ctx: Context) -> None:
    games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--force", action="store_true",
                        help="draw every file again, even those whose content, templates and options are unchanged")
    parser.add_argument("--only", type=names, default=None, metavar="PRODUCT[,PRODUCT]",
                        help="build only these products (`printkit list` names them)")
    language(parser, "build")
    _strict(parser)
    product_options(parser, ctx)


def watch(parser, ctx: Context) -> None:
    games(parser, ctx)
    _build_options(parser, ctx)


def preview(parser, ctx: Context) -> None:
    games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--force", action="store_true", help="draw every file again")
    parser.add_argument("--dpi", type=dpi, default=100, help="resolution of the PNGs, 10 to 600 (default: 100)")
    parser.add_argument("--proof", type=proofed_shop, default=None, metavar="SHOP",
                        help="a soft proof: the pictures as SHOP's press will print them (its CMYK profile "
                             f"and ink limit), in a page of their own: {', '.join(proofing_shops())}")


def serve(parser, ctx: Context) -> None:
    games(parser, ctx)
    _build_options(parser, ctx)
    parser.add_argument("--dpi", type=dpi, default=100, help="resolution of the pictures, 10 to 600 (default: 100)")
    parser.add_argument("--port", type=port, default=0,
                        help="the port to serve on, 1 to 65535 (default: a free one, printed as a URL)")
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                        help="the address to serve on (default: 127.0.0.1, this machine only; 0.0.0.0: every "
                             "network this machine is on, so a tablet beside it can look too)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser once it is built")
    parser.add_argument("--editor", type=editor, default=None, metavar="URL",
                        help="make each card's FILE:LINE a link that opens it in your editor: a URL with {file} "
                             "and {line}, e.g. 'vscode://file/{file}:{line}' (default: a click copies FILE:LINE)")


def validate(parser, ctx: Context) -> None:
    games(parser, ctx)
    where(parser)
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
    where(parser)
    _print_options(parser, ctx)
    _verbosity(parser, None)
    product_options(parser, ctx)


def calibrate(parser, ctx: Context) -> None:
    where(parser)
    _out(parser)
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"paper size {ctx.default('paper')}")
    parser.add_argument("--duplex", choices=["long", "short"], type=str.lower, default=None,
                        help=f"the flip the pages are printed with {ctx.default('duplex')}")
    _verbosity(parser, None)


def settings_(parser, ctx: Context) -> None:
    where(parser)
    _print_options(parser, ctx, saving=True)


def listing(parser, ctx: Context) -> None:
    where(parser)


def help_(parser, ctx: Context) -> None:
    parser.add_argument("topic", nargs="?", metavar="COMMAND", help="the command to tell of (default: printkit's own "
                                                                    "help, every command listed)")
    where(parser)


def printed(parser, ctx: Context) -> None:
    games(parser, ctx)
    where(parser)
    language(parser, "record")
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"the paper the cards were printed on, as the record says {ctx.default('paper')}")
    _verbosity(parser, None)


def errata(parser, ctx: Context) -> None:
    games(parser, ctx)
    where(parser)
    language(parser, "compare")
    _out(parser)
    _print_options(parser, ctx)
    _verbosity(parser, None)


# --- shared pieces ----------------------------------------------------------------------------------

def games(parser, ctx: Context) -> None:
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


def language(parser, doing: str) -> None:
    """--language: one language of the games (printkit/cli/build_commands.py: in_languages)."""
    parser.add_argument("--language", default=None, metavar="LANG",
                        help=f"{doing} only this language of a game with `languages:`, or a game whose own templates are "
                             "written in it, such as numbered-cards in de (default: every language of `languages:`)")


def where(parser) -> None:
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
    where(parser)
    _out(parser)
    _print_options(parser, ctx)
    _verbosity(parser)


def _print_options(parser, ctx: Context, saving: bool = False) -> None:
    """How to print: each defaults to the project's printkit.yaml, then to printkit's default."""
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help=f"paper size, a4 or letter, in any case {ctx.default('paper')}")
    parser.add_argument("--bleed", type=bleed, default=None, metavar="MM",
                        help=f"bleed around each card, 0 to 6 mm {ctx.default('bleed')}")
    parser.add_argument("--duplex", choices=["long", "short", "none"], type=str.lower, default=None,
                        help=f"the flip for two-sided printing; none: no back pages; card files with "
                             f"--sheet gutterfold are one-sided whatever it says {ctx.default('duplex')}")
    parser.add_argument("--back-offset", type=offset, default=None, metavar="X,Y",
                        help=f"move every back page by X,Y mm, as `printkit calibrate` measures; not for "
                             f"gutter-fold sheets, which print both sides of a card in one pass "
                             f"{ctx.default('back_offset')}")
    parser.add_argument("--sheet", choices=list(settings.SHEETS), type=str.lower, default=None,
                        help=f"card sheets: duplex (backs on the back page) or gutterfold (for a printer "
                             f"without duplex: each back beside its front, mirrored about a fold line; print "
                             f"one side, fold, glue, cut) {ctx.default('sheet')}")
    parser.add_argument("--corners", type=corners, default=None, metavar="MM",
                        help=f"round the cards' cut guides (and cut file) to this radius, 0 to 6 mm; poker cards' "
                             f"is 3.175 {ctx.default('corners')}")
    parser.add_argument("--cutter", choices=list(CUTTERS), type=str.lower, default=None,
                        help=f"the cutting machine: its registration marks on the card fronts and a cut file (SVG) "
                             f"beside each card PDF; none for scissors {ctx.default('cutter')}")
    parser.add_argument("--scale-correction", type=scale, default=None, metavar="X,Y",
                        help=f"the percent your printer prints at across and up the page, as read off "
                             f"`printkit calibrate`'s 100 mm rulers (e.g. 99.2,99.5): every page is drawn that much "
                             f"larger {ctx.default('scale_correction')}")
    ink = f"outline style with no large dark fills {ctx.default('ink_saver')}"
    if saving:
        parser.add_argument("--ink-saver", action=argparse.BooleanOptionalAction, default=None, help=ink)
    else:
        parser.add_argument("--ink-saver", action="store_const", const=True, default=None, help=ink)

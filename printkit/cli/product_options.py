"""The options a product of a known game understands (`--scenarios 1-5`...), on the command line
of the commands that build: each one once, parsed by the product's own option, and only loaded
(finding them loads every game) where the command line asks for help or names an option the
command's own do not."""

from __future__ import annotations

import argparse

from printkit.ground.errors import PrintkitError


def product_options(parser, ctx) -> None:
    """Every option a product of a known game understands, once each. They come from the games,
    and finding the games loads them: added only where the command line asks for help or has an
    option the command's own do not name."""
    options = _product_options() if _more_than(parser, ctx.argv) else []
    for option in options:
        parser.add_argument(f"--{option.name}", type=_parsed(option), default=None, metavar=option.metavar,
                            help=option.help)
    parser.set_defaults(product_options=tuple(option.name for option in options))


def product_choices(args) -> dict:
    """The product options given on the command line, by name."""
    return {name: getattr(args, name) for name in getattr(args, "product_options", ())
            if getattr(args, name, None) is not None}


def known_games(all_games) -> dict:
    """Every game printkit knows, or none if a plug-in is broken (the command says so)."""
    try:
        return all_games()
    except PrintkitError:
        return {}


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
    for game in known_games(all_games).values():
        for product in game.products:
            for option in product.options:
                seen.setdefault(option.name, option)
    return list(seen.values())


def _parsed(option):
    def parse(text: str):
        try:
            return option.parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    parse.__name__ = option.name
    return parse

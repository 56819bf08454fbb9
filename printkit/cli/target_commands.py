"""The commands of printkit's targets (printkit/targets/): `calibrate`, pages to measure a home
printer with, and `export` and `preflight`, files as a print shop takes them and their check
against the shop's profile (printkit/targets/commands.py runs those two)."""

from __future__ import annotations

from printkit.cli.outputs import out
from printkit.cli.report import say
from printkit.load import project
from printkit.pipeline.chosen import content, count, options


def cmd_calibrate(args) -> int:
    """pages to find a printer's back-side offset and check its scale

    Writes calibration/back-offset.pdf (print it two-sided, read the offset against the light) and
    calibration/scale.pdf (rulers in mm and inches, a 100 mm square: read what the printer prints
    100 mm as), drawn with no back offset and no scale correction: they measure the printer as it is.
    Needs no project.
    """
    from printkit.targets.calibrate import calibrate
    from printkit.pipeline.kits import templates_for

    for output in calibrate(out(args), options(args), templates_for(content(args))):
        say(args, f"{project.shown(output.path)}  {count(output.pages, 'page')}")
    say(args, "print back-offset.pdf two-sided and scale.pdf at Actual size; then "
              "`printkit settings --back-offset X,Y --scale-correction X,Y` with what you read")
    return 0


def cmd_export(args) -> int:
    """card and token products as a print shop takes them, then preflight

    One file or image per card side, with the shop's bleed, boxes and names (printkit/shops.yaml),
    into output/shops/SHOP, all of them or none; then every file is checked against the shop's
    profile, as `printkit preflight` checks it. Besides the print shops: cricut, the images a
    Cricut's Print Then Cut takes, and tts, the deck sheets Tabletop Simulator loads (with --base-url,
    for images on a web host). A game with `languages:` is exported in every language, each into
    a folder of its own (SLUG/LANG/), or in the one --language names.
    """
    from printkit.cli.build_commands import untranslated
    from printkit.pipeline.chosen import folder
    from printkit.targets.commands import cmd_export as export

    chosen = in_language(args)
    untranslated(chosen, folder(args))  # a kit's cards in --language's: as written, and said so, as build says it
    return export(args, chosen)


def in_language(args) -> list:
    """The games the command names (or all the project's), each in every language it is printed in,
    or only in --language's, as `printkit build` chooses them (printkit/cli/build_commands.py):
    what export, printed and errata take."""
    from printkit.cli.build_commands import in_languages
    from printkit.pipeline.chosen import folder, games

    return in_languages(games(args, args.games), games(args, []), args.language, folder(args))


def cmd_preflight(args) -> int:
    """check an export against its shop's profile: sizes, boxes, fonts, images, safe zone, order

    One line per problem (FILE:LINE: message, at the designer's layer where there is one), exit 1
    when there is any; frames and borders that stop inside the safe zone short of the trim are
    warnings.
    """
    from printkit.targets.commands import cmd_preflight as preflight

    return preflight(args)


def takes(name: str):
    """What a command of printkit.targets takes (printkit/cli/shop_arguments.py), loaded only when
    its parser is made."""
    def taken(parser, ctx) -> None:
        from printkit.cli import shop_arguments as shop

        getattr(shop, f"takes_{name}")(parser, ctx)
    return taken

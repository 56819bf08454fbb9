"""What `printkit export` and `printkit preflight` take on the command line. Light: the parser of
every printkit command is made with them, so they load the shops' profiles and nothing else."""

from __future__ import annotations

import argparse

from printkit.ground.papers import PAPER_SIZES as PAPERS  # their names are all the parser needs
from printkit.targets.profiles import profiles


def takes_export(parser, ctx) -> None:
    """What `printkit export` takes: the games, the shop, where to write, the paper of a sheets shop's sheets,
    the corners of a cutting machine's images, where a virtual table's images are hosted."""
    from printkit.cli.arguments import games, language, where
    from printkit.cli.values import corners

    games(parser, ctx)
    parser.add_argument("--for", dest="shop", type=_shop, required=True, metavar="SHOP",
                        help="the shop: " + ", ".join(f"{slug} ({p.name})" for slug, p in profiles().items()))
    parser.add_argument("--out", default=None, metavar="DIR", help="default: the project's output/shops/SHOP")
    where(parser)
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help="paper of the print sheets (a shop of kind sheets), a4 or letter (default: the project's)")
    parser.add_argument("--corners", type=corners, default=None, metavar="MM",
                        help="the corner radius a cutting machine's images (cricut) are cut to, 0 to 6 mm "
                             "(default: the project's, else a poker card's 3.175)")
    parser.add_argument("--base-url", default=None, metavar="URL",
                        help="where a virtual table's images (tts) will be hosted: the export folder's files "
                             "under URL (default: file:/// URIs of the files written, for this computer only)")
    language(parser, "export")


def takes_preflight(parser, ctx) -> None:
    parser.add_argument("folder", metavar="DIR", help="the folder `printkit export` wrote")


def _shop(text: str):
    try:
        return profiles()[text]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown shop {text!r} (known: {', '.join(profiles())})") from None

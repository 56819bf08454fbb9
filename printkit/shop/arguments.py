"""What `printkit export` and `printkit preflight` take on the command line. Light: the parser of
every printkit command is made with them, so they load the shops' profiles and nothing else."""

from __future__ import annotations

import argparse

from printkit.plan.geometry import PAPERS
from printkit.shop.profiles import profiles


def takes_export(parser, ctx) -> None:
    """What `printkit export` takes: the games, the shop, where to write, the paper of pdfx's sheets."""
    from printkit.arguments import _games, _where

    _games(parser, ctx)
    parser.add_argument("--for", dest="shop", type=_shop, required=True, metavar="SHOP",
                        help="the shop: " + ", ".join(f"{slug} ({p.name})" for slug, p in profiles().items()))
    parser.add_argument("--out", default=None, metavar="DIR", help="default: the project's output/shops/SHOP")
    _where(parser)
    parser.add_argument("--paper", choices=sorted(PAPERS), type=str.lower, default=None,
                        help="paper of pdfx's sheets, a4 or letter (default: the project's)")


def takes_preflight(parser, ctx) -> None:
    parser.add_argument("folder", metavar="DIR", help="the folder `printkit export` wrote")


def _shop(text: str):
    try:
        return profiles()[text]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown shop {text!r} (known: {', '.join(profiles())})") from None

"""The command line's `export` and `preflight`: parse, call printkit.shop, print. Their errors go
through printkit.cli's one handler (one line a problem, exit 1; a usage error, exit 2)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from printkit import cli
from printkit.errors import PrintkitError, UsageError
from printkit.shop.export import export
from printkit.shop.preflight import preflight
from printkit.shop.profiles import profiles


def add_commands(sub, content: dict) -> None:
    shops = ", ".join(f"{slug} ({p.name})" for slug, p in profiles().items())
    ex = sub.add_parser("export", help="card and token products as a print shop takes them, then preflight",
                        description=f"shops: {shops}")
    ex.add_argument("games", nargs="*", metavar="GAME")
    ex.add_argument("--for", dest="shop", type=_shop, required=True, metavar="SHOP",
                    help=f"the shop: {', '.join(profiles())}")
    ex.add_argument("--out", default=None, metavar="DIR", help="default: output/shops/SHOP")
    ex.add_argument("--content", **content)
    ex.add_argument("--paper", choices=sorted(cli.PAPERS), default=None, help="paper of pdfx's sheets")
    ex.set_defaults(command=cmd_export, parser=ex)

    pf = sub.add_parser("preflight", help="check an export against its shop's profile")
    pf.add_argument("folder", metavar="DIR", help="the folder `printkit export` wrote")
    pf.set_defaults(command=cmd_preflight, parser=pf)


def cmd_export(args) -> int:
    started = time.perf_counter()
    profile = args.shop
    out = Path(args.out or Path("output") / "shops" / profile.slug)
    games = cli._games(args.games)
    content = cli._folder(args.content)
    _outside_project(out, content)
    outputs = export(games, content, out, cli._options(args), profile)
    for line in _listed(outputs):
        print(line)
    print(f"exported {cli._count(len(outputs), 'file')} for {profile.name}, in {time.perf_counter() - started:.2f} s")
    return _report(out)


def _listed(outputs) -> list[str]:
    """A line a PDF with its pages; a line a folder of images, with the first and the last."""
    lines, folders = [], {}
    for output in outputs:
        if output.path.suffix == ".png":
            folders.setdefault(output.path.parent, []).append(output.path.name)
        else:
            lines.append(f"{cli._shown(output.path)}  {cli._count(output.pages, 'page')}")
    for folder, names in folders.items():
        lines.append(f"{cli._shown(folder)}/  {cli._count(len(names), 'image')} ({names[0]} ... {names[-1]})")
    return lines


def cmd_preflight(args) -> int:
    return _report(Path(args.folder))


def _report(folder: Path) -> int:
    checked, problems = preflight(folder, cli._shown(folder))
    if problems:
        raise PrintkitError(problems)
    print(f"preflight: {cli._count(checked, 'file')} in {cli._shown(folder)} as the shop takes them, no problems")
    return 0


def _outside_project(out: Path, content: Path) -> None:
    """An export never writes among the designer's own files."""
    for folder in (content.resolve(), content.resolve().parent / "templates"):
        if out.resolve().is_relative_to(folder):
            raise UsageError(f"--out {out}: would write into {cli._shown(folder)}, the project's own files")


def _shop(text: str):
    try:
        return profiles()[text]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown shop {text!r} (known: {', '.join(profiles())})") from None

"""The command line's `export` and `preflight`: parse, call printkit.targets, print. Their errors go
through printkit.cli.main's one handler (one line a problem, exit 1; a usage error, exit 2)."""

from __future__ import annotations

import time
from pathlib import Path

from printkit.pipeline import chosen
from printkit.load import project
from printkit.ground.errors import PrintkitError, UsageError
from printkit.targets.export import export
from printkit.targets.preflight import preflight


def cmd_export(args, games: list) -> int:
    """Export `games` (the command line chose them, in their languages) for --for's shop."""
    started = time.perf_counter()
    profile = args.shop
    content = chosen.folder(args)
    out = Path(args.out) if args.out else project.own_output(content, "shops", profile.slug)
    _outside_project(out, content)
    if args.base_url and profile.kind != "tts":
        raise UsageError(f"--base-url: {profile.name} takes files, not URLs; it is for --for tts")
    outputs = export(games, content, out, chosen.options(args), profile, corners=args.corners, base_url=args.base_url)
    for line in _listed(outputs):
        print(line)
    print(f"exported {chosen.count(len(outputs), 'file')} for {profile.name}, in {time.perf_counter() - started:.2f} s")
    return _report(out)


def _listed(outputs) -> list[str]:
    """A line a PDF with its pages; a line a folder of images, with the first and the last (or
    the one); a line a text file, last (the print guide, the how-to: read after the files)."""
    lines, folders, texts = [], {}, []
    for output in outputs:
        if output.path.suffix == ".png":
            folders.setdefault(output.path.parent, []).append(output.path.name)
        elif output.path.suffix == ".pdf":
            lines.append(f"{project.shown(output.path)}  {chosen.count(output.pages, 'page')}")
        else:
            texts.append(project.shown(output.path))
    for folder, names in folders.items():
        shown = names[0] if len(names) == 1 else f"{names[0]} ... {names[-1]}"
        lines.append(f"{project.shown(folder)}/  {chosen.count(len(names), 'image')} ({shown})")
    return lines + texts


def cmd_preflight(args) -> int:
    return _report(Path(args.folder))


def _report(folder: Path) -> int:
    checked, problems = preflight(folder, project.shown(folder))
    if problems:
        raise PrintkitError(problems)
    print(f"preflight: {chosen.count(checked, 'file')} in {project.shown(folder)} as the shop takes them, no problems")
    return 0


def _outside_project(out: Path, content: Path) -> None:
    """An export never writes among the designer's own files (nor so deep no system can make it)."""
    project.check_out(out, content)

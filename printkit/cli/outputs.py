"""Where a command writes: its output folder (--out, or the project's output/), or the one PDF an
export is named; never over the project's own content, templates or a build's record."""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import UsageError
from printkit.load import project
from printkit.pipeline.chosen import content


def out(args) -> Path:
    """--out (never into the project's own files: project.check_out), or the project's output/ folder."""
    if not args.out:
        return project.own_output(content(args))  # never through a link (a given --out may be one)
    project.check_out(Path(args.out), content(args))
    return Path(args.out)


def export_target(target: Path, folder: Path) -> Path:
    """Where an export may go: never over the project's content or templates, a build's manifest,
    or a file that is not a PDF."""
    from printkit.pipeline.write import is_pdf

    project.check_out(target, folder, folder=False)
    resolved = target.resolve()
    if resolved.name.startswith(".printkit"):
        raise UsageError(f"--out {target}: would replace printkit's own record of a build")
    if resolved.is_dir():
        raise UsageError(f"--out {target}: is a folder; give the name of the PDF to write")
    if resolved.is_file() and not is_pdf(resolved):
        raise UsageError(f"--out {target}: is a file that is not a PDF; it is not replaced")
    return resolved if target.is_symlink() else target  # a link given as --out: the user's choice, followed

"""Projects of games with no Python, for the tests of declared games: the starter game (Three
Skies, printkit/starter/) or a game.yaml of a test's own, in a temporary project with content/ and
templates/, and printkit's own templates beside them (common words, the print guide, the preview),
as a project that `printkit new` wrote has them."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from conftest import ROOT

STARTER = ROOT / "printkit" / "starter"
FIXTURES = ROOT / "tests" / "fixtures" / "declared"
PRINTKIT_TEMPLATES = ("common.j2", "print-guide.j2", "preview")
SLUG = "mine"  # a test game's folder


def starter_project(folder: Path) -> Path:
    shutil.copytree(STARTER, folder, dirs_exist_ok=True)
    return _with_printkit_templates(folder)


def game_project(folder: Path, game_yaml: str, files: dict[str, str | bytes] | None = None,
                 rules: str = "# Rules\nPlay well.\n") -> Path:
    """A project whose one game, content/mine/, is `game_yaml` (dedented) and `files` beside it."""
    game = folder / "content" / SLUG
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(textwrap.dedent(game_yaml), encoding="utf-8")
    for name, data in (files or {}).items():
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            (game / name).write_bytes(data)
        else:
            (game / name).write_text(textwrap.dedent(data), encoding="utf-8")
    (folder / "templates" / SLUG).mkdir(parents=True)
    (folder / "templates" / SLUG / "rules.j2").write_text(rules, encoding="utf-8")
    return _with_printkit_templates(folder)


def _with_printkit_templates(folder: Path) -> Path:
    for name in PRINTKIT_TEMPLATES:
        source = ROOT / "templates" / name
        if source.is_dir():
            shutil.copytree(source, folder / "templates" / name, dirs_exist_ok=True)
        else:
            shutil.copyfile(source, folder / "templates" / name)
    return folder


def line_of(path: Path, text: str, after: str | None = None) -> int:
    """The line `text` is first on (below the first `after`, if given)."""
    source = path.read_text(encoding="utf-8")
    start = source.index(after) if after else 0
    return source.count("\n", 0, source.index(text, start)) + 1


def deck_yaml(size: str = "poker", cards: str = "", face: str = "", extra: str = "") -> str:
    """A deck game: `cards` and `face` boxes as YAML lines (indented as under the deck)."""
    cards = cards or "\n".join(f"      - {{number: {n}, name: Card {n}}}" for n in range(1, 4))
    face = face or ("        number: {kind: number, field: number, x: 10, y: 20, width: 30, height: 20}\n"
                    "        name: {kind: text, field: name, x: 10, y: 50, width: 30, height: 10}")
    return (f"title: Test Game\n{extra}products:\n  deck:\n    kind: deck\n    size: {size}\n    cards:\n{cards}\n"
            f"    face:\n      boxes:\n{face}\n  rules:\n    kind: rules\n")

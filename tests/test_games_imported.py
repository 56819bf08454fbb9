"""printkit's own games are known by their packages' names and imported when they are used
(printkit/games: Bundled): an edit of one game imports no other game's package, a rebuild with
nothing changed none; each is its package's GAME, field for field."""

from __future__ import annotations

import dataclasses
import importlib
import os
import subprocess
import sys

from printkit.games import all_games

TAGLINE = "Six places leave room for different plans."  # scenario 1's: the benchmark's edit (issue 41)


def test_each_of_printkits_games_is_the_game_its_package_declares():
    """printkit's own games are known by their packages' names before they are imported: each
    package's GAME is the game of that slug, its fields all of them."""
    for slug, game in all_games().items():
        declared = importlib.import_module(f"printkit.games.{slug.replace('-', '_')}").GAME
        assert [getattr(game, f.name) for f in dataclasses.fields(declared) if f.name != "home"] == \
            [getattr(declared, f.name) for f in dataclasses.fields(declared) if f.name != "home"]


def test_a_build_imports_only_the_games_it_plans(project, tmp_path):
    """A game's package is imported when its files are planned, never for a game whose files
    are as its last build left them: an edit of Cross Sums imports no other game, a rebuild with
    nothing changed none."""
    built = ("import sys; from printkit.cli.main import main; code = main(['build', '-q', '--content', 'content', "
             "'--out', 'out']); print(code, sorted({m.split('.')[2] for m in sys.modules if m.startswith('printkit.games.')}))")
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")}

    def build() -> str:
        return subprocess.run([sys.executable, "-c", built], cwd=project, env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    assert build() == "0 ['ascending_row_overflow', 'cross_sums', 'numbered_cards', 'one_too_many']"
    assert build() == "0 []"
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count(TAGLINE) == 1
    scenarios.write_text(text.replace(TAGLINE, "Six places leave room for other plans."), encoding="utf-8")
    assert build() == "0 ['cross_sums']"

"""A first command (a new, empty cache folder: no record of the plug-ins) looks for plug-ins with
importlib.metadata (10 ms of imports) only where an installed package's entry_points.txt names the
group printkit.games at all; a plug-in so installed is found on a cold cache as on a warm one."""

from __future__ import annotations

import os
import subprocess
import sys

from test_project import ENTRY_POINT, installed

LOOKED = ("from printkit.games import all_games; games = all_games(); import sys; "
          "print('importlib.metadata' in sys.modules, 'tiny-game' in games)")


def _first_command(tmp_path, site, cache="cache") -> str:
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / cache),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-c", LOOKED], env=env, capture_output=True, text=True,
                          check=True).stdout


def test_a_cold_cache_with_no_package_naming_the_group_does_not_load_importlib_metadata(tmp_path):
    site = installed(tmp_path / "site", "[console_scripts]\ntiny = printkit_tiny_game:GAME\n")
    assert _first_command(tmp_path, site) == "False False\n"
    assert (tmp_path / "cache" / "plugins.json").is_file()  # and the next command reads the record


def test_a_plug_in_is_found_by_the_first_command_on_a_cold_cache(tmp_path):
    site = installed(tmp_path / "site", ENTRY_POINT)
    assert _first_command(tmp_path, site) == "True True\n"
    assert _first_command(tmp_path, site, cache="off") == "True True\n"


def test_an_unreadable_entry_points_file_is_searched_for_in_full(tmp_path):
    site = installed(tmp_path / "site", "")
    entry_points = site / "printkit_tiny_game-0.1.0.dist-info" / "entry_points.txt"
    entry_points.unlink()
    entry_points.mkdir()  # a folder where the file would be: it cannot be read as one
    assert _first_command(tmp_path, site) == "True False\n"

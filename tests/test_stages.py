"""The stages can be read from the folders: every module of printkit is in its stage's folder
(tools/imports.py reads a module's stage from its folder), and the modules' old names, from
before the folders, still import as the modules they became, for a game made for an earlier printkit."""

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import imports  # noqa: E402  tools/imports.py

STAGE_FOLDERS = {"ground", "load", "plan", "render", "declared", "games", "products", "pipeline", "targets",
                 "live", "cli", "schema"}


def test_every_module_of_printkit_is_in_a_stage_folder():
    modules = imports.modules_under(ROOT / "printkit")
    loose = [name for name in modules if name.count(".") == 1 and name.split(".")[1] not in STAGE_FOLDERS
             and name != "printkit.__main__"]
    assert loose == []
    assert {name.split(".")[1] for name in modules if "." in name} == STAGE_FOLDERS | {"__main__"}
    assert [name for name in modules if imports.stage_of(name) is None] == []


def test_a_module_s_stage_is_its_folder():
    assert imports.stage_of("printkit.pipeline.cache") == "pipeline"
    assert imports.stage_of("printkit.live.serve.server") == "targets/live"
    assert imports.stage_of("printkit.ground.errors") == "ground"
    assert imports.stage_of("printkit.cli.main") == "cli"
    assert imports.stage_of("printkit.__main__") == "cli"
    assert imports.stage_of("printkit.stray") is None  # a module in no folder is a fault the check names


def test_the_check_names_a_module_outside_the_folders_and_one_that_reaches_up(tmp_path):
    package = tmp_path / "printkit"
    for name, text in {"__init__.py": "", "stray.py": "", "plan/__init__.py": "",
                       "plan/geometry.py": "from printkit.pipeline import cache\n",
                       "pipeline/__init__.py": "", "pipeline/cache.py": ""}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    lines, problems = imports.report(package)
    assert problems == 2
    assert "modules with no stage: printkit.stray" in lines
    assert "  printkit.plan.geometry [plan] -> printkit.pipeline.cache [pipeline]: (module)" in lines


@pytest.mark.parametrize("old, new", [
    ("printkit.kit", "printkit.products.kit"),
    ("printkit.errors", "printkit.ground.errors"),
    ("printkit.lasting", "printkit.pipeline.cache"),
    ("printkit.shop.tts", "printkit.targets.tts"),
    ("printkit.shop.arguments", "printkit.cli.shop_arguments"),
    ("printkit.serve.server", "printkit.live.serve.server"),
    ("printkit.render.words", "printkit.load.words"),  # a module that left its package
])
def test_an_old_name_is_the_module_it_became(old, new):
    code = (f"import warnings, importlib\n"
            f"new = importlib.import_module({new!r})\n"
            f"with warnings.catch_warnings(record=True) as heard:\n"
            f"    warnings.simplefilter('always')\n"
            f"    old = importlib.import_module({old!r})\n"
            f"print(*(str(w.message) for w in heard), sep='\\n')\n"
            f"assert old is new and old.__spec__.name == {new!r}, (old, old.__spec__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"{old} is now {new}"


def test_the_new_packages_are_not_taken_for_the_old_modules_of_their_names():
    pipeline = importlib.import_module("printkit.pipeline")
    assert Path(pipeline.__file__).name == "__init__.py"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.import_module("printkit.cli")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("printkit.shop.nothing_of_that_name")


def test_no_import_reaches_up_or_closes_a_circle_and_no_module_is_over_400_lines():
    """printkit's own imports, as tools/imports.py reads them: this fails on the first import that
    reaches up a stage or closes a circle, and on a module grown past 400 lines, naming it."""
    lines, problems = imports.report(ROOT / "printkit")
    assert problems == 0 and lines[-1] == "modules over 400 lines: 0", "\n".join(lines)

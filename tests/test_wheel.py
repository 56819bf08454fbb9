"""printkit as a new user gets it: a wheel built from the repository, installed into a fresh virtual
environment, run in an empty folder. `printkit new kit --example all && cd kit && printkit build`
gives the files a build in the repository gives, byte for byte; a plug-in game installed beside it
is listed, started, validated and built.

Slow (a wheel, a venv): done once for the module. The venv sees the test environment's packages
(ReportLab and the rest) through a .pth file, and installs the wheels with --no-index --no-deps:
no network. printkit itself is the wheel's: the test checks where it is imported from.
"""

from __future__ import annotations

import hashlib
import json
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import ROOT

SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "printkit", "content", "templates", "examples")
PLUGIN = ROOT / "tests" / "fixtures" / "plugin"


def sha256s(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def run(*argv, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, f"{argv}:\n{result.stdout}\n{result.stderr}"
    return result


def wheel_of(source: Path, into: Path) -> Path:
    """A wheel built from a copy of `source` (the repository is left as it is)."""
    flags = ["--no-build-isolation"] if _can_build_here() else []  # else pip fetches setuptools to build with
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *flags, "-w", into, source, cwd=source)
    (wheel,) = into.glob(f"{source.name.replace('-', '_')}*.whl") or into.glob("*.whl")
    return wheel


def _can_build_here() -> bool:
    """Whether this environment builds wheels itself: setuptools 70.1 or later, or with `wheel`."""
    try:
        from importlib.metadata import version

        major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    except (ImportError, ValueError, LookupError):
        return False
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def copy_of(source: Path, names, into: Path) -> Path:
    into.mkdir()
    for name in names:
        if (source / name).is_dir():
            shutil.copytree(source / name, into / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
        else:
            shutil.copyfile(source / name, into / name)
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the venv's bin folder, the empty folder the kit was made in, an environment for it), after
    `printkit new kit --example all && cd kit && printkit build` ran there."""
    tmp = tmp_path_factory.mktemp("wheel")
    wheels = tmp / "wheels"
    wheel = wheel_of(copy_of(ROOT, SOURCES, tmp / "printkit"), wheels)
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    purelib = Path(run(venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                       cwd=tmp).stdout.strip())
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "test-environment.pth").write_text("\n".join(sorted(here)) + "\n")  # after the venv's own
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": ""}
    install(venv / "bin", wheel)
    empty = tmp / "empty"
    empty.mkdir()
    run("printkit", "new", "kit", "--example", "all", cwd=empty, env=env)
    run("printkit", "build", cwd=empty / "kit", env=env)
    return venv / "bin", empty, env, wheels


def install(bin_folder: Path, wheel: Path) -> None:
    """The wheel alone into the venv, by the test environment's pip (the venv has none). Into the
    venv even where the test environment has printkit installed (CI's `pip install .`, which the
    venv sees through its .pth): pip would otherwise find it satisfied and install nothing."""
    run(sys.executable, "-m", "pip", "--python", bin_folder / "python", "install", "--quiet", "--no-index",
        "--no-deps", "--ignore-installed", wheel, cwd=wheel.parent)


def test_printkit_is_the_wheels(installed):
    bin_folder, empty, env, _ = installed
    where = run(bin_folder / "python", "-c", "import printkit, printkit.ground.bundled as b; print(printkit.__file__); "
                                             "print(b.root())", cwd=empty, env=env).stdout.split()
    venv = bin_folder.parent
    assert Path(where[0]).is_relative_to(venv), where
    assert Path(where[1]) == Path(where[0]).parent / "_bundled"


def test_new_kit_builds_the_repositorys_files_byte_for_byte(installed, built_a4):
    _, empty, _, _ = installed
    made, repository = sha256s(empty / "kit" / "output"), sha256s(built_a4)
    assert sorted(made) == sorted(repository)
    assert sum(name.endswith(".pdf") for name in made) > 60
    manifests = [json.loads((folder / ".printkit-manifest.json").read_text()) for folder in (empty / "kit" / "output", built_a4)]
    assert manifests[0]["outputs"] == manifests[1]["outputs"]  # (its record of the sources names the installed packages)
    del made[".printkit-manifest.json"], repository[".printkit-manifest.json"]
    assert made == repository


def test_new_kit_holds_the_repositorys_content_and_templates(installed):
    _, empty, _, _ = installed
    kit = empty / "kit"
    for kind in ("content", "templates"):
        for game in sorted(path.name for path in (ROOT / "content").iterdir() if path.is_dir()):
            assert sha256s(kit / kind / game) == sha256s(ROOT / kind / game), (kind, game)


def test_calibrate_and_preview_work_in_the_installed_printkit(installed):
    """The templates a project does not have (calibration, the preview page) are the package's."""
    _, empty, env, _ = installed
    assert not (empty / "kit" / "templates" / "calibrate.j2").exists()
    run("printkit", "calibrate", "-q", cwd=empty, env=env)
    assert (empty / "output" / "calibration" / "scale.pdf").read_bytes().startswith(b"%PDF-")
    run("printkit", "preview", "numbered-cards", "-q", cwd=empty / "kit", env=env)
    assert "Numbered Cards Game" in (empty / "kit" / "output" / "index.html").read_text(encoding="utf-8")


def test_a_plugin_package_is_listed_started_validated_and_built(installed, tmp_path):
    bin_folder, _, env, wheels = installed
    wheel = wheel_of(copy_of(PLUGIN, ("pyproject.toml", "printkit_tiny_game"), tmp_path / "printkit-tiny-game"),
                     tmp_path / "plugin-wheel")
    install(bin_folder, wheel)
    listed = run("printkit", "list", cwd=tmp_path, env=env).stdout
    assert "  tiny-game                Tiny Game  (plug-in printkit-tiny-game 0.1.0)" in listed.splitlines()
    run("printkit", "new", "tiny", "--example", "tiny-game", cwd=tmp_path, env=env)
    checked = run("printkit", "validate", cwd=tmp_path / "tiny", env=env).stdout
    assert checked == "content is valid: 1 game checked, 1 product planned on A4 and Letter\n"
    run("printkit", "build", cwd=tmp_path / "tiny", env=env)
    assert (tmp_path / "tiny" / "output" / "tiny-game" / "rules.pdf").read_bytes().startswith(b"%PDF-")


def test_the_examples_ship_in_the_wheel_and_a_project_starts_from_one(installed):
    """`printkit list` offers the example games; `printkit new --example weathervane` copies its
    content and templates from the wheel (not its tools/), and the project builds."""
    bin_folder, empty, env, _ = installed
    listed = run("printkit", "list", cwd=empty, env=env).stdout.splitlines()
    examples = sorted(path.name for path in (ROOT / "examples" / "content").iterdir() if (path / "game.yaml").is_file())
    assert all(any(line.startswith(f"  {name} ") and line.endswith("(example)") for line in listed) for name in examples)
    bundled = Path(run(bin_folder / "python", "-c", "import printkit.ground.bundled as b; print(b.examples())",
                       cwd=empty, env=env).stdout.strip())
    assert bundled.is_relative_to(bin_folder.parent) and sorted(path.name for path in bundled.iterdir()) == \
        ["content", "templates"]  # the examples' tools/ stay in the repository
    run("printkit", "new", "vane", "--example", "weathervane", cwd=empty, env=env)
    for kind in ("content", "templates"):
        assert sha256s(empty / "vane" / kind / "weathervane") == sha256s(ROOT / "examples" / kind / "weathervane")
    run("printkit", "build", cwd=empty / "vane", env=env)
    from readback import CARD_H, CARD_W, TOL, cut_lines, pages

    cards = cut_lines(pages(empty / "vane" / "output" / "weathervane" / "deck.pdf")[0])
    assert cards and all(abs(card.width - CARD_W) <= TOL and abs(card.height - CARD_H) <= TOL for card in cards)

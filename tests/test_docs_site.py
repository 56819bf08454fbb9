"""The docs: a README of at most 250 lines that sets up as CI does and whose tour runs, and the MkDocs
site in docs/, which `mkdocs build --strict` builds (a broken link, a broken anchor or a page left
out of the nav fails it), every page in its nav."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
from docs import TEXTS, block, section

README = (ROOT / "README.md").read_text(encoding="utf-8")
SET_UP = ("python3 -m venv .venv && . .venv/bin/activate", "pip install . && printkit build",
          "pip install '.[test]' && pytest")


def mkdocs(project: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=project, capture_output=True, text=True, timeout=120)


def nav_pages(nav) -> list[str]:
    """The files the nav of mkdocs.yml names, in order."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return [page for item in nav for page in nav_pages(item)]


def site_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "docs", copy / "docs")
    shutil.copyfile(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    return copy


def test_the_site_builds_strict(tmp_path):
    result = mkdocs(ROOT, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    for page in nav_pages(config["nav"]):
        built = "index.html" if page == "index.md" else page.removesuffix(".md").removesuffix("index") + "/index.html"
        assert (tmp_path / "site" / built.replace("//", "/")).is_file(), page


@pytest.mark.parametrize("breakage", ["link", "anchor", "not in the nav"])
def test_the_strict_build_fails_on_a_broken_site(tmp_path, breakage):
    """So that the build above passing means something."""
    copy = site_copy(tmp_path)
    page = copy / "docs" / "how-to" / "print-at-home.md"
    if breakage == "link":
        page.write_text(page.read_text("utf-8") + "\nSee [the shops](order-from-shop.md).\n", "utf-8")
    elif breakage == "anchor":
        page.write_text(page.read_text("utf-8") + "\nSee [the fit](order-from-shops.md#fitted-card).\n", "utf-8")
    else:
        (copy / "docs" / "how-to" / "stray.md").write_text("# A page the nav leaves out\n", "utf-8")
    result = mkdocs(copy, tmp_path / "site")
    assert result.returncode != 0
    assert {"link": "order-from-shop.md", "anchor": "fitted-card", "not in the nav": "stray.md"}[breakage] in result.stderr


def test_every_page_is_in_the_nav_once():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    listed = nav_pages(config["nav"])
    pages = sorted(path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md"))
    assert sorted(listed) == pages
    assert len(set(listed)) == len(listed)


def test_the_readme_is_at_most_250_lines():
    assert len(README.splitlines()) <= 250


def test_the_readme_sets_up_in_a_virtual_environment_as_ci_runs():
    shown = re.findall(r"^    (\S.*)$", section("Set up", pages=(ROOT / "README.md",)), re.M)
    assert tuple(shown) == SET_UP
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert SET_UP[2] in ci


def test_every_link_of_the_readme_and_the_pages_leads_to_a_file():
    """mkdocs checks the site's links; the README's, read on GitHub, are checked here."""
    for path, text in TEXTS.items():
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            assert (path.parent / target).resolve().is_file(), f"{path.relative_to(ROOT)}: {target}"


def test_the_readme_tour_runs_as_it_says(tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               PRINTKIT_CACHE=str(tmp_path / "cache"))
    commands = block("tour", "commands")
    result = subprocess.run(["bash", "-euc", commands], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    mine = tmp_path / "mine"
    for made in ("printkit.yaml", "content/three-skies/game.yaml", "templates/three-skies/rules.j2", "output/index.html"):
        assert made in commands and (mine / made).is_file(), made
    assert "output/three-skies/: print-guide.pdf, deck.pdf, rules.pdf" in commands
    assert sorted(path.name for path in (mine / "output" / "three-skies").iterdir()) == ["deck.pdf", "print-guide.pdf",
                                                                                        "rules.pdf"]

    game = mine / "content" / "three-skies" / "game.yaml"
    text = game.read_text("utf-8")
    game.write_text(text.replace('text: "2 points. Loses to the 1"', 'text: "2 points. Loses to the one"'), "utf-8")
    rebuilt = subprocess.run(["printkit", "build"], cwd=mine, env=env, capture_output=True, text=True, timeout=300)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "only `deck.pdf` is drawn again" in README
    drawn = [line.split()[0] for line in rebuilt.stdout.splitlines() if line.startswith("output/")]
    assert drawn == ["output/three-skies/deck.pdf"], rebuilt.stdout

    quoted = " ".join(re.search(r"A mistake is one line at the line\s+to fix \(`([^`]*)`\)", README).group(1).split())
    game.write_text(text.replace("corners: true", "corner: true"), "utf-8")
    checked = subprocess.run(["printkit", "validate"], cwd=mine, env=env, capture_output=True, text=True, timeout=300)
    assert (checked.returncode, checked.stderr) == (1, quoted + "\n")


def test_the_cookbook_lists_every_recipe_of_its_pages():
    cookbook = ROOT / "docs" / "how-to" / "cookbook"
    index = (cookbook / "index.md").read_text("utf-8")
    for page in sorted(cookbook.glob("*.md")):
        if page.name == "index.md":
            continue
        recipes = re.findall(r"^## (.+)$", re.sub(r"^```.*?^```", "", page.read_text("utf-8"), flags=re.M | re.S), re.M)
        assert recipes, page.name
        for recipe in recipes:
            assert f"[{recipe}]({page.name}#" in index, (page.name, recipe)

"""A first build compiles only what nothing kept (issue 41, item 1): only the templates it uses,
each once; none of printkit's own where printkit shipped them compiled (printkit/load/compiled.py, as
its wheel carries them: `ship` is what setup.py runs); and a shipped file that was changed, or was
compiled by another Python, Jinja or printkit, or for another text, is not read: the template is
compiled again, and the PDFs are those a build that compiled everything writes, byte for byte."""

from __future__ import annotations

import hashlib
import json
import marshal
from pathlib import Path

import pytest

from conftest import ROOT, build, pdfs
from printkit.load import compiled, shipping
from printkit.pipeline import cache
from printkit.pipeline import kits
from printkit.load.sandbox import Sandbox

GAME = "numbered-cards"
# the words of its five files (rules, player-aid, ability-cards, score-pad, print-guide: the game's own
# print-guide words and printkit's), and common.j2 (the sheets' footers, the gutter fold's words)
USED = {"common.j2", "print-guide.j2", *(f"{GAME}/{name}.j2" for name in
                                         ("rules", "player-aid", "ability-cards", "score-pad", "print-guide"))}


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The name of every template file Jinja compiles (not expressions: those have no name)."""
    names: list[str] = []
    real = Sandbox.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        if isinstance(source, str) and name is not None:
            names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Sandbox, "compile", counted)
    return names


@pytest.fixture
def empty_cache(tmp_path, monkeypatch) -> Path:
    """A PRINTKIT_CACHE that does not exist yet, as a user's first build finds it."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "first-cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    cache.use(None)
    yield tmp_path / "first-cache"
    cache.use(None)


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """printkit's own templates compiled as its wheel ships them, in a folder of the test's own;
    `shipped(None)`: printkit with none shipped (a source checkout)."""
    def use(folder: Path | None) -> Path | None:
        monkeypatch.setattr(compiled, "SHIPPED", folder or tmp_path / "none-shipped")
        compiled.shipped_index.cache_clear()
        return folder
    monkeypatch.setattr(compiled, "SHIPPED", tmp_path / "none-shipped")
    yield use
    compiled.shipped_index.cache_clear()


def shipped_store(tmp_path: Path, compiles: list[str]) -> Path:
    """printkit's templates/ compiled as setup.py ships them (their compiling not counted)."""
    into = tmp_path / "_compiled"
    assert shipping.ship(into, [ROOT / "templates"]) >= 30
    compiles.clear()
    return into


def as_a_new_process(folder: Path) -> None:
    """What a second `printkit build` starts without: the first's cache folder (set aside), its
    page cache and its templates compiled in memory."""
    folder.rename(folder.with_name(f"{folder.name}-before"))
    cache.use(None)
    kits._templates.cache_clear()


def compiled_in_cache(folder: Path) -> list[Path]:
    return sorted(folder.glob("templates-*/*.cache"))


def test_a_cold_build_compiles_only_the_templates_it_uses_each_once(project, cli, compiles, empty_cache, shipped):
    assert build(cli, GAME)[0] == 0
    assert sorted(compiles) == sorted(USED)  # not the other games', not calibrate.j2, errata.j2, preview/...
    assert len(compiled_in_cache(empty_cache)) == len(USED)  # kept for the next build


def test_a_shipped_template_is_read_not_compiled(project, cli, compiles, empty_cache, shipped, tmp_path):
    """The project's templates are printkit's own (as `printkit new` copies them): none is
    compiled, none is copied into the cache, and the PDFs are those of a build that compiled them."""
    assert build(cli, GAME, out="compiling")[0] == 0
    compiling = pdfs(project / "compiling")
    compiles.clear()
    as_a_new_process(empty_cache)
    shipped(shipped_store(tmp_path, compiles))
    assert build(cli, GAME, out="shipped")[0] == 0
    assert compiles == [] and compiled_in_cache(empty_cache) == []
    assert pdfs(project / "shipped").keys() == compiling.keys()
    assert {name: data for name, data in pdfs(project / "shipped").items() if name.endswith(".pdf")} == \
        {name: data for name, data in compiling.items() if name.endswith(".pdf")}


def test_a_template_the_designer_changed_is_compiled_the_others_are_shipped(project, cli, compiles, empty_cache,
                                                                              shipped, tmp_path):
    shipped(shipped_store(tmp_path, compiles))
    rules = project / "templates" / GAME / "rules.j2"
    rules.write_text(rules.read_text(encoding="utf-8") + "{# the designer's note #}\n", encoding="utf-8")
    assert build(cli, GAME)[0] == 0
    assert compiles == [f"{GAME}/rules.j2"]


PLANTED = "open({marker!r}, 'w').close()"  # what a planted compiled template would do, were it run


def plant(store: Path, marker: Path) -> int:
    """Every shipped file replaced by compiled code that creates `marker`; how many."""
    files = sorted(store.glob("*.code"))
    for path in files:
        path.write_bytes(marshal.dumps(compile(PLANTED.format(marker=str(marker)), "planted", "exec")))
    return len(files)


def foreign(index: dict, field: str) -> dict:
    return {**index, field: "cpython-299-00000000" if field == "python" else "0" * len(index[field])}


@pytest.mark.parametrize("change", ["planted code", "another python", "another jinja", "another printkit",
                                    "a link", "no index"])
def test_a_tampered_or_foreign_shipped_template_is_compiled_again(project, cli, compiles, empty_cache, shipped,
                                                                   tmp_path, change):
    """A file not as the index lists it, or an index written for another Python, Jinja or
    printkit's code, or none: nothing of it runs, every template is compiled, the PDFs are the
    same."""
    assert build(cli, GAME, out="compiling")[0] == 0
    compiling = pdfs(project / "compiling")
    compiles.clear()
    store, marker = shipped_store(tmp_path, compiles), tmp_path / "ran"
    index = json.loads((store / compiled.INDEX).read_text(encoding="utf-8"))
    if change == "planted code":
        assert plant(store, marker) == len(index["files"])
    elif change == "a link":  # each file as the index lists it, but through a link out of printkit's folder
        (tmp_path / "elsewhere").mkdir()
        for path in store.glob("*.code"):
            elsewhere = tmp_path / "elsewhere" / path.name
            elsewhere.write_bytes(path.read_bytes())
            path.unlink()
            path.symlink_to(elsewhere)
    elif change == "no index":
        (store / compiled.INDEX).unlink()
    else:
        field = {"another python": "python", "another jinja": "jinja", "another printkit": "code"}[change]
        plant(store, marker)  # listed as they are now: were the index followed, they would run
        files = {path.stem: hashlib.sha256(path.read_bytes()).hexdigest() for path in store.glob("*.code")}
        (store / compiled.INDEX).write_text(json.dumps({**foreign(index, field), "files": files}), encoding="utf-8")
    as_a_new_process(empty_cache)
    shipped(store)
    assert build(cli, GAME, out="again")[0] == 0
    assert not marker.exists()
    assert sorted(compiles) == sorted(USED)
    assert {name: data for name, data in pdfs(project / "again").items() if name.endswith(".pdf")} == \
        {name: data for name, data in compiling.items() if name.endswith(".pdf")}


def test_printkit_cache_off_still_reads_the_shipped_templates(project, cli, compiles, shipped, tmp_path, monkeypatch):
    """`PRINTKIT_CACHE=off` keeps nothing, but printkit's shipped templates are part of printkit."""
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    shipped(shipped_store(tmp_path, compiles))
    assert build(cli, GAME)[0] == 0
    assert compiles == [] and not list((tmp_path / "user-cache").rglob("*.cache"))


def test_a_shipped_template_names_the_project_file_in_its_code(shipped, tmp_path, empty_cache, compiles):
    """Read from the wheel, a template's code names the file it stands for (where a traceback
    points), not the folder the wheel was built in."""
    shipped(shipped_store(tmp_path, compiles))
    source = (ROOT / "templates" / GAME / "rules.j2").read_text(encoding="utf-8")
    code = compiled.shipped_code(f"{GAME}/rules.j2", compiled.jinja2.BytecodeCache().get_source_checksum(source),
                                 "/a/project/templates/numbered-cards/rules.j2")
    assert code is not None
    found, stack = set(), [code]
    while stack:
        current = stack.pop()
        found.add(current.co_filename)
        stack += [c for c in current.co_consts if isinstance(c, type(code))]
    assert found == {"/a/project/templates/numbered-cards/rules.j2"}

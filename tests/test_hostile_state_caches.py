"""Caches run no code (issue 25, item 2): the compiled templates and the page cache are signed with
the user's key and checked before anything is unpickled or unmarshalled; a value of the wrong shape
is a miss; `PRINTKIT_CACHE=off` turns the template cache off too; a locked database is skipped
after a short wait. A planted file would create a marker file if its code ran."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jinja2.bccache import bc_magic

from conftest import CONTENT, ROOT, build, pdfs
from printkit.ground import store as kept_bytes
from printkit.pipeline import cache
from printkit.load import compiled, sandbox
from printkit.cli.main import main

GAME = "one-too-many"


class Planted:
    """Unpickled, it creates `marker`: what a planted cache file would run."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return open, (str(self.marker), "w")


@pytest.fixture
def caches(tmp_path, monkeypatch) -> Path:
    """A cache folder of the test's own, and the user's cache folder elsewhere, both empty."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    cache.use(None)  # the store of an earlier test let go of
    yield tmp_path / "cache"
    cache.use(None)


def not_shipped(project: Path) -> None:
    """The game's templates made the project's own (a comment added), so that they are compiled
    and kept in the cache: an installed printkit reads its own templates as it shipped them
    compiled (printkit/load/compiled.py), and keeps none of them."""
    for path in [project / "templates" / "common.j2", *sorted((project / "templates" / GAME).glob("*.j2"))]:
        path.write_text(path.read_text(encoding="utf-8") + "{# this project's #}\n", encoding="utf-8")


def cache_files(*folders: Path) -> list[Path]:
    return [path for folder in folders if folder.exists() for path in folder.rglob("*.cache")]


# --- compiled templates ---------------------------------------------------------------------------

def test_the_template_cache_is_inside_printkit_cache(project, cli, caches, tmp_path):
    not_shipped(project)
    assert build(cli, GAME)[0] == 0
    assert cache_files(caches) and not cache_files(tmp_path / "user-cache")


def test_printkit_cache_off_turns_the_template_cache_off(project, cli, caches, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert build(cli, GAME)[0] == 0
    assert compiled.compiled_templates() is None
    assert not cache_files(caches, tmp_path / "user-cache")


def test_a_planted_compiled_template_runs_nothing(project, cli, caches, tmp_path):
    """Every compiled template replaced by Jinja's header and a pickle that creates a file: Jinja
    unpickled it before any check. A new process builds with them: nothing runs, the outputs are
    as before."""
    not_shipped(project)
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    marker = tmp_path / "ran"
    planted = cache_files(caches, tmp_path / "user-cache")
    assert planted
    for path in planted:
        path.write_bytes(bc_magic + pickle.dumps(Planted(marker), 2))
    done = subprocess.run([sys.executable, "-m", "printkit", "build", GAME, "--content", "content", "--out", "out",
                           "--force", "-q"], cwd=project, capture_output=True, text=True, env=os.environ, timeout=120)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert not marker.exists() and pdfs(project / "out") == before


def test_a_compiled_template_signed_by_printkit_is_used(caches):
    """What the key is for: a template compiled once is read back, not compiled again."""
    environment = sandbox.Sandbox(Path(__file__).parent.parent / "templates", "templates")
    kept = compiled.compiled_templates()
    source = "{{ 1 + 1 }}"
    bucket = kept.get_bucket(environment, "t.j2", "t.j2", source)
    bucket.code = compile("x = 2", "t.j2", "exec")
    kept.set_bucket(bucket)
    again = kept.get_bucket(environment, "t.j2", "t.j2", source)
    assert again.code is not None
    path = next(caches.rglob(f"{bucket.key}.cache"))
    path.write_bytes(path.read_bytes().replace(b"x", b"y"))
    assert kept.get_bucket(environment, "t.j2", "t.j2", source).code is None


def test_the_compiled_templates_of_old_printkits_are_let_go_of(caches):
    """A folder of compiled templates for each version of printkit's code: a new one removes all
    but the four others written last (an upgrade a month would otherwise keep every one)."""
    caches.mkdir(parents=True)
    for age in range(7):
        old = caches / f"templates-3.1.6-{age:016x}"
        old.mkdir()
        (old / "a.cache").write_bytes(b"x")
        os.utime(old, ns=(10**18 - age * 10**12,) * 2)  # 0 the newest
    (caches / "templates-linked").symlink_to(caches / "templates-3.1.6-0000000000000006")  # not followed
    (caches / "pages.sqlite").write_bytes(b"")  # not a template folder: left alone
    assert compiled.compiled_templates() is not None
    kept = compiled.compiled_templates().folder.name
    assert sorted(path.name for path in caches.iterdir()) == sorted(
        ["key", "pages.sqlite", "templates-linked", kept, *[f"templates-3.1.6-{age:016x}" for age in range(4)]])
    assert compiled.compiled_templates().folder.is_dir()  # its own, found again: nothing more removed
    assert len([path for path in caches.iterdir() if path.name.startswith("templates-3")]) == 5


# --- the page cache -------------------------------------------------------------------------------

def plant_in_every_row(caches: Path, value: bytes) -> int:
    with sqlite3.connect(caches / kept_bytes.DATABASE) as db:
        return db.execute("UPDATE kept SET value = ?", (value,)).rowcount


def keys(caches: Path) -> set[str]:
    with sqlite3.connect(caches / kept_bytes.DATABASE) as db:
        return {key for key, in db.execute("SELECT key FROM kept")}


@pytest.fixture(scope="module")
def whole_build(tmp_path_factory) -> tuple[Path, Path]:
    """(out, cache folder) of a whole build of the project into an empty cache, made as `build(cli)`
    makes it (relative paths, a cache folder of its own), once for the module: a test copies both."""
    project = tmp_path_factory.mktemp("whole-build")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(project)
        patch.setenv("PRINTKIT_CACHE", str(project / "cache"))
        patch.setenv("XDG_CACHE_HOME", str(project / "user-cache"))
        cache.use(None)
        assert main(["build", "--content", "content", "--out", "out"]) == 0
        cache.use(None)  # its store written and closed
    return project / "out", project / "cache"


@pytest.mark.parametrize("value", [pickle.dumps(7), pickle.dumps("a page"), pickle.dumps((1, 2, 3)),
                                   pickle.dumps([[], []]), pickle.dumps(([], [], []))])
def test_a_plain_value_in_the_page_cache_is_a_miss(project, cli, caches, whole_build, value):
    """A value pickled as any plain data, under every key: every build failed until the cache was
    deleted (now the rows are not signed: pages planned again, the same outputs). The project and
    its cache start as after a whole build (a copy of one: ~3 s a test saved); the build asks for
    no key but those planted."""
    shutil.copytree(whole_build[0], project / "out")
    shutil.copytree(whole_build[1], caches)
    before = pdfs(project / "out")
    planted = keys(caches)
    assert plant_in_every_row(caches, value) == len(planted) > 0
    cache.use(None)
    code, _, err = cli("build", "--content", "content", "--out", "out", "--force")
    assert (code, err) == (0, "") and pdfs(project / "out") == before
    cache.use(None)
    assert keys(caches) == planted


@pytest.mark.parametrize("value", [7, "a page", [[], []], (1.0, 2.0), [[], [], []], None])
def test_a_value_of_the_wrong_shape_is_a_miss_even_when_signed(caches, value):
    """Signed, as printkit's own: a value is checked against the shape its caller expects."""
    store = cache.use(Path(caches))
    store._keep(store._key(["inputs"]), value)
    store.flush()
    made = []
    found = store.kept(["inputs"], lambda: made.append(1) or (1.0, 2.0, 3.0), shape=(float, float, float))
    assert found == (1.0, 2.0, 3.0) and made == [1]


def test_a_signed_value_of_the_right_shape_is_found(caches):
    store = cache.use(Path(caches))
    assert store.kept(["inputs"], lambda: (1.0, 2.0, 3.0), shape=(float, float, float)) == (1.0, 2.0, 3.0)
    store.flush()
    assert store.kept(["inputs"], lambda: pytest.fail("made again"), shape=(float, float, float)) == (1.0, 2.0, 3.0)


def test_a_planted_pickle_in_the_page_cache_runs_nothing(project, cli, caches, tmp_path):
    assert build(cli, GAME)[0] == 0
    marker = tmp_path / "ran"
    plant_in_every_row(caches, pickle.dumps(Planted(marker)))
    cache.use(None)
    assert cli("build", GAME, "--content", "content", "--out", "out", "--force")[0] == 0
    assert not marker.exists()


def test_a_locked_page_cache_is_skipped_after_a_short_wait(project, cli, caches):
    """Another process holds the database's lock for the whole build: each write waited 30 s."""
    assert build(cli, GAME)[0] == 0
    cache.use(None)
    holder = sqlite3.connect(caches / kept_bytes.DATABASE, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.perf_counter()
        code, _, err = cli("build", "--content", "content", "--out", "out2")
        assert (code, err) == (0, "")
        assert time.perf_counter() - started < 20
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# --- printkit's code digest, found again by its files' sizes and times -------------------------------

def _read_digest() -> str:
    """printkit's code and fonts, read and hashed here as printkit hashes them (not the games a
    wheel carries in _bundled/: content, a game's own fonts among them)."""
    from importlib import resources

    from printkit import __version__

    root = Path(str(resources.files("printkit")))
    names = sorted(path.relative_to(root).as_posix() for path in root.rglob("*")
                   if path.suffix in (".py", ".ttf") and path.is_file() and "__pycache__" not in path.parts
                   and path.relative_to(root).parts[0] != "_bundled")
    digest = hashlib.sha256(__version__.encode())
    for name in names:
        digest.update(str(Path(name)).encode() + (root / name).read_bytes())
    return digest.hexdigest()


def _code_digest() -> str:
    from printkit.ground import code

    code.code_digest.cache_clear()
    return code.code_digest()


def test_the_code_digest_is_recorded_and_found_again(caches):
    from printkit.ground import code

    expected = _read_digest()
    assert _code_digest() == expected
    record = caches / code.CODE_RECORD
    assert json.loads(record.read_text())["value"] == expected
    assert _code_digest() == expected  # (found in the record)


@pytest.mark.parametrize("forged", ["value", "check", "state"])
def test_a_code_record_changed_by_hand_is_read_past(caches, forged):
    """A forged digest (say, an old printkit's, so that stale outputs were kept) is not believed:
    printkit's files are read again."""
    from printkit.ground import code

    _code_digest()
    record = caches / code.CODE_RECORD
    found = json.loads(record.read_text())
    found[forged] = "0" * 64
    record.write_text(json.dumps(found))
    if forged != "state":
        assert _code_digest() == _read_digest()
    found = json.loads(record.read_text())
    found["value"] = "0" * 64  # a record for other files than these, or forged: never taken
    record.write_text(json.dumps(found))
    assert _code_digest() == _read_digest()


def test_a_huge_or_deep_code_record_is_read_past(caches):
    from printkit.ground import code

    record = caches / code.CODE_RECORD
    caches.mkdir(parents=True, exist_ok=True)
    for text in ("[" * 100_000, '{"state": "' + "x" * 10_000_000 + '"}', "not json"):
        record.write_text(text)
        assert _code_digest() == _read_digest()


def test_a_code_file_touched_is_read_again(caches, monkeypatch):
    """The record is found by each file's size and time: a file with another time is read again."""
    from printkit.ground import code

    first = _code_digest()
    seen = []
    read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: seen.append(self.name) or read(self))
    assert _code_digest() == first and seen == []
    path = Path(code.__file__)
    status = path.stat()
    try:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))
        assert _code_digest() == first and "code.py" in seen
    finally:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))

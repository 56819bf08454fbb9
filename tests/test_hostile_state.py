"""printkit's own state files as a stranger's kit may ship them (issue 25, item 1): the build
manifest, the write journal and the export record are hints, never orders. A forged or edited
entry is ignored (the file drawn again, nothing deleted), a path out of the output folder is never
followed, and a damaged file is set aside with one warning line: never a traceback, never a
build that fails until the file is deleted by hand."""

from __future__ import annotations

import hashlib
import json
import shutil
import stat
from pathlib import Path

import pytest
import yaml

from conftest import CONTENT, build
from declared import line_of
from printkit.ground import signatures

GAME = "one-too-many"
MANIFEST = ".printkit-manifest.json"


def manifest(project) -> dict:
    return json.loads((project / "out" / MANIFEST).read_text(encoding="utf-8"))


def forged_entry(path: Path, check) -> dict:
    """An entry for `path` with its real size and hash, as a forger who knows the file writes it."""
    data = path.read_bytes()
    entry = {"key": "x" * 64, "pages": 1, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(), "plan": None}
    return {**entry, "check": check(entry)}


def unkeyed(entry: dict) -> str:
    """The check printkit wrote before it was keyed: anyone can compute it."""
    fields = [entry.get(name) for name in ("key", "pages", "size", "sha256", "plan")]
    return hashlib.sha256(json.dumps(fields).encode("utf-8")).hexdigest()


def signed_as(name: str):
    """A check made with the user's own key: what only printkit (or the user) can write."""
    return lambda entry: signatures.sign(MANIFEST, name, [entry.get(field) for field in ("key", "pages", "size", "sha256", "plan")])


def add_entry(project, name: str, entry: dict) -> None:
    data = manifest(project)
    data["outputs"][name] = entry
    (project / "out" / MANIFEST).write_text(json.dumps(data), encoding="utf-8")


# --- a forged entry deletes nothing ---------------------------------------------------------------

ESCAPES = [f"{GAME}/../../content/{GAME}/game.yaml", f"{GAME}/../../templates/common.j2"]


@pytest.mark.parametrize("name", ESCAPES)
def test_a_forged_entry_out_of_the_output_folder_deletes_nothing(project, cli, name):
    """It named the project's own game.yaml with its real size and hash and the check recomputed:
    the next build removed it ("removed: printkit no longer makes it") and exited 0."""
    assert build(cli, GAME)[0] == 0
    victim = (project / "out" / name).resolve()
    before = victim.read_bytes()
    add_entry(project, name, forged_entry(victim, unkeyed))
    code, out, err = build(cli, GAME)
    assert (code, err) == (0, "")
    assert victim.read_bytes() == before and "removed" not in out


@pytest.mark.parametrize("name", ESCAPES)
def test_even_a_signed_entry_is_not_followed_out_of_the_output_folder(project, cli, name):
    assert build(cli, GAME)[0] == 0
    victim = (project / "out" / name).resolve()
    add_entry(project, name, forged_entry(victim, signed_as(name)))
    assert build(cli, GAME)[0] == 0
    assert victim.exists()


def test_a_signed_entry_through_a_link_out_of_the_output_folder_deletes_nothing(project, cli):
    """`game/link/x` where `link` points at the project's content: the file is outside."""
    assert build(cli, GAME)[0] == 0
    (project / "out" / GAME / "link").symlink_to(project / "content" / GAME)
    name = f"{GAME}/link/game.yaml"
    add_entry(project, name, forged_entry(project / "content" / GAME / "game.yaml", signed_as(name)))
    code, out, _ = build(cli, GAME)
    assert code == 0 and "removed" not in out
    assert (project / "content" / GAME / "game.yaml").exists()


def test_a_forged_entry_inside_the_output_folder_deletes_nothing(project, cli):
    """The designer's own file in the output folder, claimed by an entry with the unkeyed check."""
    assert build(cli, GAME)[0] == 0
    mine = project / "out" / GAME / "my-notes.pdf"
    mine.write_bytes(b"%PDF-1.4 the designer's notes\n")
    add_entry(project, f"{GAME}/my-notes.pdf", forged_entry(mine, unkeyed))
    assert build(cli, GAME)[0] == 0
    assert mine.exists()


def test_a_swapped_file_with_its_entry_edited_to_match_is_drawn_again(project, cli):
    """The file replaced and its entry's size and hash (and unkeyed check) edited to match: it was
    kept as "unchanged"; now it is drawn again, as printkit draws it."""
    assert build(cli, GAME)[0] == 0
    rules = project / "out" / GAME / "rules.pdf"
    good = rules.read_bytes()
    rules.write_bytes(b"%PDF-1.4 not what printkit drew\n")
    name = f"{GAME}/rules.pdf"
    entry = manifest(project)["outputs"][name]
    add_entry(project, name, {**forged_entry(rules, unkeyed), "key": entry["key"], "pages": entry["pages"]} |
              {"check": unkeyed({**forged_entry(rules, unkeyed), "key": entry["key"], "pages": entry["pages"]})})
    code, out, _ = cli("build", GAME, "--content", "content", "--out", "out", "-v")
    assert code == 0
    assert rules.read_bytes() == good
    assert f"out/{name}  1 page" in out.splitlines()


def test_an_entry_moved_to_another_files_name_is_not_trusted(project, cli):
    """Signed for rules.pdf, copied under score-sheet.pdf (whose bytes were swapped for rules'):
    the name is part of what is signed."""
    assert build(cli, GAME)[0] == 0
    out_folder = project / "out" / GAME
    good = (out_folder / "score-sheet.pdf").read_bytes()
    (out_folder / "score-sheet.pdf").write_bytes((out_folder / "rules.pdf").read_bytes())
    data = manifest(project)
    data["outputs"][f"{GAME}/score-sheet.pdf"] = dict(data["outputs"][f"{GAME}/rules.pdf"])
    (project / "out" / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    assert build(cli, GAME)[0] == 0
    assert (out_folder / "score-sheet.pdf").read_bytes() == good


def test_the_key_is_the_users_alone(project, cli):
    assert build(cli, GAME)[0] == 0
    path = signatures.cache_root() / signatures.KEY
    status = path.stat()
    assert stat.S_IMODE(status.st_mode) == 0o600 and status.st_size == 32
    assert manifest(project)["outputs"][f"{GAME}/rules.pdf"]["check"] == \
        signed_as(f"{GAME}/rules.pdf")(manifest(project)["outputs"][f"{GAME}/rules.pdf"])


def test_without_a_key_every_entry_is_untrusted(project, cli, monkeypatch, tmp_path):
    """A cache folder others may write: no key is kept there, every file is drawn again (and the
    build still succeeds)."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("PRINTKIT_CACHE", str(shared))
    assert build(cli, GAME)[0] == 0
    assert not (shared / signatures.KEY).exists()
    code, out, _ = build(cli, GAME)
    assert code == 0 and "(unchanged)" not in out and "built 6 files (0 changed)" in out


# --- damaged state files: one warning line, never a blocked build ---------------------------------

def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("text", [nested(100_000), '{"outputs": ' + nested(10_000) + "}",
                                  '{"outputs": {"a/b.pdf": ' + nested(200) + "}}", "{not json", "[1, 2]"])
@pytest.mark.parametrize("force", [False, True])
def test_a_damaged_manifest_is_set_aside_with_one_warning(project, cli, text, force):
    (project / "out").mkdir()
    (project / "out" / MANIFEST).write_text(text, encoding="utf-8")
    code, out, err = cli("build", GAME, "--content", "content", "--out", "out", *(["--force"] if force else []))
    assert code == 0 and "built 6 files (6 changed)" in out
    assert len(err.splitlines()) == 1 and "warning: ignored" in err and MANIFEST in err
    assert build(cli, GAME)[1].count("(unchanged)") == 0 and build(cli, GAME)[2] == ""


def test_a_manifest_too_large_is_set_aside(project, cli, monkeypatch):
    monkeypatch.setattr(signatures, "MAX_STATE_BYTES", 1000)
    monkeypatch.setattr(signatures.read_json, "__defaults__", (1000,))
    (project / "out").mkdir()
    (project / "out" / MANIFEST).write_text('{"outputs": {}, "x": "' + "a" * 2000 + '"}', encoding="utf-8")
    code, _, err = build(cli, GAME)
    assert code == 0 and "larger than" in err and len(err.splitlines()) == 1


# --- the write journal ------------------------------------------------------------------------------

def dead_pid() -> int:
    """The id of a process that has ended."""
    import subprocess
    import sys

    process = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                             text=True, check=True)
    return int(process.stdout)


def test_a_journal_planted_beside_printed_json_deletes_no_content(project, cli):
    """`printkit printed` writes printed.json in the project's folder, so it rolled back any
    journal of a dead process there: one naming content/GAME/game.yaml as a new file removed it."""
    game_yaml = project / "content" / GAME / "game.yaml"
    entries = [{"new": f"content/{GAME}/.game.yaml.1-abcdefgh.tmp", "target": f"content/{GAME}/game.yaml",
                "old": None},
               {"new": ".printed.json.1-abcdefgh.tmp", "target": "templates/common.j2", "old": None}]
    journal = project / f".printkit-journal-{dead_pid()}.json"
    journal.write_text(json.dumps({"renames": entries}), encoding="utf-8")
    code, _, err = cli("printed", GAME, "--content", "content")
    assert code == 0 and game_yaml.is_file() and (project / "templates" / "common.j2").is_file()
    assert len(err.splitlines()) == 1 and "warning: ignored (not written by printkit" in err


def test_a_journal_with_a_planted_backup_puts_nothing_back(project, cli):
    """A journal and a "backup" beside it would have replaced rules.pdf with the stranger's bytes."""
    assert build(cli, GAME)[0] == 0
    rules = project / "out" / GAME / "rules.pdf"
    good = rules.read_bytes()
    pid = dead_pid()
    (project / "out" / GAME / f".rules.pdf.{pid}-abcdefgh.old").write_bytes(b"%PDF-1.4 a stranger's\n")
    entries = [{"new": f"{GAME}/.rules.pdf.{pid}-abcdefgh.tmp", "target": f"{GAME}/rules.pdf",
                "old": f"{GAME}/.rules.pdf.{pid}-abcdefgh.old"}]
    (project / "out" / f".printkit-journal-{pid}.json").write_text(json.dumps({"renames": entries}))
    code, out, _ = cli("build", GAME, "--content", "content", "--out", "out", "-v")
    assert code == 0 and rules.read_bytes() == good
    assert f"out/{GAME}/rules.pdf  1 page  (unchanged)" in out.splitlines()  # never replaced, so not drawn again


@pytest.mark.parametrize("text", [nested(100_000), '{"renames": ' + nested(5000) + "}", '{"renames": [[1]]}'])
def test_a_damaged_journal_is_one_warning(project, cli, text):
    assert build(cli, GAME)[0] == 0
    journal = project / "out" / f".printkit-journal-{dead_pid()}.json"
    journal.write_text(text, encoding="utf-8")
    code, _, err = build(cli, GAME)
    assert code == 0 and len(err.splitlines()) == 1 and "warning: ignored" in err
    code, _, err = build(cli, GAME)
    assert (code, err) == (0, "")  # set aside once: the next build is quiet


def test_a_journal_printkit_wrote_is_still_rolled_back(project, cli):
    """What the key is for: printkit's own journal, left by a process that died, is followed."""
    from printkit.pipeline import write

    assert build(cli, GAME)[0] == 0
    rules = project / "out" / GAME / "rules.pdf"
    good = rules.read_bytes()
    backup = write._backup(rules)
    rules.write_bytes(b"%PDF-1.4 half a batch\n")
    pid = dead_pid()
    journal = project / "out" / f".printkit-journal-{pid}.json"
    write._write_journal(journal, [write._Rename(rules.with_name(f".rules.pdf.{pid}-abcdefgh.tmp"), rules, backup)])
    assert build(cli, GAME)[0] == 0
    assert rules.read_bytes() == good and not journal.exists() and not backup.exists()


# --- printed.json ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["errata", "printed"])
def test_a_deeply_nested_printed_json_is_one_error_line(project, cli, command):
    (project / "printed.json").write_text('{"games": ' + nested(100_000) + "}", encoding="utf-8")
    code, _, err = cli(command, GAME, "--content", "content")
    assert code == 1 and err == "printed.json:1: not JSON as printkit writes it: nested too deep\n"


# --- the export record and preflight --------------------------------------------------------------

EXPORT = "out/shops/tgc"
SHOP_GAME = "numbered-cards"  # poker cards, which TGC sells (not one-too-many's 40 mm tokens)
RECORD = ".printkit-export.json"
POKER = (63.5, 88.9)  # mm, the game's cards
TGC_SAFE = 3.175  # mm, 1/8 in: The Game Crafter's safe zone


def near_the_cut() -> list[str]:
    """The warnings the game's own design earns on any press (issue 39): its frame (an outline)
    and its band (a bar across the card), on all 18 faces, where they stop inside the 1/8 in safe
    zone short of the trim (none since they stand 4.25 mm in). Each at its layer's `kind:` line in
    layouts.yaml, the distance that of the layer's box as written there."""
    layouts = CONTENT / SHOP_GAME / "layouts.yaml"
    layers = yaml.safe_load(layouts.read_text(encoding="utf-8"))["products"]["ability-cards"]["face"]["layers"]
    found = []
    for name in ("frame", "band"):
        box = layers[name]
        inside = min(box["x"], box["y"], POKER[0] - box["x"] - box["width"], POKER[1] - box["y"] - box["height"])
        if inside >= TGC_SAFE:  # the kit's frame and band stand 4.25 mm in: outside every safe zone, no warning
            continue
        line = line_of(layouts, "kind: rect", after=f"        {name}:")
        found.append(f"{SHOP_GAME}/layouts.yaml:{line}: warning: {SHOP_GAME}/ability-cards: {name} on cards 1-18 "
                     f"stops {inside:.1f} mm inside the trim, within the {TGC_SAFE:.1f} mm safe zone: a cut that "
                     f"drifts shows it unevenly")
    return found


@pytest.fixture(scope="module")
def exported_once(tmp_path_factory) -> Path:
    """The game's TGC export, made once for the module (each test breaks a copy of it)."""
    from printkit.cli.main import main

    out = tmp_path_factory.mktemp("tgc") / "tgc"
    assert main(["export", SHOP_GAME, "--for", "tgc", "--content", str(CONTENT), "--out", str(out)]) == 0
    return out


@pytest.fixture
def exported(project, exported_once, capsys) -> Path:
    shutil.copytree(exported_once, project / EXPORT)
    capsys.readouterr()
    return project / EXPORT


def record_with(folder: Path, change) -> None:
    record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    change(record)
    (folder / RECORD).write_text(json.dumps(record), encoding="utf-8")


def names_in_record(*names: str):
    def change(record):
        record["products"][0]["pages"] += [{"file": name, "page": 1, "card": 1, "side": "front"} for name in names]
    return change


def test_an_export_record_naming_other_files_removes_none(project, cli, exported):
    """An export removes the files its earlier record names that it no longer makes: only PNGs and
    PDFs, in its own folder, through no link (a note the designer keeps there was removed)."""
    note = exported / SHOP_GAME / "notes.txt"
    note.write_text("mine", encoding="utf-8")
    (exported / SHOP_GAME / "link").symlink_to(project / "content" / SHOP_GAME)
    record_with(exported, names_in_record(f"{SHOP_GAME}/notes.txt", f"../../../content/{SHOP_GAME}/game.yaml",
                                          f"{SHOP_GAME}/link/game.yaml", "/etc/hostname"))
    code, _, _ = cli("export", SHOP_GAME, "--for", "tgc", "--content", "content", "--out", EXPORT)
    assert code == 0 and note.is_file() and (project / "content" / SHOP_GAME / "game.yaml").is_file()


def test_a_deeply_nested_export_record_is_set_aside(project, cli, exported):
    (exported / RECORD).write_text('{"products": ' + nested(100_000) + "}", encoding="utf-8")
    code, _, err = cli("export", SHOP_GAME, "--for", "tgc", "--content", "content", "--out", EXPORT)
    assert code == 0  # the record set aside in one line; the rest is what the design earns anyway
    assert err.splitlines() == [f"{EXPORT}/{RECORD}: warning: ignored (nested more than 32 deep); the files an "
                                f"earlier export made are not removed"] + near_the_cut()


def test_preflight_of_a_deeply_nested_record_is_one_line(project, cli, exported):
    (exported / RECORD).write_text('{"shop": "tgc", "products": ' + nested(100_000) + "}", encoding="utf-8")
    code, _, err = cli("preflight", EXPORT)
    assert code == 1 and err.startswith(f"{EXPORT}/{RECORD}: not an export record printkit can read (nested")
    assert len(err.splitlines()) == 1


def test_preflight_of_duplicated_pages_is_one_line(project, cli, exported):
    def twice(record):
        record["products"][0]["pages"].append(record["products"][0]["pages"][0])
    record_with(exported, twice)
    code, _, err = cli("preflight", EXPORT)
    assert code == 1  # the duplicate once; the design's own warnings as a clean export has them
    assert err.splitlines() == near_the_cut() + [f"{SHOP_GAME}/ability-cards: 37 pages for 36 card sides: page 37 "
                                                 f"is not one of them"]


@pytest.mark.parametrize("trim", [[1e308, 1e308], [0, 40], [40], "40 x 40", [True, 40]])
def test_preflight_of_a_trim_no_card_has_is_one_line(project, cli, exported, trim):
    record_with(exported, lambda record: record["products"][0].__setitem__("trim", trim))
    code, _, err = cli("preflight", EXPORT)
    assert (code, err) == (1, f"{EXPORT}/{RECORD}: not an export record printkit can read "
                              f"(a trim that is no card's size)\n")


def test_preflight_lists_no_images_outside_the_export(project, cli, exported):
    """A record naming `../../x/y.png` had preflight list the PNGs of a folder outside the export."""
    outside = project / "elsewhere"
    outside.mkdir()
    (outside / "private.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    record_with(exported, names_in_record("../../../elsewhere/y.png"))
    code, _, err = cli("preflight", EXPORT)
    assert code == 1 and "private.png" not in err
    assert "is outside the export's folder" in err

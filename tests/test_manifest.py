"""Rebuild only what changed: the manifest beside the outputs records what each file was drawn
from; an unchanged file is not drawn again, an edit redraws exactly the files built from it.

"Drawn" is observed directly: every PDF printkit draws is a new PdfFile, titled after its product.
"""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from conftest import CONTENT, ROOT, build, pdfs
from printkit.cli.main import main
from printkit.render import pdf as pdf_module

SADDLE = [f"booklet for saddle stitching, volume {k} of 3" for k in (1, 2, 3)]  # issue 13: volumes a stapler can close
CROSS_SUMS = ["setup sheet {}".format(n) for n in range(1, 51)] + ["setup sheets",  # and all 50 in one file
    "at a glance", "rules", "booklet", *SADDLE, "player aid", "campaign log", "solutions", "print guide"]


class Drawn:
    """The products drawn, as a list read from a log that the spy appends a line to in whichever
    process draws them (a build draws in forked workers): `del drawn[:]` empties it."""

    def __init__(self, log):
        self.log = log

    def titles(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines() if self.log.exists() else []

    def __len__(self):
        return len(self.titles())

    def __getitem__(self, index):
        return self.titles()[index]

    def __iter__(self):
        return iter(self.titles())

    def __eq__(self, other):
        return self.titles() == other

    def __delitem__(self, index):
        assert index == slice(None)
        self.log.unlink(missing_ok=True)


@pytest.fixture
def drawn(monkeypatch, tmp_path):
    """The products drawn since the fixture started: "<game title> - <product>" minus the title."""
    log = tmp_path / "drawn.log"
    original = pdf_module.PdfFile.__init__

    def spy(pdf, title, *args, **kwargs):
        with open(log, "a", encoding="utf-8") as file:  # one short append: whole lines from any process
            file.write(title.split(" - ", 1)[1] + "\n")
        original(pdf, title, *args, **kwargs)

    monkeypatch.setattr(pdf_module.PdfFile, "__init__", spy)
    return Drawn(log)


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """Cross Sums built as `build(cli, "cross-sums")` builds it, once for the module: a build writes
    nothing but its out/ folder, and the manifest there names no folder of the project, so a test
    that starts from a first build starts from a copy of this one (~1.5 s a build saved)."""
    project = tmp_path_factory.mktemp("built-once")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(project)
        assert main(["build", "cross-sums", "--content", "content", "--out", "out"]) == 0
    return project / "out"


def first_build(project, built_once) -> None:
    """The project as after its first `build(cli, "cross-sums")`."""
    assert not (project / "out").exists()
    shutil.copytree(built_once, project / "out")


def edit(project, file: str, old: str, new: str) -> None:
    path = project / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_second_build_draws_nothing(project, cli, drawn):
    assert build(cli)[0] == 0
    first = len(drawn)
    before = pdfs(project / "out")
    code, out, _ = build(cli)
    assert code == 0 and first >= 74
    assert drawn[first:] == []
    assert all(line.endswith("(unchanged)") for line in out.splitlines()[:-1])
    assert pdfs(project / "out") == before


def test_editing_one_scenarios_words_draws_only_the_files_that_print_them(project, cli, built_once, drawn):
    """The table, the log and the key read the scenarios but print none of a tagline: planned
    again, they plan as before, and are not drawn; nor is a volume without that scenario."""
    first_build(project, built_once)
    before = pdfs(project / "out")
    del drawn[:]
    edit(project, "content/cross-sums/scenarios.yaml", "tagline: Which card do you take, and which do you "
         "leave for your partner?", "tagline: Which card do you take?")
    code, out, _ = build(cli, "cross-sums")
    assert code == 0
    assert sorted(drawn) == sorted(["setup sheet 5", "setup sheets", "booklet", SADDLE[0]])  # all sheets in one too
    after = pdfs(project / "out")
    changed = {name for name in after if after[name] != before.get(name)}
    assert changed == {"cross-sums/setup/scenario-05.pdf", "cross-sums/setup-sheets.pdf", "cross-sums/booklet.pdf",
                       "cross-sums/booklet-saddle/volume-1.pdf", ".printkit-manifest.json"}  # scenario 5 is in volume 1


def test_editing_a_template_redraws_the_products_that_read_it(project, cli, built_once, drawn):
    first_build(project, built_once)
    del drawn[:]
    edit(project, "templates/cross-sums/rules.j2", "Build a number grid together.", "Build a grid together.")
    assert build(cli, "cross-sums")[0] == 0
    assert sorted(drawn) == sorted(["booklet", SADDLE[0], "rules"])  # the rules are in the first volume only


def test_a_file_planned_as_before_but_changed_on_disk_is_drawn_again(project, cli, built_once, drawn):
    first_build(project, built_once)
    glance = project / "out" / "cross-sums" / "at-a-glance.pdf"
    good = glance.read_bytes()
    glance.write_bytes(good[:-10])  # damaged by hand: what was planned before is not what is on disk
    del drawn[:]
    edit(project, "content/cross-sums/scenarios.yaml", "tagline: Which card do you take, and which do you "
         "leave for your partner?", "tagline: Which card do you take?")
    assert build(cli, "cross-sums")[0] == 0
    assert "at a glance" in drawn and glance.read_bytes() == good


def test_a_yaml_comment_redraws_nothing(project, cli, built_once, drawn):
    first_build(project, built_once)
    del drawn[:]
    edit(project, "content/cross-sums/campaign.yaml", "market: 3", "market: 3   # always three")
    assert build(cli, "cross-sums")[0] == 0
    assert drawn == []


# --ink-saver and --scale-correction change how a page is drawn, not its plan: still every file
@pytest.mark.parametrize("change", [("--force",), ("--paper", "letter"), ("--ink-saver",),
                                    ("--scale-correction", "99.5,99")])
def test_force_or_new_options_redraw_everything(project, cli, built_once, drawn, change):
    first_build(project, built_once)
    del drawn[:]
    assert cli("build", "cross-sums", "--content", "content", "--out", "out", *change)[0] == 0
    assert sorted(drawn) == sorted(CROSS_SUMS)


def test_a_deleted_output_is_drawn_again(project, cli, built_once, drawn):
    first_build(project, built_once)
    del drawn[:]
    (project / "out" / "cross-sums" / "setup" / "scenario-17.pdf").unlink()
    assert build(cli, "cross-sums")[0] == 0
    assert drawn == ["setup sheet 17"]
    assert (project / "out" / "cross-sums" / "setup" / "scenario-17.pdf").is_file()


@pytest.mark.parametrize("junk", ["", "{not json", "[1, 2]", '{"outputs": {"cross-sums/rules.pdf": 7}}'])
def test_a_damaged_manifest_means_build_everything(project, cli, built_once, drawn, junk):
    first_build(project, built_once)
    (project / "out" / ".printkit-manifest.json").write_text(junk)
    del drawn[:]
    code, _, err = build(cli, "cross-sums")
    assert code == 0 and len(err.splitlines()) == (not junk.startswith('{"outputs"'))  # set aside: one line
    assert err.startswith("out/.printkit-manifest.json: warning: ignored (") or not err
    assert sorted(drawn) == sorted(CROSS_SUMS)


def test_other_games_stay_in_the_manifest(project, cli, drawn):
    """Building one game keeps what the manifest knows of the others."""
    assert build(cli)[0] == 0
    assert build(cli, "cross-sums")[0] == 0
    del drawn[:]
    assert build(cli)[0] == 0
    assert drawn == []


# --- the manifest checks the files it vouches for ---------------------------------------------------

RULES = "out/numbered-cards/rules.pdf"


def spoil(path, how: str) -> None:
    data = path.read_bytes()
    path.write_bytes({"emptied": b"", "one byte changed": data[:-10] + b"X" + data[-9:],
                      "cut short": data[:len(data) // 2]}[how])


@pytest.mark.parametrize("how", ["emptied", "one byte changed", "cut short"])
def test_an_output_changed_by_hand_is_drawn_again(project, cli, drawn, how):
    """Emptying rules.pdf by hand, then a build, said `(unchanged)` and left it empty."""
    assert build(cli, "numbered-cards")[0] == 0
    before = pdfs(project / "out")
    spoil(project / RULES, how)
    del drawn[:]
    code, out, _ = build(cli, "numbered-cards")
    assert code == 0 and drawn == ["rules reference"]
    assert f"{RULES}  1 page" in out.splitlines()
    assert pdfs(project / "out") == before


@pytest.mark.parametrize("field, value", [("pages", 999), ("pages", -5), ("pages", True), ("pages", "1"),
                                          ("size", 0), ("sha256", "0" * 64), ("check", None)])
def test_a_manifest_entry_edited_by_hand_is_ignored(project, cli, drawn, field, value):
    """Its page count was printed as it stood (`999 pages`); now the entry is ignored and the
    file drawn again, its real page count printed (its bytes are the same, so it is not touched)."""
    assert build(cli, "numbered-cards")[0] == 0
    path = project / "out" / ".printkit-manifest.json"
    manifest = json.loads(path.read_text())
    manifest["outputs"]["numbered-cards/rules.pdf"][field] = value
    path.write_text(json.dumps(manifest))
    del drawn[:]
    code, out, _ = cli("build", "numbered-cards", "--content", "content", "--out", "out", "-v")
    assert (code, drawn) == (0, ["rules reference"])
    assert f"{RULES}  1 page  (unchanged)" in out.splitlines()
    assert all(line.endswith("(unchanged)") for line in out.splitlines()[:-1] if "rules.pdf" not in line)


def test_the_manifest_records_each_outputs_size_and_hash(project, cli):
    assert build(cli, "numbered-cards")[0] == 0
    entries = json.loads((project / "out" / ".printkit-manifest.json").read_text())["outputs"]
    for name, entry in entries.items():
        data = (project / "out" / name).read_bytes()
        assert (entry["size"], entry["sha256"]) == (len(data), hashlib.sha256(data).hexdigest())


def made_by_an_earlier_printkit(project, name: str):
    """A file an earlier printkit made and recorded (a product since renamed, say): its bytes
    written and its manifest entry added as a build records one."""
    from printkit.pipeline.manifest import Manifest

    out = project / "out"
    path = out / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = b"%PDF-1.4 an old product\n"
    path.write_bytes(data)
    manifest = Manifest(out)
    manifest.record(path, "an earlier key", 1, data)
    manifest.path.write_text(manifest.text(), encoding="utf-8")
    return path


def test_a_file_printkit_no_longer_makes_is_removed_by_the_next_whole_build(project, cli, built_once):
    first_build(project, built_once)
    old = made_by_an_earlier_printkit(project, "cross-sums/booklet-saddle.pdf")
    folder_old = made_by_an_earlier_printkit(project, "cross-sums/old-folder/part-1.pdf")
    code, out, _ = build(cli, "cross-sums")
    assert code == 0
    assert not old.exists() and not folder_old.parent.exists()
    assert "out/cross-sums/booklet-saddle.pdf  removed: printkit no longer makes it" in out.splitlines()
    assert "cross-sums/booklet-saddle.pdf" not in json.loads((project / "out" / ".printkit-manifest.json").read_text())["outputs"]
    assert (project / "out" / "cross-sums" / "booklet.pdf").exists()


def test_a_left_behind_file_changed_by_hand_or_a_partial_build_is_left_alone(project, cli, built_once):
    first_build(project, built_once)
    edited = made_by_an_earlier_printkit(project, "cross-sums/my-notes.pdf")
    edited.write_bytes(b"%PDF-1.4 the designer's own file now\n")
    kept = made_by_an_earlier_printkit(project, "cross-sums/old.pdf")
    assert cli("build", "cross-sums", "--content", "content", "--out", "out", "--only", "rules")[0] == 0
    assert kept.exists()  # --only builds part of the game: nothing is judged left behind
    assert build(cli, "cross-sums")[0] == 0
    assert edited.exists() and not kept.exists()

"""A whole build with nothing changed is answered from the manifest before any game is loaded
(printkit/pipeline/nothing_changed.py, issue 26): fast, and never wrong. Every change a build would draw from
makes the next build the ordinary one, which draws what changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import build
from printkit.pipeline import nothing_changed
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS

ROOT = Path(__file__).resolve().parent.parent
GAME = "numbered-cards"  # the smallest bundled game: quick to build


@pytest.fixture
def small(project, cli):
    """The project with one game, built whole once."""
    for folder in (project / "content").iterdir():
        if folder.name != GAME:
            import shutil
            shutil.rmtree(folder)
    code, _, err = build(cli)
    assert code == 0, err
    return project


def answered(project: Path, paper: str = "a4", games=(GAME,)):
    return nothing_changed.whole_build(project / "content", project / "out", list(games), Options(PAPERS[paper]))


def test_a_whole_build_is_answered_with_its_files_and_page_counts(small):
    found = answered(small)
    assert found is not None
    on_disk = sorted(path.relative_to(small / "out").as_posix() for path in (small / "out").rglob("*.pdf"))
    assert sorted(path.relative_to(small / "out").as_posix() for path, _ in found) == on_disk
    for path, pages in found:  # page counts read back from the PDFs themselves
        assert pages == len(PdfReader(path).pages), path


def test_the_answer_prints_what_the_ordinary_build_prints(small, cli):
    """-v lists every file, unchanged, in the same order: the answered build and the ordinary one
    (--force draws everything again: its unchanged files are listed the same way) say the same."""
    code, quick, _ = cli("build", "-v", "--content", "content", "--out", "out")
    assert code == 0
    manifest = json.loads((small / "out" / ".printkit-manifest.json").read_text())
    (small / "out" / ".printkit-manifest.json").write_text(json.dumps({**manifest, "games": {}}))  # no record: ordinary
    code, ordinary, _ = cli("build", "-v", "--content", "content", "--out", "out")
    assert code == 0
    assert quick.splitlines()[:-1] == ordinary.splitlines()[:-1] and len(quick.splitlines()) > 3
    assert quick.splitlines()[-1].split(" in ")[0] == ordinary.splitlines()[-1].split(" in ")[0]
    assert "(0 changed)" in quick


def edit_content(project):
    path = project / "content" / GAME / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")


def add_a_file(project):
    (project / "content" / GAME / "art.png").write_bytes(b"not yet an image")


def edit_a_template(project):
    template = next((project / "templates").rglob("*.j2"))
    template.write_text(template.read_text(encoding="utf-8") + "{# a comment #}", encoding="utf-8")


def damage_an_output(project):
    path = next((project / "out" / GAME).glob("*.pdf"))
    path.write_bytes(path.read_bytes()[:-10])


def remove_an_output(project):
    next((project / "out" / GAME).glob("*.pdf")).unlink()


def link_a_file(project):
    (project / "content" / GAME / "elsewhere.yaml").symlink_to(project / "content" / GAME / "game.yaml")


def forge_the_record(project):
    path = project / "out" / ".printkit-manifest.json"
    manifest = json.loads(path.read_text())
    manifest["games"][GAME]["sources"] = "0" * 64
    path.write_text(json.dumps(manifest))


def edit_an_entry(project):
    path = project / "out" / ".printkit-manifest.json"
    manifest = json.loads(path.read_text())
    name = next(name for name in manifest["outputs"] if name.startswith(GAME))
    manifest["outputs"][name]["pages"] += 1
    path.write_text(json.dumps(manifest))


@pytest.mark.parametrize("change", [edit_content, add_a_file, edit_a_template, damage_an_output, remove_an_output,
                                    link_a_file, forge_the_record, edit_an_entry])
def test_anything_a_build_is_made_from_changed_is_not_answered(small, change):
    assert answered(small) is not None
    change(small)
    assert answered(small) is None


def test_other_options_are_not_answered(small):
    assert answered(small, "letter") is None
    assert nothing_changed.whole_build(small / "content", small / "out", [GAME],
                                 Options(PAPERS["a4"], ink_saver=True)) is None


def test_a_game_never_built_whole_is_not_answered(small, cli):
    assert answered(small, games=(GAME, "cross-sums")) is None


def test_an_edit_is_drawn_by_the_next_build(small, cli):
    """The edit's file is drawn again: its words are in the new PDF."""
    path = small / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Rearrange all cards in the row.", "Rearrange the zebras.", 1), encoding="utf-8")
    code, out, _ = build(cli)
    assert code == 0 and "(0 changed)" not in out
    words = "".join(page.extract_text() for pdf in (small / "out" / GAME).glob("*.pdf") for page in PdfReader(pdf).pages)
    assert "zebras" in words


def test_a_partial_build_on_other_paper_is_not_taken_for_the_whole(small, cli):
    """A whole A4 build, then one product on Letter: the next whole A4 build draws it on A4 again."""
    deck = "ability-cards"
    code, _, err = cli("build", "--content", "content", "--out", "out", "--only", deck, "--paper", "letter")
    assert code == 0, err
    assert answered(small) is None
    code, _, err = build(cli)
    assert code == 0, err
    width = float(PdfReader(small / "out" / GAME / f"{deck}.pdf").pages[0].mediabox.width)
    assert abs(width * 25.4 / 72 - 210) < 0.05


def test_a_rebuild_with_nothing_changed_loads_no_game(small):
    """The answered build imports neither a game nor the pipeline, ReportLab or Jinja."""
    probe = ("import sys\nfrom printkit.cli.main import main\n"
             "code = main(sys.argv[1:])\n"
             "heavy = ('reportlab', 'jinja2', 'PIL', 'printkit.pipeline.build', 'printkit.pipeline.kits', "
             "'printkit.pipeline.validate', 'printkit.products.kit', 'printkit.games')\n"
             "print('LOADED', sorted({m for m in sys.modules if m.startswith(heavy)}), code)\n")
    done = subprocess.run([sys.executable, "-c", probe, "build", "--content", "content", "--out", "out"],
                          capture_output=True, text=True, cwd=small,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "(0 changed)" in done.stdout, done.stdout + done.stderr
    assert "LOADED [] 0" in done.stdout, done.stdout


# --- validate after a build --------------------------------------------------------------------------

def test_validate_after_a_whole_build_loads_no_game_and_says_what_the_ordinary_validate_says(small, cli, monkeypatch):
    """The build planned every file on both papers and noted the game whole: validate answers from
    that note, with the same lines (per game, -v) as the ordinary validate, which plans."""
    assert nothing_changed.validated(small / "content", [GAME], Options(PAPERS["a4"])) != {}
    code, quick, _ = cli("validate", "-v", "--content", "content")
    monkeypatch.setattr(nothing_changed, "validated", lambda *args: {})  # no note: the ordinary validate
    code_, ordinary, _ = cli("validate", "-v", "--content", "content")
    assert code == code_ == 0 and quick == ordinary and "products planned on A4 and Letter" in quick
    probe = ("import sys\nfrom printkit.cli.main import main\n"
             "code = main(sys.argv[1:])\n"
             "heavy = ('reportlab', 'jinja2', 'PIL', 'printkit.pipeline.build', 'printkit.pipeline.kits', "
             "'printkit.pipeline.validate', 'printkit.products.kit', 'printkit.games')\n"
             "print('LOADED', sorted({m for m in sys.modules if m.startswith(heavy)}), code)\n")
    done = subprocess.run([sys.executable, "-c", probe, "validate", "--content", "content"],
                          capture_output=True, text=True, cwd=small, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "content is valid" in done.stdout and "LOADED [] 0" in done.stdout, done.stdout + done.stderr


def test_validate_is_not_answered_for_other_options_an_edit_or_a_watched_build(small, cli):
    content = small / "content"
    assert nothing_changed.validated(content, [GAME], Options(PAPERS["a4"], corners=3.175)) == {}
    assert nothing_changed.validated(content, [GAME], Options(PAPERS["letter"])) != {}  # the paper is validate's to vary
    edit_content(small)
    assert nothing_changed.validated(content, [GAME], Options(PAPERS["a4"])) == {}
    from printkit.pipeline.build import build as build_
    from printkit.pipeline.kits import select_games
    build_(select_games([GAME], content), content, small / "out", Options(PAPERS["a4"]), other_papers=False)
    assert nothing_changed.validated(content, [GAME], Options(PAPERS["a4"])) == {}  # Letter left to validate


def test_an_edit_that_breaks_letter_only_is_found_by_validate(small, cli):
    """The note is of the content as built: an edit is planned again, on both papers."""
    path = small / "content" / GAME / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Rearrange all cards in the row.", "x" * 3000, 1),
                    encoding="utf-8")
    code, _, err = cli("validate", "--content", "content")
    assert code == 1 and "game.yaml:" in err


def test_a_game_with_a_warning_is_loaded_every_time_and_says_it(tmp_path, capsys, monkeypatch):
    """A warning (an image too coarse) is said by every build and every validate, not only the first."""
    from test_declared_images import image_game, picture
    from declared import SLUG
    from printkit.cli.main import main

    project = image_game(tmp_path, "file: low.png", {"low.png": picture((50, 25))})
    monkeypatch.chdir(project)
    for argv in (["build", "--out", "out"], ["build", "--out", "out"], ["validate"], ["validate"]):
        assert main([*argv, "--content", "content"]) == 0
        err = capsys.readouterr().err
        assert f"{SLUG}/game.yaml:" in err and "warning: " in err and "32 dpi" in err, argv


def test_a_build_and_a_validate_read_the_games_files_once(small, cli, monkeypatch):
    """The digest of a game's files is taken once a command, before anything is read: the check
    for a build with nothing to draw (or a validate a build answered) and the ordinary build (or
    validate) that follows when it finds an edit use the same one."""
    read, files = [], nothing_changed.files
    monkeypatch.setattr(nothing_changed, "files", lambda *args: read.append(args) or files(*args))
    rules = small / "content" / GAME / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    assert build(cli)[0] == 0 and len(read) == 1
    assert answered(small) is not None  # the one digest is the one the build noted: the next build is answered
    read.clear()
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# another\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", "content")
    assert code == 0, err
    assert len(read) == 1

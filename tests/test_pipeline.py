"""The pipeline's stages: `validate` plans every product on both papers and draws nothing, yet
finds what only planning can find (text that does not fit its box); plans are data that render
draws as planned."""

from __future__ import annotations

import sqlite3

import pytest

from conftest import BAD, ROOT, expected_stderr, overlay
from printkit.pipeline import manifest
from printkit.cli.main import main
from printkit.load.options import Options
from printkit.pipeline.build import build
from printkit.pipeline.kits import load_all, select_games
from printkit.pipeline.planning import files, plan_every
from printkit.pipeline.validate import validate
from printkit.plan.geometry import PAPERS
from printkit.plan.marks import Document
from printkit.render import pdf as pdf_module


@pytest.fixture
def no_drawing(monkeypatch):
    """Any PDF being drawn fails the test (in forked planning processes too)."""
    def refuse(*args, **kwargs):
        raise AssertionError("validate drew a PDF")
    monkeypatch.setattr(pdf_module.PdfFile, "__init__", refuse)


def test_validate_draws_nothing(project, cli, no_drawing):
    code, out, err = cli("validate", "--content", "content")
    assert (code, err) == (0, "")
    assert out.startswith("content is valid: 4 games checked")
    assert not (project / "output").exists()


def test_validate_finds_text_that_does_not_fit_without_drawing(project, cli, no_drawing):
    case = BAD / "numbered-cards" / "ability-too-long"
    overlay(case, project)
    code, _, err = cli("validate", "numbered-cards", "--content", "content")
    assert code == 1
    assert err.splitlines() == expected_stderr(case, project)


def test_every_product_plans_a_document_of_pages():
    kits = load_all(select_games([]), ROOT / "content", Options(PAPERS["letter"]))
    planned = files(kits)
    documents = plan_every(planned)
    assert len(documents) == len(planned) == 80  # Cross Sums: saddle volumes, aid, log (13); setup-sheets (43)
    for item, document in zip(planned, documents):
        assert isinstance(document, Document) and document.pages, item.file.name
        assert all(page.paper.name in ("Letter", "half Letter") for page in document.pages), item.file.name


def test_main_without_a_content_folder_is_a_usage_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["validate"]) == 2
    assert "content folder not found" in capsys.readouterr().err


# --- validate after a build: the page cache notes what was planned, on both papers ----------------

def _planned_by_validate(project, *games: str) -> list[str]:
    """The files `validate` plans (not found noted in the page cache), as game/file on paper; it must
    find the content valid."""
    names = []
    content = project / "content"
    assert validate(select_games(list(games), content), content, Options(PAPERS["a4"]), planned=names.append)
    return names


@pytest.fixture
def cache(project, monkeypatch):
    """The test's own page cache (the session's is shared with every other test's builds)."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(project / "cache"))
    return project / "cache"


def test_validate_after_a_build_plans_nothing_on_either_paper(project, cli, cache):
    every = len(files(load_all(select_games([]), ROOT / "content", Options(PAPERS["a4"]))))
    assert len(_planned_by_validate(project)) == 2 * every  # nothing noted yet: every file, on A4 and on Letter
    assert cli("build", "--content", "content")[0] == 0  # on A4, the project's paper
    assert _planned_by_validate(project) == []
    assert cli("validate", "--content", "content")[:2] == (0, "content is valid: 4 games checked, 29 products "
                                                                 "planned on A4 and Letter\n")


def _kept_in(cache) -> tuple[set, set]:
    """The keys of the page cache's values, and of its files noted as planned."""
    with sqlite3.connect(f"file:{cache / 'pages.sqlite'}?mode=ro", uri=True) as db:
        return tuple({key for (key,) in db.execute(f"SELECT key FROM {table}")} for table in ("kept", "planned"))


def test_an_edited_scenario_is_planned_again_on_both_papers_and_nothing_else(project, cli, cache):
    assert cli("build", "cross-sums", "--content", "content")[0] == 0
    kept = _kept_in(cache)
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count("Which card do you take") == 1  # scenario 5's tagline
    scenarios.write_text(text.replace("Which card do you take", "Which card will you take"), encoding="utf-8")
    planned = _planned_by_validate(project, "cross-sums")
    on = {paper: sorted(name.removesuffix(f" on {paper}") for name in planned if name.endswith(f" on {paper}"))
          for paper in ("A4", "Letter")}
    assert on["A4"] == on["Letter"] and len(on["A4"]) + len(on["Letter"]) == len(planned)
    # of the 50 setup sheets, scenario 5's; the files made from every scenario (the booklet, the log...); no more
    assert [name for name in on["A4"] if "/setup/" in name] == ["cross-sums/setup/scenario-05.pdf"]
    assert 2 <= len(on["A4"]) <= 10
    assert _planned_by_validate(project, "cross-sums") == planned and _kept_in(cache) == kept  # validate keeps nothing
    assert cli("build", "cross-sums", "--content", "content")[0] == 0
    assert _planned_by_validate(project, "cross-sums") == []


@pytest.mark.parametrize("change", ["print options", "another printkit"])
def test_validate_plans_again_what_other_options_or_another_printkit_would_plan(project, cli, cache, monkeypatch,
                                                                                change):
    assert cli("build", "numbered-cards", "--content", "content")[0] == 0
    if change == "print options":  # rounded corners, say
        names = []
        content = project / "content"
        validate(select_games(["numbered-cards"], content), content, Options(PAPERS["a4"], corners=3.175),
                 planned=names.append)
    else:
        monkeypatch.setattr(manifest, "code_digest", lambda: "another printkit")
        names = _planned_by_validate(project, "numbered-cards")
    assert len(names) == 2 * len(files(load_all(select_games(["numbered-cards"]), ROOT / "content",
                                                Options(PAPERS["a4"]))))


def test_a_watched_build_leaves_the_other_paper_to_validate(project, cache):
    content = project / "content"
    games = select_games(["one-too-many"], content)
    build(games, content, project / "out", Options(PAPERS["a4"]), other_papers=False)
    planned = _planned_by_validate(project, "one-too-many")
    assert planned and all(name.endswith(" on Letter") for name in planned)
    assert len(planned) == len(files(load_all(games, content, Options(PAPERS["letter"]))))


def test_a_game_with_a_file_made_from_much_content_is_left_to_validate_on_the_other_paper(project, cache,
                                                                                        monkeypatch):
    """A build plans a changed game's files on the other paper too, but not a game with a file made
    from more than OTHER_PAPERS_AT_MOST characters (a long campaign: planned twice, it would take a
    build past its memory): validate plans every file of that game on Letter, and only there."""
    import printkit.pipeline.fingerprints as fingerprints
    from printkit.pipeline import other_papers

    content = project / "content"
    games = select_games(["cross-sums", "one-too-many"], content)
    on_letter = files(load_all(games[:1], content, Options(PAPERS["letter"])))
    assert max(map(fingerprints.weight, on_letter)) > 20_000  # the booklet, at a glance, the log, the key
    monkeypatch.setattr(other_papers, "OTHER_PAPERS_AT_MOST", 20_000)
    build(games, content, project / "out", Options(PAPERS["a4"]))
    planned = _planned_by_validate(project, "cross-sums", "one-too-many")
    assert all(name.startswith("cross-sums/") and name.endswith(" on Letter") for name in planned), planned
    assert len(planned) == len(on_letter)


def test_a_problem_on_letter_only_is_reported_after_a_build_on_a4(project, cli, cache):
    """The player aid's rules, five sentences longer, fit its half A4 page but not the shorter half
    Letter page: the build on A4 has nothing to report, validate reports what a build on Letter does,
    however many times it is run."""
    aid = project / "templates" / "one-too-many" / "player-aid.j2"
    text = aid.read_text(encoding="utf-8")
    end = "Everyone else still in the round banks their pile."
    assert text.count(end) == 1
    aid.write_text(text.replace(end, end + " Bank it now." * 5), encoding="utf-8")
    assert cli("build", "one-too-many", "--content", "content")[0] == 0
    code, _, err = cli("validate", "one-too-many", "--content", "content")
    on_letter = cli("build", "one-too-many", "--content", "content", "--paper", "letter", "--out", "letter")
    assert (code, err) == on_letter[::2] and code == 1
    assert "player-aid.j2:5: player aid: text does not fit" in err and len(err.splitlines()) == 1
    assert cli("validate", "one-too-many", "--content", "content")[::2] == (1, err)


def _job(characters: int):
    from types import SimpleNamespace

    file = SimpleNamespace(last=False, inputs={"text": "x" * characters})
    return (SimpleNamespace(file=file), True, None, None)


def test_printkit_draws_beside_its_workers_only_an_edits_few_light_files():
    """Its own process keeps what it draws to the end of the build: not a long campaign's booklet
    (the 500-scenario campaign's peak memory), and not a cold build's many files (its workers
    would wait for it to hand them theirs)."""
    from printkit.pipeline.drawing import _here_too
    from printkit.pipeline.other_papers import OTHER_PAPERS_AT_MOST
    from printkit.pipeline.side_by_side import HERE_AT_MOST

    assert _here_too([_job(1000)] * HERE_AT_MOST)
    assert not _here_too([_job(1000)] * (HERE_AT_MOST + 1))
    assert not _here_too([_job(1000), _job(OTHER_PAPERS_AT_MOST + 1)])

"""Whatever is printed lies inside its box, or the build fails naming the value (issue 14, items 6,
8, 9 and 10): a long Ace name wraps inside the player aid, a title too long for every place it is
printed is one line at the title, right-to-left text is refused where it is written, booklet
ranges are checked before they are listed out, and an export never replaces the project's files."""

from __future__ import annotations

import pdfplumber
import pytest

from conftest import build, pdfs

PT = 25.4 / 72
G = "one-too-many/game.yaml"


def edit(project, file: str, old: str, new: str) -> int:
    """Replace `old` once in a content file; returns the line it stands on."""
    path = project / "content" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_a_long_ace_name_stays_inside_the_player_aid(project, cli):
    edit(project, G, "  ace_name: Ace\n", "  ace_name: Ace of the Diamonds\n")  # 19 characters, the schema allows 20
    code, _, err = build(cli, "one-too-many")
    assert (code, err) == (0, "")
    with pdfplumber.open(project / "out" / "one-too-many" / "player-aid.pdf") as pdf:
        page = pdf.pages[0]
        frames = [r for r in page.rects + page.curves if r["width"] * PT > 150 and r["height"] * PT > 100]  # the aids
        assert len(frames) == 2
        words = [c for c in page.chars if c["top"] < frames[0]["bottom"] + 1 and c["text"].strip()]
        text = "".join(c["text"] for c in words)
        assert "Ace of the Diamonds" in " ".join(page.extract_text().split()) or "AceoftheDiamonds" in text
        outside = [c["text"] for c in page.chars if c["text"].strip() and not any(
            f["x0"] <= c["x0"] and c["x1"] <= f["x1"] and f["top"] <= c["top"] and c["bottom"] <= f["bottom"]
            for f in frames) and c["top"] < frames[-1]["bottom"]]  # above the footer, every glyph is in an aid
        assert outside == []


def test_a_title_too_long_for_where_it_is_printed_is_one_line_at_the_title(project, cli):
    assert build(cli, "one-too-many")[0] == 0
    before = pdfs(project / "out")
    line = edit(project, G, "title: One Too Many\n", f"title: {'W' * 60}\n")
    code, out, err = build(cli, "one-too-many")
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"{G}:{line}: title: '{'W' * 60}' is too long where it is printed (templates/one-too-many/")
    assert pdfs(project / "out") == before


@pytest.mark.parametrize("where, text", [
    ("content", "tagline: Bank the cards you draw, and pass before the Diamonds in the center bust the round.\n"),
    ("template", None),
])
def test_right_to_left_text_is_refused_where_it_is_written(project, cli, where, text):
    hebrew = "שלום עולם"
    if where == "content":
        line = edit(project, G, text, f"tagline: {hebrew}\n")
        expected = f"{G}:{line}: tagline: right-to-left text"
    else:
        path = project / "templates" / "one-too-many" / "score-sheet.j2"
        lines = path.read_text(encoding="utf-8").splitlines()
        number = next(i for i, l in enumerate(lines, 1) if l.startswith("{% set round %}"))
        lines[number - 1] = f"{{% set round %}}{hebrew}{{% endset %}}"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        expected = f"templates/one-too-many/score-sheet.j2:{number}: '{hebrew}': right-to-left text"
    for command in ("build", "validate"):
        code, _, err = cli(command, "one-too-many", "--content", "content", *(["--out", "out"] if command == "build" else []))
        assert code == 1 and len(err.splitlines()) == 1 and err.startswith(expected), (command, err)


@pytest.mark.parametrize("scenarios", ["1-99999999999", "1-60000", "51", "40-60"])
def test_a_booklet_range_beyond_the_campaign_is_a_short_usage_error(project, cli, scenarios):
    code, out, err = cli("booklet", "--content", "content", "--scenarios", scenarios, "--out", "out/b.pdf")
    assert code == 2 and out == ""
    assert "no scenario" in err and "(the campaign has 1-50)" in err and len(err.splitlines()[-1]) < 100  # not 60,000 numbers
    assert not (project / "out").exists()


@pytest.mark.parametrize("target", ["content/cross-sums/scenarios.yaml", "templates/booklet.pdf",
                                    "out/.printkit-manifest.json", "notes.txt", "out"])
def test_an_export_never_replaces_the_projects_own_files(project, cli, target):
    assert build(cli, "one-too-many")[0] == 0
    (project / "notes.txt").write_text("my notes\n", encoding="utf-8")
    before = {path: path.read_bytes() for path in project.rglob("*") if path.is_file()}
    code, _, err = cli("booklet", "--content", "content", "--scenarios", "1", "--out", target)
    assert code == 2 and f"--out {target}:" in err
    assert {path: path.read_bytes() for path in project.rglob("*") if path.is_file()} == before

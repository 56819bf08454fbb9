"""A build's serial path (issue 41, points 2 and 4): what a rebuild writes from the page cache is
what a build without it writes, byte for byte, also for the first edit after a cold build (whose
kept pages give their characters beyond ASCII the codes a cold build gave them: only the edited
card's page is drawn again); and the print guides, planned once the other files' page counts are
known, are planned in printkit's own process, never in a pool of workers forked for them.

The first tests run `python -m printkit` as a user does (whole processes, workers forked), on the
benchmark's deck (benchmarks/bench_deck.py: a glyph icon, a star, on every card, and a middle
dot), read back with pypdf page by page."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT, forked_workers
from printkit.pipeline import cores
from printkit.pipeline import side_by_side
from printkit.cli.main import main

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_deck import game  # noqa: E402  (the benchmark's own deck)

CARDS = 60  # 7 sheets of fronts, each followed by its backs
EDITED = 40  # the card whose words are edited (row 40 of the CSV: card 040)


def _build(folder: Path, out: Path, cache: Path | str, workers: str | None) -> Path:
    env = {**os.environ, "PRINTKIT_CACHE": str(cache)}
    env.pop(cores.WORKERS, None)
    if workers:
        env[cores.WORKERS] = workers
    subprocess.run([sys.executable, "-m", "printkit", "build", "-q", "--out", str(out)], cwd=folder, env=env,
                   check=True, capture_output=True)
    return out / "bench" / "deck.pdf"


def _streams(path: Path) -> list[bytes]:
    return [page.get_contents().get_data() for page in pypdf.PdfReader(path).pages]


def _edit(folder: Path) -> None:
    cards = folder / "content" / "bench" / "cards.csv"
    rows = cards.read_text(encoding="utf-8").splitlines()
    assert "damage to a card" in rows[EDITED]
    rows[EDITED] = rows[EDITED].replace("damage to a card", "damage (edited) to a card", 1)
    cards.write_text("\n".join(rows) + "\n", encoding="utf-8")


@pytest.mark.parametrize("workers", [None, "1"])
def test_the_first_edit_after_a_cold_build_draws_only_its_page_and_is_the_build_without_the_cache(tmp_path, workers):
    """A cold build (an empty cache) then one card's edit: the card's page is the one page whose
    stream changed (the star keeps its code on every other page: written from what was kept), and
    every file is what a build without the cache writes, byte for byte."""
    folder = tmp_path / "deck"
    game(folder, CARDS)
    cache = tmp_path / "cache"
    cold = _streams(_build(folder, tmp_path / "out", cache, workers))
    assert b"\\001" in b"".join(cold) or b"\001" in b"".join(cold)  # the star: a code beyond ASCII, set on the pages
    _edit(folder)
    edited = _build(folder, tmp_path / "out", cache, workers)
    after = _streams(edited)
    changed = [n for n, (a, b) in enumerate(zip(cold, after)) if a != b]
    assert len(after) == len(cold) and len(changed) == 1
    assert "(edited)" in pypdf.PdfReader(edited).pages[changed[0]].extract_text()
    off = _build(folder, tmp_path / "off", "off", workers)
    for name in ("deck.pdf", "rules.pdf", "print-guide.pdf"):
        assert (tmp_path / "out" / "bench" / name).read_bytes() == (off.parent / name).read_bytes(), name


def test_a_cold_build_is_the_build_without_the_cache(tmp_path):
    folder = tmp_path / "deck"
    game(folder, CARDS)
    cold = _build(folder, tmp_path / "out", tmp_path / "cache", None)
    off = _build(folder, tmp_path / "off", "off", None)
    for name in ("deck.pdf", "rules.pdf", "print-guide.pdf"):
        assert (cold.parent / name).read_bytes() == (off.parent / name).read_bytes(), name


def test_the_print_guides_are_planned_in_printkits_own_process(tmp_path, monkeypatch):
    """Even where every pass of files weighs enough to be handed to workers (SIDE_BY_SIDE 0): the
    deck and its rules on A4 and Letter go to the workers, the print guides (A4, Letter) never."""
    folder = tmp_path / "deck"
    game(folder, 20)
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(side_by_side, "SIDE_BY_SIDE", 0)
    monkeypatch.chdir(folder)
    handed: list[str] = []
    for name in ("_in_workers", "_side_by_side"):  # a pool, with or without this process beside it
        def pooled(work, items, *rest, real=getattr(cores, name)):
            handed.extend(f"{item[0].file.name} {item[0].kit.options.paper.name}" for item in items)
            return real(work, items, *rest)
        monkeypatch.setattr(cores, name, pooled)
    with forked_workers():
        if cores.cores() < 2:
            pytest.skip("one core: nothing is forked")
        assert main(["build", "-q", "--out", str(tmp_path / "out")]) == 0
    assert sorted(handed) == ["deck.pdf A4", "deck.pdf Letter", "rules.pdf A4", "rules.pdf Letter"]
    reader = pypdf.PdfReader(tmp_path / "out" / "bench" / "print-guide.pdf")
    assert "deck.pdf" in reader.pages[0].extract_text()

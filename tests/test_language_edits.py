"""An edit to one language's words rebuilds only that language's files (issue 44's "Done when"): the
Signal Fires example (its German and French in columns beside the source) and the beacons fixture
(its French from a translator's sheet) built, one card's words edited in one language, built
again: only that language's files are drawn and written, every other's bytes and modification
time as they were; the build's report counts one file changed; the edited words read back."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT

SIGNAL_FIRES = ROOT / "examples" / "content" / "signal-fires"
BEACONS = ROOT / "tests" / "fixtures" / "translation-sheet" / "beacons"
CASES = {  # the game, the file edited, the words before and after, the language whose files may change
    "column": (SIGNAL_FIRES, "cards.csv", "Ziehe eine Karte.", "Ziehe zwei Karten.", "de"),
    "source-column": (SIGNAL_FIRES, "cards.csv", ",Draw a card.,", ",Draw two cards.,", ""),
    "sheet-cell": (BEACONS, "translations/fr.csv", "Piochez une carte.", "Piochez deux cartes.", "fr"),
    "sheet-of-a-region": (BEACONS, "translations/pt-BR.csv", "Compre uma carta.", "Compre duas cartas.", "pt-BR"),
}


def _build(project: Path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": str(project / "cache")}
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "--out", str(project / "out")],
                          cwd=project, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def _files(out: Path) -> dict[str, tuple[bytes, int]]:
    return {str(path.relative_to(out)): (path.read_bytes(), path.stat().st_mtime_ns)
            for path in sorted(out.rglob("*.pdf"))}


def _language(name: str, game: str, languages: set[str]) -> str:
    """The language a file of the game's output is in: its folder's, or the source's ("")."""
    parts = Path(name).parts
    return parts[1] if len(parts) > 2 and parts[0] == game and parts[1] in languages else ""


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_edit_in_one_language_rebuilds_only_its_files(tmp_path, case):
    source, file, old, new, edited = CASES[case]
    game = tmp_path / "content" / "g"
    shutil.copytree(source, game)
    _build(tmp_path)
    before = _files(tmp_path / "out")
    languages = {"de", "fr", "pt-BR"}
    assert {_language(name, "g", languages) for name in before} >= {"", "fr"}, sorted(before)
    time.sleep(0.05)  # a file written again has a later modification time, on any file system's clock
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    done = _build(tmp_path)
    after = _files(tmp_path / "out")
    assert sorted(after) == sorted(before)
    changed = sorted(name for name in after if after[name] != before[name])
    assert changed == [str(Path("g", edited, "deck.pdf"))], changed
    assert "(1 changed)" in done.stdout, done.stdout
    deck = pypdf.PdfReader(tmp_path / "out" / "g" / edited / "deck.pdf")
    words = " ".join(" ".join(page.extract_text().split()) for page in deck.pages)
    assert new.strip(",") in words and old.strip(",") not in words

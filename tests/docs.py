"""The docs as the tests read them: README.md and every page of the site in docs/, so that a snippet
or a quotation is tested wherever it lands."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import ROOT

PAGES = (ROOT / "README.md",) + tuple(sorted((ROOT / "docs").rglob("*.md")))
TEXTS = {path: path.read_text(encoding="utf-8") for path in PAGES}
DOCS_TEXT = "\n\n".join(TEXTS.values())  # every page, README first


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def block(kind: str, label: str) -> str:
    """The fenced block after `<!-- KIND: LABEL -->`, on whichever page holds it (on one only)."""
    pattern = rf"<!-- {kind}: {re.escape(label)} -->\n```\w*\n(.*?)```"
    found = [(name(path), match.group(1)) for path, text in TEXTS.items() for match in re.finditer(pattern, text, re.S)]
    assert found, f"no {kind} {label} in the README or docs/"
    assert len(found) == 1, f"{kind} {label} is on more than one page: {[where for where, _ in found]}"
    return found[0][1]


def section(heading: str, pages: tuple[Path, ...] = PAGES) -> str:
    """The text under a heading (at any level, on one of the pages: any) up to the next heading of
    that level or above; the heading itself left out."""
    found = []
    for text in (TEXTS[path] for path in pages):
        for match in re.finditer(rf"^(#+) {re.escape(heading)}\n", _unfenced(text), re.M):
            rest = text[match.end():]
            end = re.search(rf"^#{{1,{len(match.group(1))}}} ", _unfenced(rest), re.M)
            found.append(rest[:end.start()] if end else rest)
    assert len(found) == 1, f"{len(found)} headings '{heading}' in the README and docs/"
    return found[0]


def _unfenced(text: str) -> str:
    """The text with its fenced blocks blanked, same length (a `# ` comment in one is no heading)."""
    return re.sub(r"^```.*?^```", lambda match: re.sub(r"[^\n]", " ", match.group(0)), text, flags=re.M | re.S)

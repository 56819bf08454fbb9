"""A card's words as the errata list shows them: with its icons, each written `:name:` where it
stands in the words (an image icon is a Picture of its own beside the Text, which holds a space in
its place; a glyph icon is a segment of the Text), so the list draws them as the card does, with
the game's palette; and what else the words hold that the list's markup would read (a colon, a
star) written so that it prints as it is."""

from __future__ import annotations

import re
from dataclasses import replace

from printkit.plan.marks import Picture
from printkit.plan.text import Text

NEAR = 0.01  # mm: an image icon's picture stands where the space held for it begins


def names_of(kit) -> dict[str, str]:
    """Each icon a declared game declares, by what a card's marks hold of it (an image's digest, a
    glyph), to its name; empty for a game of printkit's own (it declares none)."""
    data = kit.data if isinstance(kit.data, dict) else {}
    found: dict[str, str] = {}
    for looks in data.values():
        if not isinstance(looks, dict) or not isinstance(looks.get("icons"), dict):
            continue
        files = (looks.get("assets") or {}).get("files") or {}
        for name, icon in looks["icons"].items():
            if isinstance(icon, dict) and icon.get("file") in files:
                found.setdefault(files[icon["file"]]["digest"], name)
            elif isinstance(icon, dict) and icon.get("glyph"):
                found.setdefault(icon["glyph"], name)
    return found


def with_icons(text: Text, after: tuple, icons: dict[str, str]) -> Text:
    """`text` with each of its icons' places holding `:name:`: an image icon's (the Pictures that
    follow it, `after`), a glyph icon's; as it is when it has none (or no icon is known)."""
    if not icons:
        return text
    pictures = []
    for mark in after:
        if not isinstance(mark, Picture):
            break
        pictures.append(mark)
    lines = tuple(_named(text, line, pictures, icons) for line in text.lines)
    return text if lines == text.lines else replace(text, lines=lines)


def _named(text: Text, line, pictures: list, icons: dict[str, str]):
    if len(line.runs) != 1:
        return line
    font, run = line.runs[0]
    if run == " ":
        for picture in pictures:
            if abs(text.x + line.x - picture.rect.x) < NEAR and icons.get(picture.digest):
                return replace(line, runs=((font, f" :{icons[picture.digest]}: "),))
    elif run in icons:
        return replace(line, runs=((font, f":{icons[run]}:"),))
    return line


def as_printed(words: str, names) -> str:
    """The words for the list's markup: its icons' `:name:` kept, every other colon, star,
    underscore and backslash escaped (they are the card's words, not markup)."""
    icon = re.compile(r":(?:" + "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)) + r"):") \
        if names else None
    parts, at = [], 0
    for found in icon.finditer(words) if icon else ():
        parts += [_escaped(words[at:found.start()]), found.group()]
        at = found.end()
    return "".join(parts + [_escaped(words[at:])])


def _escaped(words: str) -> str:
    return re.sub(r"([\\:*_])", r"\\\1", words)

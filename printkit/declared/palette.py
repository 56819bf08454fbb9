"""The colours and icons a declared game's words may name beyond its cards: its rules document's
and its score sheets' (`<span colour="sea">`, `:coin:`), as game.yaml's `colours:` and `icons:`
declare them, so a rules page draws the same icons inline as a card does."""

from __future__ import annotations

from pathlib import Path

from printkit.plan.markup import Icon, Palette
from printkit.declared import layout


def game_palette(kit) -> Palette:
    """game.yaml's colours and icons (image icons from the game's folder); a `:word:` naming
    none of its icons is a mistake in its words, as on its cards."""
    return palette_of(kit.data["game"], kit.folder)


def palette_of(looks: dict, folder: Path) -> Palette:
    """The palette of one content file's `colours:` and `icons:`, its image files in `folder`."""
    own = looks.get("colours") or {}
    colours = tuple((name, _colour(name, looks)) for name in own)
    icons = tuple((name, _icon(icon, looks, folder)) for name, icon in (looks.get("icons") or {}).items())
    return Palette(colours, icons)


def _icon(icon: dict, looks: dict, folder: Path) -> Icon:
    if icon.get("file") is not None:
        asset = looks["assets"]["files"][icon["file"]]
        return Icon.image(str(folder / icon["file"]), asset["digest"], tuple(asset["size"]), asset["svg"])
    colour = icon.get("colour")
    font = looks["assets"]["fonts"].get(icon["font"]) if icon.get("font") else None
    return Icon(glyph=icon["glyph"], font=font, colour=None if colour is None else _colour(colour, looks))


def _colour(value, looks: dict):
    """A colour as a card's layer reads it: a grey as a number, else a name or #rgb (black when
    it is neither: loading has said so)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    found = layout.colour(str(value), looks.get("colours"))
    return 0.0 if found is None else found

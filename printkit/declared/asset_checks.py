"""The files, fonts, icons and colours a declared game names (game.yaml, or a game's cards.yaml),
checked where they are named: each file inside the game's folder and readable, each image sharp
enough where it is printed (a warning, with the pixels that would do), each font a TrueType file or
a family of faces, each colour one of the game's or a colour as it stands. What they record (the
files' digests, the fonts' registered names) the manifest and the drawing read. The cards and
layouts that name them are printkit/declared/checks.py's."""

from __future__ import annotations

import difflib
from io import BytesIO
from pathlib import Path

from printkit.ground.errors import Problem
from printkit.load.schema import dotted
from printkit.plan.geometry import Rect
from printkit.declared import layout
from printkit.declared.bind import binding
from printkit.declared.sources import Asset, font_name, read_font, read_image
from printkit.declared.vocabulary import FACES


class AssetChecks:
    """The problems and warnings of one game's file, at their FILE:LINE, and the files and fonts it
    names, each read once."""

    def __init__(self, folder: Path, slug: str, data: dict, located):
        self.folder, self.slug, self.data, self.located = folder, slug, data, located
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.files: dict[str, dict] = {}  # a file's name -> what the manifest and the drawing need of it
        self.fonts: dict[str, str] = {}  # a font's name in game.yaml -> the name it is registered under
        self._warned: set = set()

    def at(self, path: tuple, message: str) -> Problem:
        return self.located.problem(path, f"{dotted(path)}: {message}")

    # --- files ----------------------------------------------------------------------------------
    def _image(self, path: tuple, name: str, box: Rect, fit: str | None) -> None:
        if name in self.files:
            return
        asset = self._asset(path, name, self._read_image)
        if asset is None or asset.svg:
            return
        printed = layout.image_rect(box, asset.size, fit)
        dpi = layout.dpi(asset.size, printed)
        if dpi < layout.SHARP - 0.5:
            self.warnings.append(self.at(path, f"image '{name}' is {dpi:.0f} dpi printed "
                                               f"{printed.width:.1f} x {printed.height:.1f} mm (it looks soft below "
                                               f"{layout.SHARP} dpi: {asset.size[0]} x {asset.size[1]} pixels; "
                                               f"{_pixels(printed)} would do)"))

    def _asset(self, path: tuple, name: str, read) -> Asset | None:
        """A file the game names, read once; None (and a problem at `path`) when it cannot be."""
        try:
            asset = read(self.inside(name))
        except ValueError as error:
            self.problems.append(self.at(path, f"'{name}' {error}"))
            return None
        self.files[name] = asset.as_data()
        self.warnings.extend(self.at(path, f"'{name}' {inexact}") for inexact in asset.inexact)
        return asset

    def _read_image(self, target: Path) -> Asset:
        return read_image(target, self.folder)

    def inside(self, name: str) -> Path:
        """A file named in game.yaml, which must be in the game's own folder (its fonts, images and
        icons here; its tables' in printkit/declared/rows.py); ValueError says when it is not."""
        target = (self.folder / name).resolve()
        if not target.is_relative_to(self.folder.resolve()):
            raise ValueError(f"is outside the game's folder, {self.slug}/")
        return target

    # --- fonts and icons ------------------------------------------------------------------------
    def _font(self, name: str, file) -> None:
        """A font of the game: one TrueType file, or a family of faces (regular, bold, italic,
        bold italic) that markup's <b> and <i> choose among."""
        one = isinstance(file, str) or "file" in file  # a file, or one face of a collection (.ttc)
        faces = {"regular": file} if one else {face: file[face] for face in FACES if file.get(face)}
        read = {}
        for face, given in faces.items():
            at = ("fonts", name) if one else ("fonts", name, face)
            single = f"{self.slug}-{name}" if one else f"{self.slug}-{name}-{face}"
            path, index, named = (given, None, None) if isinstance(given, str) else \
                (given["file"], given.get("index"), given.get("face"))
            asset = self._asset(at, path, lambda target, single=single, index=index, named=named:
                                read_font(target, single, index, named))
            if asset:
                read[face] = (BytesIO(asset.font) if asset.font else str(self.inside(path)), asset.digest)
        if len(read) < len(faces):
            return
        if one:
            self.fonts[name] = font_name(f"{self.slug}-{name}", read["regular"][1])
            return
        from printkit.load.fonts import register_project_family

        family = font_name(f"{self.slug}-{name}", _digest_of(sorted((face, d) for face, (_, d) in read.items())))
        register_project_family(family, {face: source for face, (source, _) in read.items()})
        self.fonts[name] = family

    def _font_named(self, path: tuple, font) -> None:
        if font is None or font in (self.data["fonts"] or {}):
            return
        known = ", ".join(self.data["fonts"] or {}) or "none: add a `fonts:` mapping of names to TTF files"
        self.problems.append(self.at(path, f"no font '{font}' (the game's fonts: {known})"))

    def _icon(self, path: tuple, icon: dict) -> None:
        if (icon["file"] is None) == (icon["glyph"] is None):
            self.problems.append(self.at(path, "give the icon a `file` (an image) or a `glyph` (a character), "
                                               "one of the two"))
            return
        if icon["file"] is not None:
            self._asset(path + ("file",), icon["file"], self._read_image)
        self._literal_colours(path + ("colour",), icon.get("colour"))
        self._font_named(path + ("font",), icon.get("font"))

    # --- colours --------------------------------------------------------------------------------
    def _own_colours(self) -> None:
        for name, value in (self.data["colours"] or {}).items():
            if layout.colour(value, None) is None:
                self.problems.append(self.at(("colours", name), _not_a_colour(value, {})))

    def _literal_colours(self, path: tuple, raw) -> None:
        """A colour written as it is, or the colours a field's map gives: each must be a colour."""
        bound = binding(raw) if raw is not None else None
        if bound is None:
            return
        if bound.constant and isinstance(raw, str):
            self._colour(path, raw)
        elif bound.kind == "field":
            for key, value in bound.mapping or ():
                if isinstance(value, str):
                    self._colour(path + ("map", key), value)
            if isinstance(bound.default, str):
                self._colour(path + ("default",), bound.default)

    def _warn_once(self, problem: Problem, message: str) -> None:
        """A warning about a line a layout inherits is given once, not once for each layout."""
        if (problem.file, problem.line, message) not in self._warned:
            self._warned.add((problem.file, problem.line, message))
            self.warnings.append(problem)

    def _rgb(self, value):
        """A colour as written, as (r, g, b) (a grey as three equal parts); None if it is none."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return (float(value),) * 3
        found = layout.colour(str(value), self.data["colours"]) if value != "none" else None
        return tuple(found) if isinstance(found, tuple) else None

    def _colour(self, path: tuple, value: str) -> None:
        """A colour written in a product: one of the game's own (checked where it is defined) or one
        that is a colour as it stands."""
        if value not in (self.data["colours"] or {}) and value != "none" and layout.colour(value, None) is None:
            self.problems.append(self.at(path, _not_a_colour(value, self.data["colours"] or {})))


def _digest_of(parts) -> str:
    import hashlib

    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _not_a_colour(value: str, own: dict) -> str:
    names = list(own) + list(layout.NAMED)
    close = difflib.get_close_matches(value.lower(), names, n=1)
    hint = f"did you mean '{close[0]}'?" if close else "a name such as navy or darkred, or #rrggbb"
    return f"'{value}' is not a colour ({hint})"


def _pixels(printed: Rect) -> str:
    width, height = (round(side / 25.4 * layout.SHARP) for side in (printed.width, printed.height))
    return f"{width} x {height}"

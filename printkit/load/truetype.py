"""A game's TrueType font checked before ReportLab reads it, as a stranger's file may be hostile:
ReportLab fills a dict with every character a font's cmap maps, so one group mapping 0 to
0xFFFFFFFF grows memory without end, and overlapping segments take billions of steps. Here every
table lies within the file and every character map covers at most the characters there are, each
read in steps bounded by the file's size; what is left (a glyph's outline, a name) ReportLab reads
in steps bounded by the file's size too."""

from __future__ import annotations

import struct

SFNT = (b"\x00\x01\x00\x00", b"true", b"OTTO")  # TrueType outlines, or CFF (an OpenType .otf)
MAX_TABLES = 200  # a font has some 10 to 40
BMP = 0x10000  # the characters a 16-bit map (format 4) may cover
UNICODE = 0x110000  # ... and a 32-bit map (formats 12, 13)

__all__ = ["check_face", "check_truetype", "face_offsets"]


class _Bad(ValueError):
    pass


def check_truetype(data: bytes) -> None:
    """ValueError saying what is wrong if the font's tables or character maps are not bounded by
    the file; a file that is not TrueType at all is left to ReportLab to say so."""
    start = _first_font(data)
    if start is not None:
        check_face(data, start)


def check_face(data: bytes, start: int) -> dict[bytes, tuple[int, int]]:
    """The tables (tag -> offset, length) of the face whose directory starts at `start` (0, or
    a collection's face), after checking that they and its character maps lie within the file."""
    try:
        tables = _tables(data, start)
        if b"cmap" in tables:
            _character_maps(data, *tables[b"cmap"])
    except struct.error:
        raise _Bad("a table runs past the end of the file") from None
    return tables


def face_offsets(data: bytes, most: int) -> list[int]:
    """Where each face of a collection (.ttc) starts; ValueError past `most` faces."""
    try:
        (count,) = struct.unpack_from(">I", data, 8)
        if count > most:
            raise _Bad(f"it holds {count} faces (at most {most})")
        return list(struct.unpack_from(f">{count}I", data, 12))
    except struct.error:
        raise _Bad("its list of faces runs past the end of the file") from None


def _first_font(data: bytes) -> int | None:
    """Where the (first) font's table directory starts: 0, or a collection's first font's offset."""
    if data[:4] == b"ttcf":
        try:
            (offset,) = struct.unpack_from(">I", data, 12)
        except struct.error:
            raise _Bad("its list of faces runs past the end of the file") from None
        return offset if data[offset:offset + 4] in SFNT else None
    return 0 if data[:4] in SFNT else None


def _tables(data: bytes, start: int) -> dict[bytes, tuple[int, int]]:
    (count,) = struct.unpack_from(">H", data, start + 4)
    if count > MAX_TABLES:
        raise _Bad(f"it lists {count} tables")
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, start + 12 + 16 * index)
        if offset + length > len(data):
            raise _Bad(f"its {tag.decode('latin-1').strip()} table runs past the end of the file")
        tables[tag] = (offset, length)
    return tables


def _character_maps(data: bytes, start: int, length: int) -> None:
    """Each of the cmap table's maps (ReportLab reads the one it prefers): within the table, and
    covering no more characters than there are."""
    end = start + length
    _, count = struct.unpack_from(">HH", data, start)
    for index in range(min(count, (length - 4) // 8)):
        (offset,) = struct.unpack_from(">I", data, start + 4 + 8 * index + 4)
        if start + offset + 2 > end:
            raise _Bad("its cmap table names a map past its end")
        _character_map(data, start + offset, end)


def _character_map(data: bytes, at: int, end: int) -> None:
    (kind,) = struct.unpack_from(">H", data, at)
    if kind in (8, 10, 12, 13):
        (length,) = struct.unpack_from(">I", data, at + 4)
    else:
        (length,) = struct.unpack_from(">H", data, at + 2)
    if at + length > end:
        raise _Bad(f"its cmap table's format {kind} map runs past the table's end")
    if kind == 4:
        _segments(data, at, length)
    elif kind in (12, 13):
        _groups(data, at, length, kind)
    elif kind in (6, 10):
        count_at, size = (at + 8, 2) if kind == 6 else (at + 16, 4)
        (count,) = struct.unpack_from(">H" if kind == 6 else ">I", data, count_at)
        if count_at + size + 2 * count > at + length:
            raise _Bad(f"its cmap table's format {kind} map lists more glyphs than it holds")


def _segments(data: bytes, at: int, length: int) -> None:
    """Format 4: segments of 16-bit characters, together no more than there are."""
    (doubled,) = struct.unpack_from(">H", data, at + 6)
    count = doubled // 2
    if 16 + 8 * count > length:
        raise _Bad("its cmap table's format 4 map lists more segments than it holds")
    ends = struct.unpack_from(f">{count}H", data, at + 14)
    starts = struct.unpack_from(f">{count}H", data, at + 16 + 2 * count)
    if sum(max(0, last - first + 1) for first, last in zip(starts, ends)) > BMP:
        raise _Bad("its cmap table maps more characters than there are (its segments overlap)")


def _groups(data: bytes, at: int, length: int, kind: int) -> None:
    """Formats 12 and 13: groups of characters up to U+10FFFF, together no more than there are."""
    (count,) = struct.unpack_from(">I", data, at + 12)
    if 16 + 12 * count > length:
        raise _Bad(f"its cmap table's format {kind} map lists more groups than it holds")
    covered = 0
    for index in range(count):
        first, last, _ = struct.unpack_from(">III", data, at + 16 + 12 * index)
        if not first <= last < UNICODE:
            raise _Bad(f"its cmap table maps U+{first:04X} to U+{last:04X}, beyond Unicode")
        covered += last - first + 1
        if covered > UNICODE:
            raise _Bad("its cmap table maps more characters than there are (its groups overlap)")

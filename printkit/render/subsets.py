"""The font subsets a PDF embeds: each made and compressed once a process, not once a file (the
setup sheets of a campaign embed the same few: most of a small file's drawing time), and each
tagged from its font and its characters. The subset's bytes are ReportLab's own
(TTFontFace.makeSubset), and so are the compressed ones: the files are the same, byte for byte."""

from __future__ import annotations

import functools
import hashlib
import zlib

from reportlab.pdfbase import pdfmetrics, ttfonts

from printkit.plan.fonts import FONTS

_MADE: dict[int, tuple[bytes, bytes]] = {}  # id of a subset's bytes -> (those bytes, compressed)


def subsets_once() -> None:
    """Each of printkit's fonts makes a subset of the same characters once a process (the fonts
    registered; call once)."""
    for name in FONTS:
        face = pdfmetrics.getFont(name).face
        make = face.makeSubset

        @functools.lru_cache(maxsize=64)
        def made(codes: tuple, make=make) -> bytes:
            data = make(list(codes))
            _MADE[id(data)] = (data, zlib.compress(data))
            return data
        face.makeSubset = lambda subset, made=made: made(tuple(subset))


def compressed(data) -> bytes | None:
    """A subset's bytes made here, compressed as ReportLab's filter compresses them (zlib); None
    for any other stream."""
    found = _MADE.get(id(data))
    return found[1] if found is not None and found[0] is data else None


def subset_tags() -> None:
    """Each embedded subset's tag, the six capitals before its font's name (`KQWZRE+DejaVuSans`),
    made from its font and the characters it holds, not from ReportLab's count of a file's
    subsets (`AAAAAA+` in every file): subsets that differ are named apart, across files too, as a
    print shop's RIP merging the files of an order needs (ISO 32000-1, 9.6.4); the same subset is
    named alike, so a file is the same bytes every time it is drawn (call once)."""
    add = ttfonts.TTFont.addObjects

    def tagged(font, doc):
        state = font.state.get(doc)
        tags = [subset_tag(bytes(font.face.name), subset) for subset in (state.subsets if state else [])]
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n: tags[n]
        try:
            add(font, doc)
        finally:
            ttfonts.SUBSETN = numbered
    ttfonts.TTFont.addObjects = tagged


def subset_tag(face: bytes, codes) -> bytes:
    """Six capitals from a digest of a font's face name and the character codes of one subset."""
    digest = hashlib.sha256(face + b"\0" + ",".join(map(str, codes)).encode()).digest()
    return bytes(ord("A") + byte % 26 for byte in digest[:6])

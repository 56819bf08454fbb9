"""The font subsets a PDF embeds: each made and compressed once a process, not once a file (the
setup sheets of a campaign embed the same few: most of a small file's drawing time), and each
tagged from its font and its characters. The subset's bytes are ReportLab's own
(TTFontFace.makeSubset), and so are the compressed ones: the files are the same, byte for byte."""

from __future__ import annotations

import functools
import hashlib
import zlib

import reportlab
from reportlab.pdfbase import pdfmetrics, ttfonts

from printkit.plan.fonts import FONTS

_MADE: dict[int, tuple[bytes, bytes]] = {}  # id of a subset's bytes -> (those bytes, compressed)
_KEEPER = [None]  # what keeps the subsets between runs: the drawing's keeper (`drawn_with`)
SUBSET = (bytes, bytes)  # a subset kept: its bytes, and them compressed


def drawn_with(keeper) -> None:
    """The keeper the drawing was handed (printkit/render/draw.py: the page cache in use, or one
    that keeps nothing), which the subsets cut from now on are found in and kept by: a rebuild
    cuts none it cut before (2 ms or so each, and the faces' tables they read left unread,
    printkit/load/fonts.py: LATER)."""
    _KEEPER[0] = keeper


def subsets_once() -> None:
    """Each of printkit's fonts makes a subset of the same characters once a process (the fonts
    registered; call once), or finds it kept."""
    for name in FONTS:
        face = pdfmetrics.getFont(name).face
        _CUT[name] = (face.makeSubset, str(face.filename))
        face.makeSubset = lambda subset, name=name: _subset(name, tuple(subset))


_CUT: dict[str, tuple] = {}  # each of printkit's fonts -> (ReportLab's own makeSubset of its face, its file)


MOST_SUBSETS = 192  # subsets held in a process, with their compressed bytes


@functools.lru_cache(maxsize=MOST_SUBSETS)
def _subset(name: str, codes: tuple) -> bytes:
    """The subset of font `name` of the characters `codes`, found kept or cut (and kept)."""
    cut, file = _CUT[name]
    keeper = _KEEPER[0]
    keeps = keeper is not None and keeper.keeps()
    key = ["font subset", name, file, reportlab.Version, list(codes)]
    found = keeper.find(key, SUBSET) if keeps else None
    if found is not None:
        data, deflated = found
    else:
        data = cut(list(codes))
        deflated = zlib.compress(data)
        if keeps:
            keeper.keep(key, [data, deflated])
    if len(_MADE) >= MOST_SUBSETS:  # a long watch: no more than the subsets at hand (the others are compressed
        _MADE.clear()              # by ReportLab's filter, to the same bytes)
    _MADE[id(data)] = (data, deflated)
    return data


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

"""How ReportLab writes a PDF's streams, made faster once a process and the same bytes: a stream
compressed as soon as it is complete (`Deflated`), what was compressed before not compressed
again, ASCII text encoded as ASCII, not through ReportLab's character map, and each name of a
dictionary's keys written once."""

from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Callable

from reportlab.pdfbase import pdfdoc

# the ASCII characters PDFDocEncoding (ReportLab's "extpdfdoc") gives other codes: it is ASCII elsewhere
_NOT_AS_ASCII = re.compile("[\x18-\x1f]")


class Deflated(str):
    """A stream's content compressed as soon as it is complete, as ReportLab's filter would
    compress it when the file is written (the same call, the same bytes): the text itself is let
    go. It stands in for the text as a one-character string, never empty (an empty form is
    written as a test pattern)."""

    def __new__(cls, text: str, deflated: bytes | None = None):
        """`deflated`: the text as compressed before (PdfFile.form_deflated), not compressed again."""
        made = super().__new__(cls, " ")
        made.deflated = deflated if deflated is not None else \
            zlib.compress(text.encode("utf8") if isinstance(text, str) else text)
        return made


def compression_once(compressed: Callable[[object], bytes | None]) -> None:
    """ReportLab's Flate filter (zlib, as it calls it) given what was compressed before: a
    `Deflated` stream's bytes, what `compressed` knows (a font subset's bytes, render/subsets.py),
    and each small stream (a subset's ToUnicode map: the same few in every file) once a process."""
    flate = pdfdoc.PDFZCompress
    encode = flate.encode

    @functools.lru_cache(maxsize=256)
    def small(text):
        return encode(text)

    def encoded(text):
        if type(text) is Deflated:
            return text.deflated
        found = compressed(text)
        if found is not None:
            return found
        return small(text) if len(text) <= 4096 else encode(text)
    flate.encode = encoded


def ascii_once() -> None:
    """ReportLab encodes every string it writes (each page's and form's operators among them)
    with its PDFDocEncoding codec, a character map in Python: a booklet's operators took longer
    to encode than to compress. Text that is ASCII, and that codec writes as ASCII, is encoded
    as ASCII: the same bytes (tests/test_render.py checks every character), a thousand times as fast."""
    slow = pdfdoc.pdfdocEnc

    def encoded(text):
        if type(text) is str and text.isascii() and not _NOT_AS_ASCII.search(text):
            return text.encode("ascii")
        return slow(text)
    pdfdoc.pdfdocEnc = encoded


def names_once() -> None:
    """ReportLab writes each key of every dictionary (a page's /Type, /Resources, /Contents...) as
    a PDF name, character by character, each time: for a deck of 224 pages, 3,500 names a file, a
    tenth of writing it. A name is a function of its text alone: written once a process."""
    pdfdoc.PDFName = functools.lru_cache(maxsize=4096)(pdfdoc.PDFName)

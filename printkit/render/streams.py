"""How ReportLab writes a PDF's streams, made faster once a process and the same bytes: a stream
compressed as soon as it is complete (`Deflated`), what was compressed before not compressed
again, ASCII text encoded as ASCII, not through ReportLab's character map, each name of a
dictionary's keys written once, and a stream compressed before written once as it was."""

from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Callable

from reportlab.pdfbase import pdfdoc

# the ASCII characters PDFDocEncoding (ReportLab's "extpdfdoc") gives other codes: it is ASCII elsewhere
_NOT_AS_ASCII = re.compile("[\x18-\x1f]")
_NOT_AS_ASCII_CHARS = tuple(map(chr, range(0x18, 0x20)))
MOST_WRITTEN = 32 * 2**20  # bytes of streams kept written (a 1,000-card deck's 224 pages: some 1 MB)


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


def _not_as_ascii(text: str) -> bool:
    """Whether ASCII text holds a character PDFDocEncoding gives another code: a short text searched
    at once, a long one (a stream) for each such character in turn, each a scan at machine speed
    (a 40 kB stream: 7 us, where the search took 230)."""
    if len(text) <= 256:
        return _NOT_AS_ASCII.search(text) is not None
    return any(char in text for char in _NOT_AS_ASCII_CHARS)


def ascii_once() -> None:
    """ReportLab encodes every string it writes (each page's and form's operators among them)
    with its PDFDocEncoding codec, a character map in Python: a booklet's operators took longer
    to encode than to compress. Text that is ASCII, and that codec writes as ASCII, is encoded
    as ASCII: the same bytes (tests/test_render.py checks every character), a thousand times as fast."""
    slow = pdfdoc.pdfdocEnc

    def encoded(text):
        if type(text) is str and text.isascii() and not _not_as_ascii(text):
            return text.encode("ascii")
        return slow(text)
    pdfdoc.pdfdocEnc = encoded


def names_once() -> None:
    """ReportLab writes each key of every dictionary (a page's /Type, /Resources, /Contents...) as
    a PDF name, character by character, each time: for a deck of 224 pages, 3,500 names a file, a
    tenth of writing it. A name is a function of its text alone: written once a process."""
    pdfdoc.PDFName = functools.lru_cache(maxsize=4096)(pdfdoc.PDFName)


def written_once() -> None:
    """A page's stream written as ReportLab writes it (compressed, in ASCII85, its dictionary of
    filters and length), once a process for the same compressed bytes: a page drawn again from
    what was kept (printkit/render/kept_pages.py) has the very stream it had, so a watch's build of
    a 224-page deck writes one page's stream, not 224. Only a stream of nothing but its content
    (no dictionary of its own: a page's), in a document that is not encrypted (printkit's never
    are); at most MOST_WRITTEN bytes kept, the oldest let go of first."""
    plain = pdfdoc.PDFStream.format
    kept: dict = {}  # (compressed bytes, the filters) -> the stream as written; in the order written
    size = [0]

    def written(self, document):
        content = self.content
        if type(content) is not Deflated or self.dictionary.dict or self.filters is None or \
                type(document.encrypt) is not pdfdoc.NoEncryption:
            return plain(self, document)
        key = (content.deflated, tuple(map(id, self.filters)))
        found = kept.get(key)
        if found is None:
            found = kept[key] = plain(self, document)
            size[0] += len(found)
            while size[0] > MOST_WRITTEN:
                size[0] -= len(kept.pop(next(iter(kept))))
        return found
    pdfdoc.PDFStream.format = written

"""A PDF stream's bytes, decoded as pypdf decodes them but at C speed for the filters a card PDF's
streams are written with (ASCII85, then Flate, no parameters): pypdf's ASCII85 decoder is pure
Python, some 0.5 s a megabyte, more than reading a deck's pictures costs otherwise. A stream with
any other filter, any /DecodeParms, or bytes that are not plainly valid is decoded by pypdf, which
then raises what it raises for it; the output is bounded as pypdf bounds it."""

from __future__ import annotations

import zlib

import numpy
from pypdf.generic import ArrayObject, ContentStream, StreamObject

MOST = 75_000_000  # bytes a stream may decode to: pypdf's own bound for Flate
OURS = {"/ASCII85Decode", "/A85", "/FlateDecode", "/Fl"}
WHITE = b" \t\n\r\x0c\x00"


def decoded(stream) -> bytes:
    """`stream.get_data()`, faster where it can be."""
    raw, filters = getattr(stream, "_data", None), _filters(stream.get("/Filter"))
    if not isinstance(raw, bytes) or not filters or stream.get("/DecodeParms") is not None or not set(filters) <= OURS:
        return stream.get_data()
    data = raw
    for name in filters:
        data = _a85(data) if name in ("/ASCII85Decode", "/A85") else _flate(data)
        if data is None:
            return stream.get_data()
    return data


def operations(contents, pdf) -> list | None:
    """The operations of a content stream (a stream or an array of them, joined as pypdf joins
    them), parsed by pypdf from bytes decoded here; None for no stream (as pypdf's get_contents)."""
    contents = contents.get_object()
    if isinstance(contents, ArrayObject):
        return ContentStream(contents, pdf).operations  # rare in a card PDF: pypdf's own way, its bounds
    if not isinstance(contents, StreamObject):
        return None
    parsed = ContentStream(None, pdf)
    parsed.set_data(decoded(contents))
    return parsed.operations


def _filters(value) -> list[str]:
    if value is None:
        return []
    value = value.get_object()
    return [str(name.get_object()) for name in (value if isinstance(value, list) else [value])]


def _flate(data: bytes) -> bytes | None:
    decompressor = zlib.decompressobj()
    try:
        out = decompressor.decompress(data, MOST)
    except zlib.error:
        return None  # pypdf tries harder to recover a damaged stream
    return None if decompressor.unconsumed_tail or not decompressor.eof else out


def _a85(data: bytes) -> bytes | None:
    """ASCII85, `<~ ... ~>` or bare, whitespace anywhere; None where anything is not plain."""
    text = data.translate(None, WHITE)
    if text.startswith(b"<~"):
        text = text[2:]
    end = text.rfind(b"~>")
    if end < 0 or text[end + 2:] or b"~" in text[:end]:
        return None
    text = text[:end]
    if b"z" in text:
        chars = numpy.frombuffer(text, dtype=numpy.uint8)
        at = numpy.flatnonzero(chars == ord("z"))
        if numpy.any((at - numpy.arange(len(at))) % 5):  # a z only where a group of five starts
            return None
        text = text.replace(b"z", b"!!!!!")
    tail = len(text) % 5
    if tail == 1:
        return None
    chars = numpy.frombuffer(text + b"u" * ((5 - tail) % 5), dtype=numpy.uint8).reshape(-1, 5)
    if chars.size and (chars.min() < ord("!") or chars.max() > ord("u")):
        return None
    values = numpy.zeros(len(chars), dtype=numpy.uint64)
    for column in range(5):  # a group's five digits, base 85, most significant first
        values = values * 85 + (chars[:, column] - 33)
    if values.size and int(values.max()) > 0xFFFFFFFF:
        return None
    out = values.astype(">u4").tobytes()
    return out[:len(out) - (5 - tail) % 5] if tail else out

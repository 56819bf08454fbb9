"""What each page of a built PDF is, for its pictures (printkit/live/pictures.py): a digest of the
page's dictionary and of everything it reaches (its content streams as stored, resources, fonts,
images, forms), but not of its place in the page tree. Two pages alike in all that draw alike.

printkit's PDFs are ReportLab's, which writes them one way: each object once, in order, a plain
cross-reference table and no object streams. Such a file is read here as it lies, its objects
found from the table and their references followed by number (a deck of 1,000 cards' 224 pages in
a hundredth of a second, where pypdf parses every object in a quarter of one). A file that is not
written so, or that this reading is unsure of, is read with pypdf instead, as a PDF of any origin.
"""

from __future__ import annotations

import hashlib
import io
import re

XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
TABLE = re.compile(rb"xref\s+0 (\d+)\s+")
ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])\s{1,2}")
ROOT = re.compile(rb"/Root (\d+) 0 R")
PAGES = re.compile(rb"/Pages (\d+) 0 R")
KIDS = re.compile(rb"/Kids \[([\d\sR]*)\]")
# a reference, or a literal string (whose words are kept as they are, never read as a reference)
TOKEN = re.compile(rb"\((?:[^()\\]|\\.)*\)|(\d+) (\d+) R\b", re.S)
PARENT = re.compile(rb"/Parent \d+ 0 R")  # its place in the page tree, which reaches every other page
STREAM = re.compile(rb">>\s*stream\r?\n")
LENGTH = re.compile(rb"/Length (\d+)\b(?! \d+ R)")
TREE_KEYS = {b"/Count", b"/Kids", b"/Type", b"/Pages"}  # all a page tree ReportLab writes names


class Unsure(Exception):
    """The file is not as ReportLab writes it: read with pypdf."""


def page_digests(data: bytes) -> list[str] | None:
    """Each page's digest, in page order; None when the file cannot be read (every page is then
    drawn again)."""
    try:
        return written_digests(data)
    except (Unsure, RecursionError, ValueError, KeyError):
        return parsed_digests(data)


# --- a PDF as ReportLab writes it ---------------------------------------------------------------------

def written_digests(data: bytes) -> list[str]:
    """The pages' digests read from the file as it lies (Unsure where it is not as ReportLab writes it)."""
    table, trailer = _table(data)
    objects = _objects(data, table)
    root = _number(ROOT, trailer)
    tree = _header(objects[_number(PAGES, _header(objects[root]))])
    kids = KIDS.search(tree)
    if kids is None or set(re.findall(rb"/[A-Za-z]+", tree)) - TREE_KEYS:
        raise Unsure  # a tree of trees, or attributes its pages inherit
    pages = [int(n) for n in re.findall(rb"(\d+) 0 R", kids.group(1))]
    if any(b"/Type /Pages" in _header(objects[n]) for n in pages):
        raise Unsure  # a tree of trees
    known: dict[int, str] = {}
    return [_digest(n, objects, known) for n in pages]


def _table(data: bytes) -> tuple[dict[int, int], bytes]:
    """Each object's offset, by number, from the one cross-reference table (-1: the table's own);
    and the trailer."""
    end = XREF.search(data, max(0, len(data) - 64))
    if end is None:
        raise Unsure
    start = int(end.group(1))
    head = TABLE.match(data, start)
    if head is None:  # a cross-reference stream, or no table where it says
        raise Unsure
    count, at, table = int(head.group(1)), head.end(), {}
    for number in range(count):
        entry = ENTRY.match(data, at)
        if entry is None:
            raise Unsure
        if entry.group(3) == b"n":
            table[number] = int(entry.group(1))
        at = entry.end()
    table[-1] = start
    trailer = data[at:end.start()]
    if not trailer.lstrip().startswith(b"trailer") or b"/Encrypt" in trailer or b"/Prev" in trailer:
        raise Unsure
    return table, trailer


def _objects(data: bytes, table: dict[int, int]) -> dict[int, bytes]:
    """Each object's bytes between `N 0 obj` and `endobj`: up to the next object's offset, so that a
    stream's bytes are never searched for its end."""
    placed = sorted((offset, number) for number, offset in table.items())
    if placed[-1][1] != -1:
        raise Unsure  # an object after the table
    objects = {}
    for (offset, number), (end, _) in zip(placed, placed[1:]):
        body = data[offset:end].rstrip()
        opening = b"%d 0 obj" % number
        if not body.startswith(opening) or not body.endswith(b"endobj"):
            raise Unsure
        objects[number] = body[len(opening):-len(b"endobj")]
    return objects


def _header(body: bytes) -> bytes:
    """An object but its stream's bytes."""
    stream = STREAM.search(body)
    return body if stream is None else body[:stream.start() + 2]


def _digest(number: int, objects: dict[int, bytes], known: dict[int, str]) -> str:
    """An object's digest, each reference replaced by its object's (each object taken once: a font
    shared by 224 pages, once); a stream's bytes as stored."""
    if number in known:
        if known[number] is None:  # reached again inside itself
            raise Unsure
        return known[number]
    known[number] = None
    body = objects[number]
    stream = STREAM.search(body)
    header = body if stream is None else body[:stream.start() + 2]
    digest = hashlib.sha256(_referenced(PARENT.sub(b"", header), objects, known))
    if stream is not None:
        digest.update(b"\0" + hashlib.sha256(_stream(header, body[stream.end():])).digest())
    known[number] = digest.hexdigest()
    return known[number]


def _referenced(header: bytes, objects: dict[int, bytes], known: dict[int, str]) -> bytes:
    """The object's words, each reference in them replaced by the digest of what it refers to."""
    def replaced(token: re.Match) -> bytes:
        if token.group(1) is None:
            return token.group(0)  # a string
        if token.group(2) != b"0":
            raise Unsure
        return b"<%s>" % _digest(int(token.group(1)), objects, known).encode()

    rest = TOKEN.sub(b"", header)
    if b"(" in rest or b")" in rest:
        raise Unsure  # a string with parentheses in it: not told from the references round it here
    return TOKEN.sub(replaced, header)


def _stream(header: bytes, data: bytes) -> bytes:
    """A stream's bytes as stored: exactly its /Length of them, then its end."""
    length = LENGTH.search(header)
    if length is None:
        raise Unsure
    size = int(length.group(1))
    if data[size:].strip() != b"endstream":
        raise Unsure
    return data[:size]


def _number(pattern: re.Pattern, text: bytes) -> int:
    found = pattern.search(text)
    if found is None:
        raise Unsure
    return int(found.group(1))


# --- a PDF of any origin ----------------------------------------------------------------------------------

def parsed_digests(data: bytes) -> list[str] | None:
    """The pages' digests as pypdf reads the file; None when it cannot."""
    from pypdf import PdfReader  # here: a quarter of a second's import that serve's start need not wait for
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        known: dict = {}
        return [_parsed(page, known) for page in reader.pages]
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _parsed(value, known: dict) -> str:
    """A value's digest, each indirect object's taken once."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    if isinstance(value, IndirectObject):
        key = (value.idnum, value.generation)
        if key not in known:
            known[key] = f"cycle {key}"  # an object reached again inside itself (a /Parent loop) names itself
            known[key] = _parsed(value.get_object(), known)
        return known[key]
    digest = hashlib.sha256(type(value).__name__.encode())
    if isinstance(value, DictionaryObject):
        for name in sorted(value):
            if name != "/Parent":
                digest.update(f"{name}\0{_parsed(value.raw_get(name), known)}\0".encode())
        if isinstance(value, StreamObject):
            digest.update(hashlib.sha256(value._data or b"").digest())  # as stored: no filter decoded
    elif isinstance(value, ArrayObject):
        for item in value:
            digest.update(f"{_parsed(item, known)}\0".encode())
    else:
        digest.update(repr(value).encode())
    return digest.hexdigest()

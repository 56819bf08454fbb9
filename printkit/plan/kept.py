"""The plan's marks as bytes, to be kept between builds and read back: the plan's own codec.

Marks are the plain data classes of `printkit.plan` (geometry, marks, text); each is pickled as its
class and its fields, and read back by an unpickler that knows those classes and nothing else
(pickle's "restricting globals"): bytes that name anything else are no value, never code run.
The plan names its classes here itself, so that what keeps them (the pipeline's page cache,
printkit/pipeline/cache.py, in a store of bytes, printkit/ground/store.py) needs to know none of
them. The same pickling of the fields a mark draws with is its digest (`digest_of`): a card's
fingerprint in printed.json, a page's key in the page cache. Neither may change by a byte
without every kept page and every recorded card becoming another: a field a mark gained later is
written only when it is not at its default (the `later` table of `_marks`).

The classes are loaded when a value is first pickled or read, not when this is imported: a build
or validate with nothing to plan need not load printkit.plan's text and fonts.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import operator
import pickle
from typing import Any

from printkit.plan.kept_marks import Joined, Marks

MISSING = object()  # what `unpickled` gives for bytes that are no value of the plan's


def pickled(value: Any) -> bytes | None:
    """`value` (marks, or plain data: lists, dicts, numbers, text) as bytes; None where it is not
    only that (it could not be read back)."""
    try:
        buffer = io.BytesIO()
        _writer(buffer).dump(value)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return buffer.getvalue()


def unpickled(data: bytes):
    """The value in `data`, or MISSING if it is damaged or is not marks and plain data."""
    try:
        return _Reader(io.BytesIO(data)).load()
    except (pickle.UnpicklingError, EOFError, ValueError, KeyError, TypeError, IndexError, AttributeError,
            RecursionError, MemoryError):
        return MISSING


def digest_of(value: Any, known: bool = False) -> str:
    """The SHA-256 of marks (a planned document and everything in it), by what they draw; `known`:
    marks kept (Marks) count by their own digest (never for a card's fingerprint, which is its
    marks')."""
    buffer = io.BytesIO()
    writer = _writer(buffer, drawn=True, known=known)
    writer.fast = True  # no memo: equal marks give equal bytes, however their objects are shared
    writer.dump(value)
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def joined(head: tuple, body) -> tuple | Joined:
    """`head`'s marks then `body`'s, as one page's marks: where `body` was kept (a Marks), a Joined,
    which is digested from `head` and `body`'s digest without `body` being read (a sheet's footer
    over a setup sheet kept: its page is digested and found drawn without unpickling it)."""
    return Joined(head, body, _joined_digest) if type(body) is Marks else tuple(head) + tuple(body)


def _joined_digest(head: tuple, body: Marks) -> str:
    """A Joined's digest, where it is asked for: a digest of one, `known`."""
    return digest_of(("joined", head, body), known=True)


@functools.cache
def _marks() -> tuple[dict, dict, dict]:
    """The mark classes by (module, name), the fields kept of each, and those it gained later."""
    from printkit.plan import geometry, marks, text

    kinds = {(cls.__module__, cls.__qualname__): cls for cls in (
        geometry.Rect, geometry.Segment, geometry.Paper, marks.Line, marks.Box, marks.Polygon, marks.Circle,
        marks.Ellipse, marks.Gradient, marks.Group, marks.UseForm, marks.Form, marks.Page, marks.Document, text.Text,
        text.TextLine)}
    fields = {cls: tuple(field.name for field in dataclasses.fields(cls) if field.metadata.get("kept", True))
              for cls in kinds.values()}  # a text's `where` is not kept: a page found again reports nothing
    # Fields a mark gained after printkit first kept it: written only when not at their defaults, so
    # a card drawn as before keeps its fingerprint (printed.json) and a page its kept value.
    # (`item` and `where`, what a mark is and the layer's FILE:LINE, came last: preflight's words.)
    later = {marks.Group: ("opacity", "clip"), marks.Circle: ("dash", "where"),
             marks.Polygon: ("dash", "closed", "where"), marks.Line: ("item", "where"), marks.Box: ("item", "where"),
             marks.Ellipse: ("where",), marks.Document: ("page_layout",)}
    return kinds, fields, later


def _reducer(cls, fields: tuple, later: tuple):
    """A mark's class and fields, those it gained later left off the end while they are at their defaults."""
    first = operator.attrgetter(*fields[:-len(later)])
    defaults = tuple(field.default for field in dataclasses.fields(cls) if field.name in later)

    def reduce(value):
        extra = tuple(getattr(value, name) for name in later)
        while extra and extra[-1] == defaults[len(extra) - 1]:
            extra = extra[:-1]
        return cls, first(value) + extra
    return reduce


def _writer(file, drawn: bool = False, known: bool = False) -> pickle.Pickler:
    """Pickles marks as their class and fields: read back, a call to the class, which _Reader
    knows. (Anything else that is not plain data could not be read back: it is never found.)"""
    writer = pickle.Pickler(file, protocol=pickle.HIGHEST_PROTOCOL)
    writer.dispatch_table = _dispatch(drawn, known)
    return writer


@functools.cache
def _dispatch(drawn: bool = False, known: bool = False) -> dict:
    """How each mark is pickled: all its kept fields, or (`drawn`, for a digest) only those it is
    compared by, what it draws: where a mark was planned from is no part of its fingerprint.
    `known` (a digest never compared with a card's fingerprint): marks kept (Marks) by the key
    they are kept under, never read for it."""
    _, fields, later = _marks()
    if drawn:
        compared = {cls: {field.name for field in dataclasses.fields(cls) if field.compare} for cls in fields}
        fields = {cls: tuple(name for name in kept if name in compared[cls]) for cls, kept in fields.items()}
        later = {cls: tuple(name for name in names if name in compared[cls]) for cls, names in later.items()}
        later = {cls: names for cls, names in later.items() if names}
    table = {cls: (lambda value, cls=cls, get=operator.attrgetter(*kept): (cls, get(value)))
             for cls, kept in fields.items() if cls not in later}
    table.update({cls: _reducer(cls, fields[cls], later[cls]) for cls in later})
    if known:
        table[Marks] = lambda value: (str, ("kept marks " + value.digest,))
        table[Joined] = lambda value: (tuple, (("joined", value.head, value.body),))  # its body never read for it
    return table


class _Reader(pickle.Unpickler):
    """Unpickles the mark classes and nothing else."""

    def find_class(self, module: str, name: str):
        try:
            return _marks()[0][(module, name)]
        except KeyError:
            pass
        from printkit.plan.marks import DieLine, Picture  # pickled as data classes are (their digests as ever)

        if (module, name) in {(cls.__module__, cls.__qualname__) for cls in (Picture, DieLine)}:
            return Picture if name == "Picture" else DieLine
        raise pickle.UnpicklingError(f"not a mark: {module}.{name}") from None

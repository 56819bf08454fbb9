"""The page cache: planned pages (and their drawings) kept between builds, so that an edit plans
again only the pages it changes. The pipeline keeps plans: what to keep, under what key, and
which store is in use is decided here; the stages below keep nothing themselves, they are handed
the cache in use (`KEPT`: a kit's `keeper`, the drawing's `keeper`, the plan's fonts' hook).

A value is asked for with `kept(inputs, make)`, where `inputs` names everything the value is made
from (content, the words' fingerprint, the page's box, the options). The value is kept under the
SHA-256 of those inputs and of printkit's own code and fonts, so a changed input or a new printkit
never finds an old page. It is kept as bytes (the plan's own codec, printkit/plan/kept.py: marks
and plain data, read back by an unpickler that knows the plan's classes and nothing else), in a
signed, bounded store of bytes (printkit/ground/store.py: `pages.sqlite` in `PRINTKIT_CACHE`,
else `$XDG_CACHE_HOME/printkit/pages`, else `~/.cache/printkit/pages`; `PRINTKIT_CACHE=off`
turns it off), outside the output folder: a build's outputs are what they would be without it,
byte for byte. A value found is checked against the shape its caller expects; a damaged, foreign
or misshapen value is a page planned again, never an error and never code run. A store that
cannot be used keeps nothing.

Beside the pages, the cache notes which files planned without a problem (`note_planned`), under
the fingerprint the build manifest compares (content, templates, options with the paper, printkit's
code and fonts), with their page counts: `validate` plans again only the files it does not find
there (`planned`), on either paper.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable

from printkit.ground.store import Store
from printkit.pipeline.cores import beside, spare
from printkit.pipeline.held import Held
from printkit.pipeline.manifest import MAX_PAGES, code_digest
from printkit.plan import kept as codec
from printkit.plan.kept_marks import Joined, Marks
from printkit.plan.page_digest import page_digest as digest_of_page

FORMAT = 2


class PageCache:
    """Values kept by their inputs in a store of bytes in `folder`, or in none (`folder` None:
    every value is made)."""

    def __init__(self, folder: Path | None, write: bool = True):
        self.folder, self.write = folder, write  # validate reads what builds kept, and keeps nothing
        self.store = Store(folder, write)
        self.made = self.found = 0  # counted, for the tests and the benchmark
        self._code: str | None = None  # printkit's code and fonts: a new printkit plans every page again
        self.held = Held()  # values asked for `held`, as read (watch and serve: one process, many builds)

    def keeps(self) -> bool:
        """Whether what is made is kept (or, read only, looked up): a folder is given."""
        return self.folder is not None

    def kept(self, inputs: Any, make: Callable[[], Any], shape: Any = None) -> Any:
        """The value kept under `inputs`, or `make()` (kept). With a `shape` (see `fits`), a value
        found of another shape is made again."""
        if not self.store.opened():
            return make()
        name = self._key(inputs)
        value = self._read(name)
        if value is not codec.MISSING and (shape is None or fits(value, shape)):
            self.found += 1
            return value
        value = make()
        self.made += 1
        self._keep(name, value)
        return value

    def find(self, inputs: Any, shape: Any = None, held: bool = False) -> Any:
        """The value kept under `inputs` (of `shape`), or None (then made, and kept with `keep`).
        `held`: a value its callers only read (a page's drawing), held in this process as read, for
        the next build of a long-lived one (still looked up in the store, where it may be gone)."""
        name = self._key(inputs) if self.store.opened() else None
        value = codec.MISSING if name is None else self.held.get(name, self.store) if held else codec.MISSING
        if value is codec.MISSING and name is not None:
            value = self._read(name)
            if held and value is not codec.MISSING:
                self.held.put(name, value)
        if value is codec.MISSING or shape is not None and not fits(value, shape):
            return None
        self.found += 1
        return value

    def keep(self, inputs: Any, value: Any, held: bool = False) -> None:
        """`value` kept under `inputs` (what `find` did not find, made); `held` as `find` holds it."""
        if self.store.opened():
            self.made += 1
            name = self._key(inputs)
            self._keep(name, value)
            if held:
                self.held.put(name, value)

    def kept_marks(self, inputs: Any, make: Callable[[], Any], shape: Any) -> tuple:
        """`kept`, for a value that is pages' marks (a list of lists, or a tuple of as many as
        `shape` says): each page a Marks, its digest that of the key it is kept under. A value
        found is read when its marks are first asked for (unpickling a spread's marks costs more
        than everything else an edit does with it: its digest and its drawing are known without)."""
        if self.folder is None:
            return tuple(tuple(page) for page in make())
        return self.find_marks(inputs, shape, make) or self.keep_marks(inputs, make())

    def find_marks(self, inputs: Any, shape: Any, make: Callable[[], Any] | None = None) -> tuple | None:
        """The pages' marks kept under `inputs` (`kept_marks`), each a Marks read when first asked
        for (then, gone or misshapen, made by `make`), or None: none kept (see `keep_marks`)."""
        opened, name = self.store.opened(), self._key(inputs)
        if not opened or not self.store.there(name):  # read (and its signature checked) only if asked for
            return None
        self.found += 1
        later = Later(self, name, make or (lambda: ()), shape)
        return tuple(Marks.later(later, n, digest) for n, digest in enumerate(_digests(name, len(shape))))

    def keep_marks(self, inputs: Any, value) -> tuple:
        """Pages' marks made (what `find_marks` did not find), kept under `inputs`: each a Marks."""
        name = self._key(inputs)
        if self.store.opened():
            self.made += 1
            self._keep(name, value)
        return tuple(Marks.known(page, digest) for page, digest in zip(value, _digests(name, len(value))))

    def read_again(self, name: str, shape: Any):
        """The value kept under the key `name` if it is still there, signed and of `shape`; else None."""
        value = self._read(name) if self.store.opened() else codec.MISSING
        return None if value is codec.MISSING or not fits(value, shape) else value

    def kept_again(self, name: str, value: Any) -> None:
        """A value found gone or misshapen when it was read (Later), made again and kept."""
        self.made += 1
        self._keep(name, value)

    def planned(self, file: str, fingerprint: str) -> int | None:
        """The page count of `file` (game/name), noted as planned without a problem from the inputs
        `fingerprint` names, or None: it is to be planned."""
        if not self.store.opened():
            return None
        return self.store.count(_planned_key(file, fingerprint), MAX_PAGES)

    def note_planned(self, file: str, fingerprint: str, pages: int) -> None:
        """`file` (game/name) planned without a problem from the inputs `fingerprint` names, in
        `pages` pages (kept nowhere by a cache that does not write)."""
        if self.write and self.store.opened():
            self.store.note_count(_planned_key(file, fingerprint), pages)

    def keys(self) -> set[str]:
        """The keys of every value kept (for the tests)."""
        return self.store.names()

    def flush(self) -> None:
        """What was kept and noted since the last flush, written (see Store.flush)."""
        self.store.flush()

    def close(self) -> None:
        self.store.close()

    def prune(self) -> None:
        self.store.prune()

    def _key(self, inputs: Any) -> str:
        text_ = _KEYS.encode([FORMAT, self._code or code_digest(), inputs])
        return hashlib.sha256(text_.encode("utf-8")).hexdigest()

    def _read(self, name: str):
        data = self.store.read(name)
        return codec.MISSING if data is None else codec.unpickled(data)

    def _keep(self, name: str, value: Any) -> None:
        if self.write and self.store.opened():
            data = codec.pickled(value)
            if data is not None:  # not marks: made every time
                self.store.keep(name, data)


class Later:
    """A value of pages' marks found kept (`kept_marks`), read (its signature checked) and
    unpickled when a page's marks are first asked for; one gone since, damaged or misshapen is
    then made again (and kept), as `kept` would have made it."""

    def __init__(self, cache: PageCache, name: str, make: Callable[[], Any], shape: Any):
        self.cache, self.name, self.make, self.shape = cache, name, make, shape
        self.value: tuple | None = None

    def pages(self) -> tuple:
        if self.value is None:
            value = self.cache.read_again(self.name, self.shape)
            if value is None:
                value = self.make()
                self.cache.kept_again(self.name, value)
            self.value, self.make = tuple(tuple(page) for page in value), None
        return self.value


@functools.lru_cache(maxsize=8192)
def _digests(name: str, count: int) -> tuple[str, ...]:
    """The digests of the pages of a value of marks kept under the key `name` (worked out once a
    process: a deck's unchanged cards are found under the same keys at every build of a watch)."""
    return tuple(hashlib.sha256(f"kept marks\0{name}\0{n}".encode()).hexdigest() for n in range(count))


def _planned_key(file: str, fingerprint: str) -> str:
    """A file's name and its fingerprint (files of a game made from the same inputs, templates
    and options share one: the manifest tells them apart by their paths)."""
    return hashlib.sha256(json.dumps([file, fingerprint]).encode("utf-8")).hexdigest()


def fits(value: Any, shape: Any) -> bool:
    """Whether a value found is of the shape its caller expects: a type (float takes an int too),
    or a tuple of shapes, one for each item of a list or tuple of as many items."""
    if isinstance(shape, tuple):
        return isinstance(value, (list, tuple)) and len(value) == len(shape) and \
            all(fits(item, part) for item, part in zip(value, shape))
    if shape is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, shape)


def _described(value: Any):
    """Inputs that are not JSON (a model's data classes): their repr, which names every field. A
    frozen data class's is written once a file (a scenario's setup is in the inputs of its spread
    and of each of its measures), as _DIGESTS keeps digests."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return repr(value)
    found = _REPRS.get(id(value))
    if found is None or found[0] is not value:
        if len(_REPRS) >= MOST_REPRS:  # (planned outside a build's files: validate, an export)
            _REPRS.clear()
        found = _REPRS[id(value)] = (value, repr(value))
    return found[1]


_REPRS: dict[int, tuple[Any, str]] = {}  # id of a frozen data class -> (it, its repr), for the file being planned
MOST_REPRS = 4096
# what a value's key is written as (json.dumps's encoder, made once: a watch's build asks for some 350 keys)
_KEYS = json.JSONEncoder(sort_keys=True, default=_described, ensure_ascii=False)


def default_folder() -> Path | None:
    chosen = os.environ.get("PRINTKIT_CACHE")
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "printkit" / "pages"


STORE = PageCache(None)  # the cache in use: set by a build (`use`), inherited by its forked workers


def use(folder: Path | None, write: bool = True) -> PageCache:
    """The cache the next builds use (and their workers, forked from this process)."""
    global STORE
    if (STORE.folder, STORE.write) != (folder, write):
        STORE.close()
        STORE = PageCache(folder, write)
    STORE.store.others_changed()  # what another process pruned since the last build looked up again
    return STORE


def keeps() -> bool:
    """Whether a cache is in use: what is made is kept (or, read only, looked up)."""
    return STORE.keeps()


def planned(file: str, fingerprint: str) -> int | None:
    return STORE.planned(file, fingerprint)


def note_planned(file: str, fingerprint: str, pages: int) -> None:
    STORE.note_planned(file, fingerprint, pages)


def flush() -> None:
    """What this process kept, written (a worker, at the end of each file it drew)."""
    STORE.flush()


class InUse:
    """The page cache in use, whichever `use` chose when it is asked: what the pipeline hands the
    stages below, which keep nothing themselves (a kit's `keeper`, for the pages its products
    plan; the drawing's, for the pages and forms it draws; the plan's fonts', for printkit's fonts
    as ReportLab parsed them). Each method is the PageCache's of that name."""

    def keeps(self) -> bool:
        return keeps()

    def kept(self, inputs: Any, make: Callable[[], Any], shape: Any = None) -> Any:
        return STORE.kept(inputs, make, shape)

    def kept_marks(self, inputs: Any, make: Callable[[], Any], shape: Any) -> tuple:
        return STORE.kept_marks(inputs, make, shape)

    def find_marks(self, inputs: Any, shape: Any, make: Callable[[], Any] | None = None) -> tuple | None:
        return STORE.find_marks(inputs, shape, make)

    def keep_marks(self, inputs: Any, value) -> tuple:
        return STORE.keep_marks(inputs, value)

    def find(self, inputs: Any, shape: Any = None, held: bool = False) -> Any:
        return STORE.find(inputs, shape, held)

    def keep(self, inputs: Any, value: Any, held: bool = False) -> None:
        STORE.keep(inputs, value, held)

    def digest(self, value: Any) -> str | None:
        return digest(value)

    def page_digest(self, page) -> str:
        return page_digest(page)

    def beside(self, there, here) -> tuple:
        """`here()` in this process and `there()` in a worker forked beside it where a core is free
        (printkit/pipeline/cores.py: `beside`): (here's result, there's, or None: not done there).
        The cache is written whole and closed first (a worker must not share this process's
        connection to it), and what the worker kept is written before it ends. Only where a cache
        keeps what is made: what is done there is for this process to keep, or to find kept."""
        if not spare() or not keeps() or not STORE.write or not STORE.store.opened():
            return here(), None  # (and the cache left open: closed, SQLite folds its log in, 25 ms in watch)

        def kept_there():
            done = there()
            STORE.flush()  # what it kept, written for this process to find
            return done
        STORE.close()
        return beside(kept_there, here)


KEPT = InUse()


def digest(value: Any) -> str | None:
    """The SHA-256 of marks, for the inputs of what is made from them (None: no cache in use,
    nothing to look up)."""
    if not keeps():
        return None
    return _digest_once(value)


def plan_digest(document, drawing: dict) -> str:
    """The SHA-256 of a planned document (a printkit.plan.marks.Document) and how it is drawn:
    what the manifest compares. Its forms (a booklet's pages) count by their own digests, which
    drawing them looks up again."""
    from printkit.plan.marks import Document

    if not isinstance(document, Document):  # a file planned as its bytes (a cut file)
        return codec.digest_of([drawing, document])
    forms = [(form.name, form.paper, _digest_once(form.marks)) for form in document.forms]
    # a page of a file without forms is digested alone, once, and found again to find its drawing kept
    pages = document.pages if document.forms else [page_digest(page) for page in document.pages]
    return codec.digest_of([drawing, document.title, document.subject, pages, document.duplex, document.glyphs, forms])


def page_digest(page) -> str:
    """The SHA-256 of a planned page, its marks kept (Marks) by their own digest; worked out once
    for the file being drawn (for its manifest and to find the page's drawing kept)."""
    found = _DIGESTS.get(id(page))
    if found is None or found[0] is not page:
        found = _DIGESTS[id(page)] = (page, digest_of_page(page, _DIGESTS))
    return found[1]


_DIGESTS: dict[int, tuple[Any, str]] = {}  # id of marks -> (them, their digest), for the file being drawn


def _digest_once(value: Any) -> str:
    if type(value) in (Marks, Joined):
        return value.digest
    found = _DIGESTS.get(id(value))
    if found is None or found[0] is not value:
        found = _DIGESTS[id(value)] = (value, codec.digest_of(value))
    return found[1]


def forget_digests() -> None:
    """The digests of a file's marks let go of, with the marks (once the file is drawn), and the
    reprs of its inputs."""
    _DIGESTS.clear()
    _REPRS.clear()

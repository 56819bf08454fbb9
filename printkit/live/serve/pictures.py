"""`printkit serve` starting on what the last build left (issue 41, point 5): the page lists every
picture before one is drawn; a picture the page asks for is drawn then (its page and the cards cut
from it), and the rest in the background, a page at a time. Once all of a PDF's pages are drawn
its stamp is written (printkit/live/pictures.py), so the edits that follow draw only the pages they change.
An edit's build stops this first; an edit made while pictures are still undrawn lists them again
from its PDFs, draws at once only the pages it changed, and leaves the rest to be drawn as before (as
asked for, and in the background): a save in the first seconds of serving a deck of 1,000 waited
for all of its 1,224 pictures (8 s) before its own was shown."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pypdfium2

from printkit.ground.errors import PrintkitError
from printkit.live.pictures import (PDFIUM, STAMP, cards_by_page, drawn, drawn_page, pixel_digest, png,
                               stamp_line, stamp_text, stamped, unchanged_pages, write_pictures)
from printkit.live.page_digests import page_digests
from printkit.plan.deck import DeckLayout
from printkit.load.project import refuse_links
from printkit.pipeline.write import Output


@dataclass
class Undrawn:
    """A PDF whose pictures are listed, not all drawn: drawn from the bytes it had when listed."""

    data: bytes
    layout: DeckLayout | None
    names: list[str]  # its pictures, pages then cards, as paths under the output folder
    pages: int
    pdf: str = ""  # its path under the output folder
    pixels: dict[str, str] = field(default_factory=dict)  # each drawn picture's pixels' digest, by file name
    pages_drawn: set[int] = field(default_factory=set)
    document: object = None
    digests: list[str] | None = None  # each page's digest as listed (None: not worked out, or unreadable)

    @property
    def folder(self) -> str:
        return self.names[0].rsplit("/", 1)[0]


class Lazy:
    """The pictures listed and not yet drawn, by path under the output folder."""

    def __init__(self, out: Path, dpi: int, scale: tuple[float, float], done: Callable[[], None] | None = None):
        self.out, self.dpi, self.scale, self.done = out, dpi, scale, done
        self.lock = threading.Lock()
        self.files: list[Undrawn] = []
        self.wanted: dict[str, tuple[Undrawn, int]] = {}  # a picture: its PDF, and the page it is drawn with
        self.listed: set[str] = set()  # every picture listed, drawn or not
        self.stopped = threading.Event()
        self.ended = False  # stopped, and what was drawn stamped (`stop`)
        self.thread: threading.Thread | None = None
        self.asking, self.counted = 0, threading.Lock()  # the pictures the page is waiting for
        self.changed: list[tuple[Undrawn, int]] = []  # the pages an edit changed, drawn at once (`draw_changed`)

    def list(self, shown: list, before: dict[str, list[str] | None] | None = None) -> int:
        """The pictures of every PDF shown that are not as its stamp says they were drawn (a
        page whose digest is the one they were drawn from keeps them); returns the pages to draw.
        `before`: each page's digest as an edit found it (`undrawn`, by PDF): a page the edit
        changed is among `changed`, the others are drawn as they are asked for."""
        for file in shown:
            names = file.images + file.cards
            if names:
                self._list(file, names, (before or {}).get(file.pdf, ()) if before is not None else None)
        return sum(file.pages - len(file.pages_drawn) for file in self.files)

    def undrawn(self) -> dict[str, list[str] | None] | None:
        """Each PDF's page digests as listed, where some of its pictures are not drawn yet (None: all are)."""
        if not self.some_undrawn():
            return None
        found = {}
        for file in self.files:
            if len(file.pages_drawn) < file.pages:
                if file.digests is None:
                    file.digests = page_digests(file.data)
                found[file.pdf] = file.digests
        return found or None

    def some_undrawn(self) -> bool:
        """Whether some of the pictures listed are not drawn yet."""
        return any(len(file.pages_drawn) < file.pages for file in self.files)

    def _list(self, file, names: list[str], before: list[str] | tuple | None = None) -> None:
        self.listed.update(names)
        data = (self.out / file.pdf).read_bytes()
        undrawn = Undrawn(data, file.layout, names, file.pages, pdf=file.pdf)
        stamp, pixels, drawn_from = stamped(self.out / undrawn.folder / STAMP)
        first = stamp_line(data, file.layout, self.dpi)
        on = cards_by_page(file.layout, file.pages)
        if stamp != first and (stamp or before is not None):
            undrawn.digests = page_digests(data)
        kept = set(range(file.pages)) if stamp == first else \
            unchanged_pages(stamp, first, drawn_from, undrawn.digests) if stamp else set()
        for index in range(file.pages):
            made = [names[n] for n in [index] + [n for n, _ in on.get(index, ())]]
            if index in kept and all(name.rsplit("/", 1)[1] in pixels and drawn(self.out / name) for name in made):
                undrawn.pages_drawn.add(index)
                undrawn.pixels.update({name.rsplit("/", 1)[1]: pixels[name.rsplit("/", 1)[1]] for name in made})
            else:
                self.wanted.update({name: (undrawn, index) for name in made})
                if before is not None and _changed(index, undrawn.digests, before, drawn_from):
                    self.changed.append((undrawn, index))
        if len(undrawn.pages_drawn) < file.pages:
            self.files.append(undrawn)

    def draw_changed(self, cards_written: Callable[[], None] | None = None) -> None:
        """The pages an edit changed (`list`'s `before`), drawn now, their cards with them: the
        first page's cards written before its own picture, and `cards_written()` told then (the
        card edited is the picture awaited; the page's, three times as big to write, comes after)."""
        for file, index in self.changed:
            with self.lock:
                self._draw(file, index, cards_written)
            cards_written = None
        self.changed = []

    def draw(self, picture: str) -> bool:
        """Whether `picture` (a path under the output folder) is now drawn, having been listed."""
        if picture not in self.wanted:  # drawn (or never listed): answered without waiting for a drawing
            return picture in self.listed
        self._ask(1)  # the background lets it go first (a lock is not fair: it would take it again and again)
        try:
            with self.lock:
                found = self.wanted.get(picture)
                if found is None:  # drawn meanwhile (the background's, while this waited), or never listed
                    return picture in self.listed
                return self._draw(*found)
        except (PrintkitError, OSError):  # the folder gone or a link: not drawn (the page is told 404)
            return False
        finally:
            self._ask(-1)

    def _ask(self, more: int) -> None:
        with self.counted:
            self.asking += more

    def start(self, after: threading.Event | None = None, within: float = 0.0) -> None:
        """The background's drawing begun, once `after` is set or `within` seconds on (the page
        served first: drawn meanwhile, a deck of 1,000's pictures would slow its making)."""
        self.thread = threading.Thread(target=self._all, args=(after, within), daemon=True)
        self.thread.start()

    def halt(self) -> None:
        """No picture begun from now on; the one being drawn is finished (an edit's build is about
        to replace the PDFs, and runs meanwhile: `stop` once it is built, before the pictures are
        listed again)."""
        self.stopped.set()

    def stop(self, join: bool = True) -> None:
        """No picture drawn from now on, those drawn stamped, the background's drawing ended (once:
        again, nothing). `join` False: not waited for to end (serve's build holds the lock its
        last call, Proofing._drawn, takes; no picture is drawn after this returns, either way)."""
        if self.ended:
            return
        self.ended = True
        self.stopped.set()
        with self.lock:
            self.wanted.clear()
            self.listed.clear()
            for file in self.files:
                if file.pages_drawn and len(file.pages_drawn) < file.pages:
                    try:
                        self._stamp(file)
                    except (PrintkitError, OSError):  # not kept: the edit draws those pages again
                        pass
                _close(file)
        if join and self.thread and self.thread is not threading.current_thread():
            self.thread.join()

    def draw_all(self) -> None:
        """Every picture listed, drawn now."""
        for file in list(self.files):
            for index in range(file.pages):
                with self.lock:
                    self._draw(file, index)

    def _all(self, after: threading.Event | None = None, within: float = 0.0) -> None:
        end = time.monotonic() + within
        while after is not None and not after.is_set() and not self.stopped.is_set() and time.monotonic() < end:
            after.wait(0.02)
        try:
            for file in list(self.files):
                for index in range(file.pages):
                    while self.asking:
                        time.sleep(0.002)
                    with self.lock:
                        if self.stopped.is_set() or not self._draw(file, index):
                            return
        except (PrintkitError, OSError):  # the output folder gone or refused: drawn when asked for, or by an edit
            return
        if self.done and not self.stopped.is_set():
            self.done()

    def _draw(self, file: Undrawn, index: int, cards_written: Callable[[], None] | None = None) -> bool:
        """The page's picture and its cards', unless drawn; the stamp once every page is. With
        `cards_written`, the cards' pictures are written first, and it is told of them then."""
        if self.stopped.is_set():
            return False
        if index in file.pages_drawn:
            return True
        try:
            refuse_links([self.out / file.folder], self.out)
        except PrintkitError:
            return False
        if file.document is None:
            with PDFIUM:
                file.document = pypdfium2.PdfDocument(file.data)
        made = drawn_page(file.document, index, file.layout, self.dpi, self.scale, None,
                          cards_by_page(file.layout, file.pages))
        page, cards = made[:1], made[1:]
        for part in ([cards, page] if cards_written and cards else [made]):
            write_pictures([Output(self.out / file.names[n], png(image), 1) for n, image in part],
                           self.out / file.folder)
            for n, _ in part:
                self.wanted.pop(file.names[n], None)  # (asked for now, answered at once: `draw`)
            if part is cards:
                cards_written()
        file.pixels.update({file.names[n].rsplit("/", 1)[1]: pixel_digest(image) for n, image in made})
        file.pages_drawn.add(index)
        if len(file.pages_drawn) == file.pages:
            self._stamp(file)
        return True

    def _stamp(self, file: Undrawn) -> None:
        """The stamp of the pages drawn (all, or those drawn when an edit stopped the drawing: the
        edit draws the others, and those it changed)."""
        first = stamp_line(file.data, file.layout, self.dpi)
        if file.digests is None:  # (worked out once: `undrawn` after an edit asks for them again)
            file.digests = page_digests(file.data)
        digests = file.digests or []
        pages = {n: digest for n, digest in enumerate(digests) if n in file.pages_drawn}
        pixels = {name.rsplit("/", 1)[1]: file.pixels[name.rsplit("/", 1)[1]] for name in file.names
                  if name.rsplit("/", 1)[1] in file.pixels}
        write_pictures([Output(self.out / file.folder / STAMP, stamp_text(first, pixels, pages).encode(), 0)],
                       self.out / file.folder)
        _close(file)


def _changed(index: int, now: list[str] | None, before: list[str] | tuple | None, drawn_from: dict[int, str]) -> bool:
    """Whether an edit changed a page not drawn as it is now: its digest is not what it was before
    the edit (as listed, where its pictures were still to draw; else as its stamp says it was drawn)."""
    if now is None or index >= len(now):
        return True
    if before and index < len(before):
        return before[index] != now[index]
    return drawn_from.get(index) != now[index]


def _close(file: Undrawn) -> None:
    if file.document is not None:
        with PDFIUM:
            file.document.close()
        file.document = None

"""`printkit serve`: the proofing page, live. It builds and previews as `printkit preview` does,
serves the page on the loopback address (printkit/live/serve/server.py), then follows every edit of
content/ and templates/ as `printkit watch` does: each settled edit is built and previewed again
(only what it changed is drawn and rendered), and every open page is told the new pictures'
versions, which it swaps in place (printkit/live/serve/live.js) without reloading. A failed build's
problems go to the page as well as to the terminal, the last good pictures stay, marked stale,
until an edit builds again.

After `printkit printed`, the page can list each card changed since, as recorded (its words, and its
picture when serve showed the card as it was recorded) beside as it is now (its picture and words)."""

from __future__ import annotations

import hashlib
import os
import threading
from stat import S_ISREG
import time
import traceback
from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

from printkit.live.errata.record import path_for as record_path
from printkit.ground.errors import PrintkitError, Problem
from printkit.live.languages import game_of, own_name
from printkit.live.preview import FOLDER, INDEX, Shown, preview
from printkit.live.serve.pictures import Lazy
from printkit.live.serve.published import Live
from printkit.live.serve.server import Server
from printkit.live.watch import HEARD, attempt, built, follow, games_after
from printkit.pipeline.warm import warm
from printkit.pipeline.write import Output, write_outputs

DIGEST = 12  # hex digits of a picture's digest in its URL: enough to tell one version from the next
AS_PRINTED = "_printed"  # preview/<game>/_printed/<fingerprint>.png: a card's picture as `printkit printed` recorded it
EAGER = 24  # pages: at start, as few pictures as these to draw are drawn before the page is served, more as asked for
# seconds at most an edit's index waits for the open pages to fetch its new pictures (one out of sight is
# not fetched until scrolled to): made meanwhile, it would slow the serving of the picture awaited
FETCHED_WITHIN = 0.3
# seconds at most serve's start waits for the page to be shown before it draws the rest of the pictures
# in the background (a page asked for is drawn at once, whenever)
SHOWN_WITHIN = 1.0
# seconds after an edit made while pictures are still undrawn before the background draws them again:
# drawn meanwhile (in this process), they would slow the next save's build and its pictures
AFTER_AN_EDIT = 1.0


class Proofing:
    """The served preview of some games: rebuilt on each edit, its state published to every page."""

    def __init__(self, games, content: Path, out: Path, options, dpi: int, say: Callable[[str], None],
                 complain: Callable[[str], None], find: Callable[[], list] | None = None):
        self.games, self.content, self.out, self.options, self.dpi = games, content, out, options, dpi
        self.say, self.complain, self.find = say, complain, find
        self.live = Live()
        self.lock = threading.Lock()  # a build and a look at what was printed do not overlap
        self.shown: list[Shown] = []
        self.kits: dict = {}  # the last build's kits, by game: an edit loads and plans those it changed
        self.digests: dict[str, tuple[int, int, str]] = {}  # path: (mtime_ns, size, digest)
        self.lazy: Lazy | None = None  # at start: the pictures listed and not yet drawn
        self.listed = threading.Event()  # set but while the pictures are being listed (the page may ask for them)
        self.listed.set()

    def rebuild(self, changed: list[str], draw: bool = True) -> None:
        """Build and preview after `changed`; `draw` False (at start): the pictures listed, each drawn
        as the page asks for it and the rest in the background (printkit/live/serve/pictures.py). An
        edit made while some are still undrawn is listed so too, but for the pages it changed, drawn
        at once (compared with the pages' digests as they were listed: Lazy.undrawn). The edit's
        build begins at once: the background's drawing is halted, the picture in hand finished
        meanwhile, and stopped (what it drew stamped) before the pictures are listed again."""
        halted, undrawn = self.lazy, False
        if halted:  # an edit's build replaces the PDFs they would be drawn from: stopped once it is built
            undrawn = bool(changed) and halted.some_undrawn()
            halted.halt()  # (the picture being drawn finished meanwhile, not waited for)
            self.lazy = None
        draw = draw and not undrawn
        self.games = games_after(changed, self.games, self.find, self.complain)
        started, problems = time.perf_counter(), []
        self.live.edited()

        def complain(line: str) -> None:
            if not line.startswith("not built"):  # the page says that in its own words
                problems.append(line)
            self.complain(line)

        def rendered(shown: list[Shown]) -> None:  # the pictures first: a page swaps them before the index is made
            self.shown = shown
            if halted:
                halted.stop(join=False)
            if undrawn:  # an edit while pictures are undrawn: its own drawn now, the rest listed
                self._draw_later(halted.undrawn() or {})  # (each PDF's pages as they were listed)
                return
            self.live.publish(images=self._versions(), errors=[], stale=False)
            if changed and draw:  # (listed, not drawn: the edit's own pictures are awaited once drawn, _draw_later)
                self.live.fetched_by_now(FETCHED_WITHIN)

        if not draw:
            self.listed.clear()
        with self.lock:
            earlier = {shown.pdf: shown for shown in self.shown}
            done = attempt(lambda: preview(self.games, self.content, self.out, self.options, self.dpi,
                                           other_papers=False, earlier=earlier, rendered=rendered, draw=draw,
                                           written=self._written, kits=self.kits), complain)
            if halted:
                halted.stop(join=False)
            if done is None:
                self.listed.set()
                self.live.publish(errors=problems, stale=bool(self.shown))
                return
            results, self.shown = done
            if not draw:
                if not undrawn:  # (after an edit, drawn as soon as its pictures were listed: `rendered`)
                    self._draw_later()
                self.listed.set()
        built(results, started, self.say)
        self.live.publish(index=self._digest(self.out / INDEX))
        if not changed and not self.lazy:  # the first build: the cards still as printed are kept as they look
            self.printed()

    def warm(self) -> None:
        """Made ready for the first save (printkit/pipeline/warm.py), once the first build is served:
        while a build would (the page's look at what was printed waits, as for a build)."""
        with self.lock:
            warm(self.games, self.content, self.options)

    def _written(self) -> None:
        """Some of a changed PDF's pictures written, more to draw (an edit of every card of a big
        deck), or all of them, more PDFs to draw: the pages shown those while the others are drawn
        (the pictures keep their names: a card's new version is its file's new digest)."""
        self.live.publish(images=self._versions(), errors=[], stale=False)

    def _draw_later(self, before: dict | None = None) -> None:
        """The pictures not drawn yet: a few at once, more as the page asks for them and in the
        background; after an edit (`before`), those of the pages it changed at once, and shown."""
        lazy = Lazy(self.out, self.dpi, self.options.drawing["scale"], done=self._drawn)
        if lazy.list(self.shown, before) <= EAGER:
            try:
                lazy.draw_all()
            except PrintkitError as error:  # a picture's name a link, say: said, and serving goes on
                for problem in error.problems:
                    self.complain(str(problem))
            self.live.publish(images=self._versions(), **({} if before is None else {"errors": [], "stale": False}))
            return
        if before is not None:
            try:
                lazy.draw_changed(lambda: self.live.publish(images=self._versions(), errors=[], stale=False))
            except PrintkitError as error:  # as draw_all's
                for problem in error.problems:
                    self.complain(str(problem))
            self.live.publish(images=self._versions(), errors=[], stale=False)
            self.live.fetched_by_now(FETCHED_WITHIN)
            self.lazy = lazy
            lazy.start(after=threading.Event(), within=AFTER_AN_EDIT)  # (never set: AFTER_AN_EDIT on)
            return
        self.lazy = lazy
        lazy.start(after=self.live.shown, within=SHOWN_WITHIN)

    def _drawn(self) -> None:
        """Every picture listed at start is drawn: the pages told their versions."""
        with self.lock:
            self.live.publish(images=self._versions())
        self.printed()

    def draw(self, picture: str) -> bool:
        """Whether a picture listed at start and asked for by the page is drawn now."""
        if not picture.startswith(f"{FOLDER}/") or not picture.endswith(".png"):
            return False
        self.listed.wait(60)  # the page lists a picture before its drawing is arranged
        lazy = self.lazy
        return bool(lazy and lazy.draw(picture))

    def _versions(self) -> dict[str, str]:
        """Each picture's short digest, read again only when the file changed on disk (the paths
        joined as text: a deck of 1,000's 1,224 pictures looked at three times an edit)."""
        out = os.path.join(str(self.out), "")
        found = {path: self._digest(out + path) for shown in self.shown for path in shown.images + shown.cards}
        return {path: digest for path, digest in found.items() if digest}  # one not drawn yet has no version

    def _digest(self, path: Path | str) -> str | None:
        """A file's short digest (None if it is not there), read again only when it changed: one
        look at the disk for each picture of a deck of 1,000 as it was."""
        try:
            stat = os.stat(path)
        except OSError:
            return None
        if not S_ISREG(stat.st_mode):
            return None
        key = str(path)
        known = self.digests.get(key)
        if known and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
        try:
            with open(path, "rb") as file:
                digest = hashlib.sha256(file.read()).hexdigest()[:DIGEST]
        except OSError:  # gone since it was looked at
            return None
        self.digests[key] = (stat.st_mtime_ns, stat.st_size, digest)
        return digest

    def printed(self) -> dict:
        """The cards changed since `printkit printed` recorded them, each with the words it said and
        says, and its picture now; for the page's "changed since printed" view."""
        from printkit.live.errata import record
        from printkit.live.errata.changes import changes, differences
        from printkit.pipeline.kits import load_all

        if not record.path_for(self.content).is_file():  # nothing recorded: said at once, a build or not
            return {"recorded": False}
        with self.lock:
            try:
                recorded = record.read(self.content)
                kits = load_all([game for game in self.games if game.slug in recorded], self.content, self.options)
                pictures, found = self._card_pictures(), []
                for kit in kits:
                    slug, printing = kit.game.slug, recorded[kit.game.slug]
                    now = record.cards_now(kit)
                    then = self._keep_as_printed(slug, printing, now, pictures)
                    found.append({"game": slug, "title": _titled(kit), "date": printing.date, "paper": printing.paper,
                                  "changes": [_change(change, differences(change.before, change.after),
                                                      pictures.get((slug, *_key(change))), then.get(_key(change)))
                                              for change in changes(printing, now)]})
                return {"recorded": True, "games": found}
            except PrintkitError as error:
                return {"recorded": True, "errors": [str(problem) for problem in error.problems]}
            except Exception:  # noqa: BLE001 - a bug in printkit: said, and serving goes on
                lines = traceback.format_exc().splitlines()
                for line in lines:
                    self.complain(line)
                return {"recorded": True, "errors": [f"printkit: a bug, not in your files: {lines[-1]}"]}

    def _keep_as_printed(self, slug: str, printing, now: list, pictures: dict) -> dict[tuple, str]:
        """Each card that is still as recorded has its picture kept, under its fingerprint
        (`preview/<game>/_printed/`: no product is named so), to show beside it once it changes;
        returns the pictures kept of the recorded cards, by (product, name, ordinal)."""
        folder = Path(FOLDER) / slug / AS_PRINTED
        same = {card.key: card.fingerprint for card in now}
        keep = []
        for card in printing.cards:
            if same.get(card.key) == card.fingerprint and (slug, *card.key) in pictures:
                target = self.out / folder / f"{card.fingerprint}.png"
                if not target.is_file():
                    keep.append(Output(target, (self.out / pictures[(slug, *card.key)]).read_bytes(), 1))
        write_outputs(keep)
        return {card.key: (folder / f"{card.fingerprint}.png").as_posix() for card in printing.cards
                if (self.out / folder / f"{card.fingerprint}.png").is_file()}

    def _card_pictures(self) -> dict[tuple, str]:
        """(game, product, card name, ordinal among its name): the card's picture, as the page shows it."""
        found, slugs = {}, [game.slug for game in self.games]
        for shown in self.shown:
            game, name = game_of(shown.pdf, slugs)  # signal-fires/de/deck.pdf: signal-fires/de's deck
            product = name.removesuffix(".pdf")
            seen: dict[str, int] = {}
            for name, image in zip(shown.names, shown.cards):
                seen[name] = seen.get(name, 0) + 1
                found[(game, product, name, seen[name])] = image
        return found


class _RecordWatch(FileSystemEventHandler):
    """`printkit printed` run while serving: the cards it recorded are kept as they look at once
    (before an edit changes them), and the pages told, so their "changed since printed" follows."""

    def __init__(self, proofing: Proofing):
        self.proofing, self.path = proofing, record_path(proofing.content)
        self.observer = Observer()
        self.observer.schedule(self, str(self.path.parent), recursive=False, event_filter=HEARD)
        self.observer.start()

    def on_any_event(self, event) -> None:
        if event.is_directory or self.path.name not in (Path(str(event.src_path)).name,
                                                        Path(str(getattr(event, "dest_path", "") or "x")).name):
            return
        if event.event_type in ("created", "modified", "moved", "deleted"):
            self.proofing.printed()
            self.proofing.live.publish(recorded=time.time())

    def stop(self) -> None:
        self.observer.stop()
        self.observer.join()


def _titled(kit) -> str:
    """A game's title, with its language's name when it is printed in several ("Signal Fires (Deutsch)")."""
    if not kit.game.languages:
        return kit.title
    return f"{kit.title} ({own_name(kit.game.language or kit.game.languages[0])})"


def _key(change) -> tuple[str, str, int]:
    return change.product, change.name, change.ordinal


def _change(change, differences: list, image: str | None, printed: str | None) -> dict:
    """A card changed since printed, as the page lists it: its words then and now, its pictures."""
    return {"product": change.product, "name": change.name, "ordinal": change.ordinal, "kind": change.kind,
            "before": change.before, "after": change.after, "differences": differences, "image": image,
            "printed": printed}


def serve(games, content: Path, out: Path, options, dpi: int, host: str, port: int, say: Callable[[str], None],
          complain: Callable[[str], None], stop: threading.Event, find: Callable[[], list] | None = None,
          ready: Callable[[str], None] | None = None, editor: str | None = None) -> None:
    """Serve the proofing page at host:port (0: a free port) until `stop` is set; `ready(url)` once
    the first build is served. `editor`: a URL with {file} and {line} that opens a card's FILE:LINE
    in the designer's editor (the page makes each card's FILE:LINE a link to it)."""
    proofing = Proofing(games, content, out, options, dpi, say, complain, find)
    if editor:
        proofing.live.publish(editor={"url": editor, "content": str(content.resolve())})
    try:
        server = Server((host, port), out, proofing.live, proofing.printed)
    except OSError as error:
        raise PrintkitError([Problem("--port", None, f"cannot serve at {host}:{port}: {error.strerror or error}"
                                                     f"{'; leave --port out for a free one' if port else ''}")]) \
            from None
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    server.draw = proofing.draw
    first = [True]

    def rebuild(changed: list[str]) -> None:
        # the first: what the last build left, its pictures listed, drawn as the page asks for them
        proofing.rebuild(changed, draw=not first[0])
        if first[0]:
            first[0] = False
            reach = "from this machine only" if server.local else "from every network this machine is on"
            say(f"serving {server.url} (the files of {out.name}/ only, {reach})")
            if ready:
                ready(server.url)

    recorded = _RecordWatch(proofing)
    try:
        follow(content, out, rebuild, say, stop, ready=proofing.warm)
    finally:
        recorded.stop()
        if proofing.lazy:
            proofing.lazy.stop()
        proofing.live.close()
        server.shutdown()
        server.server_close()
        thread.join(2)

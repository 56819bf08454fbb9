"""What `printkit serve` tells its open pages (`Live`): the last build's state, each new one woken
to every event stream (printkit/live/serve/server.py), and which of the new pictures the pages have
fetched since: serve makes its index page after them, not while the browser is asking for them."""

from __future__ import annotations

import threading
import time


class Live:
    """What the last build gave, for every open page: a version number, each picture's digest
    (path under the output folder: short digest), the index's digest, the problems of the last
    build (empty when it built) and whether the pictures are stale (from an earlier build)."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.version = 0
        self.state: dict = {"version": 0, "images": {}, "index": "", "errors": [], "stale": False}
        self.closing = False
        self.watching = 0  # the event streams open: the pages that will fetch a new picture
        self.awaited: set[tuple[str, str]] = set()  # (picture, version) published and not fetched since
        self.first: float | None = None  # when the first of an edit's awaited pictures was fetched
        self.shown = threading.Event()  # a page has been sent the index of a build (serve's start draws after)

    def publish(self, **state) -> None:
        """A new state told; each picture at a new version in it awaited (`fetched_by_now`)."""
        with self.changed:
            self.version += 1
            images = state.get("images")
            if images is not None:
                before = self.state["images"]
                self.awaited = {(path, version) for path, version in self.awaited if images.get(path) == version} | \
                    {(path, version) for path, version in images.items() if before.get(path) != version}
            self.state = {**self.state, **state, "version": self.version}
            self.changed.notify_all()

    def edited(self) -> None:
        """An edit is being built: the pictures of earlier ones awaited no longer (out of sight, never fetched)."""
        with self.changed:
            self.awaited.clear()
            self.first = None

    def fetched(self, picture: str, version: str) -> None:
        """A page has been sent a picture at its version."""
        with self.changed:
            if (picture, version) in self.awaited:
                self.awaited.discard((picture, version))
                self.first = self.first or time.monotonic()
                self.changed.notify_all()

    def fetched_by_now(self, timeout: float, then: float = 0.1) -> None:
        """Back once the pages watching have fetched the new pictures, `then` seconds after they
        fetched the first (one out of sight is fetched only once scrolled to), or `timeout` seconds
        on; at once if none is watching."""
        end = time.monotonic() + timeout
        with self.changed:
            while self.awaited and self.watching and not self.closing:
                until = min(end, self.first + then) if self.first else end
                if time.monotonic() >= until:
                    return
                self.changed.wait(until - time.monotonic())

    def watch(self, more: int) -> None:
        with self.changed:
            self.watching += more
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closing = True
            self.changed.notify_all()

    def wake(self) -> None:
        """Every waiting stream looks again whether it is to end (one was let go for a new connection)."""
        with self.changed:
            self.changed.notify_all()

    def after(self, seen: int, timeout: float, ended=lambda: False) -> dict | None:
        """The state once its version is past `seen` (None: nothing new within `timeout`, closing,
        or `ended()`)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > seen or self.closing or ended(), timeout)
            return None if self.closing or ended() or self.version <= seen else dict(self.state)

"""The preview's index as printkit's own template wrote it: served without the cleaning a kit's own
page needs (printkit/live/serve/clean.py).

A kit may have its own `templates/preview/index.html.j2`, and `printkit serve` takes every script
out of the page it writes, token by token: for a deck of 1,000 cards (a page of 1.6 MB) that took
0.42 s, at serve's start and after every edit, before the page could be sent. A page printkit's own
template wrote holds no script but its own (`SCRIPT`, which serve sends itself, in the page's head):
everything a kit gives it (names, words, paths) is escaped by Jinja's autoescape, or quoted as a URL.
So such a page is served as written, that one script taken out.

Which pages those are is known by their digest, kept in this process as each is written
(`written`): a file on disk is served so only if its bytes are exactly what printkit's own template
gave this process. Nothing is kept on disk, and a page changed since, or written by a kit's own
template, or by another process, is cleaned as before.
"""

from __future__ import annotations

import hashlib

from printkit.load.own_pages import own_template

SCRIPT = '<script src="preview/page.js" defer></script>'  # the one script printkit's own page has
KEPT = 16  # digests kept: the index and a soft proof's of the last few builds

_WRITTEN: dict[str, None] = {}  # sha256 of each page printkit's own template wrote in this process, oldest first


def written(data: bytes, filename: str | None) -> None:
    """A page written, from the template in `filename`: noted if that is printkit's own."""
    if own_template(filename):
        _WRITTEN[hashlib.sha256(data).hexdigest()] = None
        while len(_WRITTEN) > KEPT:
            del _WRITTEN[next(iter(_WRITTEN))]


def as_written(data: bytes, digest: str | None = None) -> str | None:
    """The page as served without cleaning (its own script taken out), if printkit's own template
    wrote exactly these bytes in this process; else None (the page is to be cleaned)."""
    if (digest or hashlib.sha256(data).hexdigest()) not in _WRITTEN:
        return None
    return data.decode("utf-8").replace(SCRIPT, "", 1)

"""Values of the page cache held in memory as they were read, for a long-lived process (watch,
serve): a page's drawing, found again at the next build without its bytes being read, checked and
unpickled again (224 kept pages of a 1,000-card deck cost an edit 30 to 60 ms so).

Only a value its callers never change is held (what `PageCache.find(..., held=True)` asks for: a
page's drawing, read and written as it is). A value held is still looked up in the store, as
reading it would (noted as used, so that pruning keeps it): one gone from the store (pruned,
cleared) is let go of and made again, as a process without it would. At most MOST_BYTES of
values held, by their pages' streams; the least recently used let go of first.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from printkit.plan import kept as codec

MOST_BYTES = 64 * 1024 * 1024  # held at most (a 1,000-card deck's 224 pages: 0.75 MB)


class Held:
    """Values by their key in the page cache, the least recently used first."""

    def __init__(self, most: int = MOST_BYTES):
        self.most, self.size = most, 0
        self._values: OrderedDict[str, tuple[Any, int]] = OrderedDict()

    def get(self, name: str, store) -> Any:
        """The value held under `name`, if the store still keeps one under it; else codec.MISSING."""
        found = self._values.get(name)
        if found is None:
            return codec.MISSING
        if not store.there(name):
            self._drop(name)
            return codec.MISSING
        self._values.move_to_end(name)
        return found[0]

    def put(self, name: str, value: Any) -> None:
        """`value` held under `name` (if it is not larger than all that may be held)."""
        size = _size(value)
        if size > self.most:
            return
        self._drop(name)
        self._values[name] = (value, size)
        self.size += size
        while self.size > self.most:
            self._drop(next(iter(self._values)))

    def _drop(self, name: str) -> None:
        found = self._values.pop(name, None)
        if found is not None:
            self.size -= found[1]


def _size(value: Any) -> int:
    """What a value weighs, roughly: its bytes (a stream), and a little for each other part."""
    if isinstance(value, (bytes, str)):
        return len(value) + 64
    if isinstance(value, (list, tuple)):
        return 64 + sum(_size(item) for item in value)
    return 64

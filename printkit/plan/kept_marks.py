"""Pages' marks kept between builds (printkit/pipeline/cache.py) that know their digest, the key they are
kept under, so that a page made of them is digested, compared and found drawn without its marks
being read: they are read (unpickled, their signature checked) only when they must be drawn."""

from __future__ import annotations

from typing import Any, Callable


class Marks:
    """A page's marks kept between builds (`kept_marks`), which know their digest: the key they
    are kept under (the same inputs and the same printkit plan the same marks). A file made of
    them is digested, for its manifest and for its forms' drawings kept, without pickling them
    again, and alike whether the marks were planned now or found; found, they are read from the
    store when they are first asked for (a page whose drawing is found kept never is). A sequence
    of marks, equal to the tuple of them; pickled (a worker's result) as that tuple; never kept
    inside another value (it is made from the value kept)."""

    __slots__ = ("digest", "_marks", "_later", "_page")

    def __init__(self, digest: str, marks: tuple | None = None, later: "Later | None" = None, page: int = 0):
        self.digest, self._marks, self._later, self._page = digest, marks, later, page

    @classmethod
    def known(cls, marks, digest: str) -> "Marks":
        return cls(digest, tuple(marks))

    @classmethod
    def later(cls, later: "Later", page: int, digest: str) -> "Marks":
        return cls(digest, None, later, page)

    @property
    def marks(self) -> tuple:
        if self._marks is None:
            self._marks, self._later = self._later.pages()[self._page], None
        return self._marks

    def __iter__(self):
        return iter(self.marks)

    def __len__(self) -> int:
        return len(self.marks)

    def __getitem__(self, index):
        return self.marks[index]

    def __add__(self, other) -> tuple:
        return self.marks + tuple(other)

    def __radd__(self, other) -> tuple:
        return tuple(other) + self.marks

    def __eq__(self, other) -> bool:
        if isinstance(other, Marks):
            return self.digest == other.digest or self.marks == other.marks
        return self.marks == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.marks)

    def __repr__(self) -> str:
        return f"Marks({self.marks!r})"

    def __reduce__(self):
        return tuple, (self.marks,)


class Later:
    """A value of pages' marks found kept (`kept_marks`), read (its signature checked) and
    unpickled when a page's marks are first asked for; one gone since, damaged or misshapen is
    then made again (and kept), as `kept` would have made it."""

    def __init__(self, store, name: str, make: Callable[[], Any], shape: Any):
        self.store, self.name, self.make, self.shape = store, name, make, shape
        self.value: tuple | None = None

    def pages(self) -> tuple:
        if self.value is None:
            value = self.store.read_again(self.name, self.shape)
            if value is None:
                value = self.make()
                self.store.kept_again(self.name, value)
            self.value, self.make = tuple(tuple(page) for page in value), None
        return self.value

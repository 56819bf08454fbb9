"""A page's marks that know their digest: the key the pipeline keeps them under between builds
(printkit/pipeline/cache.py), so that a page made of them is digested, compared and found drawn
without its marks being read: they are read (unpickled, their signature checked) only when they
must be drawn. Plain data of the plan, like the marks inside: it keeps nothing itself, it is
handed its marks, or what reads them when they are first asked for."""

from __future__ import annotations


class Marks:
    """A page's marks kept between builds (the pipeline's `kept_marks`), which know their digest:
    the key they are kept under (the same inputs and the same printkit plan the same marks). A
    file made of them is digested, for its manifest and for its forms' drawings kept, without
    pickling them again, and alike whether the marks were planned now or found; found, they are
    read from the store when they are first asked for (a page whose drawing is found kept never
    is). A sequence of marks, equal to the tuple of them; pickled (a worker's result) as that tuple; never kept
    inside another value (it is made from the value kept)."""

    __slots__ = ("digest", "_marks", "_later", "_page")

    def __init__(self, digest: str, marks: tuple | None = None, later=None, page: int = 0):
        """`later`: what reads the marks when they are first asked for (its `pages()`, a tuple of
        each page's marks), where they are not given."""
        self.digest, self._marks, self._later, self._page = digest, marks, later, page

    @classmethod
    def known(cls, marks, digest: str) -> "Marks":
        return cls(digest, tuple(marks))

    @classmethod
    def later(cls, later, page: int, digest: str) -> "Marks":
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


class Joined(Marks):
    """`head`'s marks, then `body`'s (kept), as one page's: a sheet's footer over a setup sheet
    kept. Read only when asked for; a page of them is digested (the pipeline's page_digest, its
    known marks) from `head` and `body`'s digest, and its own `digest` (`digested`, handed by the
    plan's codec, printkit/plan/kept.py: `joined`) worked out only if it is asked for."""

    __slots__ = ("head", "body", "_digest", "_digested")

    def __init__(self, head: tuple, body: Marks, digested):  # noqa: super().__init__ would set the digest now
        self.head, self.body, self._digest, self._digested = tuple(head), body, None, digested
        self._marks, self._later, self._page = None, self, 0

    def pages(self) -> tuple:
        """(Marks.marks reads its marks so, from itself.)"""
        return (self.head + self.body.marks,)

    @property
    def digest(self) -> str:
        if self._digest is None:
            self._digest = self._digested(self.head, self.body)
        return self._digest

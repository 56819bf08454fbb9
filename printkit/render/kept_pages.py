"""Pages drawn before, drawn again from what was kept: a page of a document without forms (a deck's
sheets, a campaign's setup sheets) is kept drawn, its stream as it was compressed, under the
digest of its plan and of how it is drawn, so that a rebuild after an edit draws only the pages
the edit changed and writes the others from what was kept, byte for byte. What keeps them is
handed to the drawing (`render(..., keeper=)`: the page cache in use, printkit/pipeline/cache.py,
which the pipeline hands it); the drawing keeps nothing itself.

A page's stream depends on its marks and on what the document gave before it: the codes of the
characters it sets beyond ASCII (given in the order the document first sets them; a font's name
is its own, render/text.py: subset_name). What is kept with a page names its
fonts and those characters in the order the page first sets them: found, they are given in that
order (as drawing the page would give them), and the page is drawn again only if their codes are
the ones it was drawn with. Its images are embedded, its opacities named, as drawing it would.
A page with what cannot be given again so (an SVG drawing, a flattened picture, a die line, a
form) is always drawn.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc, pdfmetrics

from printkit.plan.geometry import Rect
from printkit.plan.marks import DieLine, Group, Picture, UseForm
from printkit.plan.text import Text
from printkit.render.flatten import Flat
from printkit.render.pdf import PdfFile
from printkit.render.streams import Deflated
from printkit.render.text import subset_name

# a page's drawing kept: [font, its characters beyond ASCII] in the order it first sets them, their
# codes (PdfFile.codes), the opacities and gradients it uses, its images, its stream compressed
DRAWN = (list, list, list, list, bytes)
NOT_KEPT = (DieLine, UseForm, Flat)  # drawn every time (see the module's docstring)


class NothingKept:
    """The drawing's keeper where none is handed: nothing is found, nothing kept."""

    def keeps(self) -> bool:
        return False

    def digest(self, marks) -> None:
        return None

    def find(self, inputs, shape=None, held: bool = False) -> None:
        return None

    def keep(self, inputs, value, held: bool = False) -> None:
        return None


NOTHING_KEPT = NothingKept()


class KeptPages:
    """The pages of one document, each found drawn (`again`) or drawn and kept (`drawn`) by `keeper`
    (its `keeps()`, `page_digest(page)`, `find(inputs, shape)` and `keep(inputs, value)`)."""

    def __init__(self, pdf: PdfFile, drawing: list, keeper):
        """`drawing`: what else the pages' streams depend on (the ink saver, the colours, the scale)."""
        self.pdf, self.keeper = pdf, keeper
        self.drawing = [*drawing, pdf.canvas._preamble] if keeper.keeps() else None
        self._key: list | None = None
        self._embedded: dict = {}  # (path, digest) -> its name in the document, once it is embedded
        self._codes: dict = {}  # the fonts and characters a page sets -> their codes (`_codes_of`)

    def again(self, page) -> bool:
        """Whether the page just begun was drawn from what was kept (else the caller draws it,
        then calls `drawn`)."""
        self._key = None
        if self.drawing is None:
            return False
        self._key = ["drawn page", self.keeper.page_digest(page), *self.drawing]
        found = self.keeper.find(self._key, DRAWN, held=True)  # only read: held in a long-lived process
        if found is None:
            return False
        fonts, codes, uses, images, deflated = found
        if self._codes_of(fonts) != codes:  # an earlier page gave them others: drawn again
            return False
        self.pdf.draw_again([[], uses])
        for path, digest in images:
            _embed(self.pdf, path, digest, self._embedded)
        _shown(self.pdf, deflated)
        return True

    def _codes_of(self, fonts: list) -> list:
        """The codes of the fonts and characters a page sets (as kept: [font, characters] in the
        order it sets them), given them in that order if they have none yet: worked out once a
        document for each such list (a code, once given, is the document's), most of a deck's
        pages setting the same."""
        key = tuple(tuple(font) for font in fonts)
        codes = self._codes.get(key)
        if codes is None:
            _give_codes(self.pdf, fonts)
            codes = self._codes[key] = self.pdf.codes(dict(fonts))
        return codes

    def found(self, page) -> bool:
        """Whether `page` is kept drawn as it is now (looked up, not drawn: the page need not be the
        one begun)."""
        if self.drawing is None:
            return False
        key = ["drawn page", self.keeper.page_digest(page), *self.drawing]
        return self.keeper.find(key, DRAWN, held=True) is not None

    def drawn(self, page, start: tuple[int, int]) -> None:
        """The page just drawn (since `start`, PdfFile.drawing) kept, if it can be drawn again."""
        if self._key is None:
            return
        fonts, images = {}, {}
        if not _contents(page.marks, fonts, images):
            return
        _, uses = self.pdf.drawn_since(start)
        if images and any(use[0] == "gradient" for use in uses):  # their objects' order: drawn every time
            return
        wide = [[font, "".join(chars)] for font, chars in fonts.items()]
        stream = _shown(self.pdf)
        self.keeper.keep(self._key, [wide, self.pdf.codes(dict(wide)), list(uses), [list(i) for i in images],
                                     stream.deflated], held=True)


def codes_given(pdf: PdfFile, pages) -> None:
    """The fonts and characters `pages` set, named and given their codes in `pdf` in the order
    drawing them would give them: what a document that draws the pages after them has given
    before it (a worker drawing the later pages of a document, for it to find kept)."""
    fonts: dict = {}
    for page in pages:
        _contents(page.marks, fonts, {})
    _give_codes(pdf, [(font, "".join(chars)) for font, chars in fonts.items()])


def _contents(marks, fonts: dict, images: dict) -> bool:
    """The fonts a page's marks set, each with its characters beyond ASCII, and its images, each
    in the order they are first drawn (dicts keep it); False if it draws what is not kept."""
    for mark in marks:
        kind = type(mark)
        if kind is Text:
            for line in mark.lines:
                for font, run in line.runs:
                    wide = fonts.setdefault(font, {})
                    if not run.isascii():
                        wide.update((char, None) for char in run if ord(char) >= 128)
        elif kind is Group:
            if not _contents(mark.marks, fonts, images):
                return False
        elif kind is Picture:
            if mark.svg:
                return False
            images.setdefault((mark.path, mark.digest), None)
        elif kind in NOT_KEPT:
            return False
    return True


def _give_codes(pdf: PdfFile, fonts: list) -> None:
    """Each font named and its characters given their codes, in the order the page drew them."""
    doc = pdf.canvas._doc
    for font, chars in fonts:
        face = pdfmetrics.getFont(font)
        for subset, _ in face.splitString(chars, doc) or [(0, b"")]:
            subset_name(face, subset, doc)


def _embed(pdf: PdfFile, path: str, digest: str, embedded: dict) -> None:
    """An image the page draws, embedded (once a document) and named in the page's resources, as
    drawing it does; its drawing itself is in the stream kept. (Drawn, ReportLab names an image by
    a digest of its pixels, each time: for a page drawn again, once a document.)"""
    canvas = pdf.canvas
    name = embedded.get((path, digest))
    if name is not None:
        canvas._formsinuse.append(name)
        canvas._currentPageHasImages = 1
        return
    start = len(canvas._code)
    pdf.image(path, Rect(0.0, 0.0, 1.0, 1.0), digest)
    del canvas._code[start:]
    embedded[(path, digest)] = canvas._formsinuse[-1]


def _shown(pdf: PdfFile, deflated: bytes | None = None) -> Deflated:
    """The page ended now (not when the next one begins), its stream compressed as ReportLab
    would compress it when the file is written (or, `deflated`, as it was kept), and then not
    compressed again."""
    pdf.canvas.showPage()
    pdf._open = False
    page = pdf.canvas._doc.Pages.pages[-1]
    page.stream = Deflated(page.stream, deflated)
    return page.stream

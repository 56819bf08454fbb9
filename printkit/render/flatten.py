"""Transparency flattened for a press file that may hold none (PDF/X-1a): each mark drawn at an
`opacity` below 1, and each image with see-through parts over anything but white paper, becomes
an opaque picture of the page as it looks there, as Acrobat's flattener makes of a transparent
area. The picture is the page drawn up to and including that mark in sRGB (with the
transparency a screen shows), rendered by pdfium at DPI, cut to where the mark changed the page,
and converted to the press's CMYK like any image; what is drawn after the mark stays vector
above it. What the picture covers and was black or grey is black ink alone, as it was.

An image over white paper alone needs no picture: the press composites it onto white itself
(printkit/render/colour.py), at its own resolution."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image, ImageChops

from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.plan.marks import Document, Group, Picture

DPI = 600  # text and line art under a transparent mark stay sharp (a flattener's line-art setting)
WHITE = 255
MOST_PICTURES = 12  # transparent marks a page is flattened one by one for (two renders each), beyond: the page


@dataclass(slots=True)
class Flat:
    """An opaque picture of the page where a transparent mark lay: `image` (sRGB) over `rect`, in
    the page's own frame, drawn where the mark was drawn (inside its groups, whose moves and
    turns `frames` lists, outermost first, to be undone)."""

    image: Image.Image
    rect: Rect
    frames: tuple[tuple[float, float, float], ...]


def flattened(page, document: Document, render: Callable[[Document], tuple[bytes, int]]) -> tuple:
    """The page's marks with each outermost transparent mark replaced by its Flat (or kept where
    nothing of it is transparent on the page: an image on white, a mark that leaves no trace).
    `render`: what draws a document in sRGB with its transparency (the caller, render.draw's
    render), to take the pictures of the page with."""
    paths = list(_transparent(page.marks, ()))
    if not paths:
        return page.marks
    if len(paths) > MOST_PICTURES:  # a page of many (a stranger's kit): one picture of it all, one render
        whole = _picture(page, page.marks, document, render)
        return (Flat(whole, Rect(0, 0, page.paper.width, page.paper.height), ()),)
    replaced = {}
    for path in paths:
        before, after = (_picture(page, _until(page.marks, path, keep), document, render) for keep in (False, True))
        box = ImageChops.difference(before, after).getbbox()
        mark = _at(page.marks, path)
        if box is None or isinstance(mark, Picture) and _white(before.crop(box)):
            continue
        replaced[path] = Flat(after.crop(box), _rect(box, page.paper.height), _frames(page.marks, path))
    return _replaced(page.marks, replaced, ())


def _transparent(marks, path: tuple):
    """The paths (indices from the page down) of the outermost marks drawn with transparency."""
    for index, mark in enumerate(marks):
        here = path + (index,)
        if isinstance(mark, Group):
            if mark.opacity < 1.0:
                yield here
            else:
                yield from _transparent(mark.marks, here)
        elif isinstance(mark, Picture) and _see_through(mark.path, mark.svg):
            yield here


@functools.cache
def _see_through(path: str, svg: bool) -> bool:
    """An image any of whose pixels is not opaque, or an SVG drawn at an opacity below 1."""
    if svg:
        from printkit.load.drawings import svg_drawing

        return _svg_translucent(svg_drawing(path))
    with Image.open(path) as image:
        if "transparency" in image.info:
            return True
        if "A" not in image.getbands():
            return False
        return image.getchannel("A").getextrema()[0] < 255


def _svg_translucent(node) -> bool:
    for key in ("fillOpacity", "strokeOpacity"):
        value = getattr(node, key, None)
        if isinstance(value, (int, float)) and value < 1:
            return True
    for attribute in ("fillColor", "strokeColor"):
        colour = getattr(node, attribute, None)
        if colour is not None and getattr(colour, "alpha", 1) < 1:
            return True
    return any(_svg_translucent(child) for child in getattr(node, "contents", ()) or ())


def _until(marks, path: tuple, keep: bool) -> tuple:
    """The marks drawn before the one at `path` (and it, if `keep`), in their groups."""
    head, rest = path[0], path[1:]
    earlier = tuple(marks[:head])
    if not rest:
        return earlier + ((marks[head],) if keep else ())
    group = marks[head]
    return earlier + (replace(group, marks=_until(group.marks, rest, keep)),)


def _at(marks, path: tuple):
    mark = marks[path[0]]
    return mark if len(path) == 1 else _at(mark.marks, path[1:])


def _frames(marks, path: tuple) -> tuple:
    """The moves and turns of the groups the mark at `path` lies in, outermost first."""
    frames = []
    for index in path[:-1]:
        group = marks[index]
        frames.append((group.x, group.y, group.angle))
        marks = group.marks
    return tuple(frames)


def _replaced(marks, replaced: dict, path: tuple) -> tuple:
    found = []
    for index, mark in enumerate(marks):
        here = path + (index,)
        if here in replaced:
            found.append(replaced[here])
        elif isinstance(mark, Group) and any(p[:len(here)] == here for p in replaced):
            found.append(replace(mark, marks=_replaced(mark.marks, replaced, here)))
        else:
            found.append(mark)
    return tuple(found)


def _picture(page, marks: tuple, document: Document, render) -> Image.Image:
    """The page drawn with `marks` alone (and the document's forms), in sRGB, as pdfium shows it at DPI."""
    import pypdfium2

    data, _ = render(replace(document, pages=(replace(page, marks=marks),)))
    document = pypdfium2.PdfDocument(data)
    try:
        return document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()


def _white(image: Image.Image) -> bool:
    return all(low == WHITE for low, _ in image.getextrema())


def _rect(box: tuple[int, int, int, int], height: float) -> Rect:
    """A pixel box (left, top, right, bottom) as millimetres from the page's bottom-left corner."""
    left, top, right, bottom = (v * MM_PER_INCH / DPI for v in box)
    return Rect(left, height - bottom, right - left, bottom - top)

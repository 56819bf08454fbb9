"""Each font subset a PDF embeds is named with a tag of six capitals made from the characters it
holds (issue 24, item 4): ReportLab named them by count, `AAAAAA+DejaVuSans` in every file, so two
files of an order to a print shop held different fonts of one name, which breaks a RIP that
merges the files. Read back from the built kit (pypdf), every font of every page and form."""

from __future__ import annotations

import re
import zlib
from collections import defaultdict

import pypdf


def embedded(path) -> dict[str, bytes]:
    """Each font a PDF embeds: its BaseFont, and its font program's bytes."""
    found = {}

    def fonts_of(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            program = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            found[str(font["/BaseFont"]).lstrip("/")] = program
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                fonts_of(xobject["/Resources"])

    for page in pypdf.PdfReader(path).pages:
        fonts_of(page.get("/Resources"))
    return found


def test_every_subset_is_tagged_by_what_it_holds_in_every_file(built_a4):
    names: dict[str, set[bytes]] = defaultdict(set)  # a subset's name -> the font programs named so
    tags: dict[str, set[str]] = defaultdict(set)  # a face -> the tags of its subsets
    for path in sorted(built_a4.rglob("*.pdf")):
        fonts = embedded(path)
        assert fonts, path
        for name, program in fonts.items():
            assert re.fullmatch(r"[A-Z]{6}\+[A-Za-z0-9-]+", name), (path, name)
            names[name].add(program)
            tags[name.split("+", 1)[1]].add(name.split("+", 1)[0])
    # one name, one font program, in every file of the kit; and not one count (AAAAAA, AAAAAB, ...)
    assert all(len(programs) == 1 for programs in names.values()), [n for n, p in names.items() if len(p) > 1]
    assert len(tags["DejaVuSans"]) > 3 and "AAAAAA" not in tags["DejaVuSans"]


def test_a_subset_cut_before_is_found_kept_and_not_cut_again(tmp_path, monkeypatch):
    """Each of printkit's fonts cuts a subset once a process (render/subsets.py) and keeps it in
    the page cache the drawing is handed: another process finds it there, the same bytes, and
    compressed as they were; with nothing kept, it is cut every time."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.load.fonts import register_fonts
    from printkit.pipeline import cache
    from printkit.render import subsets
    from printkit.render.kept_pages import NOTHING_KEPT
    from printkit.render.pdf import _set_up_once

    register_fonts()
    _set_up_once()
    cut, file = subsets._CUT["Sans"]
    cuts = []
    monkeypatch.setitem(subsets._CUT, "Sans", (lambda codes: cuts.append(codes) or cut(codes), file))
    codes = [0, 32, 0x263A, 0x2602, 0x2744]  # none other test's
    face = pdfmetrics.getFont("Sans").face
    store = cache.PageCache(tmp_path / "cache")
    for keeper, cut_now in ((store, 1), (store, 0), (NOTHING_KEPT, 1)):
        subsets._subset.cache_clear()  # another process: nothing cut yet
        subsets.drawn_with(keeper)
        store.flush()
        data = face.makeSubset(codes)
        assert len(cuts) == cut_now and data == cut(codes)
        assert subsets.compressed(data) == zlib.compress(data)
        cuts.clear()
    subsets.drawn_with(NOTHING_KEPT)


def test_the_subsets_held_with_their_compressed_bytes_are_bounded(monkeypatch):
    """A long watch cuts a subset for every new set of characters: no more than MOST_SUBSETS are
    held with their compressed bytes; one let go of is compressed by ReportLab's filter, the same."""
    from printkit.load.fonts import register_fonts
    from printkit.render import subsets
    from printkit.render.kept_pages import NOTHING_KEPT
    from printkit.render.pdf import _set_up_once

    register_fonts()
    _set_up_once()
    subsets.drawn_with(NOTHING_KEPT)
    monkeypatch.setattr(subsets, "MOST_SUBSETS", 3)
    made = [subsets._subset("Sans", (0, 32, 65 + n)) for n in range(7)]
    assert len(subsets._MADE) <= 3
    assert subsets.compressed(made[-1]) == zlib.compress(made[-1])

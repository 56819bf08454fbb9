"""Cross Sums pages that look finished (issue 23), read back from the built PDFs: the booklet's
whole table at a glance, setup tables as large on a sheet as in the booklet, a host key without a
near-empty page, volumes that say which they are, a booklet that opens as spreads, a legend that
explains what the sheets show, one type size for one kind of words, and no empty bands.

Expected values come from the seed, the paper sizes and the print spec, or are measured on
another page; never from printkit's plan code."""

from __future__ import annotations

from cross_sums.test_pdfs import out, reader


# --- item 5: the reading-order booklet opens as spreads, its cover alone ---------------------------

def test_the_booklet_opens_as_two_page_spreads_after_its_cover(built):
    _, folder = built
    assert reader(out(folder, "booklet.pdf")).trailer["/Root"]["/PageLayout"] == "/TwoPageRight"
    for name in ("booklet-saddle/volume-1.pdf", "solutions.pdf"):  # sheets to print, not spreads to read
        assert "/PageLayout" not in reader(out(folder, name)).trailer["/Root"], name

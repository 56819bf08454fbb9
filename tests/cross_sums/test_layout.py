"""Issue 13's table test for the Cross Sums pages (item 11), read back from the PDFs on both
papers with the checks every kit shares (clearance.py): no text touches another or a ruled line,
running text is at least 8 pt and nothing is below 6 pt, no title is smaller than the headings
beside it, and no sheet leaves a large band empty."""

from clearance import layout_tests
from cross_sums.test_pdfs import out

SETUP = tuple(f"setup/scenario-{n:02}.pdf" for n in (1, 2, 3, 6, 12, 17, 31, 41, 50))  # each kind of grid
BOOKLETS = ("booklet.pdf", "booklet-saddle/volume-1.pdf", "booklet-saddle/volume-2.pdf",
            "booklet-saddle/volume-3.pdf")
SHEETS = ("rules.pdf", "at-a-glance.pdf", "player-aid.pdf", "campaign-log.pdf", "solutions.pdf") + SETUP

(test_no_text_touches_another_text_or_a_line, test_running_text_is_8_pt_or_more_and_nothing_is_below_6,
 test_no_title_is_smaller_than_its_headings, test_no_sheet_leaves_a_large_band_empty) = layout_tests(
    out, SHEETS + BOOKLETS, SHEETS)

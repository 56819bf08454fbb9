"""Issue 13's table test for the One Too Many pages, read back from the PDFs on both papers: no
text touches another or a ruled line, running text is at least 8 pt and nothing is below 6 pt,
no title is smaller than the headings beside it, and no sheet leaves a large band empty."""

from clearance import layout_tests
from one_too_many.test_pdfs import PRODUCTS, pdf

SHEETS = ("score-sheet", "player-aid", "diamonds-track", "rules")  # pages with a body to fill

(test_no_text_touches_another_text_or_a_line, test_running_text_is_8_pt_or_more_and_nothing_is_below_6,
 test_no_title_is_smaller_than_its_headings, test_no_sheet_leaves_a_large_band_empty) = layout_tests(pdf, PRODUCTS, SHEETS)

"""Issue 23, item 5, read back: the Cross Sums player aid answers what players ask mid-game, in the
seed's words (tests/fixtures/seeds/cross-sums-004.txt, each sentence checked there too): no
exchange with an empty hand or market, the Jack needs two occupied places, the Queen's lower cards
stay spent, the King needs an empty place."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from cross_sums.test_pdfs import SEED, out

ASKED = [  # (the seed's sentence, as the aid says it)
    ("You cannot exchange with an empty hand or an empty market.", "Not with an empty hand or an empty market."),
    ("You need two occupied places.", "Jack, from scenario 2: swap two whole occupied grid stacks. Their top values "
                                      "change places. You need two occupied places."),
    ("Lower cards stay spent underneath. Discard only the Queen.", "Lower cards stay spent underneath; discard only "
                                                                   "the Queen."),
    ("You need an occupied and an empty place; this cannot be done on a full grid.",
     "King, from scenario 12: move a whole grid stack to an empty place. Its previous place becomes completely "
     "empty. You need an occupied and an empty place: not on a full grid."),
]


@pytest.mark.parametrize("seed_says, aid_says", ASKED)
def test_the_aid_says_it_as_the_seed_does(built, seed_says, aid_says):
    assert seed_says in SEED.read_text(encoding="utf-8")
    pdf = pdfium.PdfDocument(str(out(built[1], "player-aid.pdf")))
    words = " ".join(pdf[0].get_textpage().get_text_range().split())
    assert words.count(aid_says) == 2  # both aids of the page

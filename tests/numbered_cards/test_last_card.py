"""Issue 23, items 1 and 2, read back on A4 and Letter: the rules, the player aid and the score pad
say plainly that the one card left in hand when the deck is empty is played or discarded before
the count (seed 003: "You must either play the final card or use its Discard ability"), and the
Passive kind is described so that it fits all three Passive cards (17 is played, 13 scores a pile,
18 counts once scored), not as applying "while the card is in play"."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

GAME = "numbered-cards"


def text(folder, product: str) -> str:
    pdf = pdfium.PdfDocument(str(folder / GAME / f"{product}.pdf"))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)


@pytest.mark.parametrize("product, says", [
    ("rules", "one card is still in your hand: play that final card or use its Discard ability"),
    ("player-aid", "one card is left in your hand: play it or discard it to use its Discard ability"),
    ("score-pad", "one card is left in your hand: play it or discard it to use its Discard ability"),
])
def test_the_card_left_in_hand_is_played_or_discarded_before_the_count(built, product, says):
    words = text(built[1], product)
    assert says in words
    assert words.index(says) < words.index("ount", words.index(says))  # then the count


def test_the_pads_check_of_all_the_cards_says_the_hand_is_empty(built):
    assert "add up to 18, with no card left in your hand" in text(built[1], "score-pad")


@pytest.mark.parametrize("product", ["rules", "player-aid"])
def test_passive_fits_a_card_played_a_pile_scored_and_a_card_counted(built, product):
    words = text(built[1], product)
    assert "while the card is in play" not in words
    passive = words[words.index("applies at all times"):][:200]
    for case in ("play the card", "total", "worth once scored"):  # cards 17, 13 and 18
        assert case in passive, (product, case)


def test_a_final_discard_that_refills_the_deck_goes_on_with_the_game(built):
    """The seed ends the game when the deck is empty; cards 3, 4 and 6 put cards back into it. The
    print guide says what the kit chose (play on), as the kit's reading: not the rules' words
    (issue 43); content/ records the choice."""
    import yaml
    from conftest import CONTENT

    assert "play on" not in text(built[1], "rules").replace("play one", "")
    assert "The kit's reading. The rules do not say what happens if the final card's Discard puts cards back into " \
           "the deck: this kit plays on" in text(built[1], "print-guide")
    choices = yaml.safe_load((CONTENT / GAME / "game.yaml").read_text(encoding="utf-8"))["kit_choices"]
    assert any("back into the deck" in choice for choice in choices)


def test_the_rules_reference_is_one_page_on_both_papers(built):
    """The rules are a one-page reference (its template says so): a sentence added to them must
    fit, on Letter too, with the title at its full size."""
    paper, folder = built
    assert len(pdfium.PdfDocument(str(folder / GAME / "rules.pdf"))) == 1, paper

"""Issue 23, items 5 and 6, read back: the player aid answers what players ask mid-game (from seed
002: a passed pile is shuffled back, a deck that runs out, when a round ends, the tie-break); the
player count 2-6 is the kit's own choice, recorded in content and said in the print guide as the
kit's reading (issue 43: the rules' header shows the count alone, not an editor's note); the print
guide says two players need only the aids' first page."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import CONTENT

GAME = "one-too-many"


def text(folder, product: str, page: int | None = None) -> str:
    """A PDF's words in the order they are drawn (each box's words together), single-spaced."""
    pdf = pdfium.PdfDocument(str(folder / GAME / f"{product}.pdf"))
    chosen = [pdf[page]] if page is not None else list(pdf)
    return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in chosen)


@pytest.mark.parametrize("asked", [
    "Your pile goes back into the deck; shuffle it.",  # rule 3
    "If the deck runs out, draw what's left.",  # rule 2
    "A round ends when it busts or everyone has passed: every card goes back into the deck except those kept "
    "face down; shuffle it.",  # rule 7
    "Tied: the one who passed earlier in the last round wins; one who didn't pass in it ranks below all who did, "
    "and between those, more points in it wins. Still tied: share the win.",  # Scoring
])
def test_the_aid_answers_what_players_ask_mid_game(built, asked):
    assert asked in text(built[1], "player-aid", 0)


def test_the_print_guide_says_the_player_count_is_the_kits_choice(built):
    assert "Players: 2–6 · Bring" in text(built[1], "rules")
    assert "The kit's reading. The rules give no player count: this kit is made for 2 to 6 players" in \
        text(built[1], "print-guide")


def test_content_records_the_choice():
    game = yaml.safe_load((CONTENT / GAME / "game.yaml").read_text(encoding="utf-8"))
    assert any(choice.startswith("Players 2-6: the seed gives no player count") for choice in game["kit_choices"])


def test_the_guide_says_two_players_need_only_the_first_page_of_aids(built):
    paper, folder = built
    first = text(folder, "player-aid", 0)
    assert first.count("One Too Many · player aid") == 2  # page 1 holds two aids
    assert "one; 2 players need page 1 only" in text(folder, "print-guide")

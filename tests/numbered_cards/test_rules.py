"""The Numbered Cards rules model, with plain numbers: one card per number 1-N, the abilities the
rules name by number, the win count. Expected values are worked out by hand from seed 003."""

from __future__ import annotations

from printkit.games.numbered_cards.model import (Card, Deck, Named, check_deck, check_values, named_abilities,
                                                 rotation_ambiguous, scored_to_win)

NAMED = {"turns": {"card": 9, "upright": 9, "upside_down": 6},
         "lower_target": {"card": 13, "total": 18},
         "double_set": {"card": 18, "sets": 2},
         "face_down": {"card": 12, "worth": 1}}
SPECIAL = {9: ("Play", "Play upside down in the row as a 6, or right side up as a 9."),
           12: ("Discard", "Flip one card in the row facedown. It is worth 1 point."),
           13: ("Passive", "A pile with this card can be completed with a score of 18 or 19."),
           18: ("Passive", "Worth 2 sets at the end of the game if scored.")}


def cards(numbers=range(1, 19), **changed) -> tuple[Card, ...]:
    """A deck whose special cards carry the seed's texts; the rest say "Swap two cards."."""
    out = []
    for n in numbers:
        kind, text = changed.get(f"c{n}", SPECIAL.get(n, ("Discard", "Swap two cards.")))
        out.append(Card(n, kind, text))
    return tuple(out)


def deck(numbers=range(1, 19), target=19, named=NAMED, **changed) -> Deck:
    return Deck(cards(numbers, **changed), target, named_abilities(named, target), {}, named)


def messages(found) -> list[tuple[tuple, str]]:
    return [(f.path, f.message) for f in found]


def test_the_seed_deck_is_valid():
    assert check_deck(deck()) == []
    assert check_values(NAMED, 19) == []


def test_a_number_given_twice_is_reported_at_its_second_card():
    numbers = [1, 2, 3, 4, 5, 6, 7, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
    assert messages(check_deck(deck(numbers))) == [
        (("cards", 7, "number"), "card 7 is listed twice: the deck must be the cards 1 to 18, once each")]


def test_a_number_beyond_the_deck_is_reported():
    numbers = list(range(1, 18)) + [19]  # 18 cards, so 19 cannot be one of them
    assert messages(check_deck(deck(numbers))) == [
        (("cards", 17, "number"), "card 19 is outside 1-18: the deck must be the cards 1 to 18, once each"),
        (("named", "double_set", "card"), "named.double_set: there is no card 18")]


def test_a_named_card_of_the_wrong_kind():
    found = check_deck(deck(c9=("Discard", SPECIAL[9][1])))
    assert messages(found) == [(("named", "turns", "card"),
                                "named.turns: card 9 is a Discard card, but this ability is a Play ability")]


def test_a_named_ability_must_state_its_numbers():
    found = check_deck(deck(c13=("Passive", "A pile with this card can be completed with a score of 17.")))
    assert messages(found) == [(("named", "lower_target", "card"),
                                "named.lower_target: card 13's ability does not state 18 (its total) "
                                "and 19 (the target)")]


def test_a_new_target_must_be_the_one_card_13_names():
    found = check_deck(deck(target=20))
    assert messages(found) == [(("named", "lower_target", "card"),
                                "named.lower_target: card 13's ability does not state 20 (the target)")]


def test_numbers_that_only_work_one_way_round():
    named = {**NAMED, "turns": {"card": 9, "upright": 6, "upside_down": 9},
             "lower_target": {"card": 13, "total": 19}}
    assert messages(check_values(named, 19)) == [
        (("named", "turns", "upright"), "named.turns: card 9 right side up is worth 9, not 6"),
        (("named", "lower_target", "total"), "named.lower_target: total 19 must be below the target (19)")]


def test_named_abilities_carry_the_numbers_the_rules_use():
    by_role = {n.role: n for n in named_abilities(NAMED, 19)}
    assert by_role["turns"] == Named("turns", 9, "Play", (("upside down", 6), ("right side up", 9)))
    assert dict(by_role["lower_target"].numbers) == {"its total": 18, "the target": 19}


def test_only_six_and_nine_read_as_another_card_of_the_deck_upside_down():
    deck_numbers = range(1, 19)
    assert [n for n in deck_numbers if rotation_ambiguous(n, deck_numbers)] == [6, 9]
    assert rotation_ambiguous(16, range(1, 92))  # 16 turned is 91: only a deck holding 91 cares


def test_scored_cards_to_win_is_more_than_the_rest():
    for total in (1, 2, 17, 18, 19, 20):
        smallest = min(s for s in range(total + 1) if s > total - s)
        assert scored_to_win(total) == smallest
    assert scored_to_win(18) == 10

"""Every way a Cross Sums scenario or campaign breaks the rules of the game or of the campaign:
targets a club cannot show or shows twice, a deck the cards do not fit, a deal bigger than the
deck, a rule of the campaign's stage not kept (unless overridden), counts the seed publishes that
the rules do not give, an effect example the rules do not allow, a grid no filling solves. Each
finding at its path in the content, relative to its file."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.ground.errors import Finding

from .model import (DECK_RANKS, DECK_SUITS, RANK_NAMES, Campaign, CrossSums, Example, Scenario, Setup, derive,
                    target_card)
from .solver import solve


@dataclass
class Findings:
    """The findings on one scenario, their paths relative to the scenario's node."""

    items: list[Finding] = field(default_factory=list)
    file: str = "scenarios.yaml"

    def add(self, path: tuple, message: str) -> None:
        self.items.append(Finding(self.file, path, message))


def check_scenario(campaign: Campaign, scenario: Scenario) -> list[Finding]:
    """Every way the scenario breaks the rules of the game or of the campaign."""
    found = Findings()
    _check_targets(scenario, found)
    _check_highest(scenario, found)
    if found.items:  # derive() lists the cards A to highest: a billion would fill the memory
        return found.items
    setup = derive(campaign, scenario)
    _check_deck(campaign, setup, found)
    _check_campaign_rules(campaign, scenario, found)
    _check_published(setup, found)
    if scenario.example:
        found.items += [f.within("effect_example") for f in check_example(scenario)]
    if not found.items and solve(scenario) is None:
        found.add(("rows",), _unsolvable(scenario))
    return found.items


def _check_targets(scenario: Scenario, found: Findings) -> None:
    for line in ("rows", "columns"):
        for i, value in enumerate(getattr(scenario, line)):
            if not 1 <= value <= 20:
                found.add((line, i), f"target {value} is outside 1-20 (a club shows 1-10 upright, "
                                     f"11-20 crosswise)")
    if found.items:
        return
    seen: dict[int, tuple[str, int, int]] = {}
    for line in ("rows", "columns"):
        for i, value in enumerate(getattr(scenario, line)):
            rank, _ = target_card(value)
            if rank in seen:
                other = seen[rank][2]
                found.add((line, i), f"club rank {RANK_NAMES.get(rank, rank)} is used twice "
                                     f"(targets {other} and {value})")
            seen[rank] = (line, i, value)
    if sum(scenario.rows) != sum(scenario.columns):
        found.add(("columns",), f"row targets total {sum(scenario.rows)} but column targets total "
                                f"{sum(scenario.columns)}; every card counts in both, so they must be equal")


def _check_highest(scenario: Scenario, found: Findings) -> None:
    if not 1 <= scenario.highest <= 10:
        found.add(("highest",), f"highest number {scenario.highest} is not a number card (A=1 to 10)")


def _check_deck(campaign: Campaign, setup: Setup, found: Findings) -> None:
    scenario = setup.scenario
    if scenario.copies > len(campaign.number_suits):
        found.add(("copies",), f"{scenario.copies} copies per number need {scenario.copies} suits, "
                               f"but numbers use only {', '.join(campaign.number_suits)}")
    cards = list(setup.number_cards) + list(setup.action_cards) + [(t.rank, campaign.target_suit)
                                                                  for t in setup.targets]
    if len(cards) != len(set(cards)) or len(cards) > len(DECK_RANKS) * len(DECK_SUITS):
        found.add(("copies",), "the play cards and the targets do not fit one 52-card deck together")
    if setup.deal + setup.market > setup.play_cards:
        found.add(("hand",), f"dealing {scenario.hand} cards to each player and {setup.market} to the market "
                             f"needs {setup.deal + setup.market} cards, but there are only "
                             f"{setup.play_cards} play and action cards")


def _check_campaign_rules(campaign: Campaign, scenario: Scenario, found: Findings) -> None:
    n = scenario.number
    allowed = set(scenario.overrides)
    for action in scenario.actions:
        joins = campaign.actions.get(action)
        if "actions" not in allowed and (joins is None or n < joins):
            found.add(("actions",), f"the {action.capitalize()} joins the campaign in scenario {joins}, "
                                    f"not before (say `overrides: [actions]` if this is intended)")
    hand = campaign.hand_for(n)
    if "hand" not in allowed and scenario.hand != hand:
        found.add(("hand",), f"hand size {scenario.hand}, but scenarios at this stage of the campaign "
                             f"use {hand} (say `overrides: [hand]` if this is intended)")
    copies = campaign.copies_for(n)
    if "copies" not in allowed and scenario.copies != copies:
        found.add(("copies",), f"{scenario.copies} copies per number, but the campaign uses {copies} "
                               f"in scenario {n} (say `overrides: [copies]` if this is intended)")
    if "distinct" not in allowed and scenario.distinct != (n >= campaign.distinct_from):
        rule = "needs" if n >= campaign.distinct_from else "cannot have"
        found.add(("distinct",), f"scenario {n} {rule} the distinct-values rule (it applies from scenario "
                                 f"{campaign.distinct_from}; say `overrides: [distinct]` if this is intended)")


def _check_published(setup: Setup, found: Findings) -> None:
    published = setup.scenario.published or {}
    derived = {"cards": setup.play_cards, "stock": setup.stock}
    for key, value in published.items():
        if derived[key] != value:
            found.add(("published", key), f"the seed publishes {value} {_what(key)}, the rules give "
                                           f"{derived[key]}")


def _what(key: str) -> str:
    return {"cards": "play and action cards", "stock": "stock cards"}[key]


def _unsolvable(scenario: Scenario) -> str:
    extra = ", no value twice in a line" if scenario.distinct else ""
    return (f"cannot be solved: no filling of the {len(scenario.rows)} x "
            f"{len(scenario.columns)} grid with A-{scenario.highest} ({scenario.copies} copies each{extra}) "
            f"meets rows {list(scenario.rows)} and columns {list(scenario.columns)}")


def check_rules(campaign: Campaign) -> list[Finding]:
    """The campaign's own rules must cover every scenario."""
    found = Findings(file="campaign.yaml")
    if campaign.hand_sizes[0][0] != 1:
        found.add(("hand_size", 0, "from"), "the first hand size must start at scenario 1")
    for i, (start, end, _) in enumerate(campaign.copies_changes):
        if start > end:
            found.add(("copies", "changes", i), f"a change from scenario {start} to {end} runs backwards")
    return found.items


def check_campaign(scenarios: list[Scenario]) -> list[Finding]:
    """Numbering gaps or repeats, and duplicate titles."""
    found = Findings()
    seen_titles: dict[str, int] = {}
    for index, scenario in enumerate(scenarios):
        if scenario.number != index + 1:
            found.add(("scenarios", index, "number"), f"scenario number {scenario.number} where {index + 1} "
                                                      f"comes next (numbers run 1, 2, 3... without gaps or repeats)")
        key = scenario.title.casefold()
        if key in seen_titles:
            found.add(("scenarios", index, "title"), f"title '{scenario.title}' is already used by scenario "
                                                     f"{seen_titles[key]}")
        seen_titles.setdefault(key, scenario.number)
    return found.items


# --- the effect examples: each one the rules of its scenario allow --------------------------------

EFFECT_ACTION = {"cover": None, "swap": "jack", "exchange": "queen", "move": "king"}


def check_example(scenario: Scenario) -> list[Finding]:
    """The example must be an effect the scenario has, on places where the rules allow it."""
    example = scenario.example
    found = Findings()
    action = EFFECT_ACTION[example.effect]
    if action and action not in scenario.actions:
        found.add(("effect",), f"the {example.effect} example needs the {action.capitalize()}, "
                               f"which this scenario does not use")
    if any(not 1 <= v <= 10 for stack in example.places for v in stack):
        found.add(("places",), "example cards must be numbers A (1) to 10")
    if example.hand is not None and not 1 <= example.hand <= 10:
        found.add(("hand",), f"the hand card {example.hand} is not a number A (1) to 10")
    needs = {"cover": 1, "exchange": 1, "swap": 2, "move": 2}[example.effect]
    if len(example.at) != needs or any(not 0 <= i < len(example.places) for i in example.at):
        found.add(("at",), f"the {example.effect} example uses {needs} place{'s' * (needs > 1)}, "
                           f"numbered 0 to {len(example.places) - 1}")
    elif not found.items:
        _check_places(example, found)
    return found.items


def _check_places(example: Example, found: Findings) -> None:
    stacks = [example.places[i] for i in example.at]
    if example.effect in ("cover", "exchange") and example.hand is None:
        found.add(("hand",), f"the {example.effect} example needs the hand card it places")
    if example.effect == "swap" and (example.at[0] == example.at[1] or not all(stacks)):
        found.add(("at",), "the Jack swaps two different occupied places")
    if example.effect == "move" and (not stacks[0] or stacks[1]):
        found.add(("at",), "the King moves an occupied place's stack to an empty place")
    if example.effect in ("cover", "exchange") and not stacks[0]:
        found.add(("at",), f"the {example.effect} example needs an occupied place")


# --- the kit's checks: the campaign's rules, then every scenario ---------------------------------

def check(model: CrossSums) -> list[Finding]:
    rules = check_rules(model.campaign)
    if rules:
        return rules
    found = check_campaign(list(model.scenarios))
    if len(model.scenarios) != model.count:
        found.append(Finding("campaign.yaml", ("scenarios",), f"the campaign has {model.count} scenarios but "
                                                              f"scenarios.yaml lists {len(model.scenarios)}"))
    for i, scenario in enumerate(model.scenarios):
        found += [Finding(f.file, ("scenarios", i) + f.path, f"scenario {scenario.number}: {f.message}")
                  for f in check_scenario(model.campaign, scenario)]
    return found

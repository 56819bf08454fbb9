"""The rules model of Cross Sums (seed 004): the campaign, its scenarios and the effect examples
as read from the content, and what a scenario's setup is (derived, never typed). Whether a scenario
keeps the campaign's rules is checks.py's, whether its grid can be filled at all solver.py's. Pure:
checked content in, the model out.
"""

from __future__ import annotations

from dataclasses import dataclass

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
ACTION_RANKS = {"jack": 11, "queen": 12, "king": 13}
DECK_RANKS = range(1, 14)
DECK_SUITS = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True)
class Campaign:
    copies_usual: int
    copies_changes: tuple[tuple[int, int, int], ...]  # (from, to, copies)
    number_suits: tuple[str, ...]
    action_suits: tuple[str, ...]
    target_suit: str
    actions: dict[str, int]  # action -> scenario it joins from
    hand_sizes: tuple[tuple[int, int], ...]  # (from scenario, size), ascending
    market: int
    distinct_from: int

    def copies_for(self, number: int) -> int:
        for start, end, copies in self.copies_changes:
            if start <= number <= end:
                return copies
        return self.copies_usual

    def hand_for(self, number: int) -> int:
        return [size for start, size in self.hand_sizes if start <= number][-1]



@dataclass(frozen=True)
class Scenario:
    number: int
    title: str
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    highest: int
    hand: int
    copies: int
    actions: tuple[str, ...]
    distinct: bool
    published: dict | None = None
    overrides: tuple[str, ...] = ()
    example: "Example | None" = None


@dataclass(frozen=True)
class Target:
    value: int
    rank: int  # the club's rank, 1 (Ace) to 10
    crosswise: bool  # turned 90 degrees: value = rank + 10
    line: str  # "row" or "column"
    index: int


@dataclass(frozen=True)
class Setup:
    """Everything a setup sheet prints, derived from the scenario and the campaign."""

    scenario: Scenario
    grid: tuple[int, int]  # rows, columns
    number_cards: tuple[tuple[int, str], ...]  # (rank, suit)
    action_cards: tuple[tuple[int, str], ...]
    targets: tuple[Target, ...]
    deal: int  # dealt to hands, both players
    market: int
    stock: int

    @property
    def play_cards(self) -> int:
        return len(self.number_cards) + len(self.action_cards)

    def role(self, rank: int, suit: str) -> str:
        """A card's role in this scenario: row/column target, number, action, or aside."""
        for target in self.targets:
            if (rank, suit) == (target.rank, "clubs"):
                return f"{target.line} target"
        if (rank, suit) in self.number_cards:
            return "number"
        if (rank, suit) in self.action_cards:
            return "action"
        return "aside"


def target_card(value: int) -> tuple[int, bool]:
    """The club that shows a target: 1-10 upright, 11-20 crosswise (rank + 10)."""
    return (value - 10, True) if value > 10 else (value, False)


def derive(campaign: Campaign, scenario: Scenario) -> Setup:
    number_cards = tuple((rank, suit) for suit in campaign.number_suits[:scenario.copies]
                         for rank in range(1, scenario.highest + 1))
    action_cards = tuple((ACTION_RANKS[a], suit) for a in scenario.actions for suit in campaign.action_suits)
    targets = tuple(Target(v, *target_card(v), line, i)
                    for line, values in (("row", scenario.rows), ("column", scenario.columns))
                    for i, v in enumerate(values))
    deal = 2 * scenario.hand
    count = len(number_cards) + len(action_cards)
    return Setup(scenario, (len(scenario.rows), len(scenario.columns)), number_cards, action_cards,
                 targets, deal, campaign.market, count - deal - campaign.market)


# --- effects on grid places: the drawn examples are computed, not typed -----------------------

@dataclass(frozen=True)
class Example:
    """A before state of a few grid places (stacks, bottom card first) and one effect on them."""

    effect: str  # cover | swap | exchange | move
    places: tuple[tuple[int, ...], ...]
    at: tuple[int, ...]  # the place(s) the effect uses: cover/exchange one; swap/move two
    hand: int | None = None  # the hand card placed (cover, exchange)


def apply(example: Example) -> tuple[tuple[tuple[int, ...], ...], int | None]:
    """The places after the effect, and the card that goes to the hand (the Queen's exchange)."""
    places = [list(stack) for stack in example.places]
    returned = None
    if example.effect == "cover":
        places[example.at[0]].append(example.hand)
    elif example.effect == "exchange":
        returned = places[example.at[0]].pop()
        places[example.at[0]].append(example.hand)
    elif example.effect == "swap":
        a, b = example.at
        places[a], places[b] = places[b], places[a]
    else:  # move: a whole stack to an empty place
        source, target = example.at
        places[target], places[source] = places[source], []
    return tuple(tuple(stack) for stack in places), returned


# --- the kit's model, as read from the content -------------------------------------------------

@dataclass(frozen=True)
class CrossSums:
    campaign: Campaign
    scenarios: tuple[Scenario, ...]
    players: int
    count: int  # the scenarios the campaign says it has

    def hand_stages(self) -> tuple[tuple[int, int, int], ...]:
        """(hand size, first scenario, last scenario) of each stage of the campaign."""
        sizes = self.campaign.hand_sizes
        return tuple((size, start, sizes[i + 1][0] - 1 if i + 1 < len(sizes) else self.count)
                     for i, (start, size) in enumerate(sizes))

    def setup(self, index: int) -> Setup:
        return derive(self.campaign, self.scenarios[index])

    def deal(self, setup: Setup) -> dict:
        """The deal's numbers for the words: every count from the rules."""
        return {"number_suits": self.campaign.number_suits[:setup.scenario.copies],
                "action_suits": self.campaign.action_suits, "cards": setup.play_cards,
                "numbers": len(setup.number_cards), "actions": len(setup.action_cards), "players": self.players,
                "dealt": setup.deal, "stock": setup.stock, "targets": len(setup.targets),
                "aside": len(DECK_RANKS) * len(DECK_SUITS) - setup.play_cards - len(setup.targets)}


def from_content(data: dict) -> CrossSums:
    campaign = data["campaign"]
    copies = campaign["copies"]
    rules = Campaign(
        copies_usual=copies["usual"],
        copies_changes=tuple((c["from"], c["to"], c["copies"]) for c in copies["changes"] or ()),
        number_suits=tuple(campaign["number_suits"]), action_suits=tuple(campaign["action_suits"]),
        target_suit=campaign["target_suit"],
        actions={name: start for name, start in campaign["actions"].items() if start is not None},
        hand_sizes=tuple(sorted((h["from"], h["size"]) for h in campaign["hand_size"])),
        market=campaign["market"], distinct_from=campaign["distinct_from"])
    scenarios = tuple(scenario_of(s) for s in data["scenarios"]["scenarios"])
    return CrossSums(rules, scenarios, campaign["players"], campaign["scenarios"])


def scenario_of(data: dict) -> Scenario:
    return Scenario(
        number=data["number"], title=data["title"], rows=tuple(data["rows"]),
        columns=tuple(data["columns"]), highest=data["highest"], hand=data["hand"],
        copies=data["copies"], actions=tuple(data["actions"]), distinct=data["distinct"],
        published={k: v for k, v in (data.get("published") or {}).items() if v is not None},
        overrides=tuple(data.get("overrides") or ()), example=_example_of(data.get("effect_example")))


def _example_of(data: dict | None) -> Example | None:
    if not data:
        return None
    return Example(data["effect"], tuple(tuple(stack) for stack in data["places"]), tuple(data["at"]),
                   data.get("hand"))

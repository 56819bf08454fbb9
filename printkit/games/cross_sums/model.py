"""The rules model of Cross Sums (seed 004): what a scenario's setup is (derived, never typed),
whether it keeps the campaign's rules, and whether its grid can be filled at all (a witness
solution for the host key). Pure: checked content in, the model and its findings out.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from printkit.ground.errors import Finding

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


# --- checks ---------------------------------------------------------------------------------

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


# --- effects on grid places: the drawn examples are computed, not typed -----------------------

EFFECT_ACTION = {"cover": None, "swap": "jack", "exchange": "queen", "move": "king"}


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


# --- the solver -----------------------------------------------------------------------------

def solve(scenario: Scenario) -> tuple[tuple[int, ...], ...] | None:
    """A filling of the grid, or None. Columns are interchangeable (swapping two columns keeps
    every row sum, count and distinctness), so the column targets may be taken in listed order."""
    return solve_grid(scenario.rows, scenario.columns, scenario.highest, scenario.copies, scenario.distinct)


@functools.lru_cache(maxsize=1024)  # the check proves each scenario solvable; the host key prints the same filling
def solve_grid(rows, columns, highest: int, copies: int, distinct: bool):
    n_rows, n_cols = len(rows), len(columns)
    grid = [[0] * n_cols for _ in range(n_rows)]
    row_left, col_left = list(rows), list(columns)
    used = [0] * (highest + 1)

    def bounds(r: int, c: int) -> range:
        cells_row = n_cols - c - 1  # cells after this one in its row
        cells_col = n_rows - r - 1
        lo = max(1, row_left[r] - cells_row * highest, col_left[c] - cells_col * highest)
        hi = min(highest, row_left[r] - cells_row, col_left[c] - cells_col)
        if cells_row == 0:
            lo = max(lo, row_left[r])
            hi = min(hi, row_left[r])
        if cells_col == 0:
            lo = max(lo, col_left[c])
            hi = min(hi, col_left[c])
        return range(lo, hi + 1)

    def place(cell: int) -> bool:
        if cell == n_rows * n_cols:
            return True
        r, c = divmod(cell, n_cols)
        for value in bounds(r, c):
            if used[value] >= copies:
                continue
            if distinct and (value in grid[r][:c] or any(grid[i][c] == value for i in range(r))):
                continue
            grid[r][c], used[value] = value, used[value] + 1
            row_left[r] -= value
            col_left[c] -= value
            if place(cell + 1):
                return True
            row_left[r] += value
            col_left[c] += value
            grid[r][c], used[value] = 0, used[value] - 1
        return False

    return tuple(tuple(row) for row in grid) if place(0) else None


# --- the kit's model --------------------------------------------------------------------------------

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

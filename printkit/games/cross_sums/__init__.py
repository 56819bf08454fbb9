"""Cross Sums (seed 004): a 50-scenario cooperative campaign. Content is the campaign's rules and
the scenarios' facts; the rules model derives every count and proves every scenario solvable."""

from __future__ import annotations

from printkit.games import Game, Product
from printkit.load import Bool, Choice, Int, ListOf, Record, Str
from printkit.rules import Finding
from printkit.rules.cross_sums import check_campaign, check_rules, check_scenario

from . import booklet, glance, rules, setup, solutions
from .model import campaign_of, scenario_of

SUITS = ("clubs", "diamonds", "hearts", "spades")
ACTIONS = ("jack", "queen", "king")
RULES = ("hand", "copies", "actions", "distinct")

CAMPAIGN_FILE = Record({
    "title": Str(max_length=80),
    "players": Int(1, 8),
    "scenarios": Int(1, 200),
    "copies": Record({"usual": Int(1, 4)}, optional={
        "changes": ListOf(Record({"from": Int(1), "to": Int(1), "copies": Int(1, 4)}))}),
    "number_suits": ListOf(Choice(SUITS), 1, 4),
    "action_suits": ListOf(Choice(SUITS), 1, 4),
    "target_suit": Choice(SUITS),
    "actions": Record({}, optional={name: Int(1) for name in ACTIONS}),
    "hand_size": ListOf(Record({"from": Int(1), "size": Int(1, 10)}), 1),
    "market": Int(1, 10),
    "distinct_from": Int(1),
})

EXAMPLE = Record({
    "effect": Choice(("cover", "swap", "exchange", "move")),
    "places": ListOf(ListOf(Int(), 0, 4), 1, 4),  # grid places in a row, each a stack bottom first
    "at": ListOf(Int(), 1, 2),
}, optional={"hand": Int()})

SCENARIO = Record({
    "number": Int(1),
    "title": Str(max_length=60),
    "tagline": Str(max_length=200),
    "rows": ListOf(Int(), 1, 6),
    "columns": ListOf(Int(), 1, 6),
    "highest": Int(),
    "hand": Int(1, 10),
    "copies": Int(1, 4),
    "actions": ListOf(Choice(ACTIONS), 0, 3),
    "distinct": Bool(),
    "section": Record({"heading": Str(max_length=80), "text": Str(max_length=1500)}),
    "watch": Str(max_length=300),
}, optional={
    "effect_example": EXAMPLE,
    "published": Record({}, optional={"cards": Int(0), "stock": Int()}),
    "overrides": ListOf(Choice(RULES)),
})

SCENARIOS_FILE = Record({"scenarios": ListOf(SCENARIO, 1)})


def check(data) -> list[Finding]:
    campaign = campaign_of(data["campaign"])
    rules = [Finding("campaign.yaml", path, message) for path, message in check_rules(campaign)]
    if rules:
        return rules
    scenarios = [scenario_of(s) for s in data["scenarios"]["scenarios"]]
    found = [Finding("scenarios.yaml", ("scenarios", i) + path, message)
             for i, path, message in check_campaign(scenarios)]
    if len(scenarios) != data["campaign"]["scenarios"]:
        found.append(Finding("campaign.yaml", ("scenarios",), f"the campaign has {data['campaign']['scenarios']} "
                                                               f"scenarios but scenarios.yaml lists {len(scenarios)}"))
    for i, scenario in enumerate(scenarios):
        found += [Finding("scenarios.yaml", ("scenarios", i) + path, f"scenario {scenario.number}: {message}")
                  for path, message in check_scenario(campaign, scenario)]
    return found


GAME = Game(
    slug="cross-sums",
    title="Cross Sums",
    files={"campaign.yaml": CAMPAIGN_FILE, "scenarios.yaml": SCENARIOS_FILE},
    check=check,
    products=(
        Product("setup", "one setup sheet per scenario: setup/scenario-01.pdf ... -50.pdf",
                plan_files=setup.plan_all, templates=("setup.j2",)),
        Product("at-a-glance", "the 50 scenarios in one table: grid, targets, cards, actions, hand",
                glance.render, templates=("at-a-glance.j2",)),
        Product("rules", "the basic rules, laid out to read in print", rules.render,
                reads=("campaign",), templates=("rules.j2",)),
        Product("booklet", "contents, rules and every scenario as a spread, half-size pages in reading order",
                booklet.render, templates=("booklet.j2", "rules.j2", "setup.j2"), printing="reading"),
        Product("booklet-saddle", "the same booklet imposed for duplex printing (short edge), fold and staple",
                booklet.render_saddle, templates=("booklet.j2", "rules.j2", "setup.j2"), printing="booklet"),
        Product("solutions", "host key: one solution per scenario, kept apart from everything else",
                solutions.render, templates=("solutions.j2",), printing="host-key"),
    ),
)

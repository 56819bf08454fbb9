"""Cross Sums (seed 004): a 50-scenario cooperative campaign. Content is the campaign's rules and
the scenarios' facts; the rules model derives every count and proves every scenario solvable."""

from __future__ import annotations

from printkit.products.kit import Game
from printkit.products.guide import PrintGuide
from printkit.load import Bool, Choice, Int, ListOf, Record, Str
from printkit.products.booklet import Booklet
from printkit.products.sheets import Aids, Sheets

from . import aid, booklet, checks, glance, log, model, rules, scenario_page, setup_sheet, solutions

SUITS = ("clubs", "diamonds", "hearts", "spades")
ACTIONS = ("jack", "queen", "king")
RULES = ("hand", "copies", "actions", "distinct")

CAMPAIGN_FILE = Record({
    "title": Str(max_length=80),
    "players": Int(1, 8),
    "scenarios": Int(1, 1000),
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

NOTES_FILE = Record({  # the seed's playtest note and its ideas, which are not rules yet
    "playtest": Str(max_length=1500),
    "ideas": Record({"intro": Str(max_length=600), "items": ListOf(Record({"name": Str(max_length=60),
                                                                            "text": Str(max_length=800)}), 1, 12),
                     "closing": Str(max_length=800)}),
})


BOOKLET_TEMPLATES = ("booklet.j2", "rules.j2", "setup.j2", "at-a-glance.j2")
# A scenario's prose: printed on its setup sheet and its spread, never in the tables of every scenario
PROSE = tuple(f"scenarios/scenarios/*/{key}" for key in ("tagline", "section", "watch"))

GAME = Game(
    slug="cross-sums",
    title="Cross Sums",
    files={"campaign.yaml": CAMPAIGN_FILE, "scenarios.yaml": SCENARIOS_FILE, "notes.yaml": NOTES_FILE},
    model=model.from_content,
    check=checks.check,
    products=(
        PrintGuide("print-guide", "which files to print, how, on what paper, how many, and how to cut"),
        Sheets("setup", "one setup sheet per scenario: setup/scenario-01.pdf ... -50.pdf", each=scenario_page.items,
               pages=setup_sheet.sheet, templates=("setup.j2",)),
        Sheets("setup-sheets", "the same setup sheets in one file, a page each: one print job, not 50",
               pages=setup_sheet.every_sheet, templates=("setup.j2",), reads=("campaign", "scenarios")),
        Sheets("at-a-glance", "the 50 scenarios in one table: grid, targets, cards, actions, hand; the playtest note",
               pages=glance.pages, templates=("at-a-glance.j2",), reads=("campaign", "scenarios", "notes"),
               ignores=PROSE + ("notes/ideas",)),
        Sheets("rules", "the basic rules, laid out to read in print, with a picture of the table", shown="Rules",
               each=rules.items, pages=rules.sheet_pages, templates=("rules.j2", "setup.j2")),
        Booklet("booklet", "contents, rules and every scenario as a spread, half-size pages in reading order",
                pages=booklet.pages, templates=BOOKLET_TEMPLATES, printing="reading", options=(booklet.SCENARIOS,),
                subject="scenario booklet"),
        Booklet("booklet-saddle", "the same in volumes of at most 10 sheets, imposed for duplex printing (short "
                "edge), fold and staple", shown="Booklet for saddle stitching", pages=booklet.pages,
                volumes=booklet.volumes, imposition="saddle",
                templates=BOOKLET_TEMPLATES, printing="booklet", options=(booklet.SCENARIOS,),
                subject="scenario booklet"),
        Aids("player-aid", "a half-page aid for each player: a turn's three steps, how to win, each face card",
             aid=aid.aid, count=lambda kit: kit.model.players, templates=("player-aid.j2",), reads=("campaign",)),
        Sheets("campaign-log", "the scenarios with boxes to tick each attempt and the win, room for the date and notes",
               pages=log.pages, templates=("campaign-log.j2",), reads=("campaign", "scenarios"), ignores=PROSE),
        Sheets("solutions", "host key: one solution per scenario, kept apart from everything else",
               pages=solutions.pages, templates=("solutions.j2",), printing="host-key",
               reads=("campaign", "scenarios"), ignores=PROSE),
    ),
)

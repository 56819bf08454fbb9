"""The workbook of the Harbour Masters example (content/harbour-masters/cards.xlsx), written with
openpyxl. The .xlsx is committed, so the example builds without this script; edit the workbook in
a spreadsheet program, or here and run it again:

    python tools/make-harbour.py        # from examples/

It is a designer's sheet as designers keep one: every card of the game on one sheet ("Cards"), a
`type` column saying which deck takes it (game.yaml's `where:`), a `count` column saying how many
to print, columns that only some types fill, words typed with **bold** and a line break in a cell.
"""

from __future__ import annotations

from pathlib import Path

from sheets import save

WORKBOOK = Path(__file__).resolve().parent.parent / "content" / "harbour-masters" / "cards.xlsx"
HEADINGS = ("id", "type", "name", "cost", "hold", "value", "wants", "bonus", "text", "count")
SHIPS = (  # id, name, cost, hold, text, count: the Sloops are the players' first ships
    ("sloop", "Sloop", None, 2, "Each player starts with one.", 4),
    ("cog", "Cog", 3, 3, None, 2),
    ("caravel", "Caravel", 4, 3, "After it sails, take the top card of the cargo stack.", 2),
    ("dhow", "Dhow", 3, 2, "When you build it, take a cargo card from the quay.", 1),
    ("carrack", "Carrack", 5, 4, None, 1),
    ("clipper", "Clipper", 6, 3, "After it sails, you may **Load** too.", 1),
    ("galleon", "Galleon", 7, 5, None, 1),
)
GOODS = (("fish", "Fish", 1), ("grain", "Grain", 1), ("wool", "Wool", 2), ("timber", "Timber", 2),
         ("wine", "Wine", 3), ("spice", "Spice", 3))
PORTS = (  # each good is wanted by two ports; a port's bonus is about what its two goods are worth
    ("kettle-bay", "Kettle Bay", "Fish", "Grain", 2),
    ("saltmarsh", "Saltmarsh", "Grain", "Wool", 3),
    ("northhaven", "Northhaven", "Wool", "Timber", 4),
    ("amberport", "Amberport", "Timber", "Wine", 5),
    ("brightwater", "Brightwater", "Wine", "Spice", 6),
    ("corran-quay", "Corran Quay", "Spice", "Fish", 4),
)
EVENTS = (
    ("fair-wind", "Fair wind", "You may sail again,\nwith another of your ships.", 2),
    ("calm-sea", "Calm sea", "Nothing happens.", 2),
    ("storm", "Storm", "Every player with more than 4 cargo cards in hand discards down to 4.", 2),
    ("market-day", "Market day", "Discard the quay and lay 4 new cargo cards.", 1),
    ("harbour-fee", "Harbour fee", "Discard a cargo card from your hand, if you have one.", 1),
    ("trade-winds", "Trade winds", "Each player passes a cargo card from their hand to the player on "
                                   "their left.", 1),
    ("lucky-catch", "Lucky catch", "Take the top card of the cargo stack.", 1),
)
README = (
    "Harbour Masters: every card is a row of the sheet Cards.",
    "type says which deck takes the row (ship, cargo, port, event); count how many to print.",
    "cost and hold are a ship's; value a cargo's; wants and bonus a port's. Leave the others empty.",
)


def rows() -> list[tuple]:
    ships = [(id_, "ship", name, cost, hold, None, None, None, text, count)
             for id_, name, cost, hold, text, count in SHIPS]
    cargo = [(id_, "cargo", name, None, None, value, None, None, None, 4) for id_, name, value in GOODS]
    ports = [(id_, "port", name, None, None, None, f"{one}, {two}", bonus, None, 1)
             for id_, name, one, two, bonus in PORTS]
    events = [(id_, "event", name, None, None, None, None, None, text, count)
              for id_, name, text, count in EVENTS]
    return ships + cargo + ports + events


def main() -> None:
    save(WORKBOOK, README, "Cards", HEADINGS, rows(), (14, 8, 14, 6, 6, 6, 16, 6, 48, 6), wrapped="I")

if __name__ == "__main__":
    main()

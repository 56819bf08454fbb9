"""The workbook of the Which Came First example (content/which-came-first/inventions.xlsx), written
with openpyxl. The .xlsx is committed, so the example builds without this script; edit the
workbook in a spreadsheet program, or here and run it again:

    python tools/make-workbook.py        # from examples/

Its first sheet is a note for a person; the cards are on the sheet named "Inventions", which
game.yaml names. A row is a card: its `id` names it (errata, the preview), `copies` 0 keeps a
card in the sheet and prints none.
"""

from __future__ import annotations

from pathlib import Path

from sheets import save

WORKBOOK = Path(__file__).resolve().parent.parent / "content" / "which-came-first" / "inventions.xlsx"
HEADINGS = ("id", "name", "by", "year", "copies", "note")
INVENTIONS = (
    ("printing-press", "Printing press", "Johannes Gutenberg", 1440, None, "about 1440"),
    ("telescope", "Telescope", "Hans Lipperhey", 1608, None, None),
    ("barometer", "Barometer", "Evangelista Torricelli", 1643, None, None),
    ("pendulum-clock", "Pendulum clock", "Christiaan Huygens", 1656, None, None),
    ("steam-engine", "Steam engine", "Thomas Newcomen", 1712, None, None),
    ("lightning-rod", "Lightning rod", "Benjamin Franklin", 1752, None, None),
    ("balloon", "Hot-air balloon flight", "the Montgolfier brothers", 1783, None, None),
    ("vaccine", "Smallpox vaccine", "Edward Jenner", 1796, None, None),
    ("battery", "Electric battery", "Alessandro Volta", 1800, None, None),
    ("tin-can", "Tin can", "Peter Durand", 1810, None, None),
    ("safety-lamp", "Miner's safety lamp", "Humphry Davy", 1815, None, None),
    ("stethoscope", "Stethoscope", "René Laennec", 1816, None, None),
    ("draisine", "Running machine (the first bicycle)", "Karl Drais", 1817, None, None),
    ("braille", "Braille", "Louis Braille", 1824, None, None),
    ("photograph", "Photograph", "Nicéphore Niépce", 1826, None, None),
    ("telegraph", "Telegraph message", "Samuel Morse", 1844, None, None),
    ("dynamite", "Dynamite", "Alfred Nobel", 1867, None, None),
    ("periodic-table", "Periodic table", "Dmitri Mendeleev", 1869, None, None),
    ("telephone", "Telephone", "Alexander Graham Bell", 1876, None, None),
    ("phonograph", "Phonograph", "Thomas Edison", 1877, None, None),
    ("motor-car", "Motor car", "Carl Benz", 1886, None, None),
    ("radio", "Radio", "Guglielmo Marconi", 1895, None, None),
    ("aeroplane", "Powered aeroplane flight", "the Wright brothers", 1903, None, None),
    ("television", "Television", "John Logie Baird", 1926, None, None),
    ("penicillin", "Penicillin", "Alexander Fleming", 1928, None, None),
    ("transistor", "Transistor", "Bardeen, Brattain and Shockley", 1947, None, None),
    ("laser", "Laser", "Theodore Maiman", 1960, None, None),
    ("smartphone", "Touch-screen smartphone", "Apple", 2007, 0, "left out: everyone knows it"),
)
README = (
    "Which Came First: the cards are on the sheet Inventions, one row a card.",
    "id names a card; copies 0 keeps a row and prints no card; note is for you (no card shows it).",
    "Rows may be in any order: the deck prints in order of year.",
)


def main() -> None:
    rows = sorted(INVENTIONS, key=lambda row: row[1])  # alphabetical: game.yaml orders by year
    save(WORKBOOK, README, "Inventions", HEADINGS, rows, (16, 34, 30, 8, 8, 28))

if __name__ == "__main__":
    main()

"""One table feeding several products (a table's `where:`), and how many of each card to print
bound to the data (`copies: {field: count}`, an expression over the card's fields, a `count`
column taken when no `copies:` is written): built from a workbook and from a CSV file, the PDFs
read back (the cards on each sheet, their size, the words on each); a row that no product takes
a warning at its row; every mistake one line at its cell or line, exit 1, nothing written; no
command ever writes a PDF of no pages, and `preview` and `export --for tts` end in a message,
never a traceback."""

from __future__ import annotations

import re
import textwrap
from types import SimpleNamespace

import pytest

from printkit.ground.errors import Problem
from printkit.pipeline.planning import Planned, plan_one
from printkit.plan.marks import Document
from printkit.products import FilePlan

from declared import SLUG, game_project, line_of
from readback import pages
from test_declared import build, cards_on, run, text_in
from test_tables import xlsx

CARDS = [["type", "name", "count", "power"],
         ["ship", "Frigate", 2, 3],
         ["ship", "Galleon", 1, 5],
         ["crew", "Gunner", 3, None],
         ["crew", "Cook", 1, None],
         ["relic", "Compass", 2, None],
         ["ship", "Sloop", 0, 1],
         ["port", "Havana", 1, None]]  # no product takes a port: a warning at its row
CSV = "type,name,count,power\n" + "".join(",".join("" if v is None else str(v) for v in row) + "\n"
                                          for row in CARDS[1:])
SIZES = {"ships": (63.5, 88.9), "crew": (44.45, 63.5), "relics": (57.15, 88.9)}  # poker, mini, bridge (PRINT.md)
PRINTED = {"ships": ["Frigate", "Frigate", "Galleon"], "crew": ["Gunner", "Gunner", "Gunner", "Cook"],
           "relics": ["Compass", "Compass"]}


def fleet(table: str) -> str:
    """Three decks of three sizes from one table: ships by a field, crew by an expression, relics
    by the `count` column taken as it is."""
    return f"""\
        title: Fleet
        products:
          ships:
            kind: deck
            size: poker
            cards: {{{table}, where: "type == 'ship'"}}
            copies: {{field: count}}
            face:
              layers:
                name: {{kind: text, field: name, x: 8, y: 10, width: 47, height: 10}}
                power: {{kind: text, text: "Power {{{{ power }}}}", x: 8, y: 30, width: 47, height: 10}}
          crew:
            kind: deck
            size: mini
            cards: {{{table}, where: "type == 'crew'"}}
            copies: "= count if name else 0"
            face:
              layers:
                name: {{kind: text, field: name, x: 6, y: 10, width: 32, height: 10}}
          relics:
            kind: deck
            size: bridge
            cards: {{{table}, where: "type == 'relic'"}}
            face:
              layers:
                name: {{kind: text, field: name, x: 8, y: 10, width: 41, height: 10}}
          rules:
            kind: rules
        """


TABLES = {"xlsx": ("file: cards.xlsx, sheet: Cards", "cards.xlsx", xlsx({"Notes": [["not cards"]], "Cards": CARDS}),
                   f"{SLUG}/cards.xlsx:Cards!A8"),
          "csv": ("file: cards.csv", "cards.csv", CSV, f"{SLUG}/cards.csv:8")}


def printed(project, product: str) -> list[tuple[str, tuple[float, float]]]:
    """Each card on the deck's one front sheet, read back: its words and its trim's size."""
    front = pages(project / "out" / SLUG / f"{product}.pdf")[0]
    return [(text_in(front, box), (box.width, box.height)) for box in cards_on(front)]


@pytest.mark.parametrize("kind", TABLES)
def test_one_table_feeds_three_decks_of_three_sizes_each_card_as_many_times_as_it_counts(
        tmp_path, capsys, monkeypatch, kind):
    table, name, data, havana = TABLES[kind]
    project = game_project(tmp_path, fleet(table), {name: data})
    code, out, err = build(project, capsys, monkeypatch)
    game = project / "content" / SLUG / "game.yaml"
    assert code == 0, err
    assert err.splitlines() == [
        f"{SLUG}/game.yaml:{line_of(game, 'relics:')}: warning: products.relics: prints as many copies of each card "
        f"as its column 'count' says (write `copies: 1` to print one of each)",
        f"{havana}: warning: no product takes this row ('Havana'): the `where` of crew, relics and ships is false "
        f"for it; the card is printed nowhere"]
    for product, names in PRINTED.items():
        cards = printed(project, product)
        assert [words.split()[0] for words, _ in cards] == names
        for _, (width, height) in cards:
            assert abs(width - SIZES[product][0]) <= 0.05 and abs(height - SIZES[product][1]) <= 0.05
        assert len(pages(project / "out" / SLUG / f"{product}.pdf")) == 2  # one sheet of fronts, its backs
    assert [words for words, _ in printed(project, "ships")] == ["Frigate Power 3", "Frigate Power 3",
                                                                  "Galleon Power 5"]


def test_when_every_row_is_taken_nothing_is_said(tmp_path, capsys, monkeypatch):
    game = fleet(TABLES["csv"][0]).replace("type == 'relic'", "type in ['relic', 'port']")
    project = game_project(tmp_path, game.replace("size: bridge", "size: bridge\n            copies: 1"),
                           {"cards.csv": CSV})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert [words for words, _ in printed(project, "relics")] == ["Compass", "Havana"]


def test_a_where_is_checked_for_its_syntax_where_it_is_written(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, fleet(TABLES["csv"][0]).replace("type == 'ship'", "type == "),
                           {"cards.csv": CSV})
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert code == 1
    assert err.startswith(f"{SLUG}/game.yaml:6: products.ships.cards.where: expression: ")
    assert len(err.splitlines()) == 1


# --- mistakes: one line each, at the cell or the line, exit 1, nothing written -----------------------------

SMALL = [["type", "name", "count"], ["ship", "Frigate", 2], ["crew", "Gunner", 1]]
DECK = """\
    title: Fleet
    products:
      ships:
        kind: deck
        size: poker
        cards: {{file: cards.xlsx, sheet: Cards, where: "{where}"}}
        copies: {copies}
        face:
          layers:
            name: {{kind: text, field: name, x: 8, y: 10, width: 47, height: 10}}
      rules:
        kind: rules
    """
GAME = f"{SLUG}/game.yaml"
BOOK = f"{SLUG}/cards.xlsx:Cards"
MISTAKES = {
    "where names no column": (
        "typ == 'ship'", "1", SMALL,
        f"{GAME}:6: products.ships.cards.where: {BOOK} has no column 'typ' (did you mean 'type'?)"),
    "where is not true or false": (
        "name == 'Frigate' or count", "1", SMALL,
        f"{BOOK}!C3: card 'Gunner': products.ships.cards.where: gives 1, not true or false: compare it with "
        f"something, as in `type == 'ship'` (see {GAME}:6)"),
    "where takes no row": (
        "type == 'port'", "1", SMALL,
        f"{GAME}:6: products.ships.cards.where: takes none of the 2 rows of {BOOK}: the product would print no card"),
    "copies names no field": (
        "true", "{field: cont}", SMALL,
        f"{GAME}:7: products.ships.copies: no card has a field 'cont' (did you mean 'count'?)"),
    "copies not a number": (
        "type == 'ship'", "{field: count}", [SMALL[0], ["ship", "Frigate", "two"]],
        f"{BOOK}!C2: card 1 ('Frigate'): products.ships.copies: 'two' is not a number of copies (0 to "
        f"999) (see {GAME}:7)"),
    "copies not whole": (
        "type == 'ship'", "'= count / 4'", [SMALL[0], ["ship", "Frigate", 2]],
        f"{BOOK}!A2: card 1 ('Frigate'): products.ships.copies: 0.5 is not a number of copies (0 to "
        f"999) (see {GAME}:7)"),
    "copies above the bound": (
        "type == 'ship'", "'= count * 1000'", [SMALL[0], ["ship", "Frigate", 2]],
        f"{BOOK}!A2: card 1 ('Frigate'): products.ships.copies: 2000 is not a number of copies (0 to "
        f"999) (see {GAME}:7)"),
    "copies of an empty cell": (
        "type == 'ship'", "{field: count}", [SMALL[0], ["ship", "Frigate", None]],
        f"{BOOK}!A2: card 1 ('Frigate'): products.ships.copies: the card's `count` is empty: write how many to "
        f"print (0 prints none), or give `copies:` a `default` (see {GAME}:7)"),
    "copies all none": (
        "type == 'ship'", "{field: count}", [SMALL[0], ["ship", "Frigate", 0], ["ship", "Sloop", 0]],
        f"{GAME}:7: products.ships.copies: 0 for each of its 2 cards: the product would print no card"),
    "an expression of no card field giving none": (
        "true", "'= 0 if game.title else 1'", SMALL,
        f"{GAME}:7: products.ships.copies: 0 for each of its 2 cards: the product would print no card"),
}


@pytest.mark.parametrize("case", MISTAKES)
def test_a_mistake_of_where_or_copies_is_one_line_at_its_cell_or_line(tmp_path, capsys, monkeypatch, case):
    where, copies, rows, message = MISTAKES[case]
    project = game_project(tmp_path, DECK.format(where=where, copies=copies), {"cards.xlsx": xlsx({"Cards": rows})})
    before = sorted(project.rglob("*"))
    code, out, err = build(project, capsys, monkeypatch)
    assert (code, err) == (1, message + "\n")
    assert sorted(project.rglob("*")) == before  # nothing written


def test_a_cards_own_copies_in_another_script_s_digits_is_a_message_not_a_traceback(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, DECK.format(where="true", copies="1").replace(
        "{file: cards.xlsx, sheet: Cards, where: \"true\"}", "cards.csv"), {"cards.csv": "name,copies\nOwl,²\n"})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.csv:2: products.ships.cards[1].copies: '²' is not a number of copies "
                              f"(0 to 999)\n")


def test_a_count_column_that_is_not_every_card_s_number_is_not_taken_and_says_so(tmp_path, capsys, monkeypatch):
    rows = [["name", "count"], ["Owl", 2], ["Fox", None]]
    project = game_project(tmp_path, DECK.format(where="true", copies="1").replace("        copies: 1\n", ""),
                           {"cards.xlsx": xlsx({"Cards": rows})})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, f"{GAME}:3: warning: products.ships: its column 'count' looks like how many copies to "
                              f"print, but card 2's is empty: one of each is printed (write `copies: {{field: "
                              f"count, default: 1}}` to print as many as it says)\n")
    assert [words for words, _ in printed(project, "ships")] == ["Owl", "Fox"]


# --- no PDF of no pages, and no traceback after one --------------------------------------------------------

def test_a_planned_file_of_no_pages_is_a_problem_at_its_product_never_a_file():
    kit = SimpleNamespace(pages={}, game=SimpleNamespace(slug=SLUG))
    product = SimpleNamespace(name="ships", where=lambda kit: Problem(GAME, 3, ""))
    empty = FilePlan("ships.pdf", None, lambda: Document("Fleet", "ships", ()), product)
    assert plan_one(Planned(kit, empty)) == [Problem(GAME, 3, "ships.pdf: ships has nothing to print: printkit "
                                                              "writes no file of no pages")]


@pytest.mark.parametrize("command", [("preview", "--dpi", "20"), ("export", "--for", "tts")])
def test_preview_and_tts_take_the_chosen_rows_and_stop_at_a_deck_of_no_card(tmp_path, capsys, monkeypatch,
                                                                              command):
    project = game_project(tmp_path / "good", fleet(TABLES["xlsx"][0]), {"cards.xlsx": TABLES["xlsx"][2]})
    code, _, err = run(project, capsys, monkeypatch, *command, SLUG, "--content", "content", "--out", "out")
    assert code == 0, err
    if command[0] == "preview":
        shown = {product: len(list((project / "out" / "preview" / SLUG / product).glob("card-*.png")))
                 for product in PRINTED}
        assert shown == {"ships": 3, "crew": 4, "relics": 2}  # each card as many times as it is printed
    bad = game_project(tmp_path / "bad", DECK.format(where="true", copies="0"), {"cards.xlsx": xlsx({"Cards": SMALL})})
    code, _, err = run(bad, capsys, monkeypatch, *command, SLUG, "--content", "content", "--out", "out")
    assert (code, err) == (1, f"{GAME}:7: products.ships.copies: 0 for each of its 2 cards: the product would print "
                              f"no card\n")


def test_copies_bound_to_a_whole_sheet_s_count_prints_each_card_as_many_times(tmp_path, capsys, monkeypatch):
    game = DECK.format(where="true", copies="'= count if name else 0'").replace(
        '{file: cards.xlsx, sheet: Cards, where: "true"}', "cards.csv")
    project = game_project(tmp_path, game, {"cards.csv": "name,count\nOwl,2\nFox,0\nHare,1\n"})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert [words for words, _ in printed(project, "ships")] == ["Owl", "Owl", "Hare"]


def test_the_readme_s_sheet_of_many_products_builds_as_it_says(tmp_path, capsys, monkeypatch):
    from docs import DOCS_TEXT as readme, block

    products = block("example", "where")
    game = "title: Fleet\nproducts:\n" + textwrap.indent(products, "  ") + "  rules:\n    kind: rules\n"
    project = game_project(tmp_path, game, {"cards.xlsx": xlsx({"Cards": CARDS})})
    code, _, err = build(project, capsys, monkeypatch)
    quoted = [" ".join(quote.split()).replace("fleet/", f"{SLUG}/") for quote in
              re.findall(r"`(fleet/[^`]*warning: [^`]*(?:`where`[^`]*)?)`", readme)]
    assert code == 0, err
    assert len(quoted) == 2 and all(any(line.startswith(quote) for line in err.splitlines()) for quote in quoted), \
        (quoted, err)  # a quote ends where a `copies: 1` in it would begin
    assert [words.split()[0] for words, _ in printed(project, "ships")] == ["Frigate", "Frigate", "Galleon"]
    assert [words for words, _ in printed(project, "crew")] == ["Gunner"] * 3 + ["Cook"]


def test_tokens_take_their_rows_of_the_same_table(tmp_path, capsys, monkeypatch):
    game = fleet(TABLES["csv"][0]).replace("""\
          relics:
            kind: deck
            size: bridge
            cards: {file: cards.csv, where: "type == 'relic'"}""", """\
          relics:
            kind: tokens
            shape: square
            size: 25
            copies: {field: count}
            tokens: {file: cards.csv, where: "type in ['relic', 'port']"}""").replace(
        "name: {kind: text, field: name, x: 8, y: 10, width: 41, height: 10}",
        "name: {kind: text, field: name, x: 3, y: 8, width: 19, height: 8}")
    project = game_project(tmp_path, game, {"cards.csv": CSV})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    tokens = printed(project, "relics")
    assert [words for words, _ in tokens] == ["Compass", "Compass", "Havana"]
    assert all(abs(width - 25) <= 0.05 and abs(height - 25) <= 0.05 for _, (width, height) in tokens)

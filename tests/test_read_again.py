"""What a long-lived process (watch, serve) reads again at each save, taken as it was where it is
unchanged: a text table's rows (printkit/load/tables.py) and the page cache's names known to be
kept (printkit/ground/store.py). Each is checked against reading afresh: a row that moved, changed
or has a problem is read again, and a value another process removed is not found."""

from __future__ import annotations

import sqlite3

import pytest

from printkit.ground import signatures
from printkit.ground.errors import PrintkitError
from printkit.ground.store import DATABASE, Store
from printkit.load import tables
from printkit.load.tables import read_table

HEADINGS = "name,number,text"


def _table(path, rows: list[str]):
    path.write_text("\n".join([HEADINGS, *rows]) + "\n", encoding="utf-8")
    return read_table(path, "game/cards.csv")


def _rows(n: int) -> list[str]:
    return [f"Card {i},{i},Deal {i} damage" for i in range(n)]


def test_an_unchanged_row_is_taken_as_it_was_and_a_changed_one_read_again(tmp_path):
    path = tmp_path / "cards.csv"
    first = _table(path, _rows(5))
    edited = _rows(5)
    edited[2] = "Card 2,2,Deal twenty damage"
    second = _table(path, edited)
    assert [a is b for a, b in zip(first.rows, second.rows)] == [True, True, False, True, True]
    assert [cell.text for cell in second.rows[2].cells] == ["Card 2", "2", "Deal twenty damage"]
    assert second.rows[2].place == ("game/cards.csv", 4)


def test_a_row_moved_to_another_line_is_read_at_its_new_line(tmp_path):
    path = tmp_path / "cards.csv"
    _table(path, _rows(3))
    second = _table(path, ["New card,9,Heal 9", *_rows(3)])  # every row one line further down
    assert [row.place[1] for row in second.rows] == [2, 3, 4, 5]
    assert [cell.place[1] for row in second.rows for cell in row.cells] == [2] * 3 + [3] * 3 + [4] * 3 + [5] * 3
    tables._ROWS.clear()  # the same rows, read with nothing kept
    tables._CARDS.clear()
    assert second.rows == _table(path, ["New card,9,Heal 9", *_rows(3)]).rows


def test_a_row_with_a_problem_is_said_again_at_every_read(tmp_path):
    path = tmp_path / "cards.csv"
    rows = _rows(3)
    rows[1] = "Card 1,1"  # a cell missing
    for _ in range(2):
        table = _table(path, rows)
        assert [(p.line, p.message) for p in table.problems] == [
            (3, "row has 2 cells, but there are 3 column headings: a cell is missing")]


def test_fewer_headings_make_every_card_again(tmp_path):
    path = tmp_path / "cards.csv"
    _table(path, _rows(2))
    path.write_text("name,number\n" + "\n".join(_rows(2)) + "\n", encoding="utf-8")
    table = read_table(path, "game/cards.csv")
    assert [p.line for p in table.problems] == [2, 3]  # each row one cell too many, said at its line
    assert all(len(row.cells) == 2 for row in table.rows)


def test_what_is_kept_of_tables_is_bounded(tmp_path):
    for n in range(tables.MOST_TABLES + 5):
        path = tmp_path / f"cards{n}.csv"
        path.write_text(HEADINGS + "\nOwl,1,x\n", encoding="utf-8")
        read_table(path, f"game/cards{n}.csv")
    assert len(tables._ROWS) == tables.MOST_TABLES and len(tables._CARDS) == tables.MOST_TABLES
    assert "game/cards0.csv" not in tables._ROWS and f"game/cards{tables.MOST_TABLES + 4}.csv" in tables._ROWS


def test_the_rows_kept_of_every_table_together_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "MOST_ROWS", 10)
    tables._ROWS.clear()
    tables._CARDS.clear()
    for n, rows in enumerate((4, 4, 4, 11)):
        read_table(_written(tmp_path / f"cards{n}.csv", _rows(rows)), f"game/cards{n}.csv")
        assert sum(map(len, tables._ROWS.values())) <= 10 and sum(map(len, tables._CARDS.values())) <= 10
    assert list(tables._ROWS) == ["game/cards1.csv", "game/cards2.csv"]  # the oldest let go; one too long kept not at all


def _written(path, rows: list[str]):
    path.write_text("\n".join([HEADINGS, *rows]) + "\n", encoding="utf-8")
    return path


# --- the store's names known to be kept ---------------------------------------------------------
@pytest.fixture
def keyed(tmp_path):
    """A store's folder, under the session's key (tests/conftest.py: its own PRINTKIT_CACHE)."""
    assert signatures.user_key() is not None
    return tmp_path / "store"


def _queries(store: Store) -> list[str]:
    said: list[str] = []
    store._connection().set_trace_callback(said.append)
    return said


def test_a_name_found_there_is_not_looked_up_again(keyed):
    store = Store(keyed)
    store.keep("a" * 64, b"page")
    store.flush()
    store.others_changed()
    said = _queries(store)
    assert store.there("a" * 64) and store.there("a" * 64) and store.there("a" * 64)
    assert not store.there("b" * 64)
    assert not store.there("b" * 64)
    looked_up = [query for query in said if "FROM kept" in query]
    assert len(looked_up) == 2  # "b" each time: a name not there is always looked up ("a" known once kept)


def test_a_value_another_process_removed_is_not_there_at_the_next_build(keyed):
    store = Store(keyed)
    store.keep("a" * 64, b"page")
    store.flush()
    store.others_changed()
    assert store.there("a" * 64)
    other = sqlite3.connect(keyed / DATABASE)
    with other:
        other.execute("DELETE FROM kept")
    other.close()
    store.others_changed()  # the next build begins
    assert not store.there("a" * 64)


def test_a_value_this_process_pruned_is_not_there(keyed, monkeypatch):
    from printkit.ground import store as module

    store = Store(keyed)
    monkeypatch.setattr(module, "MOST_FILES", 10)
    for n in range(12):
        store.keep(f"{n:064x}", b"page")
    store.flush()
    assert store.there(f"{0:064x}")
    store.prune()
    kept = store.names()
    assert len(kept) == 9
    assert [store.there(f"{n:064x}") for n in range(12)] == [f"{n:064x}" in kept for n in range(12)]


def test_a_table_that_cannot_be_read_is_still_an_error(tmp_path):
    path = tmp_path / "cards.csv"
    _table(path, _rows(3))
    path.write_text(HEADINGS + '\nOwl,1,"never closed\n', encoding="utf-8")
    with pytest.raises(PrintkitError):
        read_table(path, "game/cards.csv")

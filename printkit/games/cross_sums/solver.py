"""The solver of a Cross Sums grid: a filling of its places with number cards that meets every row
and column target (each value at most `copies` times, and no value twice in a line where the
distinct-values rule applies), or None. The checks prove each scenario solvable with it; the host
key prints the filling it finds."""

from __future__ import annotations

import functools

from .model import Scenario


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

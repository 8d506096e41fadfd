"""The advanced techniques (the rows of sudoku_cp.reasoning.techniques.TECHNIQUES past the basic
fish): each finder on hand-made patterns from its definition, and every deduction sound
on real boards where the techniques up to the basic fish stall:
its eliminations are not the solution's digits, its placements are, and it follows from
its premise (CP-SAT, independent of the engine, finds no assignment of the premise's
constraints, over the current candidates, against it)."""

from __future__ import annotations

import functools
import itertools

import pytest
from conftest import has_solution

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.constraints import Model, ValueIn
from sudoku_cp.model.grid import Grid
from sudoku_cp.reasoning.stepwise import explain
from sudoku_cp.reasoning.techniques import (
    BY_ID,
    TECHNIQUES,
    Board,
    chains,
    fish,
    forcing,
    single_digit,
    uniqueness,
    values_of,
    wings,
)
from sudoku_cp.reasoning.techniques import finned_fish as finned
from sudoku_cp.reasoning.techniques import minimal as deduction
from sudoku_cp.reasoning.techniques.als import find_als_xz
from sudoku_cp.reasoning.techniques.coloring import find_simple_colors

FULL = (1 << 9) - 1
BASIC = TECHNIQUES[: TECHNIQUES.index(BY_ID["jellyfish"]) + 1]
ADVANCED = TECHNIQUES[len(BASIC) :]
BLANK = Grid.parse("." * 81)


def state(marks: dict[tuple[int, int], str], *, value: int | None = None, only: dict | None = None):
    """A blank 9x9 board and candidates: every cell ``1..9`` but for ``marks``
    (``(row, column)`` 1-based -> its candidates, e.g. ``"12"``); with ``value`` and
    ``only``, the value is kept only in the cells listed in ``only`` (``{row: columns}``)
    among those rows."""
    board = Board(as_puzzle(BLANK)[0].model)
    candidates = [FULL] * 81
    if value is not None:
        bit = 1 << (value - 1)
        for row, columns in (only or {}).items():
            for column in range(1, 10):
                if column not in columns:
                    candidates[(row - 1) * 9 + column - 1] &= ~bit
    for (row, column), text in marks.items():
        candidates[(row - 1) * 9 + column - 1] = sum(1 << (int(v) - 1) for v in text)
    return board, candidates


def follows(board: Board, candidates, found) -> None:
    """The deduction follows from its premise and the candidates (CP-SAT)."""
    n = board.side
    premise = list(found.constraints)
    cells = {c for constraint in premise for c in constraint.cells}
    contrary = [(cell, {value}) for cell, value in found.eliminations]
    contrary += [(cell, set(values_of(candidates[cell])) - {value}) for cell, value in found.placements]
    for cell, values in contrary:
        assert cell in cells, f"{found.technique}: r{cell // n + 1}c{cell % n + 1} is outside its premise"
        domains = {c: set(values_of(candidates[c])) for c in cells}
        domains[cell] &= values
        fixed = tuple(0 if c in cells else 1 for c in range(n * n))
        restricted = tuple(ValueIn(c, frozenset(v), origin="") for c, v in domains.items())
        model = Model(n, fixed, tuple(premise) + restricted)
        where = f"r{cell // n + 1}c{cell % n + 1}"
        assert not has_solution(model), f"{found.technique} does not follow at {where}"


def removed(finder, board, candidates) -> set[tuple[int, int, int]]:
    """Every elimination of every deduction the finder yields, as 1-based (row, column, value)."""
    out = set()
    for found in itertools.islice(finder(board, candidates, set()), 40):
        follows(board, candidates, found)
        out.update((c // 9 + 1, c % 9 + 1, v) for c, v in found.eliminations)
    return out


# -- hand-made patterns ---------------------------------------------------------------------


def test_skyscraper():
    # 1 in row 1 only at c1, c5; in row 5 only at c1, c6: column 1 joins them.
    board, candidates = state({}, value=1, only={1: (1, 5), 5: (1, 6)})
    out = removed(single_digit.find_skyscraper, board, candidates)
    assert {(2, 6, 1), (3, 6, 1), (4, 5, 1), (6, 5, 1)} <= out


def test_two_string_kite():
    # 1 in row 1 only at c2, c7; in column 1 only at r3, r8: box 1 joins r1c2 and r3c1.
    board, candidates = state({})
    for cell in range(81):
        row, column = divmod(cell, 9)
        if (row == 0 and column not in (1, 6)) or (column == 0 and row not in (2, 7)):
            candidates[cell] &= ~1
    out = removed(single_digit.find_two_string_kite, board, candidates)
    assert (8, 7, 1) in out  # sees r1c7 (column 7) and r8c1 (row 8)


def test_empty_rectangle():
    # 1 in box 1 only on row 2 and column 2 (r2c1, r2c3, r1c2, r3c2); column 7 holds 1
    # only at r2, r6: r2c7 sees the box's row arm, so r6c2 (seeing r6c7 and the column arm) loses it.
    board, candidates = state({})
    for cell in range(81):
        row, column = divmod(cell, 9)
        in_box = row < 3 and column < 3
        if (in_box and row != 1 and column != 1) or (column == 6 and row not in (1, 5)):
            candidates[cell] &= ~1
    out = removed(single_digit.find_empty_rectangle, board, candidates)
    assert (6, 2, 1) in out


def test_xy_wing():
    board, candidates = state({(1, 1): "12", (1, 5): "13", (3, 2): "23"})
    assert (1, 2, 3) in removed(wings.find_xy_wing, board, candidates)
    assert (3, 5, 3) in removed(wings.find_xy_wing, board, candidates)


def test_xyz_wing():
    board, candidates = state({(1, 1): "123", (1, 5): "13", (3, 2): "23"})
    out = removed(wings.find_xyz_wing, board, candidates)
    assert (1, 2, 3) in out and (3, 5, 3) not in out


def test_w_wing():
    # r1c1 and r5c6 hold {1, 2}; 1 in column 9 only at r1, r5.
    board, candidates = state({(1, 1): "12", (5, 6): "12"})
    for row in range(9):
        if row not in (0, 4):
            candidates[row * 9 + 8] &= ~1
    assert (1, 6, 2) in removed(wings.find_w_wing, board, candidates)


def test_finned_x_wing():
    # 1 in row 1 at c2, c8; in row 4 at c2, c8 and the fin r4c9 (box 6).
    board, candidates = state({}, value=1, only={1: (2, 8), 4: (2, 8, 9)})
    out = removed(finned.find_finned_x_wing, board, candidates)
    assert (5, 8, 1) in out and (6, 8, 1) in out and (7, 8, 1) not in out


def test_jellyfish():
    only = {1: (1, 2), 3: (2, 5), 5: (5, 8), 7: (1, 8)}
    board, candidates = state({}, value=4, only=only)
    out = removed(fish(4), board, candidates)
    assert (2, 1, 4) in out and (9, 8, 4) in out


def test_simple_colors_trap():
    # 1: strong links r1c1 = r1c5 (row 1), r1c5 = r3c6 (box 2), r3c6 = r7c6 (column 6):
    # r1c1 and r7c6 take opposite colours, so r7c1, seeing both, loses 1.
    board, candidates = state({}, value=1, only={1: (1, 5)})
    for cell in range(81):
        row, column = divmod(cell, 9)
        in_box = row < 3 and 3 <= column < 6
        if (in_box and cell not in (4, 23)) or (column == 5 and row not in (2, 6)):
            candidates[cell] &= ~1
    out = removed(find_simple_colors, board, candidates)
    assert (7, 1, 1) in out


def test_x_chain_and_aic_find_the_skyscraper_pattern():
    board, candidates = state({}, value=1, only={1: (1, 5), 5: (1, 6)})
    assert (2, 6, 1) in removed(chains.find_x_chain, board, candidates)
    assert (2, 6, 1) in removed(chains.find_aic, board, candidates)


def test_xy_chain():
    # r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c2 {4,1}: 1 leaves cells seeing r1c1 and r5c2.
    board, candidates = state({(1, 1): "12", (1, 5): "23", (5, 5): "34", (5, 2): "41"})
    assert (2, 2, 1) in removed(chains.find_xy_chain, board, candidates)


def test_als_xz():
    # A = {r1c1 {1,2}, r1c2 {1,2,3}} (row 1), B = {r2c3 {1,3}}: x = 3 (A's 3 sees B's 3 in
    # box 1), z = 1: r1c3 sees every 1 of A and B.
    board, candidates = state({(1, 1): "12", (1, 2): "123", (2, 3): "13"})
    out = removed(find_als_xz, board, candidates)
    assert (1, 3, 1) in out  # sees every 1 of A (row 1) and of B (box 1)


def test_forcing_chain_contradiction():
    # r1c1 {1,2}; 1 in r1c1 leaves r1c2 {1,3}... a contradiction: three cells of row 1 hold {1,2} only.
    board, candidates = state({(1, 2): "12", (1, 3): "12", (1, 1): "123"})
    out = removed(forcing.find_forcing_chains, board, candidates)
    assert (1, 1, 1) in out or (1, 1, 2) in out


def test_unique_rectangle_type_1():
    # r1c1, r1c4, r2c1 hold {1, 2}; r2c4 holds {1, 2, 5}: two rows, two columns, two boxes.
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "12", (2, 4): "125"})
    found = list(uniqueness.find_unique_rectangle(board, candidates, set()))
    assert [f.eliminations for f in found] == [((12, 1), (12, 2))]
    assert found[0].technique.endswith("(uniqueness)")


def test_unique_rectangle_refuses_four_boxes():
    board, candidates = state({(1, 1): "12", (1, 4): "12", (5, 1): "12", (5, 4): "125"})
    assert not list(uniqueness.find_unique_rectangle(board, candidates, set()))


def test_bug_plus_one():
    # Every cell {v, s(v)} of a solution, s = (1 2 3)(4 5 6)(7 8 9): each value twice in every
    # unit (a bivalue universal grave); r5c5 also holds a third value w: BUG+1 places w there.
    solution = sudoku_cp.solve(datasets.load("easy50")[0]).cells
    board, candidates = state({})
    shift = {1: 2, 2: 3, 3: 1, 4: 5, 5: 6, 6: 4, 7: 8, 8: 9, 9: 7}
    for cell, value in enumerate(solution):
        candidates[cell] = (1 << (value - 1)) | (1 << (shift[value] - 1))
    third = next(v for v in range(1, 10) if not candidates[40] >> (v - 1) & 1)
    candidates[40] |= 1 << (third - 1)
    found = list(uniqueness.find_bug_plus_one(board, candidates, set()))
    assert [f.placements for f in found] == [((40, third),)]


# -- soundness on real boards ----------------------------------------------------------------


@functools.cache
def stall_points(name: str, count: int, *, sample: int | None = None):
    """(board, candidates, placed, solution) where the techniques up to the basic fish stall."""
    out = []
    for grid in datasets.load(name, sample=sample)[: count * 10]:
        path = explain(grid, techniques=BASIC)
        if path.solved:
            continue
        puzzle = path.puzzle
        board = Board(puzzle.model)
        candidates = [sum(1 << (v - 1) for v in values) for values in path.candidates]
        placed = {c for c, v in enumerate(path.grid.cells) if v}
        out.append((board, candidates, placed, sudoku_cp.solve(puzzle).cells))
        if len(out) == count:
            break
    return tuple(out)


FINDERS = [(t.name, t.find) for t in ADVANCED]


def check_finders_on(points, per_finder: int, premise: bool) -> set[str]:
    fired = set()
    for board, candidates, placed, solution in points:
        for name, finder in FINDERS:
            for found in itertools.islice(finder(board, candidates, placed), per_finder):
                fired.add(name)
                for cell, value in found.eliminations:
                    assert solution[cell] != value, f"{name} removed the solution's {value}"
                    assert candidates[cell] >> (value - 1) & 1, f"{name} removes nothing at {cell}"
                for cell, value in found.placements:
                    assert solution[cell] == value, name
                if premise:
                    follows(board, candidates, found)
    return fired


def test_finders_sound_at_stall_points():
    points = stall_points("top95", 2)
    fired = check_finders_on(points, per_finder=2, premise=True)
    assert {"AIC", "forcing chain", "minimal deduction"} <= fired


@pytest.mark.slow
def test_finders_sound_at_many_stall_points():
    points = stall_points("top95", 20) + stall_points("top1465", 20, sample=300)
    fired = check_finders_on(points, per_finder=10, premise=False)
    assert len(fired) >= len(FINDERS) - 6, set(dict(FINDERS)) - fired


def test_minimal_deduction_is_subset_minimal():
    board, candidates, placed, _ = stall_points("top95", 2)[0]
    found = next(deduction.find_minimal_deduction(board, candidates, placed))
    cell, value = found.eliminations[0]
    core = list(found.constraints)
    assert deduction.refutes(board, core, candidates, cell, value)
    for drop in core:
        assert not deduction.refutes(board, [c for c in core if c is not drop], candidates, cell, value)
    assert found.reason.startswith("search-backed ")
    follows(board, candidates, found)


def test_minimal_deduction_goes_to_the_engine_once_sat_runs_out_and_stays_there(monkeypatch):
    """A refutation the SAT solver does not reach within its conflicts (The Barbed Cross:
    none within 1.4 million) is the engine's search over layers, and so is every later
    step of that path; the step still follows from its premises."""
    board, candidates, placed, _ = stall_points("top95", 2)[0]
    monkeypatch.setattr(deduction, "SCREEN_CONFLICTS", 0)
    monkeypatch.setattr(deduction, "DEEP_CONFLICTS", 0)
    monkeypatch.setattr(deduction, "_TOO_DEEP", [None])
    searched = []
    by_search = deduction._by_search
    monkeypatch.setattr(deduction, "_by_search", lambda *a: searched.append(1) or by_search(*a))
    for _ in range(2):
        found = next(deduction.find_minimal_deduction(board, candidates, placed))
        follows(board, candidates, found)
    assert searched == [1, 1]
    assert deduction._TOO_DEEP[0] is deduction._SHARED[0]  # remembered for the path's solver


# -- to the end ------------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, 6])
def test_explain_solves_top95(index):
    grid = datasets.load("top95")[index]
    path = explain(grid)
    assert path.solved
    assert path.grid == sudoku_cp.solve(grid)


def test_explain_solves_a_jigsaw():
    puzzle = datasets.load("gen_jigsaw", limit=1)[0]
    assert explain(puzzle).solved


@pytest.mark.slow
@pytest.mark.parametrize("name", ["top95", "top1465", "gen_killer", "gen_x", "gen_thermo"])
def test_explain_solves_every_puzzle_of_a_sample(name):
    for puzzle in datasets.load(name, sample=8, seed=1):
        assert explain(puzzle).solved


def test_uniqueness_rows_wait_for_a_proven_proper_puzzle():
    from sudoku_cp.reasoning.techniques import next_step

    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "12", (2, 4): "125"})
    row = BY_ID["unique-rectangle-1"]
    assert row.needs_unique and list(row.find(board, candidates, set()))
    assert next_step(board, candidates, set(), [row]) is None  # a blank grid: many solutions
    board.proper = True  # as if proven by count
    assert next_step(board, candidates, set(), [row])[0] is row

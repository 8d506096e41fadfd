"""Unique Rectangle types 3, 5 and 6 (issue 32): each finder on hand-made patterns from its
definition (HoDoKu's "Uniqueness Test 3", "5" and "6"). They rest on uniqueness, so no
subset of the constraints implies them: on real boards they are checked against the
solution (test_advanced's stall points)."""

from __future__ import annotations

from test_advanced import state

from sudoku_cp import datasets, explain
from sudoku_cp.reasoning.techniques import BY_ID
from sudoku_cp.reasoning.techniques import unique_rectangles as ur


def removed(finder, board, candidates) -> set[tuple[int, int, int]]:
    return {(c // 9 + 1, c % 9 + 1, v) for f in finder(board, candidates, set()) for c, v in f.eliminations}


def test_type_3():
    # floor r1c1, r1c4 hold {1, 2}; roof r2c1 {1, 2, 3}, r2c4 {1, 2, 4}: one roof corner is 3
    # or 4, so with r2c7 {3, 4} the roof is a naked pair of row 2: 3 and 4 leave its other cells
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "124", (2, 7): "34"})
    out = removed(ur.find_unique_rectangle_3, board, candidates)
    assert {(2, c, v) for c in (2, 3, 5, 6, 8, 9) for v in (3, 4)} <= out
    assert not {(r, c, v) for r, c, v in out if (r, c) in ((2, 1), (2, 4), (2, 7))}
    step = next(ur.find_unique_rectangle_3(board, candidates, set()))
    assert step.technique == "Unique Rectangle type 3 (uniqueness)"


def test_type_3_needs_a_subset():
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "124", (2, 7): "35"})
    assert not [f for f in ur.find_unique_rectangle_3(board, candidates, set()) if len(f.cells) == 5]


def test_type_5():
    # r1c1, r2c4 hold {1, 2}; r1c4, r2c1 (diagonal) hold {1, 2, 3}: one of them is 3, so the
    # cells seeing both lose 3
    board, candidates = state({(1, 1): "12", (1, 4): "123", (2, 1): "123", (2, 4): "12"})
    out = removed(ur.find_unique_rectangle_5, board, candidates)
    assert out == {(1, 2, 3), (1, 3, 3), (2, 5, 3), (2, 6, 3)}


def test_type_5_leaves_two_on_one_side_to_type_2():
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "123"})
    assert not removed(ur.find_unique_rectangle_5, board, candidates)


def test_type_6():
    # r1c1, r2c4 hold {1, 2}; 1 lies in rows 1, 2 and columns 1, 4 only on the corners (an
    # X-Wing): were r1c4 or r2c1 1, the bivalue corners would be 2: deadly. Both lose 1.
    board, candidates = state({(1, 1): "12", (1, 4): "123", (2, 1): "124", (2, 4): "12"})
    bit = 1
    for cell in range(81):
        r, c = divmod(cell, 9)
        if (r in (0, 1) or c in (0, 3)) and (r, c) not in ((0, 0), (0, 3), (1, 0), (1, 3)):
            candidates[cell] &= ~bit
    out = removed(ur.find_unique_rectangle_6, board, candidates)
    assert out == {(1, 4, 1), (2, 1, 1)}


def test_type_6_needs_the_x_wing():
    board, candidates = state({(1, 1): "12", (1, 4): "123", (2, 1): "124", (2, 4): "12"})
    assert not removed(ur.find_unique_rectangle_6, board, candidates)


def test_the_rows_rest_on_uniqueness():
    for kind in (3, 5, 6):
        row = BY_ID[f"unique-rectangle-{kind}"]
        assert row.needs_unique and row.level == "uniqueness"


def test_type_3_on_a_real_path_agrees_with_the_solution():
    path = explain(datasets.load("top95")[87])  # every step is checked against the solution
    steps = [s for s in path if s.technique_id == "unique-rectangle-3"]
    assert steps
    solution = path.solution.cells
    assert all(solution[r * 9 + c] != v for s in steps for r, c, v in s.eliminations)

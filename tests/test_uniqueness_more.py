"""Unique Rectangle types 2 and 4 (issue 32): each finder on hand-made patterns from its
definition (HoDoKu's "Uniqueness Test 2" and "4"), and against the solution on real
boards (they rest on uniqueness: no subset of the constraints implies them)."""

from __future__ import annotations

import pytest
from test_advanced import state

from sudoku_cp import datasets, explain
from sudoku_cp.reasoning.techniques import uniqueness


def test_unique_rectangle_type_2():
    # floor r1c1, r1c4 hold {1, 2}; roof r2c1, r2c4 hold {1, 2, 3}: one of them is 3, so
    # the rest of row 2 loses 3 (the roof corners see each other only along row 2)
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "123"})
    found = list(uniqueness.find_unique_rectangle_2(board, candidates, set()))
    assert found
    removed = {(c // 9 + 1, c % 9 + 1, v) for c, v in found[0].eliminations}
    assert removed == {(2, column, 3) for column in (2, 3, 5, 6, 7, 8, 9)}
    assert found[0].technique == "Unique Rectangle type 2 (uniqueness)"


def test_unique_rectangle_type_2_needs_one_and_the_same_extra():
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "124"})
    assert not list(uniqueness.find_unique_rectangle_2(board, candidates, set()))


def test_unique_rectangle_type_4():
    # floor r1c1, r1c4 hold {1, 2}; roof r2c1 {1, 2, 3}, r2c4 {1, 2, 4}; 1 has no other
    # place in row 2: one roof corner is 1, so neither can be 2
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "124"})
    for column in (2, 3, 5, 6, 7, 8, 9):
        candidates[9 + column - 1] &= ~1
    found = list(uniqueness.find_unique_rectangle_4(board, candidates, set()))
    assert found
    assert set(found[0].eliminations) == {(9, 2), (12, 2)}


def test_unique_rectangles_refuse_four_boxes_and_type_4_needs_the_lock():
    board, candidates = state({(1, 1): "12", (1, 4): "12", (5, 1): "123", (5, 4): "123"})
    assert not list(uniqueness.find_unique_rectangle_2(board, candidates, set()))
    board, candidates = state({(1, 1): "12", (1, 4): "12", (2, 1): "123", (2, 4): "124"})
    assert not list(uniqueness.find_unique_rectangle_4(board, candidates, set()))


def test_type_4_on_a_real_path_agrees_with_the_solution():
    path = explain(datasets.load("top95")[13])  # every step is checked against the solution
    steps = [s for s in path if s.technique_id == "unique-rectangle-4"]
    assert steps
    cells = {
        (r, c): v for (r, c), v in zip(((i // 9, i % 9) for i in range(81)), path.solution.cells, strict=True)
    }
    for step in steps:
        assert all(cells[r, c] != v for r, c, v in step.eliminations)


@pytest.mark.slow
def test_types_2_and_4_on_real_paths():
    seen = set()
    for puzzle in datasets.load("top95"):
        path = explain(puzzle)  # every step is checked against the solution
        seen |= {s.technique_id for s in path if s.technique_id.startswith("unique-rectangle")}
    assert {"unique-rectangle-4"} <= seen


def test_hidden_rectangle():
    # r1c1 holds {1, 2}; r1c4, r2c1, r2c4 hold 1, 2 and more; in row 2 and column 4, 1 has
    # no place outside the rectangle: were r2c4 2, the corners would be deadly, so it is not
    board, candidates = state({(1, 1): "12", (1, 4): "125", (2, 1): "126", (2, 4): "1278"})
    for column in (2, 3, 5, 6, 7, 8, 9):
        candidates[9 + column - 1] &= ~1  # row 2
    for row in range(3, 10):
        candidates[(row - 1) * 9 + 3] &= ~1  # column 4
    found = list(uniqueness.find_hidden_rectangle(board, candidates, set()))
    assert found and found[0].eliminations == ((12, 2),)
    assert found[0].technique == "Hidden Rectangle (uniqueness)"


def test_hidden_rectangle_needs_both_strong_links():
    board, candidates = state({(1, 1): "12", (1, 4): "125", (2, 1): "126", (2, 4): "1278"})
    for column in (2, 3, 5, 6, 7, 8, 9):
        candidates[9 + column - 1] &= ~1  # row 2 only: column 4 still has other places for 1
    assert not [
        f for f in uniqueness.find_hidden_rectangle(board, candidates, set()) if (12, 2) in f.eliminations
    ]


def test_hidden_rectangle_on_a_real_path_agrees_with_the_solution():
    path = explain(datasets.load("top95")[7])  # every step is checked against the solution
    steps = [s for s in path if s.technique_id == "hidden-rectangle"]
    assert steps
    solution = path.solution.cells
    assert all(solution[r * 9 + c] != v for s in steps for r, c, v in s.eliminations)

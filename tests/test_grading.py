"""The grade: each technique on hand-made candidates, soundness of every deduction on the
bundled sets (never removes the solution's value), the grade is the weakest level whose
propagation solves the puzzle, and the bundled sets are ordered as people rank them."""

from __future__ import annotations

import statistics

import pytest

from sudoku_cp import Grid, NoSolutionError, Puzzle, datasets, grade, solve
from sudoku_cp.grading import LEVEL_TECHNIQUES, LEVELS, Grade, propagate
from sudoku_cp.rules import Cage, Killer
from sudoku_cp.techniques import (
    Board,
    hidden_singles,
    hidden_subsets,
    locked_candidates,
    naked_singles,
    naked_subsets,
)


def mask(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def board9() -> tuple[Board, list[int]]:
    board = Board(Puzzle(Grid.empty(9)).model)
    return board, [mask(*range(1, 10))] * 81


def removed(deductions) -> set[tuple[int, int]]:
    return {pair for d in deductions for pair in d.eliminations}


def test_naked_single_removes_the_value_from_every_peer():
    board, candidates = board9()
    candidates[0] = mask(5)
    found = removed(naked_singles(board, candidates, set()))
    assert found == {(peer, 5) for peer in board.model.peers[0]} and len(found) == 20


def test_hidden_single_in_a_row():
    board, candidates = board9()
    for cell in range(1, 9):  # row 1: only r1c1 may hold a 7
        candidates[cell] = mask(1, 2, 3, 4, 5, 6, 8, 9)
    (deduction,) = [d for d in hidden_singles(board, candidates, set()) if d.placements == ((0, 7),)]
    assert (0, 7) not in deduction.eliminations
    assert {(0, v) for v in (1, 2, 3, 4, 5, 6, 8, 9)} <= set(deduction.eliminations)


def test_pointing_locked_candidates():
    board, candidates = board9()
    for cell in (9, 10, 11, 18, 19, 20):  # box 1: a 4 only in row 1 (r1c1-r1c3)
        candidates[cell] = mask(1, 2, 3, 5, 6, 7, 8, 9)
    found = removed(locked_candidates(board, candidates, set()))
    assert {(cell, 4) for cell in range(3, 9)} <= found
    assert not any(cell < 3 for cell, _ in found)


def test_naked_pair_and_hidden_pair():
    board, candidates = board9()
    candidates[0] = candidates[1] = mask(1, 2)  # naked pair in row 1 (and box 1)
    found = removed(naked_subsets(2)(board, candidates, set()))
    assert {(cell, v) for cell in range(2, 9) for v in (1, 2)} <= found
    board, candidates = board9()
    for cell in range(2, 9):  # hidden pair: 1 and 2 only in r1c1 and r1c2 of row 1
        candidates[cell] = mask(3, 4, 5, 6, 7, 8, 9)
    found = removed(hidden_subsets(2)(board, candidates, set()))
    assert {(cell, v) for cell in (0, 1) for v in range(3, 10)} <= found


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest"])
def test_every_deduction_keeps_the_solution(name):
    for grid in datasets.load(name)[:25]:
        puzzle = Puzzle(grid)
        solution = solve(puzzle, backend="backtracking").cells
        board = Board(puzzle.model)
        candidates = board.initial()
        for _, deduction in propagate(board, candidates, set(i for i, v in enumerate(grid.cells) if v)):
            assert all(solution[cell] != value for cell, value in deduction.eliminations), deduction
        assert all(candidates[cell] >> (solution[cell] - 1) & 1 for cell in range(81))


def solved_by(puzzle: Puzzle, strongest: int) -> bool:
    board = Board(puzzle.model)
    candidates = board.initial()
    for _ in propagate(board, candidates, {i for i, v in enumerate(puzzle.grid.cells) if v}, strongest):
        pass
    return all(m and not m & (m - 1) for m in candidates)


def test_the_grade_is_the_weakest_level_that_solves_it():
    seen = set()
    for grid in datasets.load("easy50")[:20] + datasets.load("top95")[:10]:
        puzzle = Puzzle(grid)
        level = grade(puzzle).level
        seen.add(level)
        if level < len(LEVEL_TECHNIQUES):
            assert solved_by(puzzle, level)
        if level > 0:
            assert not solved_by(puzzle, level - 1)
    assert len(seen) >= 4  # the sample spans most levels


def test_search_grades_carry_the_search_effort():
    hard = next(g for g in map(grade, datasets.load("top95")) if g.level == len(LEVEL_TECHNIQUES))
    assert hard.technique == "search" and hard.band == "expert" and hard.search_nodes > 0
    assert "search nodes" in str(hard)
    assert grade(datasets.load("easy50")[0]).search_nodes == 0


def test_bundled_sets_are_ordered_as_people_rank_them():
    medians = {
        name: statistics.median_low(grade(g) for g in datasets.load(name)) for name in ("easy50", "top95")
    }
    assert medians["easy50"] < medians["top95"]
    assert LEVELS.index(medians["easy50"].technique) <= 1 < LEVELS.index(medians["top95"].technique)


def test_grades_compare_by_level_then_effort():
    assert Grade(0) < Grade(1) < Grade(4, 3) < Grade(4, 30)


def test_a_puzzle_with_several_solutions_needs_search():
    assert grade("." * 16).technique == "search"


def test_no_solution_is_an_error():
    with pytest.raises(NoSolutionError):
        grade("12....3......3.2")


def test_variants_are_graded_with_their_constraints():
    # 4x4 killer whose cages alone decide every cell by propagation
    grid = Grid.parse("1234341221434321")
    cages = tuple(Cage(((r, c),), grid[r, c]) for r in range(4) for c in range(4))
    puzzle = Puzzle(Grid.empty(4), (Killer(cages),))
    assert grade(puzzle).technique == "naked singles"
    assert grade(datasets.load("gen_killer")[0]).band in ("easy", "medium", "hard", "expert")


def test_killers_are_graded_with_the_rule_of_45():
    # without a unit's sum (innies and outies) the first needs search, the third locked
    # candidates; with it, hidden singles finish all three
    for puzzle in datasets.load("gen_killer")[:3]:
        assert grade(puzzle).technique == "hidden singles"

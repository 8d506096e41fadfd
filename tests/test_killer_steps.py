"""The killer steps over more than one cage or unit: cage pointing and cage combinations
in a unit (sudoku_cp.reasoning.techniques.killer), and a forcing chain through the rule
of 45's innies, each checked against its premise."""

from __future__ import annotations

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.model.constraints import OriginKind
from sudoku_cp.model.rules import Cage, Killer
from sudoku_cp.reasoning.stepwise import check_deduction
from sudoku_cp.reasoning.techniques import Board
from sudoku_cp.reasoning.techniques.forcing import find_forcing_chains
from sudoku_cp.reasoning.techniques.killer import cage_combinations_in_units, cage_pointing, fits


def _steps(puzzle: Puzzle, finder):
    board = Board(puzzle.model)
    candidates = board.initial()
    solution = sudoku_cp.solve(puzzle)
    steps = list(finder(board, candidates, set()))
    for step in steps:  # each follows from its premise alone and keeps the solution
        check_deduction(puzzle, candidates, step, solution)
    return steps


def test_a_digit_every_combination_holds_leaves_the_cells_seeing_all_its_places():
    # 21 in six cells is {1,...,6}: each digit lies in r7c3-r7c6 (row 7) or r8c2-r8c3 (box 7),
    # so r7c1 and r7c2, which see all six cells (row 7 and box 7), hold none of them
    cells = [(6, 2), (6, 3), (6, 4), (6, 5), (7, 1), (7, 2)]
    puzzle = Puzzle(sudoku_cp.Grid.empty(9), (Killer([Cage(cells, 21)]),))
    steps = _steps(puzzle, cage_pointing)
    assert [step.values for step in steps] == [(v,) for v in range(1, 7)]
    for value, step in enumerate(steps, 1):
        assert set(step.eliminations) == {(6 * 9 + 0, value), (6 * 9 + 1, value)}
        assert step.reason.startswith("cage 1 (21 in 6) can hold only {1,2,3,4,5,6}")


def test_cages_inside_a_unit_choose_disjoint_combinations():
    # in row 1, 3 in two cells is {1,2}, so 7 in two cells cannot be {1,6} or {2,5}: {3,4};
    # the other five cells of the row keep 5..9
    row = [(0, c) for c in range(9)]
    puzzle = Puzzle(sudoku_cp.Grid.empty(9), (Killer([Cage(row[:2], 3), Cage(row[2:4], 7)]),))
    steps = _steps(puzzle, cage_combinations_in_units)
    step = next(s for s in steps if s.constraints[0].label == "row 1")
    removed = set(step.eliminations)
    assert {(c, v) for c in (2, 3) for v in (1, 2, 5, 6, 7, 8, 9)} <= removed
    assert {(c, v) for c in range(4, 9) for v in (1, 2, 3, 4)} <= removed
    assert not any(c in (0, 1) and v in (1, 2) for c, v in removed)
    assert "of which only {3,4} fit" in step.reason


def test_a_matching_decides_whether_cells_hold_digits():
    assert fits((0b011, 0b011, 0b100), 0b111)
    assert not fits((0b001, 0b001, 0b110), 0b111)
    assert not fits((0b011,), 0b100)


def test_a_plain_sum_of_iss_points_like_a_cage():
    # ISS's Sum is a plain sum (a Linear), not a cage: 10 in four cells of row 1 (which
    # differ) is {1,2,3,4}, so the rest of row 1 holds none of them; a sum over cells that
    # may repeat a digit (r1c9 and r2c1) points nowhere
    link = ".Shape~9x9.Sum~10~R1C1~R1C2~R1C3~R1C4.Sum~10~R1C9~R2C1"
    steps = _steps(sudoku_cp.Puzzle.from_link(link), cage_pointing)
    assert [step.values for step in steps] == [(v,) for v in range(1, 5)]
    assert set(steps[0].eliminations) == {(c, 1) for c in range(4, 9)}
    assert steps[0].reason.startswith("sum 1 (total 10, from r1c1) in 4 cells can hold only {1,2,3,4}")


def test_a_forcing_chain_follows_the_innies_of_a_unit():
    # in row 1, 24 in three cells and 18 in four leave r1c8 + r1c9 = 3 (the rule of 45): a
    # supposition's chain reads that sum as a killer solver does, and cites the row and
    # both cages it comes from; a unit's own total (row 2: no cage) is no filter of its own
    row = [(0, c) for c in range(9)]
    puzzle = Puzzle(sudoku_cp.Grid.empty(9), (Killer([Cage(row[:3], 24), Cage(row[3:7], 18)]),))
    steps = _steps(puzzle, find_forcing_chains)
    innies = [
        step
        for step in steps
        if any(c.origin.kind is OriginKind.INNIES and c.cells == (7, 8) for c in step.constraints)
    ]
    assert innies
    labels = {c.label for c in innies[0].constraints}
    assert {"innies of row 1", "row 1", "cage 1 (sum 24, at r1c1)", "cage 2 (sum 18, at r1c4)"} <= labels
    assert "innies of row 1" in str(innies[0].net)
    cited = [c for step in steps for c in step.constraints]
    assert not any(c.origin.kind is OriginKind.INNIES and len(c.cells) == 9 for c in cited)

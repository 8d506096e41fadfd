"""Pair clues read whole where their cells see each other (issue 32, target (a)): a whispers
line (or any relation clue) in one box, perhaps closed into a triangle, is filtered with its
cells' different digits (``Board.seeing``), so the step a person sees at a glance ("the
middle of a 3-cell German whispers line in a box cannot be 4 or 6") is one variant step,
not a forcing chain per candidate. Its fillings are replayed here by brute force over the
step's own candidates, independently of the package's enumeration."""

from __future__ import annotations

import itertools

from sudoku_cp import Puzzle, explain
from sudoku_cp.reasoning.techniques.arguments import Fillings
from sudoku_cp.reasoning.techniques.board import Board
from sudoku_cp.reasoning.techniques.table import TECHNIQUES, next_step


def _whispers(lines, kind: str = "german_whispers") -> Puzzle:
    return Puzzle.from_dict({"size": 9, "grid": "." * 81, "rules": {kind: lines}})


def test_the_middle_of_a_whispers_line_in_a_box_is_neither_4_nor_6():
    puzzle = _whispers([[[0, 0], [0, 1], [0, 2]]])
    board = Board(puzzle.model)
    (group, used), *more = board.seeing.values()
    assert not more and group.cells == (0, 1, 2)
    assert {type(c).__name__ for c in used} == {"Relation", "AllDifferent"}  # what a step cites
    candidates = board.initial()
    technique, step = next_step(board, candidates, set(), TECHNIQUES)
    assert technique.name == "whispers"
    removed = set(step.eliminations)
    assert {(1, 4), (1, 6)} <= removed  # the middle: two different neighbours 5 or more away
    assert all(v == 5 for c, v in removed if c != 1)  # the ends keep 4 and 6 (neighbour 9 or 1)
    (step,) = explain(puzzle, max_steps=1).steps  # each removal said at a glance
    assert (
        "r1c2=4 leaves r1c1, r1c3 only 9; r1c2=5 leaves r1c1 no digit; r1c2=6 leaves r1c1, r1c3 only 1"
        in str(step)
    )
    assert len(step.argument.why) == len(step.eliminations)


def test_a_whispers_step_lists_exactly_the_fillings_its_candidates_allow():
    # a triangle: r1c1-r1c2-r2c1 with the segment r2c1-r1c1 closing it (ISS's Dutch-pelgänger)
    puzzle = _whispers([[[0, 0], [0, 1], [1, 0]], [[1, 0], [0, 0]]], "dutch_whispers")
    (step,) = explain(puzzle, max_steps=1).steps
    assert step.technique == "whispers" and isinstance(step.argument, Fillings)
    cells = list(step.cells)
    options = {cell: sorted(v for r, c, v in step.candidates if (r, c) == cell) for cell in cells}

    def fine(digits) -> bool:  # pairwise 4 or more apart (every pair is a segment): 1, 5 and 9
        return all(abs(a - b) >= 4 for a, b in itertools.combinations(digits, 2))

    expected = {t for t in itertools.product(*(options[c] for c in cells)) if fine(t)}
    assert set(step.argument.left) == expected
    for (row, column), value in {((r, c), v) for r, c, v in step.eliminations}:
        assert all(t[cells.index((row, column))] != value for t in expected)
    assert "in any order" in str(step)  # a triangle: each digit set in every order


def test_a_line_whose_cells_do_not_see_each_other_is_left_to_its_pairs():
    puzzle = _whispers([[[0, 2], [0, 3], [0, 4]]])  # across boxes 1 and 2, but in row 1: peers
    assert len(Board(puzzle.model).seeing) == 1
    puzzle = _whispers([[[0, 2], [1, 3], [2, 4]]])  # r1c3 and r3c5 do not see each other
    assert not Board(puzzle.model).seeing


def test_clues_too_loose_for_a_table_are_left_to_their_pairs():
    from sudoku_cp.model.constraints import Relation
    from sudoku_cp.reasoning.techniques.board import MAX_GROUP_FILLINGS, _group_fillings

    apart = frozenset((a, b) for a in range(1, 10) for b in range(1, 10) if a != b)
    chain = [Relation(i, i + 1, apart, label="loose") for i in range(5)]  # 9·8·7·6·5·4 fillings
    assert 9 * 8 * 7 * 6 * 5 * 4 > MAX_GROUP_FILLINGS and _group_fillings(tuple(range(6)), chain, 9) is None
    assert len(_group_fillings(tuple(range(3)), chain[:2], 9)) == 9 * 8 * 7

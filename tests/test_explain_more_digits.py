"""Explanations on grids of more digits than the side (issue 32, target (a)): a 6x6 filled
from 1..9, a 5x5 from 1..9, each unit holding ``n`` of the ``k`` digits.

There a value need not have a place in a unit, so hidden singles, locked candidates, fish
and every strong link "the value is in this unit" are false; naked singles and subsets,
the variants' own constraints, the required digit (a Hall set's digits are in its unit)
and forcing steps over those hold. Each check here is independent of the finders: the
table's column says which rows are out, the removed candidates are checked against every
solution (a brute force on a small grid, or the one solution of a proper puzzle, proven
by the count), the nets replayed (:func:`test_nets.check_step`).
"""

from __future__ import annotations

import itertools

import pytest
from test_nets import check_step
from test_shapes import ISS_SHAPES, brute_force, record

import sudoku_cp
from sudoku_cp import Puzzle, explain, grade, hint
from sudoku_cp.reasoning.techniques import basic
from sudoku_cp.reasoning.techniques.board import Board
from sudoku_cp.reasoning.techniques.table import BY_ID, TECHNIQUES, TechniqueId, next_step

ONE_TO_SIX = list(range(1, 7))


def _iss(name: str) -> tuple[Puzzle, str]:
    from sudoku_cp.io import iss

    text, published = ISS_SHAPES[name]
    return Puzzle.from_dict(iss.record_from_string(text)), published


def _mask(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def _row_fillings(masks) -> list[tuple[int, ...]]:
    """Every way the cells of one AllDifferent take different values from their masks."""
    choices = [[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]
    return [t for t in itertools.product(*choices) if len(set(t)) == len(t)]


def test_the_table_says_which_rows_rest_on_complete_units():
    board = Board(record(ONE_TO_SIX, "6.4...1..25....3").model)  # 4x4 of digits 1..6
    assert not board.complete_units and board.value_count == 6
    out = {t.id for t in TECHNIQUES if not t.fits(board)}
    for kept in ("naked-single", "naked-pair", "xy-wing", "xy-chain", "forcing-chain", "cage-combinations"):
        assert kept in {t.id for t in TECHNIQUES if t.fits(board)}
    rested = ("hidden-single", "hidden-pair", "locked-candidates", "x-wing", "skyscraper", "rule-of-45")
    rested += ("simple-colors", "x-chain", "aic", "unique-rectangle-1", "bug-plus-1", "kraken-fish")
    assert set(rested) <= out
    classic = Board(sudoku_cp.Puzzle("." * 81).model)
    assert classic.complete_units
    assert {t.id for t in TECHNIQUES if not t.fits(classic)} == {TechniqueId.REQUIRED_DIGIT}


def test_a_required_digit_is_placed_only_when_a_hall_set_holds_it():
    board = Board(record(ONE_TO_SIX, "." * 16).model)
    row = next(a for a in board.alldifferents if a.origin.kind.name == "ROW" and a.origin.number == 1)
    cells = row.cells
    # r1c1..r1c3 hold only {1,2,3} between them (a Hall set), 3 only in r1c3: 3 is in row 1, there
    masks = [_mask(1, 2), _mask(1, 2), _mask(2, 3), _mask(4, 5, 6)]
    candidates = [_mask(*range(1, 7))] * 16
    for cell, mask in zip(cells, masks, strict=True):
        candidates[cell] = mask
    found = [d for d in basic.required_digits(board, candidates, set()) if d.constraints[0] is row]
    assert [d.placements for d in found] == [((cells[2], 3),)]
    assert set(found[0].cells) == set(cells[:3]) and found[0].values == (1, 2, 3)
    fillings = _row_fillings(masks)
    assert fillings and all(f[2] == 3 for f in fillings)  # every filling of the row agrees
    # without the Hall set, a value with one place in the row need not be there: no step
    masks = [_mask(1, 2, 4), _mask(1, 2), _mask(2, 3), _mask(4, 5, 6)]
    for cell, mask in zip(cells, masks, strict=True):
        candidates[cell] = mask
    assert not [d for d in basic.required_digits(board, candidates, set()) if d.constraints[0] is row]
    assert any(f[2] != 3 for f in _row_fillings(masks))  # 3 is not forced: a hidden single would be wrong


@pytest.mark.slow
def test_a_grid_of_more_digits_is_explained_soundly_with_no_step_resting_on_complete_units():  # ~2 s
    puzzle, published = _iss("Hidden Hostility")  # 6x6 of digits 1..9
    assert puzzle.model.value_count == 9 and puzzle.side == 6
    assert sudoku_cp.count_solutions(puzzle, limit=2) == 1  # so a removal is sound iff not the solution's
    explanation = explain(puzzle)
    assert explanation.solved and explanation.grid.to_string() == published
    assert explanation.grid == sudoku_cp.solve(puzzle)
    solution = [int(ch) for ch in published]
    side = puzzle.side
    for index, step in enumerate(explanation):
        assert not BY_ID[step.technique_id].needs_complete_units
        for r, c, value in step.eliminations:
            assert solution[r * side + c] != value, step
        for r, c, value in step.placements:
            assert solution[r * side + c] == value, step
        if step.net is not None:
            check_step(explanation, index)
    assert any(step.technique_id == TechniqueId.CAGE_COMBINATIONS for step in explanation)
    assert hint(puzzle) == explanation.steps[0]
    graded = grade(puzzle)
    board = Board(puzzle.model)
    assert graded.proper and graded.technique in {t.name for t in TECHNIQUES if t.fits(board)}
    assert set(graded.steps) <= {t.name for t in TECHNIQUES if t.fits(board)}


def test_a_small_grid_of_more_digits_removes_no_candidate_of_any_solution():
    puzzle = record(  # 4x4 of digits 1..6 with a cage, a V and a thermometer: several solutions
        ONE_TO_SIX,
        "6.....1..5.....3",
        cages=[{"cells": [[0, 1], [0, 2]], "sum": 9}],
        v=[[[3, 0], [3, 1]]],
        thermos=[[[1, 0], [1, 1]]],
    )
    solutions = brute_force(puzzle)
    assert len(solutions) > 1
    explanation = explain(puzzle)
    assert explanation.stalled and explanation.steps  # several solutions: it stops, never guesses
    side = puzzle.side
    for step in explanation:
        assert not BY_ID[step.technique_id].needs_complete_units
        for r, c, value in step.eliminations:
            assert all(s[r * side + c] != value for s in solutions), step
        for r, c, value in step.placements:
            assert all(s[r * side + c] == value for s in solutions), step


def test_next_step_passes_over_a_row_that_needs_complete_units():
    board = Board(record(ONE_TO_SIX, "." * 16).model)
    candidates = [_mask(*range(1, 7))] * 16
    candidates[0] = _mask(1, 2)
    hidden = BY_ID[TechniqueId.HIDDEN_SINGLE]
    # on its own the hidden-single finder would see nothing here either (no units): the table's
    # column is what keeps it out, whatever it would find
    assert next_step(board, candidates, set(), (hidden,)) is None


@pytest.mark.slow
def test_a_5x5_of_digits_1_to_9_is_explained_to_the_end():  # ~7 s CPU: The Whirlpool
    puzzle, published = _iss("The Whirlpool")
    explanation = explain(puzzle)
    assert explanation.solved and explanation.grid.to_string() == published
    solution = [int(ch) for ch in published]
    for index, step in enumerate(explanation):
        assert not BY_ID[step.technique_id].needs_complete_units
        assert all(solution[r * 5 + c] != v for r, c, v in step.eliminations)
        if step.net is not None:
            check_step(explanation, index)


def test_a_chain_reads_candidates_of_values_above_the_side():
    # a chain's candidate bits are cell * k + value - 1: with the side (4) as the stride, a 6
    # in r1c1 read as a 2 in r1c2 (a published 6x6 of 1..9 removed a 2 it never linked to)
    from sudoku_cp.reasoning.techniques.chains import _Graph

    board = Board(record(ONE_TO_SIX, "." * 16).model)
    candidates = [_mask(*range(1, 7))] * 16
    candidates[0], candidates[1] = _mask(5, 6), _mask(1, 6)
    graph = _Graph(board, candidates, set(), "xy")
    node = next(
        i
        for i, (cells, v) in enumerate(zip(graph.cells, graph.values, strict=True))
        if cells == (0,) and v == 6
    )
    weak = graph.candidates_in(graph.weak_candidates(node))
    peers = set(board.model.peers[0])
    assert (0, 5) in weak and (1, 6) in weak
    assert all(cell == 0 or (cell in peers and value == 6) for cell, value in weak)

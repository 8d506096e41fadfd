"""ALS-XY-Wing (issue 32): on real paths, each step's chain holds link by link in Eureka
terms (test_chain_notation's checker), and its elimination follows from its premise
(CP-SAT, independent of the engine) and agrees with the solution."""

from __future__ import annotations

import pytest
from test_advanced import follows
from test_chain_notation import EUREKA, check_chain

from sudoku_cp import datasets, explain
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board
from sudoku_cp.reasoning.techniques.als import find_als_xy_wing


def test_als_xy_wing_steps_hold():
    assert check_paths((44,)) >= 1  # a top95 puzzle whose path meets an ALS-XY-Wing


@pytest.mark.slow
def test_als_xy_wing_steps_hold_on_more_paths():
    assert check_paths((19, 34, 44, 45, 49)) >= 5  # (since the continuous nice loops, not 8, 10, 15, 27)


def check_paths(indices) -> int:
    checked = 0
    for index in indices:
        puzzle = datasets.load("top95")[index]
        path = explain(puzzle)
        board = Board(as_puzzle(puzzle)[0].model)
        for i, step in enumerate(path):
            if step.technique_id != "als-xy-wing":
                continue
            _, before = path.state(i)

            def has(cell, value, before=before):
                return value in before[cell[0] * 9 + cell[1]]

            check_chain(step.chain, has, 9, step.eliminations)
            assert EUREKA.fullmatch(step.notation)
            assert len(step.chain.nodes) == 6 and all(node.als for node in step.chain.nodes)
            masks = [sum(1 << (v - 1) for v in values) for values in before]
            placed = {c for c, values in enumerate(before) if len(values) == 1}
            found = next(
                d
                for d in find_als_xy_wing(board, masks, placed)
                if {(c // 9, c % 9, v) for c, v in d.eliminations} == set(step.eliminations)
            )
            follows(board, masks, found)
            solution = path.solution.cells
            assert all(solution[r * 9 + c] != v for r, c, v in step.eliminations)
            checked += 1
    return checked


def test_almost_locked_sets_carried_from_the_last_state_are_those_found_afresh():
    """The ALS context takes a unit's sets and a set's values from the last state when their
    candidates are the same (a step changes a few cells): along a real path, each state's
    sets and values equal those worked out with no memo."""
    from sudoku_cp.reasoning.techniques import als

    puzzle = datasets.load("top95")[44]
    path = explain(puzzle)
    board = Board(as_puzzle(puzzle)[0].model)
    for i in range(10, len(path), 40):
        _, before = path.state(i)
        masks = [sum(1 << (v - 1) for v in values) for values in before]
        placed = {c for c, values in enumerate(before) if len(values) == 1}
        carried = als._context(board, masks, placed)  # the board's memo holds the last state's
        fresh = als._almost_locked_sets(Board(board.model), masks, placed)
        assert carried.sets == fresh
        geo = als.geometry(board)
        plain = als._by_value(fresh, masks, geo, {}, {})
        assert all(carried.info_of(k) == plain(k) for k in range(len(fresh)))

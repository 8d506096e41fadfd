"""The smallest-solution proof run question by question (sudoku_cp.reasoning.proof), checked
against the backends' answers."""

from __future__ import annotations

import pytest

import sudoku_cp
from sudoku_cp.reasoning import proof

SEVERAL = "1.........3....."


@pytest.mark.parametrize("solver", proof.SOLVERS)
def test_the_descent_ends_on_the_smallest_solution_with_a_no(solver):
    run = proof.run_descent(SEVERAL, solver=solver)
    assert run.smallest == sudoku_cp.solve(SEVERAL)
    assert run.steps[-1].solution is None and run.steps[-1].answer.startswith("no")
    found = [s.solution for s in run.steps if s.solution is not None]
    assert found == sorted(found, reverse=True)  # each answer is smaller than the last
    for earlier, later in zip(found, found[1:], strict=False):
        changed = [i for i, (a, b) in enumerate(zip(earlier.cells, later.cells, strict=True)) if a != b]
        assert later.cells[changed[0]] < earlier.cells[changed[0]]


UNSOLVABLE = "......34...23..."  # consistent givens, no solution


@pytest.mark.parametrize("solver", proof.SOLVERS)
def test_a_puzzle_with_no_solution_is_answered_no_at_once(solver):
    assert sudoku_cp.count_solutions(UNSOLVABLE) == 0
    run = proof.run_descent(UNSOLVABLE, solver=solver)
    assert run.smallest is None and len(run.steps) == 1 and run.steps[0].answer.startswith("no")


def test_an_unknown_solver_is_refused():
    with pytest.raises(ValueError, match="solver"):
        proof.run_descent(SEVERAL, solver="magic")

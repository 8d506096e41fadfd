"""Why there is no solution: every conflict is checked independently of how it was found.

For each puzzle with no solution, the conflict's givens alone (with the rules) make every
backend raise NoSolutionError, and dropping any one of them leaves a solvable puzzle; its
constraints alone cannot hold with those givens, and dropping any one of them leaves a
solvable model (checked with CP-SAT on exactly those constraints)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from conftest import LEXMIN_CASES, has_solution

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, Puzzle, SolveTimeoutError, datasets, explain_conflict
from sudoku_cp.model.constraints import Model
from sudoku_cp.model.rules import Cage, Killer, Thermo
from sudoku_cp.reasoning.conflict import Conflict, deletion, quickxplain
from sudoku_cp.reasoning.generator import with_wrong_digit

VARIANT_CASES = json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())


def classic_cases() -> list[Puzzle]:
    puzzles = [Puzzle(with_wrong_digit(g, seed=seed)) for seed, g in enumerate(datasets.load("easy50")[:3])]
    puzzles.append(Puzzle(with_wrong_digit(datasets.load("top95")[0], seed=0)))
    puzzles += [Puzzle(Grid.parse(c["puzzle"])) for c in LEXMIN_CASES if c["lexmin"] is None][:4]
    return puzzles


UNSOLVABLE = classic_cases() + [Puzzle.from_dict(c) for c in VARIANT_CASES if c["lexmin"] is None]
# Two classic 9x9 and the variants up to 6x6 run in the main suite; the rest is slow (a
# killer 9x9's reason can hold thirty constraints, each checked twice).
QUICK = {0, 4, *(i for i in range(8, len(UNSOLVABLE)) if UNSOLVABLE[i].side <= 6)}
CASES = [p if i in QUICK else pytest.param(p, marks=pytest.mark.slow) for i, p in enumerate(UNSOLVABLE)]


def only(puzzle: Puzzle, givens) -> Puzzle:
    cells = [0] * (puzzle.side**2)
    for row, column, value in givens:
        cells[row * puzzle.side + column] = value
    return puzzle.with_grid(Grid(cells, puzzle.box))


def assert_minimal_conflict(puzzle: Puzzle, conflict: Conflict, backends=("cpsat",)) -> None:
    cells = puzzle.grid.cells
    assert conflict.givens == tuple(sorted(conflict.givens))
    for row, column, value in conflict.givens:
        assert cells[row * puzzle.side + column] == value  # they are givens of the puzzle
    alone = only(puzzle, conflict.givens)
    for backend in backends:
        with pytest.raises(NoSolutionError):
            sudoku_cp.solve(alone, backend=backend)
    for dropped in conflict.givens:
        rest = only(puzzle, [g for g in conflict.givens if g != dropped])
        assert has_solution(rest.model)
    # the constraints: not satisfiable with those givens, and each one needed
    side, fixed = puzzle.side, alone.grid.cells
    constraints = conflict.constraints
    assert constraints and set(constraints) <= set(puzzle.model.constraints)
    assert not has_solution(Model(side, fixed, constraints))
    for dropped in range(len(constraints)):
        assert has_solution(Model(side, fixed, constraints[:dropped] + constraints[dropped + 1 :]))


@pytest.mark.parametrize("puzzle", CASES, ids=lambda p: f"{p.side}x{p.side}-{p.grid.to_string()[:20]}")
def test_conflicts_are_minimal_and_unsolvable(puzzle):
    conflict = explain_conflict(puzzle)
    assert conflict is not None
    assert_minimal_conflict(puzzle, conflict)


@pytest.mark.parametrize("backend", sudoku_cp.backend_names())
def test_every_backend_finds_no_solution_for_the_conflict_alone(backend):
    for puzzle in [UNSOLVABLE[0], *UNSOLVABLE[-6:]]:
        conflict = explain_conflict(puzzle)
        with pytest.raises(NoSolutionError):
            sudoku_cp.solve(only(puzzle, conflict.givens), backend=backend, time_limit=60)


def test_a_puzzle_with_a_solution_has_no_conflict():
    assert explain_conflict(datasets.load("easy50")[0]) is None


def test_a_cage_can_be_part_of_the_reason():
    puzzle = Puzzle(Grid.parse("..1............."), (Killer([Cage([(0, 0), (0, 1)], 3)]),))
    conflict = explain_conflict(puzzle)
    assert conflict.givens == ((0, 2, 1),)
    assert str(conflict) == "r1c3=1 cannot hold"
    assert conflict.labels == ("row 1", "cage 1 (sum 3, at r1c1)")
    assert_minimal_conflict(puzzle, conflict, sudoku_cp.backend_names())


def test_rules_alone_can_be_the_reason():
    cages = Killer([Cage([(0, 0), (0, 1)], 3), Cage([(0, 2), (0, 3)], 3)])  # both need {1, 2}
    puzzle = Puzzle(Grid.empty(4), (cages,))
    conflict = explain_conflict(puzzle)
    assert conflict.givens == ()
    assert set(conflict.labels) == {"row 1", "cage 1 (sum 3, at r1c1)", "cage 2 (sum 3, at r1c3)"}
    assert str(conflict).startswith("the rules cannot all hold: ")
    assert_minimal_conflict(puzzle, conflict, sudoku_cp.backend_names())

    thermos = Thermo([[(0, 0), (0, 1), (0, 2), (0, 3)], [(1, 0), (0, 0)]])  # r1c1 is 1, r2c1 below it
    conflict = explain_conflict(Puzzle(Grid.empty(4), (thermos,)))
    assert conflict.givens == ()
    assert any(label.startswith("thermometer 2") for label in conflict.labels)


def test_no_solution_error_carries_the_conflict_lazily_and_across_processes():
    puzzle = UNSOLVABLE[0]
    with pytest.raises(NoSolutionError) as raised:
        sudoku_cp.solve(puzzle)
    error = raised.value
    assert error.puzzle == puzzle
    assert error._explanation is not None  # not computed yet
    assert error.conflict == explain_conflict(puzzle).givens
    copy = pickle.loads(pickle.dumps(error))
    assert copy.puzzle == puzzle and copy.conflict == error.conflict
    assert NoSolutionError("bare").conflict is None


def test_cli_names_the_conflicting_cells(tmp_path):
    from click.testing import CliRunner

    from sudoku_cp.cli import EXIT_NO_SOLUTION, main

    with CliRunner().isolation(input="..214.....1.....\n") as (_, err, _):
        code = main(["solve"])
        message = err.getvalue().decode()
    assert code == EXIT_NO_SOLUTION
    assert message == "sudoku-cp: no solution: r1c3=2, r1c4=1 and r2c1=4 cannot all hold\n"


def test_shrinking_algorithms_find_the_minimal_conflict():
    conflict = {3, 8, 11}

    def consistent(subset):
        return not conflict <= set(subset)

    assert deletion(range(20), consistent) == [3, 8, 11]
    assert quickxplain(range(20), consistent) == [3, 8, 11]
    assert quickxplain(range(5), lambda subset: False) == []
    with pytest.raises(ValueError):
        quickxplain(range(5), lambda subset: True)


def test_finding_the_constraints_honours_a_time_limit():
    small = "..214.....1....."
    conflict = explain_conflict(small)
    with pytest.raises(SolveTimeoutError, match="conflict explanation ran out of time"):
        conflict.find_constraints(time_limit=0)
    assert "constraints" not in conflict.__dict__  # nothing half-proven is kept
    found = conflict.find_constraints(time_limit=60)
    assert found == conflict.constraints == explain_conflict(small).constraints
    assert [c.label for c in found] == ["row 1", "box 1 (rows 1-2, columns 1-2)"]
    eager = explain_conflict(small, time_limit=60, constraints=True)
    assert "constraints" in eager.__dict__ and eager.constraints == found
    with pytest.raises(SolveTimeoutError):
        explain_conflict(small, time_limit=0, constraints=True)


def test_a_time_limit_stops_a_long_constraint_search():
    # Every given of a 16x16 plus one wrong digit: QuickXplain over its constraints takes
    # many seconds; a limit of half a second stops it (the limit is checked between and
    # inside the consistency checks).
    grid = datasets.load("hex16")[0]
    wrong = with_wrong_digit(grid, seed=0)
    givens = tuple((*divmod(c, 16), v) for c, v in enumerate(wrong.cells) if v)
    conflict = Conflict(givens, Puzzle(wrong).model)
    with pytest.raises(SolveTimeoutError):
        conflict.find_constraints(time_limit=0.5)


SMALL_CONFLICT = "..214.....1....."  # r1c3=2, r1c4=1 and r2c1=4 cannot all hold (row 1, box 1)


@pytest.mark.parametrize("backend", sudoku_cp.backend_names())
def test_every_backend_that_counts_answers_the_checks_alike(backend):
    """Issue 18.6: explain_conflict takes backend=; the checks' answers are proofs, so the
    minimal sets are the same whichever backend gives them."""
    reference = explain_conflict(SMALL_CONFLICT, constraints=True)
    conflict = explain_conflict(SMALL_CONFLICT, constraints=True, backend=backend)
    assert conflict.givens == reference.givens == ((0, 2, 2), (0, 3, 1), (1, 0, 4))
    assert conflict.constraints == reference.constraints
    assert conflict.backend == backend
    assert explain_conflict(datasets.load("easy50")[0], backend=backend) is None


def test_a_backend_that_cannot_count_is_refused_before_any_work(monkeypatch):
    from sudoku_cp import backends

    monkeypatch.setitem(backends._BACKENDS, "solve-only", lambda puzzle, *, time_limit=None: None)
    with pytest.raises(sudoku_cp.NotSupportedError, match="solve-only"):
        explain_conflict(SMALL_CONFLICT, backend="solve-only")
    with pytest.raises(sudoku_cp.UnknownBackendError):
        explain_conflict(SMALL_CONFLICT, backend="no-such-backend")


def test_cp_sat_stopping_early_with_time_left_is_run_again(monkeypatch):
    """Issue 22.17: any status but the expected ones was taken for a time-out, so a check
    that CP-SAT gave up early ended the explanation before its limit."""
    from ortools.sat.python import cp_model

    from sudoku_cp.backends import cpsat

    real = cpsat.solve_interruptibly
    calls = []

    def early_once(solver, model, callback=None):
        calls.append(solver.parameters.max_time_in_seconds)
        return cp_model.UNKNOWN if len(calls) == 1 else real(solver, model, callback)

    monkeypatch.setattr(cpsat, "solve_interruptibly", early_once)
    conflict = explain_conflict(SMALL_CONFLICT, time_limit=600)
    assert conflict.givens == ((0, 2, 2), (0, 3, 1), (1, 0, 4))
    assert len(calls) >= 2 and calls[1] <= calls[0]  # the rerun gets what is left


def test_an_invalid_cp_sat_model_is_a_bug_not_a_time_out(monkeypatch):
    from ortools.sat.python import cp_model

    from sudoku_cp.backends import cpsat

    invalid = cp_model.MODEL_INVALID
    monkeypatch.setattr(cpsat, "solve_interruptibly", lambda solver, model, callback=None: invalid)
    with pytest.raises(sudoku_cp.SudokuError, match="MODEL_INVALID") as raised:
        explain_conflict(SMALL_CONFLICT, time_limit=600)
    assert not isinstance(raised.value, SolveTimeoutError)

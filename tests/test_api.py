"""The entry points solve() and solve_with_stats(): backend lookup, option checks, the
time_limit check, registering a backend, and the answer check that refuses a wrong grid."""

from __future__ import annotations

import pytest
from conftest import assert_solves

import sudoku_cp
from sudoku_cp import (
    Grid,
    InvalidPuzzleError,
    NoSolutionError,
    Puzzle,
    SolveResult,
    SudokuError,
    UnknownBackendError,
    backend_names,
    datasets,
    register_backend,
)
from sudoku_cp import backends as registry
from sudoku_cp.backends.backtracking import solve as backtracking_solve

PUZZLE = datasets.load("hardest")[2]


@pytest.fixture
def toy_backends():
    """Register toy backends for one test and remove them again afterwards."""
    added: list[str] = []

    def add(name, target):
        register_backend(name, target)
        added.append(name)

    yield add
    for name in added:
        registry._BACKENDS.pop(name, None)


def test_backend_names_lists_the_builtin_backends():
    names = backend_names()
    assert names[:3] == ["backtracking", "cpsat", "python-constraint"]
    assert registry.DEFAULT_BACKEND in names


def test_unknown_backend_lists_the_known_names():
    with pytest.raises(UnknownBackendError) as caught:
        sudoku_cp.solve(PUZZLE, backend="gurobi")
    message = str(caught.value)
    assert "'gurobi'" in message
    for name in ("backtracking", "cpsat", "python-constraint"):
        assert repr(name) in message
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, SudokuError)


def test_unknown_backend_also_from_solve_with_stats():
    with pytest.raises(UnknownBackendError, match="unknown backend 'nope'"):
        sudoku_cp.solve_with_stats(PUZZLE, backend="nope")


def test_option_the_backend_does_not_take_is_a_type_error_naming_it():
    with pytest.raises(
        TypeError, match=r"backend 'backtracking' does not take 'workers'; it takes: no options"
    ):
        sudoku_cp.solve(PUZZLE, backend="backtracking", workers=2)


def test_several_unknown_options_are_all_named():
    with pytest.raises(TypeError, match=r"does not take 'seed', 'workers'"):
        sudoku_cp.solve(PUZZLE, backend="backtracking", seed=1, workers=2)


@pytest.mark.parametrize("time_limit", [0, 0.0, -1, -0.5])
def test_non_positive_time_limit_is_a_value_error(time_limit):
    with pytest.raises(ValueError, match="time_limit must be a positive number of seconds"):
        sudoku_cp.solve(PUZZLE, backend="backtracking", time_limit=time_limit)


@pytest.mark.parametrize("backend", sudoku_cp.backend_names())
@pytest.mark.parametrize("time_limit", [1e10, 10**400, float("inf")], ids=["1e10", "10**400", "inf"])
def test_a_huge_time_limit_is_no_limit(backend, time_limit):
    expected = backtracking_solve(PUZZLE)[0]
    assert sudoku_cp.solve(PUZZLE, backend=backend, time_limit=time_limit) == expected
    direct = registry.get_backend(backend).solve(Puzzle(PUZZLE), time_limit=time_limit)[0]
    assert direct == expected


def test_solve_returns_the_solution_grid():
    solution = sudoku_cp.solve(PUZZLE)
    assert_solves(PUZZLE, solution)
    assert solution == backtracking_solve(PUZZLE)[0]


def test_solve_accepts_text_lists_and_grids_alike():
    expected = sudoku_cp.solve(PUZZLE)
    for form in (PUZZLE.to_string(), PUZZLE.format("pretty"), PUZZLE.format("spaced"), PUZZLE.to_list()):
        assert sudoku_cp.solve(form) == expected


def test_invalid_puzzle_is_refused_before_solving():
    with pytest.raises(InvalidPuzzleError, match="row 1 has two 5s"):
        sudoku_cp.solve("55" + "." * 79)


def test_unsolvable_puzzle_raises_no_solution_error():
    with pytest.raises(NoSolutionError) as caught:
        sudoku_cp.solve(".5.4.....8.3..1...9..5...8...6.3..9..9.65.........2..1.2.1..7..6.....8.5....4.2..")
    assert isinstance(caught.value, SudokuError)


def test_solve_with_stats_shape():
    result = sudoku_cp.solve_with_stats(PUZZLE.format("rows"))
    assert isinstance(result, SolveResult)
    assert result.puzzle == Puzzle(PUZZLE)
    assert result.backend == registry.DEFAULT_BACKEND
    assert result.wall_time > 0
    assert result.stats["solver_calls"] >= 1
    assert result.solution == sudoku_cp.solve(PUZZLE)


def test_registered_toy_backend_is_used(toy_backends):
    calls = []

    def toy(grid: Grid, *, time_limit=None, flavour="plain"):
        calls.append((grid, time_limit, flavour))
        solution, _ = backtracking_solve(grid)
        return solution, {"solver_calls": 1, "toy_flavour_length": len(flavour)}

    toy_backends("toy", toy)
    assert "toy" in backend_names()
    result = sudoku_cp.solve_with_stats(PUZZLE.to_string(), backend="toy", time_limit=5, flavour="spicy")
    assert calls == [(Puzzle(PUZZLE), 5, "spicy")]
    assert result.backend == "toy"
    assert result.stats == {"solver_calls": 1, "toy_flavour_length": 5}
    assert_solves(PUZZLE, result.solution)
    with pytest.raises(TypeError, match=r"does not take 'colour'; it takes: flavour"):
        sudoku_cp.solve(PUZZLE, backend="toy", colour="red")


def test_registered_backend_by_module_path(toy_backends):
    toy_backends("bt-by-path", "sudoku_cp.backends.backtracking:solve")
    assert sudoku_cp.solve(PUZZLE, backend="bt-by-path") == sudoku_cp.solve(PUZZLE)


def test_toy_backends_are_gone_after_their_test():
    assert "toy" not in backend_names()
    assert "bt-by-path" not in backend_names()


def test_backend_returning_a_wrong_grid_is_caught(toy_backends):
    def liar(puzzle: Puzzle, *, time_limit=None):
        return Grid.empty(puzzle.side), {"solver_calls": 1}

    def other_answer(puzzle: Puzzle, *, time_limit=None):
        solution, _ = backtracking_solve(puzzle)
        return Grid([puzzle.side + 1 - v for v in solution.cells]), {"solver_calls": 1}

    toy_backends("liar", liar)
    toy_backends("other", other_answer)
    for name in ("liar", "other"):
        with pytest.raises(
            SudokuError, match=f"backend '{name}' returned a grid that does not solve the puzzle"
        ):
            sudoku_cp.solve(PUZZLE, backend=name)


def test_backend_errors_pass_through(toy_backends):
    def refuses(grid: Grid, *, time_limit=None):
        raise NoSolutionError("toy says no")

    toy_backends("refuses", refuses)
    with pytest.raises(NoSolutionError, match="toy says no"):
        sudoku_cp.solve(PUZZLE, backend="refuses")


def test_nan_time_limit_is_a_value_error():
    with pytest.raises(ValueError, match="time_limit"):
        sudoku_cp.solve(PUZZLE, backend="backtracking", time_limit=float("nan"))


def test_non_numeric_time_limit_names_the_argument():
    with pytest.raises((TypeError, ValueError), match="time_limit"):
        sudoku_cp.solve(PUZZLE, backend="backtracking", time_limit="1")


def test_one_solve_checks_its_options_once(monkeypatch):
    """The backend base is the one place a solve's options are read (issue 30)."""
    backend = registry.get_backend("backtracking")
    checked = []
    original = backend.Options.of.__func__

    def counting_of(cls, options, function="solve", *, backend=None):
        checked.append((dict(options), function))
        return original(cls, options, function, backend=backend)

    monkeypatch.setattr(backend.Options, "of", classmethod(counting_of))
    sudoku_cp.solve_with_stats(PUZZLE, backend="backtracking")
    assert checked == [({}, "solve")]

"""The backend template (:mod:`sudoku_cp.backends.template`) is itself a backend that keeps
the contract: registered for a test, it returns the smallest solution of the small variant
cases, counts and lists like the backtracker, refuses an unknown constraint kind and
checks its options through its declaration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import UNKNOWN_KIND

import sudoku_cp
from sudoku_cp import Grid, NotSupportedError, Puzzle, SolveTimeoutError
from sudoku_cp import backends as registry
from sudoku_cp.backends import template

SMALL_CASES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())
    if case["size"] <= 6
]


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(registry._BACKENDS, "template", "sudoku_cp.backends.template")
    return "template"


def test_small_variant_cases_give_the_smallest_solution_or_none(registered: str) -> None:
    assert len(SMALL_CASES) > 50
    for case in SMALL_CASES:
        puzzle = Puzzle.from_dict(case)
        if case["lexmin"] is None:
            with pytest.raises(sudoku_cp.NoSolutionError):
                sudoku_cp.solve(puzzle, backend=registered)
        else:
            assert sudoku_cp.solve(puzzle, backend=registered).to_string() == case["lexmin"], case["tag"]


def test_counts_and_lists_like_the_backtracker(registered: str) -> None:
    for case in SMALL_CASES[::5]:
        puzzle = Puzzle.from_dict(case)
        expected = sudoku_cp.count_solutions(puzzle, limit=50, backend="backtracking")
        assert sudoku_cp.count_solutions(puzzle, limit=50, backend=registered) == expected
        listed = list(sudoku_cp.solutions(puzzle, limit=5, backend=registered))
        assert listed == list(sudoku_cp.solutions(puzzle, limit=5, backend="backtracking"))
    assert sudoku_cp.count_solutions(Grid.empty(4), backend=registered) == 288


def test_refuses_an_unknown_kind_and_checks_its_options(registered: str) -> None:
    for call in (sudoku_cp.solve, sudoku_cp.count_solutions):
        with pytest.raises(NotSupportedError, match="backend 'template' .* NotValue"):
            call(UNKNOWN_KIND, backend=registered)
    with pytest.raises(ValueError, match="check_every must be a positive int"):
        sudoku_cp.solve(Grid.empty(4), backend=registered, check_every=0)
    with pytest.raises(TypeError, match="does not take 'workers'; it takes: check_every"):
        sudoku_cp.solve(Grid.empty(4), backend=registered, workers=2)


def test_a_time_limit_stops_the_count() -> None:
    with pytest.raises(SolveTimeoutError):
        template.count_solutions(Grid.empty(9), time_limit=0.05, check_every=1)

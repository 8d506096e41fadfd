"""Shared fixtures and checks: every solution is checked to be valid, to keep the
givens and, where the answer is known, to be the smallest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cp import Grid
from sudoku_cp.constraints import Model

LEXMIN_CASES = json.loads((Path(__file__).parent / "lexmin_cases.json").read_text())
"""The lex-min cases copied from shared/data (see its README): dicts with ``tag``, ``k``,
``puzzle``, ``lexmin`` (``None`` when unsolvable) and ``count_ge``."""


def case_id(case: dict) -> str:
    return f"{case['tag']}-{LEXMIN_CASES.index(case)}"


def assert_solves(puzzle: Grid, solution: Grid) -> None:
    """The solution is complete, valid (Grid guarantees the units) and keeps the givens."""
    assert isinstance(solution, Grid)
    assert solution.box_size == puzzle.box_size
    assert solution.is_complete(), "solution has blank cells"
    for index, (given, value) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        assert given in (0, value), f"given at cell {index} changed from {given} to {value}"
    # Every unit holds every value exactly once.
    n = puzzle.side
    for unit in puzzle.geometry.units:
        assert sorted(solution.cells[c] for c in unit.cells) == list(range(1, n + 1)), unit


@pytest.fixture(scope="session")
def lexmin_cases() -> list[dict]:
    return LEXMIN_CASES


def has_solution(model: Model) -> bool:
    """Whether ``model`` has a solution, decided by CP-SAT (one worker, no time limit)."""
    from ortools.sat.python import cp_model

    from sudoku_cp.backends import cpsat

    if not all(model.domains()):
        return False
    cp, _ = cpsat.model_of(model)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(cp)
    assert status != cp_model.UNKNOWN
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

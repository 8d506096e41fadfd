"""Shared fixtures and checks: every solution is checked to be valid, to keep the
givens and, where the answer is known, to be the smallest."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_cp import Grid, Puzzle
from sudoku_cp.constraints import Model
from sudoku_cp.rules import Rule

LEXMIN_CASES = json.loads((Path(__file__).parent / "lexmin_cases.json").read_text())
"""The lex-min cases copied from shared/data (see its README): dicts with ``tag``, ``k``,
``puzzle``, ``lexmin`` (``None`` when unsolvable) and ``count_ge``."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend",
        action="append",
        default=[],
        metavar="NAME",
        help="run the tests parametrised over the backends (tests/test_backend_contract.py and "
        "others) for this registered backend only; repeat for several",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--backend NAME`` keeps only NAME's cases of the tests parametrised over the backends;
    a backend whose optional package is missing is skipped with the reason (how to install it)."""
    from sudoku_cp import backends

    chosen = config.getoption("--backend")
    unknown = [name for name in chosen if name not in backends.backend_names()]
    if unknown:
        known = ", ".join(backends.backend_names())
        raise pytest.UsageError(f"--backend {', '.join(unknown)}: unknown; registered backends: {known}")
    kept, deselected = [], []
    reasons: dict[str, str | None] = {}
    for item in items:
        name = getattr(item, "callspec", None) and item.callspec.params.get("backend")
        if not isinstance(name, str) or name not in backends.backend_names():
            kept.append(item)
            continue
        if chosen and name not in chosen:
            deselected.append(item)
            continue
        if name not in reasons:
            reasons[name] = backends.unavailable(name)
        if reasons[name]:
            item.add_marker(pytest.mark.skip(reason=f"backend {name!r} is unavailable: {reasons[name]}"))
        kept.append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


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


# -- a constraint kind outside the vocabulary, which every backend must refuse -------------------


@dataclass(frozen=True)
class NotValue:
    """A constraint kind outside the vocabulary: ``x[cell] != value``."""

    cell: int
    value: int
    label: str

    @property
    def cells(self) -> tuple[int]:
        return (self.cell,)

    def holds(self, values) -> bool:
        return values[self.cell] != self.value

    def givens_conflict(self, givens, side) -> str | None:
        return f"{self.label} is broken" if givens[self.cell] == self.value else None


@dataclass(frozen=True)
class R1C1IsNot1(Rule):
    """A rule compiling to the unknown kind: on an empty 4x4 it leaves 216 of the 288 grids."""

    def constraints(self, side, box):
        return [NotValue(0, 1, "r1c1 != 1")]


UNKNOWN_KIND = Puzzle(Grid.empty(4), (R1C1IsNot1(),))

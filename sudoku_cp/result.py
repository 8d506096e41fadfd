"""The result shape shared by every backend, so that comparisons fit in one table."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle


@dataclass(frozen=True)
class SolveResult:
    """A solution with what it cost to find it.

    Attributes:
        puzzle: the puzzle solved (givens and rules).
        solution: the smallest row-major solution (a complete :class:`Grid`).
        backend: the backend's registered name, e.g. ``"cpsat"``.
        wall_time: seconds from the call to the answer, model building included.
        stats: the backend's own effort counters, name to number. Every backend
            reports ``solver_calls`` (searches or solves run); the others depend on
            the backend, e.g. ``nodes`` and ``backtracks`` for the backtracker,
            ``branches``, ``conflicts`` and ``solver_wall_time`` (seconds) for CP-SAT.
    """

    puzzle: Puzzle
    solution: Grid
    backend: str
    wall_time: float
    stats: dict[str, float] = field(default_factory=dict)

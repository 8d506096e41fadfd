"""The ``"auto"`` backend: the backend expected to be fastest for the puzzle's size and rules.

Every backend returns the same answer (the smallest row-major solution, proven), so
choosing one changes only the time taken. The choice, from the measurements of
``benchmarks/bench_backends.py`` (per bundled set, each backend's median CPU time in the
same run):

* grids up to 16x16, classic or variant: ``"backtracking"``. On these it answers in a few
  milliseconds, as fast as or faster than a CP-SAT solve, and it needs no OR-Tools import
  (most of a second in a fresh process);
* jigsaws (irregular regions in place of boxes): ``"cpsat"``. On the bundled minimal
  jigsaws (``gen_jigsaw``) the backtracker's median is 57 ms against CP-SAT's 17 ms: its
  search takes thousands of nodes there;
* larger grids (25x25): ``"cpsat"``, whose clause learning solves the hard ones in
  seconds where a search without learning may take minutes.

>>> from sudoku_cp import Grid
>>> choose(Grid.empty(9)), choose(Grid.empty(25))
('backtracking', 'cpsat')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sudoku_cp import backends
from sudoku_cp.puzzle import to_puzzle

if TYPE_CHECKING:
    from sudoku_cp.grid import Grid
    from sudoku_cp.puzzle import Puzzle

LARGEST_SIDE_FOR_BACKTRACKING = 16
"""Grids up to this side go to ``"backtracking"``, larger ones to ``"cpsat"``."""


def choose(puzzle: Puzzle | Grid) -> str:
    """The name of the backend :func:`solve` uses for ``puzzle`` (see the module docstring)."""
    if puzzle.side > LARGEST_SIDE_FOR_BACKTRACKING or _has_jigsaw_regions(puzzle):
        return "cpsat"
    return "backtracking"


def _has_jigsaw_regions(puzzle: Puzzle | Grid) -> bool:
    from sudoku_cp.rules import Jigsaw

    return any(isinstance(rule, Jigsaw) for rule in getattr(puzzle, "rules", ()))


def solve(
    puzzle: Puzzle | Grid, *, time_limit: float | None = None, workers: int = 1, seed: int = 0
) -> tuple[Grid, dict[str, float]]:
    """Solve with the backend :func:`choose` names: its answer and its stats, plus
    ``chose_cpsat`` (1 when CP-SAT solved it, 0 when the backtracker did).

    Args:
        puzzle: the puzzle, any size and variant.
        time_limit: seconds for the whole call, or ``None``.
        workers, seed: CP-SAT's options (see :func:`sudoku_cp.backends.cpsat.solve`),
            used when CP-SAT is chosen; checked either way.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
        ValueError: ``workers`` is not a positive int or ``seed`` not an int.
    """
    return _delegate("solve", puzzle, time_limit=time_limit, workers=workers, seed=seed)


def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    workers: int = 1,
    seed: int = 0,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution greater than ``after``, by the backend :func:`choose`
    names (see the Backend protocol in :mod:`sudoku_cp.backends`)."""
    return _delegate("next_solution", puzzle, after, time_limit=time_limit, workers=workers, seed=seed)


def count_solutions(
    puzzle: Puzzle | Grid,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    workers: int = 1,
    seed: int = 0,
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions (or ``limit``), by the backend :func:`choose` names."""
    options = {"limit": limit, "time_limit": time_limit, "workers": workers, "seed": seed}
    return _delegate("count_solutions", puzzle, **options)


def _delegate(
    function: str, puzzle: Puzzle | Grid, *args: Any, workers: int, seed: int, **kwargs: Any
) -> Any:
    """Call ``function`` of the chosen backend; CP-SAT also gets ``workers`` and ``seed``."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a positive int, not {workers!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}")
    puzzle = to_puzzle(puzzle)
    name = choose(puzzle)
    options = {"workers": workers, "seed": seed} if name == "cpsat" else {}
    result, stats = getattr(backends.get_backend(name), function)(puzzle, *args, **kwargs, **options)
    return result, {**stats, "chose_cpsat": int(name == "cpsat")}

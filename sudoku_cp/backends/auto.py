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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp import backends
from sudoku_cp.backends import BackendOptions, check_int, takes_options
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


@dataclass(frozen=True)
class Options(BackendOptions):
    """The options of ``"auto"``: CP-SAT's (:class:`sudoku_cp.backends.cpsat.Options`),
    passed on when CP-SAT is chosen and checked either way; ``count_solutions`` takes
    ``seed`` only, as CP-SAT's does.

    Raises:
        ValueError: ``workers`` is not a positive int or ``seed`` not an int.
    """

    BACKEND = "auto"
    COUNTING = ("seed",)

    workers: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        check_int("workers", self.workers, minimum=1)
        check_int("seed", self.seed)


@takes_options(Options)
def solve(
    puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
) -> tuple[Grid, dict[str, float]]:
    """Solve with the backend :func:`choose` names: its answer and its stats, plus
    ``chose_cpsat`` (1 when CP-SAT solved it, 0 when the backtracker did).

    Args:
        puzzle: the puzzle, any size and variant.
        time_limit: seconds for the whole call, or ``None``.
        **options: ``workers``, ``seed`` (:class:`Options`), used when CP-SAT is chosen.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
        NotSupportedError: the chosen backend does not compile a constraint kind of the puzzle.
        TypeError, ValueError: an option it does not take, or a bad value.
    """
    return _delegate("solve", Options.of(options), puzzle, time_limit=time_limit)


@takes_options(Options)
def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution greater than ``after``, by the backend :func:`choose`
    names (see the Backend protocol in :mod:`sudoku_cp.backends`); the errors of :func:`solve`."""
    return _delegate("next_solution", Options.of(options), puzzle, after, time_limit=time_limit)


@takes_options(Options)
def count_solutions(
    puzzle: Puzzle | Grid,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions (or ``limit``), by the backend :func:`choose` names;
    ``seed`` is its one option (:class:`Options`)."""
    chosen = Options.of(options, "count_solutions")
    return _delegate("count_solutions", chosen, puzzle, limit=limit, time_limit=time_limit)


def _delegate(function: str, options: Options, puzzle: Puzzle | Grid, *args: Any, **kwargs: Any) -> Any:
    """Call ``function`` of the chosen backend; CP-SAT also gets the options that
    ``function`` takes."""
    puzzle = to_puzzle(puzzle)
    name = choose(puzzle)
    passed = {o: getattr(options, o) for o in Options.names(function)} if name == "cpsat" else {}
    result, stats = getattr(backends.get_backend(name), function)(puzzle, *args, **kwargs, **passed)
    return result, {**stats, "chose_cpsat": int(name == "cpsat")}

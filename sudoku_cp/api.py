"""The one-call entry points: :func:`solve` and :func:`solve_with_stats`."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sudoku_cp import backends
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, SudokuError

if TYPE_CHECKING:  # imported when a solve runs: ``import sudoku_cp`` stays light (start-up time)
    from sudoku_cp.io.inputs import PuzzleInput
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle
    from sudoku_cp.result import SolveResult


def solve(
    puzzle: PuzzleInput,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    ignore: Iterable[str] = (),
    **options: Any,
) -> Grid:
    """Solve a puzzle and return its smallest row-major solution.

    Args:
        puzzle: a :class:`~sudoku_cp.model.puzzle.Puzzle` (givens plus rules, any variant), a
            JSON record (a dict, or text starting with ``{``), or classic Sudoku as text in
            any common layout (see :mod:`sudoku_cp.io.formats`), a list of ``n`` lists of
            ``n`` ints (0 for blank), or a :class:`Grid`; 4x4 to 25x25.
        backend: a name from :func:`sudoku_cp.backend_names`; ``None`` for the default
            (:data:`sudoku_cp.backends.DEFAULT_BACKEND`).
        time_limit: seconds the whole solve (proof of minimality included) may take;
            ``None`` (or infinity, or more than about three years) for no limit. Importing
            a backend on its first use and, for ``"python-constraint"``, starting its child
            process are not counted.
        ignore: for a puzzle given as a link, the refused elements to solve without, as
            the refusal names them (``["sentence 3", "line 2"]``; see
            :meth:`sudoku_cp.Puzzle.from_link`).
        **options: the backend's options, declared by its ``Options`` class (e.g.
            ``workers``, ``seed`` for ``"cpsat"``: :class:`sudoku_cp.backends.cpsat.Options`;
            ``encoding``, ``solver``... for ``"sat"``; ``preprocess``... for
            ``"python-constraint"``).

    Returns:
        The complete :class:`Grid` that keeps the givens, obeys every rule and is the
        smallest when its cells are read row by row as one number. When the puzzle has one solution,
        that is the solution.

    Raises:
        InvalidPuzzleError: the puzzle is malformed, repeats a value in a unit, or its
            rules do not fit the grid or are broken by the givens.
        NoSolutionError: the givens are consistent but no solution exists; its
            ``conflict`` names a minimal set of givens that cannot all hold (computed
            when first read).
        SolveTimeoutError: ``time_limit`` ran out.
        UnknownBackendError: no backend of that name.
        NotSupportedError: the puzzle holds a constraint kind the backend does not compile.
        TypeError: an option the backend does not take, or a ``time_limit`` that is not a number.
        ValueError: a ``time_limit`` that is not positive, or a bad option value.
    """
    return solve_with_stats(puzzle, backend=backend, time_limit=time_limit, ignore=ignore, **options).solution


def solve_with_stats(
    puzzle: PuzzleInput,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    ignore: Iterable[str] = (),
    **options: Any,
) -> SolveResult:
    """Like :func:`solve`, but return a :class:`SolveResult`: the solution with the wall
    time in seconds, the backend's effort counters, and the :class:`~sudoku_cp.result.Proof`
    that the solution is the smallest (``result.proof``), in one shape for every backend.

    Raises:
        The same errors as :func:`solve`.
    """
    from sudoku_cp.io.inputs import as_puzzle
    from sudoku_cp.model.puzzle import Puzzle
    from sudoku_cp.result import SolveResult

    name = backend or backends.DEFAULT_BACKEND
    chosen = backends.get_backend(name)  # its base checks the options, once (Backend.task)
    if ignore:
        from sudoku_cp.io import links  # here: the link readers load only for a link (start-up time)

        if not (isinstance(puzzle, str) and links.is_link(puzzle)):
            raise ValueError("ignore= names elements of a link, and the puzzle is not a link")
        puzzle = Puzzle.from_link(puzzle, ignore)
    puzzle = as_puzzle(puzzle)[0]
    time_limit = check_time_limit(time_limit)
    start = time.perf_counter()
    try:
        solution, stats, proof = chosen.solve_with_proof(puzzle, time_limit=time_limit, **options)
    except NoSolutionError as error:
        if error.puzzle is None:
            error.puzzle, error.explainer = puzzle, _conflict_of  # error.conflict can then say why
        raise
    wall_time = time.perf_counter() - start
    if not puzzle.is_solved_by(solution):
        raise SudokuError(f"backend {name!r} returned a grid that does not solve the puzzle")
    return SolveResult(puzzle, solution, name, wall_time, dict(stats), proof)


def _conflict_of(puzzle: Puzzle):
    """:func:`sudoku_cp.explain_conflict` of ``puzzle``: the explainer a
    :class:`NoSolutionError` raised by :func:`solve` carries (module-level: it pickles)."""
    from sudoku_cp.reasoning.conflict import explain_conflict  # here: it loads OR-Tools (start-up time)

    return explain_conflict(puzzle)


def check_time_limit(time_limit: object) -> float | None:
    """Return ``time_limit`` as ``None`` or a positive float of seconds; infinity and limits
    above :data:`~sudoku_cp.engine.runtime.MAX_TIME_LIMIT` (about three years, e.g.
    ``10**400``) mean no limit: ``None``.

    Raises:
        TypeError: not a number (a bool is not one either).
        ValueError: zero, negative or NaN.
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
        raise InvalidArgumentError(f"time_limit must be a number of seconds or None, not {time_limit!r}")
    if not time_limit > 0:  # also refuses NaN
        raise InvalidArgumentError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    from sudoku_cp.engine.runtime import finite_time_limit  # here: base loads threads and models

    return finite_time_limit(time_limit)

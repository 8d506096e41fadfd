"""How many solutions: counting, uniqueness, the solutions in order, and why a puzzle is not unique.

A puzzle is *proper* when it has exactly one solution. Every function here takes what
:func:`sudoku_cp.solve` takes (any variant, any size) and works on every backend that
provides the optional functions of the backend contract (:mod:`sudoku_cp.backends`):

* :func:`count_solutions` asks the backend's own complete search to count (CP-SAT
  enumerating solutions, python-constraint's solution iterator, the backtracker's
  exhaustive search, the SAT solver blocking each solution found); the count is exact,
  or the ``limit`` when there are at least that many. :func:`is_unique` is
  ``count_solutions(..., limit=2) == 1``.
* :func:`solutions` lists the solutions in increasing row-major (lexicographic) order.
  Each one is the backend's answer to "the smallest solution greater than the previous
  one", a question each backend asks with its own search and one more constraint,
  ``x >_lex previous``, and answers with the same witness method as :func:`sudoku_cp.solve`
  (a candidate above the previous solution, then proofs that no smaller value fits).
  So every solution is the *proven* next one, never the next one a search happened to
  meet, and every backend lists the same solutions in the same order.
* :func:`why_not_unique` gives the two smallest solutions and the cells where they
  differ (:class:`Ambiguity`): where a given is missing.

>>> count_solutions("1234" "34.." "...." "....")
6
>>> [g.to_string() for g in solutions("1234" "34.." "2..." "....")]
['1234341221434321', '1234341223414123', '1234342121434312']
>>> print(why_not_unique("1234" "34.." "2..." ".3..").describe())
the two smallest solutions differ in 4 cells: r2c3: 1 or 2, r2c4: 2 or 1, r4c3: 2 or 1, r4c4: 1 or 2
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sudoku_cp import backends
from sudoku_cp.api import check_time_limit
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, SudokuError
from sudoku_cp.io.formats import Layout, format_grid
from sudoku_cp.io.inputs import PuzzleInput, as_puzzle
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle


def count_solutions(
    puzzle: PuzzleInput,
    *,
    limit: int | None = None,
    backend: str | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> int:
    """The exact number of solutions of a puzzle, or ``limit`` if there are at least that many.

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes (any size, any variant).
        limit: a positive int, or ``None`` to count every solution (an empty 9x9 grid has
            6,670,903,752,021,072,936,960 of them: give a limit).
        backend: a backend name (:func:`sudoku_cp.backend_names`); ``None`` for the default.
        time_limit: seconds for the count, or ``None``.
        **options: the backend's options that apply to counting (its
            ``Options.COUNTING``: ``seed`` for ``"cpsat"``; ``solver``, ``encoding``,
            ``amo``, ``sum_encoding`` for ``"sat"``; ``solver``, ``constraints`` for
            ``"python-constraint"``).

    Returns:
        ``min(limit, count)``: 0 for a puzzle with no solution, 1 for a proper one.

    Raises:
        InvalidPuzzleError: malformed input.
        SolveTimeoutError: ``time_limit`` ran out before the count was complete (a
            count is never an estimate).
        NotSupportedError: the backend cannot count (it has no ``count_solutions``), or
            the puzzle holds a constraint kind it does not compile.
        UnknownBackendError: no backend of that name.
        TypeError, ValueError: a bad ``limit``, ``time_limit`` or option (one that
            applies to ``solve`` only, such as CP-SAT's ``workers``, is a TypeError).
    """
    puzzle = as_puzzle(puzzle)[0]
    limit = _check_limit(limit)
    name, count = _backend_call(backend, "count_solutions", options)
    found, _ = count(puzzle, limit=limit, time_limit=check_time_limit(time_limit), **options)
    if not isinstance(found, int) or found < 0 or (limit is not None and found > limit):
        raise SudokuError(f"backend {name!r} counted {found!r} solutions with limit {limit}: this is a bug")
    return found


def is_unique(
    puzzle: PuzzleInput, *, backend: str | None = None, time_limit: float | None = None, **options: Any
) -> bool:
    """True when the puzzle is proper: it has exactly one solution (counted up to 2).

    Raises:
        The errors of :func:`count_solutions`.
    """
    return count_solutions(puzzle, limit=2, backend=backend, time_limit=time_limit, **options) == 1


def solutions(
    puzzle: PuzzleInput,
    *,
    limit: int | None = None,
    backend: str | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> Iterator[Grid]:
    """The solutions of a puzzle in increasing row-major order, each one proven the next smallest.

    The first is :func:`sudoku_cp.solve`'s answer; each later one is the backend's
    ``next_solution``: the smallest solution lexicographically greater than the one
    before, found and proven with the constraint ``x >_lex previous`` added to the
    backend's own model (see the module docstring). Every backend lists the same
    solutions in the same order.

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes.
        limit: stop after that many solutions (``None``: all of them; mind that a sparse
            puzzle can have billions).
        backend: a backend name; ``None`` for the default.
        time_limit: seconds for *each* solution, or ``None``.
        **options: the backend's options (those of ``solve`` and ``next_solution``).

    Returns:
        An iterator of :class:`Grid`; empty when the puzzle has no solution. The input
        is checked at once, the solutions are found as the iterator is consumed.

    Raises:
        InvalidPuzzleError: malformed input (at the call).
        SolveTimeoutError: ``time_limit`` ran out while finding a solution (while iterating).
        NotSupportedError: the backend cannot list solutions (no ``next_solution``).
        UnknownBackendError, TypeError, ValueError: as :func:`count_solutions`.
    """
    puzzle = as_puzzle(puzzle)[0]
    limit = _check_limit(limit)
    time_limit = check_time_limit(time_limit)
    name, solve = _backend_call(backend, "solve", options)
    _, following = _backend_call(name, "next_solution", options)
    return _in_order(puzzle, limit, name, solve, following, time_limit, options)


def _in_order(puzzle, limit, name, solve, following, time_limit, options) -> Iterator[Grid]:
    previous = None
    produced = 0
    while limit is None or produced < limit:
        try:
            if previous is None:
                solution, _ = solve(puzzle, time_limit=time_limit, **options)
            else:
                solution, _ = following(puzzle, previous, time_limit=time_limit, **options)
        except NoSolutionError:
            return
        if not puzzle.is_solved_by(solution) or (previous is not None and not previous < solution):
            raise SudokuError(f"backend {name!r} listed a grid out of order or not a solution: this is a bug")
        yield solution
        previous = solution
        produced += 1


@dataclass(frozen=True)
class Ambiguity:
    """Why a puzzle is not unique: its two smallest solutions and the cells where they differ.

    Attributes:
        puzzle: the puzzle.
        first: its smallest solution (what :func:`sudoku_cp.solve` returns).
        second: its second smallest solution.
    """

    puzzle: Puzzle
    first: Grid
    second: Grid

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The 0-based ``(row, column)`` of every cell where the two solutions differ, row-major.
        A given in any one of them rules out ``second`` (though maybe not every other solution)."""
        position = self.puzzle.model.position  # a board's cells sit at their board positions
        return tuple(
            position(i)
            for i, (a, b) in enumerate(zip(self.first.cells, self.second.cells, strict=True))
            if a != b
        )

    def describe(self) -> str:
        """One line naming the differing cells and their two values (``r3c2: 4 or 7``)."""
        parts = [f"r{r + 1}c{c + 1}: {self.first[r, c]} or {self.second[r, c]}" for r, c in self.cells]
        return f"the two smallest solutions differ in {len(parts)} cells: " + ", ".join(parts)

    def __str__(self) -> str:
        return (
            f"smallest solution:\n{format_grid(self.first, Layout.PRETTY)}\n"
            f"second smallest solution:\n{format_grid(self.second, Layout.PRETTY)}\n{self.describe()}"
        )


def why_not_unique(
    puzzle: PuzzleInput, *, backend: str | None = None, time_limit: float | None = None, **options: Any
) -> Ambiguity | None:
    """Why a puzzle has more than one solution, or ``None`` when it has exactly one.

    Returns:
        An :class:`Ambiguity` (the two smallest solutions, from :func:`solutions`, and
        the cells where they differ), or ``None`` for a proper puzzle.

    Raises:
        NoSolutionError: the puzzle has no solution at all.
        The other errors of :func:`solutions`.
    """
    puzzle = as_puzzle(puzzle)[0]
    found = list(solutions(puzzle, limit=2, backend=backend, time_limit=time_limit, **options))
    if not found:
        raise NoSolutionError("the puzzle has no solution")
    if len(found) == 1:
        return None
    return Ambiguity(puzzle, found[0], found[1])


def _check_limit(limit: object) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise InvalidArgumentError(f"limit must be a positive int or None, not {limit!r}")
    if limit < 1:
        raise InvalidArgumentError(f"limit must be a positive int or None, not {limit!r}")
    return limit


def _backend_call(backend: str | None, function: str, options: dict[str, Any]):
    name = backend or backends.DEFAULT_BACKEND
    found = backends.backend_function(name, function)
    backends.check_options(name, backends.get_backend(name), options, function)
    return name, found


__all__ = ["Ambiguity", "count_solutions", "is_unique", "solutions", "why_not_unique"]

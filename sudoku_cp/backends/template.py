"""The template of a backend: adding a backend is one module from this template plus one
registry line; the contract suite then tests it.

This module is a complete, working backend (a plain depth-first search, fine for 4x4
and 6x6 grids, far too slow beyond), written to be copied. It is not registered.

**Adding a backend**, step by step:

1. Copy this file to ``sudoku_cp/backends/<name>.py``; set :data:`NAME`; replace the
   search with your solver (keep the shape of every function below).
2. Add one line to ``_BACKENDS`` in :mod:`sudoku_cp.backends`:
   ``"<name>": "sudoku_cp.backends.<name>"`` (or call
   :func:`sudoku_cp.backends.register_backend` at run time).
3. Run the contract suite on it: ``python -m pytest tests/test_backend_contract.py
   --backend <name>``. It checks the smallest row-major solution on the lex-min cases
   and every variant, ``NoSolutionError``, time limits, stats, options, and that a
   constraint kind the backend does not know is refused.

**What a backend module declares** (the contract of :mod:`sudoku_cp.backends`):

``Options`` (required, even with no field)
    A frozen dataclass subclassing :class:`~sudoku_cp.backends.BackendOptions`: one field
    per option, with its default; ``BACKEND`` (the name, for messages); ``COUNTING``
    (the fields ``count_solutions`` takes; ``()`` by default); the values checked in
    ``__post_init__`` (:func:`~sudoku_cp.backends.check_int`,
    :func:`~sudoku_cp.backends.check_choice`, :func:`~sudoku_cp.backends.check_bool`),
    raising ``ValueError`` or ``TypeError`` that names the option. Declared there
    once: the functions take ``**options`` and read them with ``Options.of`` (which
    refuses an option the function does not take), ``@takes_options(Options)`` makes
    their signatures (``help()``) list them, and
    :func:`sudoku_cp.backends.check_options` (run by ``solve``, the counting functions
    and ``solve_many`` before any work) reads the same class.

``solve(puzzle, *, time_limit=None, **options) -> (Grid, stats)`` (required)
    The **smallest row-major solution**, proven (a complete search, never the luck of
    a search order), as a :class:`~sudoku_cp.model.grid.Grid` of the puzzle's shape
    (``puzzle.grid.with_cells(values)``), and a dict of numbers with at least
    ``solver_calls``. ``time_limit`` is seconds for the whole call, ``None`` for none.

``count_solutions(puzzle, *, limit=None, time_limit=None, **options) -> (int, stats)`` (optional)
    The exact number of solutions, or ``limit`` when there are at least that many.

``next_solution(puzzle, after, *, time_limit=None, **options) -> (Grid, stats)`` (optional)
    The smallest solution lexicographically greater than ``after`` (a complete grid,
    or its ``n*n`` values row-major).

Without ``count_solutions`` or ``next_solution``, :func:`sudoku_cp.count_solutions`
and :func:`sudoku_cp.solutions` raise :class:`~sudoku_cp.errors.NotSupportedError`
naming the backend.

**What each function raises:**

* :class:`~sudoku_cp.errors.NoSolutionError`: no solution (``solve``), none greater
  than ``after`` (``next_solution``). ``count_solutions`` returns 0 instead.
* :class:`~sudoku_cp.errors.SolveTimeoutError`: ``time_limit`` ran out before the
  answer was found *and* proven (a count is never an estimate).
* :class:`~sudoku_cp.errors.NotSupportedError`: the puzzle's model holds a constraint
  of a kind no rewriting brings to the kinds the compiler knows. A backend declares them
  (``NATIVE_KINDS``) and takes its model through
  :func:`~sudoku_cp.model.decompose.decompose`, which rewrites every other kind into
  them (or raises, naming the backend and the kind); and every compiler still ends in
  ``raise unsupported(NAME, constraint)`` after the kinds it handles
  (:func:`_compile`), so a kind added to :mod:`sudoku_cp.model.constraints` is refused, never
  silently dropped (which would count or return grids that break it).
* ``TypeError`` / ``ValueError``: an option the function does not take, or a bad value
  (from ``Options``).
* :class:`~sudoku_cp.errors.BackendUnavailableError`, at import: an optional package
  is missing; the message says how to install it (see :mod:`sudoku_cp.backends.sat`).

``puzzle`` is a :class:`~sudoku_cp.model.puzzle.Puzzle` from :func:`sudoku_cp.solve`; accept a
:class:`~sudoku_cp.model.grid.Grid` too with :func:`~sudoku_cp.io.inputs.to_puzzle`. Its
``puzzle.model`` (:class:`~sudoku_cp.model.constraints.Model`) is what a backend compiles:
the side ``n``, the givens, the initial domains (:meth:`~sudoku_cp.model.constraints.Model.domains`:
givens and ``ValueIn`` applied) and the constraints, five kinds today: ``AllDifferent``,
``Sum``, ``Less``, ``Relation``, ``ValueIn``.

**The example search.** Cells are decided in row-major order, smallest value first, and
a value is tried only if it differs from every decided peer; a ``Sum``, ``Less`` or
``Relation`` is checked once its last cell is decided. The search is complete and meets
complete assignments in increasing row-major order, so the first solution it meets is
the smallest, proven: every smaller assignment was refuted before it. With a lower
bound ``after`` (``x >_lex after``) the same search starts above ``after``.

>>> from sudoku_cp import Grid
>>> solve(Grid.parse("1..." "..2." ".3.." "...4"))[0].to_string()
'1243342143122134'
>>> count_solutions(Grid.empty(4))[0]
288
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sudoku_cp.backends import BackendOptions, check_int, takes_options, unsupported
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.errors import NoSolutionError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model.constraints import (
    LINE_AUTOMATON_KINDS,
    AllDifferent,
    Less,
    Linear,
    Model,
    Relation,
    Sum,
    Table,
    ValueIn,
)
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

NAME = "template"
"""The name the backend is registered under (used in its messages)."""


@dataclass(frozen=True)
class Options(BackendOptions):
    """The backend's options, declared once.

    Attributes:
        check_every: search nodes between two looks at the clock (``time_limit``).

    Raises:
        ValueError: ``check_every`` is not a positive int.
    """

    BACKEND = NAME
    COUNTING = ("check_every",)  # the options count_solutions takes

    check_every: int = 256

    def __post_init__(self) -> None:
        check_int("check_every", self.check_every, minimum=1)


@takes_options(Options)
def solve(
    puzzle: Puzzle | Grid, *, time_limit: float | None = None, **options: Any
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution, proven by a complete search, and the effort counters.

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules).
        time_limit: seconds for the whole call, or ``None``.
        **options: ``check_every`` (:class:`Options`).

    Returns:
        ``(solution, stats)``; stats ``solver_calls`` (1) and ``nodes``.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
        NotSupportedError: a constraint of a kind :func:`_compile` does not know.
        TypeError, ValueError: an option it does not take, or a bad value.
    """
    return _first(puzzle, None, time_limit, Options.of(options))


@takes_options(Options)
def next_solution(
    puzzle: Puzzle | Grid, after: Grid | Sequence[int], *, time_limit: float | None = None, **options: Any
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution lexicographically greater than ``after``.

    Raises:
        NoSolutionError: no solution is greater than ``after``.
        The other errors of :func:`solve`.
    """
    bound = list(getattr(after, "cells", after))
    return _first(puzzle, bound, time_limit, Options.of(options))


@takes_options(Options)
def count_solutions(
    puzzle: Puzzle | Grid, *, limit: int | None = None, time_limit: float | None = None, **options: Any
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions, or ``limit`` if there are at least that many.

    Raises:
        SolveTimeoutError: ``time_limit`` ran out before the count was complete.
        NotSupportedError, TypeError, ValueError: as :func:`solve`.
    """
    search = _Search(to_puzzle(puzzle).model, Deadline(time_limit), Options.of(options, "count_solutions"))
    count = 0
    if limit != 0:
        for _ in search.solutions():
            count += 1
            if count == limit:
                break
    return count, {"solver_calls": 1, "nodes": search.nodes}


def _first(
    puzzle: Puzzle | Grid, after: list[int] | None, time_limit: float | None, options: Options
) -> tuple[Grid, dict[str, float]]:
    puzzle = to_puzzle(puzzle)
    search = _Search(puzzle.model, Deadline(time_limit), options)
    values = next(search.solutions(after), None)
    if values is None:
        raise NoSolutionError(
            "the puzzle has no solution" if after is None else "no solution is greater than the given one"
        )
    return puzzle.grid.with_cells(values), {"solver_calls": 1, "nodes": search.nodes}


NATIVE_KINDS = frozenset({AllDifferent, Sum, Less, Relation, ValueIn, Linear, Table, *LINE_AUTOMATON_KINDS})
"""The kinds :func:`_compile` handles; every other kind reaches it rewritten into these by
:func:`~sudoku_cp.model.decompose.decompose` (a distinct ``Sum``, ``Count``, ``Element``,
``Or``...), or is refused there, naming this backend."""


def _compile(model: Model) -> tuple[list[list[int]], list[list[Any]]]:
    """The model as this backend's data: for each cell, its peers (the cells it shares an
    ``AllDifferent`` with) and the constraints checked once it is decided (those whose
    last cell it is).

    Raises:
        NotSupportedError: a constraint of a kind not handled here (the explicit refusal
            every compiler ends in).
    """
    cells = range(model.cell_count)
    peers: list[set[int]] = [set() for _ in cells]
    checks: list[list[Any]] = [[] for _ in cells]
    for constraint in model.constraints:
        match constraint:
            case AllDifferent():
                for cell in constraint.cells:
                    peers[cell].update(c for c in constraint.cells if c != cell)
            case Sum() | Less() | Relation() | Linear() | Table():
                checks[max(constraint.cells)].append(constraint)
            case _ if isinstance(constraint, LINE_AUTOMATON_KINDS):
                checks[max(constraint.cells)].append(constraint)
            case ValueIn():
                pass  # already in model.domains()
            case _:
                raise unsupported(NAME, constraint)
    return [sorted(p) for p in peers], checks


class _Search:
    """Depth-first search in row-major order, smallest value first (see the module docstring)."""

    def __init__(self, model: Model, deadline: Deadline, options: Options) -> None:
        model = decompose(model, NATIVE_KINDS, NAME)  # every kind in the ones compiled here
        self.peers, self.checks = _compile(model)
        self.domains = model.domains()
        self.deadline = deadline
        self.check_every = options.check_every
        self.nodes = 0

    def solutions(self, after: Sequence[int] | None = None) -> Iterator[list[int]]:
        """The solutions in increasing row-major order (above ``after`` when given)."""
        values = [0] * len(self.domains)
        yield from self._extend(values, 0, after)

    def _extend(self, values: list[int], cell: int, after: Sequence[int] | None) -> Iterator[list[int]]:
        if cell == len(values):
            if after is None:  # after is None once the assignment is above the bound
                yield list(values)
            return
        for value in self.domains[cell]:
            if after is not None and value < after[cell]:
                continue  # below the bound: not greater than it
            self.nodes += 1
            if self.nodes % self.check_every == 0:
                self.deadline.check(f"the {NAME!r} backend")
            if any(values[peer] == value for peer in self.peers[cell]):
                continue
            values[cell] = value
            if all(constraint.holds(values) for constraint in self.checks[cell]):
                still_tied = after is not None and value == after[cell]
                yield from self._extend(values, cell + 1, after if still_tied else None)
            values[cell] = 0

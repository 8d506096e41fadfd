"""Why a puzzle has no solution: a minimal set of conflicting givens, and the rules involved.

:func:`explain_conflict` answers with a :class:`Conflict`:

* ``givens``: a set of givens that, with the puzzle's rules, admits no solution, and is
  *minimal*: without any one of them, the rest (with the rules) can be completed. It is a
  minimal unsatisfiable subset (MUS) of the givens, the rules held as background.
* ``constraints``: a minimal set of the model's constraints (rows, columns, boxes, cages,
  thermometers, dots...; :mod:`sudoku_cp.model.constraints`) that those givens break between
  them: without any one of them, those givens could be completed. Empty givens with
  non-empty constraints means the rules alone cannot all hold (say, killer cages whose
  sums no digits reach together).

Method, for the givens: the puzzle's CP-SAT model (:func:`sudoku_cp.backends.cpsat.build_model`
over an empty grid, every rule enforced) gets one *assumption literal* per given
(``g => x[cell] == value``). Solving under all of them (``model.add_assumptions``) proves
infeasibility, and CP-SAT returns an unsat core, a subset of the assumptions that is
already infeasible (``solver.sufficient_assumptions_for_infeasibility()``; the assumption
interface of Eén and Sörensson, "Temporal induction by incremental SAT solving", ENTCS
2003). The core need not be minimal, so it is shrunk by *deletion* (:func:`deletion`: the
deletion filter of Chinneck and Dravnieks, "Locating minimal infeasible constraint sets
in linear programs", ORSA Journal on Computing 1991; Marques-Silva, "Minimal
unsatisfiability: models, algorithms and applications", ISMVL 2010): each given is
dropped in turn and stays out if the rest still has no solution.

For the constraints: QuickXplain (:func:`quickxplain`; Junker, "QuickXplain: preferred
explanations and relaxations for over-constrained problems", AAAI 2004) over the model's
constraints, the conflicting givens fixed; it needs far fewer checks than deletion when a
few constraints out of many are involved (a killer or anti-knight puzzle has hundreds).

Each check ("do these givens and constraints have a solution?") is answered by the
package's backtracker, and by CP-SAT when the backtracker has not answered within a few
milliseconds; both are complete, so every "no" is a proof. With ``backend=`` the checks
(of the deletion filter and of QuickXplain) go to that backend's ``count_solutions``
instead (limit 1); the unsat core that starts the search always comes from CP-SAT, the
one solver here with assumption literals.

Every CP-SAT status is told apart: OPTIMAL or FEASIBLE (a solution), INFEASIBLE (a
proof), UNKNOWN (the time ran out; CP-SAT stopping early with time left is run again on
what is left), MODEL_INVALID (a bug: :class:`SudokuError` with CP-SAT's reason).

>>> conflict = explain_conflict("..214.....1.....")
>>> print(conflict)
r1c3=2, r1c4=1 and r2c1=4 cannot all hold
>>> conflict.labels
('row 1', 'box 1 (rows 1-2, columns 1-2)')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sudoku_cp.backends import cpsat
from sudoku_cp.engine.imports import import_module
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError, SolveTimeoutError
from sudoku_cp.io.inputs import PuzzleInput, to_puzzle
from sudoku_cp.model.constraints import Constraint, Model
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.naming import in_words

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # Ctrl-C cannot leave this import half done (sudoku_cp.engine.imports)
    cp_model = import_module("ortools.sat.python.cp_model")
Given = tuple[int, int, int]
"""``(row, column, value)``, 0-based row and column (on a grid of other digits, the value is
the digit's position, as in the model: :mod:`sudoku_cp.model.digits`)."""


@dataclass(frozen=True)
class Conflict:
    """Why a puzzle has no solution.

    Attributes:
        givens: a minimal set of ``(row, column, value)`` givens (0-based row and
            column) that no solution of the rules can hold together; ``()`` when the
            rules alone admit no solution.
        model: the compiled puzzle (:attr:`sudoku_cp.Puzzle.model`).

    :attr:`constraints`, the rules those givens break, is computed on first access (with
    no time limit), or by :meth:`find_constraints` within a time limit, or by
    ``explain_conflict(..., constraints=True)`` within the call's: it costs more than the
    givens (about a second on a hard 9x9, more on larger grids), and a one-line message
    needs only the givens. Ctrl-C stops it within moments (``KeyboardInterrupt``).
    """

    givens: tuple[Given, ...]
    model: Model = field(repr=False, compare=False)
    backend: str | None = field(default=None, repr=False, compare=False)
    """The backend of the consistency checks (``None``: the backtracker, then CP-SAT)."""

    @functools.cached_property
    def constraints(self) -> tuple[Constraint, ...]:
        """A minimal set of the model's constraints (objects of :mod:`sudoku_cp.model.constraints`)
        that the givens cannot all satisfy: without any one of them, the givens could be
        completed. Found by QuickXplain (:func:`quickxplain`) on the first access, with no
        time limit (:meth:`find_constraints` takes one)."""
        return _constraints_broken_by(self.model, self.givens, Deadline(None), self.backend)

    def find_constraints(self, time_limit: float | None = None) -> tuple[Constraint, ...]:
        """:attr:`constraints`, computed within ``time_limit`` seconds (``None``: no limit)
        unless already known; once found, :attr:`constraints` returns them at no cost.

        Raises:
            SolveTimeoutError: ``time_limit`` ran out before the set was proven minimal
                (nothing is kept: a later call starts again).
        """
        return self._find_constraints(Deadline(time_limit))

    def _find_constraints(self, deadline: Deadline) -> tuple[Constraint, ...]:
        if "constraints" not in self.__dict__:
            found = _constraints_broken_by(self.model, self.givens, deadline, self.backend)
            self.__dict__["constraints"] = found  # the cached_property's slot
        return self.constraints

    @property
    def labels(self) -> tuple[str, ...]:
        """The constraints' labels (``"row 1"``, ``"cage 3 (sum 15, at r2c4)"``), each once, in order."""
        return tuple(dict.fromkeys(c.label for c in self.constraints))

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The ``(row, column)`` of each conflicting given."""
        return tuple((row, column) for row, column, _ in self.givens)

    def __str__(self) -> str:
        """``"r1c1=5, r4c7=5 and r9c9=2 cannot all hold"``; for a given-free conflict,
        ``"the rules cannot all hold: ..."`` naming the constraints."""
        if not self.givens:
            return f"the rules cannot all hold: {in_words(self.labels)}"
        digits = self.model.digits  # values are the digits' positions on a grid of other digits
        names = [
            f"r{row + 1}c{column + 1}={digits[value - 1] if digits else value}"
            for row, column, value in self.givens
        ]
        if len(names) == 1:
            return f"{names[0]} cannot hold"
        return f"{in_words(names)} cannot all hold"

    def describe(self) -> str:
        """:meth:`__str__` with the constraints that rule them out: ``"r1c1=5 and r1c9=5
        cannot all hold (row 1)"``."""
        if not self.givens:
            return str(self)
        return f"{self} ({in_words(self.labels)})"


def explain_conflict(
    puzzle: PuzzleInput,
    *,
    time_limit: float | None = None,
    constraints: bool = False,
    backend: str | None = None,
) -> Conflict | None:
    """Why ``puzzle`` has no solution: a minimal set of conflicting givens and the
    constraints they break (see the module docstring for the method and its sources).

    Args:
        puzzle: anything :func:`sudoku_cp.solve` takes.
        time_limit: seconds for the whole explanation (the constraints included when
            ``constraints`` is true); ``None`` for no limit. A 9x9 usually takes a
            fraction of a second.
        constraints: also find :attr:`Conflict.constraints` now, within ``time_limit``
            (otherwise they are found on first access, with no limit, or by
            :meth:`Conflict.find_constraints`).
        backend: the backend that answers the consistency checks of the deletion filter
            and of QuickXplain (its ``count_solutions``, limit 1); ``None`` (the default):
            the package's backtracker, then CP-SAT for a check it does not settle within
            :data:`QUICK_CHECK`. The first unsat core always comes from CP-SAT.

    Returns:
        A :class:`Conflict`, or ``None`` when the puzzle has a solution.

    Raises:
        InvalidPuzzleError: the puzzle is malformed.
        SolveTimeoutError: ``time_limit`` ran out (nothing partial is returned: a set
            of givens or constraints not yet proven minimal would not be the answer).
        UnknownBackendError: no backend of that name.
        NotSupportedError: the backend cannot count solutions.
        KeyboardInterrupt: Ctrl-C, within moments.
    """
    puzzle = to_puzzle(puzzle)
    if backend is not None:
        from sudoku_cp import backends

        backends.backend_function(backend, "count_solutions")  # refuse before any work
    deadline = Deadline(time_limit)
    core = _givens_core(puzzle, deadline)
    if core is None:
        return None
    n, cells = puzzle.side, puzzle.grid.cells
    model = puzzle.model

    def consistent(kept: Sequence[int]) -> bool:
        givens = [0] * model.cell_count
        for cell in kept:
            givens[cell] = cells[cell]
        return _has_solution(
            Model(n, tuple(givens), model.constraints, model.positions, model.digits), deadline, backend
        )

    givens = [(*model.position(cell), cells[cell]) for cell in deletion(core, consistent)]
    conflict = Conflict(tuple(givens), model, backend)
    if constraints:
        conflict._find_constraints(deadline)
    return conflict


def _givens_core(puzzle: Puzzle, deadline: Deadline) -> list[int] | None:
    """The cells of an unsat core of the givens (every rule enforced), from CP-SAT under one
    assumption literal per given; ``None`` when the puzzle has a solution."""
    model = puzzle.model
    empty = Model(model.side, (0,) * model.cell_count, model.constraints, model.positions, model.digits)
    cp, cells = cpsat.model_of(empty)
    literals = {}
    for cell, value in enumerate(puzzle.grid.cells):
        if value:
            literal = cp.new_bool_var(f"given {model.cell_name(cell)}={value}")
            cp.add(cells[cell] == value).only_enforce_if(literal)
            literals[cell] = literal
    cp.add_assumptions(literals.values())
    solver, status = _solve(cp, deadline)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    in_core = set(solver.sufficient_assumptions_for_infeasibility())
    return [cell for cell, literal in literals.items() if literal.index in in_core]


def deletion(core: Sequence, consistent) -> list:
    """A minimal sublist of ``core`` that is not ``consistent``: drop each element in
    turn and keep it out if the rest stays inconsistent (the deletion filter). Each
    element is tested once against a set that only shrinks, so with a monotone
    ``consistent`` every element kept is necessary. ``len(core)`` checks.

    >>> deletion(range(6), lambda subset: not {1, 4} <= set(subset))
    [1, 4]
    """
    kept = list(core)
    position = 0
    while position < len(kept):
        trial = kept[:position] + kept[position + 1 :]
        if consistent(trial):
            position += 1  # necessary: keep it
        else:
            kept = trial
    return kept


def _constraints_broken_by(
    model: Model, givens: Sequence[Given], deadline: Deadline, backend: str | None = None
) -> tuple[Constraint, ...]:
    """A minimal set of the model's constraints that ``givens`` cannot all satisfy, by
    QuickXplain over CP-SAT consistency checks (each a model of only those constraints)."""
    n = model.side
    cells = [0] * model.cell_count
    for row, column, value in givens:
        cells[model.cell_at(row, column)] = value
    fixed = tuple(cells)

    def consistent(constraints: Sequence[Constraint]) -> bool:
        return _has_solution(
            Model(n, fixed, tuple(constraints), model.positions, model.digits), deadline, backend
        )

    return tuple(quickxplain(model.constraints, consistent))


def quickxplain(constraints: Sequence, consistent) -> list:
    """A minimal sublist of ``constraints`` that is not ``consistent`` (Junker,
    "QuickXplain: preferred explanations and relaxations for over-constrained problems",
    AAAI 2004): split the candidates in halves, and find the part of each half that the
    other half's conflict needs. Of all minimal conflicts, it returns the one whose
    constraints come earliest in the list; it needs ``O(k log(m / k))`` checks for a
    conflict of ``k`` among ``m`` constraints.

    Args:
        constraints: the candidates, in order of preference.
        consistent: ``consistent(subset) -> bool``, monotone (a subset of a consistent
            set is consistent).

    Returns:
        The conflict, in the order of ``constraints``; ``[]`` if the empty set is
        already inconsistent.

    Raises:
        ValueError: ``constraints`` is consistent as a whole.

    >>> quickxplain(range(10), lambda subset: not {2, 7} <= set(subset))
    [2, 7]
    """
    constraints = list(constraints)
    if consistent(constraints):
        raise InvalidArgumentError("the constraints are consistent: there is no conflict to explain")
    if not constraints or not consistent([]):
        return []
    position = {id(c): i for i, c in enumerate(constraints)}

    def explain(background: list, added: bool, candidates: list) -> list:
        if added and not consistent(background):
            return []
        if len(candidates) == 1:
            return candidates
        half = len(candidates) // 2
        first, second = candidates[:half], candidates[half:]
        from_second = explain(background + first, bool(first), second)
        from_first = explain(background + from_second, bool(from_second), first)
        return from_first + from_second

    return sorted(explain([], False, constraints), key=lambda c: position[id(c)])


def _check(deadline: Deadline) -> None:
    if deadline.passed():
        raise _timeout(deadline)


def _timeout(deadline: Deadline) -> SolveTimeoutError:
    return SolveTimeoutError(f"the conflict explanation ran out of time ({deadline.time_limit:g} s)")


QUICK_CHECK = 0.02
"""Seconds the backtracker gets for one check before CP-SAT takes over."""


def _has_solution(model: Model, deadline: Deadline, backend: str | None = None) -> bool:
    """Whether the model has a solution. Most checks are easy and the package's backtracker
    answers them in about a millisecond; the few it does not finish within
    :data:`QUICK_CHECK` go to CP-SAT, whose clause learning copes with the sparse,
    relaxed models that stall a plain search. Both are complete. With ``backend``, that
    backend's ``count_solutions`` (limit 1) answers instead."""
    _check(deadline)
    if not all(model.domains()):
        return False
    if backend is not None:
        return _count_one(model, deadline, backend)
    left = deadline.left()
    quick = Deadline(QUICK_CHECK if left is None else min(QUICK_CHECK, left))
    try:
        return BitmaskSearch(model, quick).find_solution() is not None
    except SolveTimeoutError:
        _check(deadline)
    cp, _ = cpsat.model_of(model)
    _, status = _solve(cp, deadline)  # Ctrl-C: KeyboardInterrupt within moments
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def _solve(cp: cp_model.CpModel, deadline: Deadline) -> tuple[cp_model.CpSolver, int]:
    """Solve ``cp`` with one CP-SAT worker within what is left of ``deadline``
    (:func:`sudoku_cp.backends.cpsat.run_solver`, the package's one CP-SAT call site): the
    solver and its status, OPTIMAL, FEASIBLE or INFEASIBLE. CP-SAT stopping early with time
    left is run again on what is left, so a check gets the whole limit.

    Raises:
        SolveTimeoutError: the deadline passed.
        SudokuError: MODEL_INVALID, or UNKNOWN with no time limit.
    """
    _check(deadline)
    return cpsat.run_solver(cp, deadline, who="the conflict explanation")


def solve_explained(puzzle: Puzzle, *, time_limit: float | None = None) -> Grid:
    """The smallest solution of ``puzzle`` by the default backend; a
    :class:`~sudoku_cp.errors.NoSolutionError` carries :func:`explain_conflict` (its
    ``conflict`` then names the givens that cannot all hold, computed when first read).

    The reasoning layer's solve: :func:`sudoku_cp.solve` (the public API, above this
    layer) does the same and checks options and input as well.

    Raises:
        NoSolutionError: no solution.
        SolveTimeoutError: ``time_limit`` (seconds) ran out.
    """
    from sudoku_cp import backends

    try:
        return backends.get_backend(backends.DEFAULT_BACKEND).solve(puzzle, time_limit=time_limit)[0]
    except NoSolutionError as error:
        if error.puzzle is None:
            error.puzzle, error.explainer = puzzle, explain_conflict
        raise


def _count_one(model: Model, deadline: Deadline, backend: str) -> bool:
    """Whether ``backend``'s ``count_solutions`` finds a solution of ``model`` (limit 1)
    within what is left of ``deadline``. The backend gets a :class:`Puzzle` whose compiled
    model is ``model`` (backends compile ``puzzle.model`` only, and a count builds no grid,
    so a relaxed model that breaks a row is counted as it stands)."""
    from sudoku_cp import backends

    puzzle = Puzzle(Grid.empty(model.side, None))  # a Latin square: its model is replaced
    puzzle.__dict__["model"] = model  # the cached_property's slot: the model to check
    count = backends.backend_function(backend, "count_solutions")
    try:
        found, _ = count(puzzle, limit=1, time_limit=deadline.left())
    except SolveTimeoutError:
        raise _timeout(deadline) from None
    return found >= 1


__all__ = ["Conflict", "deletion", "explain_conflict", "quickxplain"]

"""The template of a backend: adding a backend is one subclass of
:class:`~sudoku_cp.backends.base.Backend` from this template plus one registry line; the
contract suite then tests it.

This module is a complete, working backend (a plain depth-first search, fine for 4x4
and 6x6 grids, far too slow beyond), written to be copied. It is not registered.

**Adding a backend**, step by step:

1. Copy this file to ``sudoku_cp/backends/<name>.py``; rename the class, set ``NAME``
   (its ``Options.BACKEND``, which the base makes the class's ``name``); replace the
   search with your solver (keep the shape of every hook below).
2. Add one line to ``_BACKENDS`` in :mod:`sudoku_cp.backends`:
   ``"<name>": "sudoku_cp.backends.<name>:<Class>"`` (or call
   :func:`sudoku_cp.backends.register_backend` with the class at run time).
3. Run the contract suite on it: ``python -m pytest tests/test_backend_contract.py
   --backend <name>``. It checks the smallest row-major solution on the lex-min cases
   and every variant, ``NoSolutionError``, time limits, stats, options, and that a
   constraint kind the backend does not know is refused.

**What the subclass declares** (the base, :mod:`sudoku_cp.backends.base`, does the rest:
input, options, deadline, refusals, errors, the grid of the answer, the proof record):

``kinds`` (a class keyword: ``native_kinds``), ``proof_method`` (a class attribute)
    The constraint kinds of
    :mod:`sudoku_cp.model.constraints` the compiler handles (any other is refused with a
    :class:`~sudoku_cp.errors.NotSupportedError` naming the backend before a hook runs;
    a kind the vocabulary gains later is thus never silently dropped); how the answer is
    proven the smallest (``Proof.method``). The class keyword ``more_digits=True`` says
    the solver takes more digits than the side (``Backend.more_digits``; left out here).

``options`` (a class keyword: ``Options``; required, even with no field)
    A frozen dataclass subclassing :class:`~sudoku_cp.backends.BackendOptions`: one field
    per option, with its default; ``BACKEND`` (the registered name, for messages: the
    base sets the class's ``name`` from it); ``COUNTING``
    (the fields ``count_solutions`` takes; ``()`` by default); the values checked in
    ``__post_init__`` (:func:`~sudoku_cp.backends.check_int`,
    :func:`~sudoku_cp.backends.check_choice`, :func:`~sudoku_cp.backends.check_bool`),
    raising ``ValueError`` or ``TypeError`` that names the option. The base refuses an
    option a method does not take, and ``help()`` lists the options of each method.

``_solve(task) -> (values | None, stats)`` (required)
    The **smallest row-major solution** of ``task.model`` (a
    :class:`~sudoku_cp.model.constraints.Model`: the side ``n``, the givens, the initial
    domains :meth:`~sudoku_cp.model.constraints.Model.domains` and the constraints),
    proven (a complete search, never the luck of a search order), as its ``n*n`` values
    row-major, or ``None`` when there is none; and a dict of numbers with at least
    ``solver_calls``. ``task.options`` holds the checked options, ``task.deadline`` the
    clock (``task.deadline.check(who)`` raises
    :class:`~sudoku_cp.errors.SolveTimeoutError` once it has passed), ``task.proof`` the
    log the proof's questions go to.

``_next(task) -> (values | None, stats)`` (optional)
    The smallest solution lexicographically greater than ``task.after`` (a complete
    grid's values, checked by the base).

``_count(task) -> (count, stats)`` (optional)
    The exact number of solutions, or ``task.limit`` when there are at least that many.

Without ``_count`` or ``_next``, ``count_solutions`` and ``next_solution`` raise
:class:`~sudoku_cp.errors.NotSupportedError` naming the backend.
A time limit that runs out before the answer is found *and* proven raises
:class:`~sudoku_cp.errors.SolveTimeoutError` (a count is never an estimate). A backend
needing an optional package raises :class:`~sudoku_cp.errors.BackendUnavailableError`
at import, saying how to install it (see :mod:`sudoku_cp.backends.sat`).

**The example search.** Cells are decided in row-major order, smallest value first, and
a value is tried only if it differs from every decided peer; a ``Sum``, ``Less`` or
``Relation`` is checked once its last cell is decided. The search is complete and meets
complete assignments in increasing row-major order, so the first solution it meets is
the smallest, proven: every smaller assignment was refuted before it (its proof is the
search order: one :class:`~sudoku_cp.result.FirstInOrder` question). With a lower
bound ``after`` (``x >_lex after``) the same search starts above ``after``.

>>> from sudoku_cp import Grid
>>> backend = Template()
>>> backend.solve(Grid.parse("1..." "..2." ".3.." "...4"))[0].to_string()
'1243342143122134'
>>> backend.count_solutions(Grid.empty(4))[0]
288
>>> backend.solve_with_proof(Grid.parse("1..." "..2." ".3.." "...4"))[2].method
'search order'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sudoku_cp.backends import BackendOptions, check_int
from sudoku_cp.backends.base import Backend, Task, Values
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model
from sudoku_cp.result import FirstInOrder

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

    BACKEND = NAME  # the backend's name too (Backend.name), in all its messages
    COUNTING = ("check_every",)  # the options count_solutions takes

    check_every: int = 256

    def __post_init__(self) -> None:
        check_int("check_every", self.check_every, minimum=1)


NATIVE_KINDS = CORE_KINDS
"""The kinds :func:`_compile` handles; every other kind reaches it rewritten into these by
the base's ``prepare`` (:func:`~sudoku_cp.model.decompose.decompose`: a distinct ``Sum``,
``Count``, ``Element``, ``Or``...), or is refused there, naming this backend."""


class Template(Backend, options=Options, kinds=NATIVE_KINDS):
    """A plain depth-first search in row-major order (see the module docstring)."""

    proof_method = "search order"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        search = _Search(task.model, task.deadline, task.options)
        values = next(search.solutions(task.after), None)
        task.proof.record(FirstInOrder(), values)
        return values, {"solver_calls": 1, "nodes": search.nodes}

    _next = _solve  # the same search, above task.after

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        search = _Search(task.model, task.deadline, task.options)
        count = 0
        for _ in search.solutions():
            count += 1
            if count == task.limit:
                break
        return count, {"solver_calls": 1, "nodes": search.nodes}


def _compile(model: Model) -> tuple[list[list[int]], list[list[Any]]]:
    """The model as this backend's data: for each cell, its peers (the cells it shares an
    ``AllDifferent`` with) and the constraints checked once it is decided (those whose
    last cell it is). The base has rewritten every kind outside ``native_kinds`` into them
    (``prepare``), or refused it."""
    cells = range(model.cell_count)
    peers: list[set[int]] = [set() for _ in cells]
    checks: list[list[Any]] = [[] for _ in cells]
    for constraint in model.constraints:
        match constraint:
            case kinds.AllDifferent():
                for cell in constraint.cells:
                    peers[cell].update(c for c in constraint.cells if c != cell)
            case kinds.Sum() | kinds.Less() | kinds.Relation() | kinds.Linear() | kinds.Table():
                checks[max(constraint.cells)].append(constraint)
            case _ if isinstance(constraint, LINE_AUTOMATON_KINDS):
                checks[max(constraint.cells)].append(constraint)
            case kinds.ValueIn():
                pass  # already in model.domains()
    return [sorted(p) for p in peers], checks


class _Search:
    """Depth-first search in row-major order, smallest value first (see the module docstring)."""

    def __init__(self, model: Model, deadline: Deadline, options: Options) -> None:
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
                self.deadline.check("the 'template' backend")
            if any(values[peer] == value for peer in self.peers[cell]):
                continue
            values[cell] = value
            if all(constraint.holds(values) for constraint in self.checks[cell]):
                still_tied = after is not None and value == after[cell]
                yield from self._extend(values, cell + 1, after if still_tied else None)
            values[cell] = 0


BACKEND = Template()
"""The backend object; the module-level functions below are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions

"""The ``"python-constraint"`` backend: Sudoku as a python-constraint ``Problem``.

The model (:func:`build_problem`) is the textbook one, side by side with the CP-SAT model:

* one variable per cell, named ``"r1c1"`` .. ``"r9c9"`` (row and column from 1);
* its domain is the given value alone, or every value ``1..n`` of an open cell;
* one AllDifferent constraint per row, column and box (``3n`` constraints);
* for a variant, the other kinds of :mod:`sudoku_cp.model.constraints`, each as a
  python-constraint ``Constraint`` subclass of this module: :class:`DistinctCageSum`
  for a cage ``Sum`` (digit combinations; the sums that cages and units imply are
  added too), smaller domains for ``ValueIn``, :class:`LessChains` for each connected
  group of ``Less`` (a thermometer: bounds along the whole chain), and
  :class:`CellLinks` for each cell's binary constraints (``Relation``, two-cell
  ``AllDifferent`` such as anti-knight pairs: forward checking and arc consistency).
  Cages, ``Less`` groups and Kropki-like links are stated over their cells *and their
  peers* (:class:`Watching`), so python-constraint calls them whenever one of their
  cells may have lost a value, and :class:`EveryUnitHiddenSingles` looks for hidden
  singles in every unit at every node (python-constraint only calls the constraints
  of the variable just assigned, so without these the reasoning stalled and 8-given
  anti-knight, open killer and Kropki puzzles took minutes).

python-constraint has no objective, and its first solution is not the smallest (its solvers
try a domain's values from the *end* of its list); :func:`first_solution` shows it.
:func:`solve` returns the smallest row-major solution, proven, with python-constraint doing
every search: the witness method of :mod:`sudoku_cp.engine.lexmin` (where the proof is told,
as in ``docs/design.md``) drives :class:`ConstraintPrefixSearch`, each question "a solution
with cells ``0..i-1`` fixed and ``x_i < w_i``?" a fresh ``Problem``, so only complete solvers
(not MinConflicts) may drive it. A sparse grid from 16x16 up starts from the engine's
smallest solution instead of python-constraint's first one, with Hall sets in the
preprocessing (:data:`~sudoku_cp.backends.pyconstraint.search.WITNESS_SIDE`): under 1 s on
11 of the 12 sparse 16x16-25x25 grids of ``bench_backends.py --family sparse``, 2.4 s
on the 24x24 grid with 30% givens (python-constraint's own proofs there). On a classic
grid each search states only the open cells
(:func:`~sudoku_cp.backends.pyconstraint.model.open_problem`): python-constraint's solver
sorts and copies every variable's domain at every node, so the fixed cells of the late
questions made each node cost about twice as much (that grid: 4.9 s before).

Choices, measured by ``benchmarks/bench_pyconstraint.py --solvers`` (first 10 puzzles of
top95, 20 s cap per run, smallest solution; median seconds and puzzles solved):

* Solver: ``BacktrackingSolver`` with forward checking (0.08 s, 10/10), whose
  minimum-remaining-values choice is recomputed at every node; ``Recursive`` is close
  (0.14 s, 10/10). ``OptimizedBacktrackingSolver`` (``Problem()``'s default, 11 s, 8/10)
  fixes its variable order once, before the search; with every cell in three
  constraints that order is "givens, then row-major". Without forward checking no
  solver solves one of them within the cap; MinConflicts gives up even on easy50.
* Constraint form: python-constraint's ``AllDifferentConstraint`` only removes assigned
  values from the other cells of the unit. That is enough for most puzzles but not for
  proofs on sparse grids (16 givens: millions of nodes, minutes per question), so the
  default form is :class:`AllDifferentHiddenSingles`, the same constraint with hidden
  singles added to its forward checking (same solutions; 1.3 s and 9/10 with the plain
  form, 2.0 s and 7/10 with pairwise ``!=``; a 150 s sparse case drops to 0.1 s).
  ``constraints="alldifferent"`` and ``"pairwise"`` remain available.
* Restarts: searches that run long are cut off and restarted with shuffled value
  orders and doubled node budgets (see :class:`ConstraintPrefixSearch`).

:func:`count_solutions` counts with python-constraint's own solution iterator
(``getSolutionIter``) over :func:`build_problem`'s model; :func:`next_solution` runs
:func:`solve`'s method with one more constraint, :class:`LexGreater` (``x >_lex previous``).

python-constraint cannot be interrupted (its search loop is compiled and ignores signal
handlers), so a ``time_limit`` runs the whole search in a reusable child process
(:mod:`sudoku_cp.backends.subprocess_timeout`) that is killed when the deadline passes.
Concurrent calls (threads) each get a child of their own, and starting a child (about
0.5 s, on the first time-limited call and after a timeout) is not counted in the limit.

The package: :mod:`~sudoku_cp.backends.pyconstraint.constraints` (the python-constraint
constraint classes), :mod:`~sudoku_cp.backends.pyconstraint.model` (the ``Problem`` of a
puzzle, the solvers), :mod:`~sudoku_cp.backends.pyconstraint.search` (the witness
search and the count), :mod:`~sudoku_cp.backends.pyconstraint.worker` (the child
process); this module is the backend (:class:`Options`, :func:`solve`,
:func:`count_solutions`, :func:`next_solution`) and re-exports their public names.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_cp.backends import BackendOptions, check_bool, check_choice
from sudoku_cp.backends.base import Backend, Task, Values
from sudoku_cp.backends.pyconstraint.constraints import (
    AllDifferentHiddenSingles,
    CageSum,
    CellLinks,
    DistinctCageSum,
    EveryUnitHiddenSingles,
    LessChains,
    LexGreater,
    Padding,
    Watching,
)
from sudoku_cp.backends.pyconstraint.model import (
    COMPLETE_SOLVERS,
    CONSTRAINT_FORMS,
    DEFAULT_CONSTRAINTS,
    DEFAULT_SOLVER,
    NATIVE_KINDS,
    SOLVERS,
    build_problem,
    first_solution,
    variable_names,
)
from sudoku_cp.backends.pyconstraint.search import ConstraintPrefixSearch, count_here, smallest
from sudoku_cp.backends.pyconstraint.worker import run, shutdown_worker
from sudoku_cp.errors import InvalidArgumentError

__all__ = [
    "COMPLETE_SOLVERS",
    "CONSTRAINT_FORMS",
    "DEFAULT_CONSTRAINTS",
    "DEFAULT_SOLVER",
    "SOLVERS",
    "AllDifferentHiddenSingles",
    "CageSum",
    "CellLinks",
    "ConstraintPrefixSearch",
    "DistinctCageSum",
    "EveryUnitHiddenSingles",
    "LessChains",
    "LexGreater",
    "Options",
    "Padding",
    "PythonConstraint",
    "Watching",
    "build_problem",
    "count_solutions",
    "first_solution",
    "next_solution",
    "shutdown_worker",
    "smallest",
    "solve",
    "variable_names",
]

NAME = "python-constraint"
"""The name the backend is registered under (used in its messages)."""


@dataclass(frozen=True)
class Options(BackendOptions):
    """The options of the ``"python-constraint"`` backend (``solve`` and ``next_solution``
    take them all; ``count_solutions`` takes ``solver`` and ``constraints``).

    Attributes:
        solver: a name from :data:`COMPLETE_SOLVERS` (default :data:`DEFAULT_SOLVER`).
        constraints: the form of the unit constraints, from :data:`CONSTRAINT_FORMS`
            (see :func:`build_problem`).
        restarts: cut off and restart long searches with new value orders (see
            :class:`ConstraintPrefixSearch`); the answer is the same either way.
        preprocess: narrow each search's domains first with the package's propagation
            (see :class:`ConstraintPrefixSearch`); the answer is the same either way.

    Raises:
        ValueError: an unknown solver, one that cannot prove (``"minconflicts"``), or
            an unknown constraint form.
        TypeError: ``restarts`` or ``preprocess`` is not a bool.
    """

    BACKEND = NAME
    COUNTING = ("solver", "constraints")

    solver: str = DEFAULT_SOLVER
    constraints: str = DEFAULT_CONSTRAINTS
    restarts: bool = True
    preprocess: bool = True

    def __post_init__(self) -> None:
        if self.solver in SOLVERS and self.solver not in COMPLETE_SOLVERS:
            raise InvalidArgumentError(
                f"solver {self.solver!r} cannot prove that no smaller solution exists; "
                f"use one of: {', '.join(COMPLETE_SOLVERS)}"
            )
        check_choice("solver", self.solver, COMPLETE_SOLVERS)
        check_choice("constraints", self.constraints, CONSTRAINT_FORMS)
        check_bool("restarts", self.restarts)
        check_bool("preprocess", self.preprocess)


class PythonConstraint(Backend, options=Options, kinds=NATIVE_KINDS, more_digits=True):
    """The ``"python-constraint"`` backend: the smallest row-major solution, found by
    python-constraint and proven by the witness method (the module docstring).

    ``time_limit``: seconds for the whole search; when given, the search runs in a child
    process (reused across calls, one per concurrent caller) that is killed at the
    deadline. Starting that child (about 0.5 s: a new interpreter importing the package, on
    the first such call and after a timeout) is not counted. ``None``, or a limit above
    :data:`~sudoku_cp.engine.runtime.MAX_TIME_LIMIT`: no limit, run in this process.

    Options: ``solver``, ``constraints``, ``restarts``, ``preprocess`` (:class:`Options`);
    a count takes ``solver`` and ``constraints`` (it explores the whole search tree, so
    restarts and preprocessing do not apply).

    Stats: ``solver_calls`` (python-constraint searches), ``restarts``, ``nodes``,
    ``model_build_time`` and ``search_time`` (seconds), ``refuted_by_propagation``
    (questions answered "no" by the preprocessing alone), and with a time limit
    ``worker_started`` (1 when this call had to start the child process, else 0).

    ``next_solution`` runs the same method with one more python-constraint constraint in
    every search, :class:`LexGreater` (``x >_lex after``). ``count_solutions`` runs
    python-constraint's solution iterator (``Problem.getSolutionIter``) over
    :func:`build_problem`'s model, stopped at the ``limit``-th solution: a complete
    search, so when it ends the count is exact.
    """

    no_solution = "python-constraint proved it"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        chosen = task.options
        arguments = (
            task.model,
            chosen.solver,
            chosen.constraints,
            chosen.restarts,
            task.after,
            chosen.preprocess,
        )
        task_name = "find and prove the smallest solution"
        (values, stats, log), started = run(smallest, arguments, task.time_limit, task_name)
        task.proof.method, task.proof.questions, task.proof.answers = log.method, log.questions, log.answers
        if started is not None:
            stats = {**stats, "worker_started": float(started)}
        return values, stats

    _next = _solve  # every search holds x >_lex task.after

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        arguments = (task.model, task.limit, task.options.solver, task.options.constraints)
        result, _ = run(count_here, arguments, task.time_limit, "finish counting")
        return result


BACKEND = PythonConstraint()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions

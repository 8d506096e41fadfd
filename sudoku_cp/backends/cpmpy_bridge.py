"""The CPMpy bridge: one backend over every solver CPMpy reaches, each proving the smallest solution.

CPMpy (Guns, "Increasing modeling language convenience with a universal n-dimensional
array, CPpy as python-embedded example", ModRef 2019; https://cpmpy.readthedocs.io) is a
modelling layer: one model, written once as Python expressions, is transformed for a
solver of any paradigm: constraint programming with clause learning (OR-Tools CP-SAT,
Pumpkin), classic CP (Choco), pseudo-Boolean (Exact), SAT (PySAT, Pindakaas), SMT (Z3),
MIP (HiGHS, SCIP, Gurobi, CPLEX). This backend compiles the vocabulary of
:mod:`sudoku_cp.model.constraints` to CPMpy expressions (:func:`compile_model`) and proves the
smallest row-major solution on the solver named by ``solver=`` (:func:`available_solvers`
lists those installed here; :data:`DEFAULT_SOLVER` is OR-Tools, which CPMpy always has).

**The compilation**, one CPMpy expression per constraint: a cell is ``cp.intvar`` over the
bounds of its domain, with ``cp.InDomain`` when the domain has holes (``ValueIn``: the
even or odd cells) and the given's value as its only value; ``AllDifferent`` ->
``cp.AllDifferent``; ``Sum`` -> ``cp.sum(cells) == total``; ``Less`` -> ``x < y``;
``Relation`` -> ``cp.Table([x, y], allowed)``; ``ValueIn`` is in the domains; ``Linear``
and ``Table`` as themselves; the line automata (sandwich, skyscraper, regular lines) as
a state variable per position with a transition table per cell. Any other kind is
rewritten into these (:mod:`sudoku_cp.model.decompose`); a kind no rewriting reaches is
refused with :class:`~sudoku_cp.errors.NotSupportedError`, and so is a kind the
chosen solver cannot take (PySAT without PBLib has no linear constraints: it takes the
classic rules, not cages or thermometers), naming the backend, the solver and the kind.

**The proof** (option ``proof``; the full account of both methods is in
:mod:`sudoku_cp.engine.lexmin`). Every step rests on an answer of the solver that is a
proof: UNSAT, or OPTIMAL for an objective. ``"chain"`` finds a solution ``w``, adds
``x <_lex w`` (:func:`lex_less`, the Boolean chain of Frisch et al., CP 2002, as CPMpy
implications, skipping cells that cannot take a smaller value) and solves again until
UNSAT. ``"hybrid"`` (the default) asks that chain question once: a puzzle with one
solution is proven in two solves; if a smaller solution exists, the lexicographic
optimisation of the witness method follows, in blocks of cells (:func:`_optimise_cells`):
from the first blank cell whose lowest candidate is below the witness's value, the next
:func:`block_size` blank cells are minimised as one base-``n`` number with the cells
before them fixed, the optimum proven by the solver, and fixed in turn (Ehrgott,
*Multicriteria Optimization*, 2005, section 5.1; blocks of 6 cells take about a
sixth of the solves that one cell at a time would). The solvers of :data:`NO_OBJECTIVES`
(PySAT, Pindakaas, Z3, Choco) continue the chain instead. Why not the witness method's
retractable questions ``x_i < w_i``: CPMpy adds constraints for good, and assumptions
(which could retract them) exist for only some solvers; the chain and the block
objectives only ever add constraints that the smallest solution satisfies, so one
incremental solver serves every step on every solver. CPMpy has ``cp.LexLess``, but
its decomposition knows nothing of the cells that cannot be smaller, so the chain here
is written out.

**Counting** uses CPMpy's ``solveAll(solution_limit=...)``: native enumeration where a
solver has it (OR-Tools), blocking constraints otherwise; the count is returned only
when the enumeration ended (status OPTIMAL) or reached the limit. :func:`next_solution`
adds ``x >_lex after`` (:func:`lex_greater`) and runs :func:`solve`'s proof.

**Time limits and Ctrl-C.** Each solve gets the time left of the call (CPMpy's
``time_limit``); the model's transformation for the solver is not interruptible by
the clock, only checked after it. Solves run on a helper thread while the calling
thread waits, so Ctrl-C raises :class:`KeyboardInterrupt` at once even when a solver's
native code ignores signals; an OR-Tools search is then stopped, any other solver's
abandoned on that thread (it ends at its time limit) and later calls use a fresh thread.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp.errors import BackendUnavailableError, InvalidArgumentError

if TYPE_CHECKING:
    from sudoku_cp.engine.lexmin import LexStep

INSTALL_HINT = 'pip install "sudoku_cp[cpmpy]"'
"""How to install what the backend needs."""

try:
    import cpmpy as cp
    from cpmpy.exceptions import NotSupportedError as _CpmpyNotSupported
    from cpmpy.solvers.solver_interface import ExitStatus
    from cpmpy.solvers.utils import SolverLookup
except ImportError as error:  # not installed, or installed but failing to import (said so)
    missing = isinstance(error, ModuleNotFoundError) and (error.name or "").split(".")[0] in ("cpmpy",)
    why = "which is not installed" if missing else f"whose import failed ({error})"
    raise BackendUnavailableError(f'the "cpmpy" backend needs CPMpy, {why}: {INSTALL_HINT}') from error

from sudoku_cp.backends import BackendOptions, check_choice, unsupported  # noqa: E402
from sudoku_cp.backends.base import Backend, Task, Values  # noqa: E402
from sudoku_cp.backends.subprocess_timeout import WorkerPool  # noqa: E402
from sudoku_cp.engine.lexmin import (  # noqa: E402
    ProofLog,
    above_steps,
    below_steps,
    descend_below,
    lowest_candidates,
    sparse_witness,
)
from sudoku_cp.engine.runtime import Counters, Deadline, HelperThread, finite_time_limit  # noqa: E402
from sudoku_cp.errors import NotSupportedError, SolveTimeoutError, SudokuError  # noqa: E402
from sudoku_cp.model import constraints as kinds  # noqa: E402
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model  # noqa: E402
from sudoku_cp.model.decompose import decompose  # noqa: E402

__all__ = [
    "DEFAULT_SOLVER",
    "PROOFS",
    "available_solvers",
    "compile_model",
    "count_solutions",
    "lex_greater",
    "lex_less",
    "next_solution",
    "solve",
]

DEFAULT_SOLVER = "ortools"
"""The CPMpy solver used unless ``solver=`` names another: OR-Tools, a dependency of CPMpy itself."""

PROOFS = ("chain", "hybrid")
"""The ways to prove the smallest solution, for the ``proof`` option (see the module docstring)."""

UNUSABLE = {
    "rc2": "a MaxSAT solver: CPMpy's RC2 solves optimisation problems only",
    "pysdd": "a knowledge compiler over Boolean variables: it takes no integer cell variables",
}
"""CPMpy solvers that cannot solve a puzzle, with why (refused by name)."""

SOLVER_OPTIONS: dict[str, dict[str, Any]] = {
    "ortools": {"num_workers": 1, "catch_sigint_signal": False},
    "gurobi": {"Threads": 1, "MIPGap": 0.0},
    "scip": {"parallel/maxnthreads": 1, "limits/gap": 0.0},
    "highs": {"mip_rel_gap": 0.0},
}
"""Native parameters passed to a solver's every solve: one thread (as the ``"cpsat"``
backend), CP-SAT leaving SIGINT to Python, and MIP solvers' relative gap 0 (an optimum
is then proven exactly, as the proof needs)."""


def available_solvers() -> list[str]:
    """The CPMpy solvers installed here that can solve a puzzle, in CPMpy's order (names
    for ``solver=``; a subsolver such as ``"pysat:glucose4"`` is accepted too).

    Solvers whose package is present but unusable (no licence, a missing executable) are
    left out: each is asked to solve a two-cell model once, and the answer is kept.
    """
    global _AVAILABLE
    if _AVAILABLE is None:
        with warnings.catch_warnings(), _quiet_console():  # "MiniZinc Python is installed, but..."
            warnings.simplefilter("ignore")
            found = _probe_solvers()
        _AVAILABLE = found
    return list(_AVAILABLE)


def _probe_solvers() -> list[str]:
    """The usable solvers (see :func:`available_solvers`)."""
    found = []
    for name, solver_class in SolverLookup.base_solvers():
        if name in UNUSABLE:
            continue
        try:
            if not solver_class.supported():
                continue
            # an AllDifferent and a sum, as every puzzle has: PySAT needs PBLib for them
            x = cp.intvar(1, 3, shape=3, name="probe")
            if solver_class(cp.Model(cp.AllDifferent(x), cp.sum(x) == 6)).solve():
                found.append(name)
        except Exception:  # an installed package that fails (a licence, an executable)
            continue
    return found


_AVAILABLE: list[str] | None = None


@contextlib.contextmanager
def _quiet_console():
    """Silence what solver libraries print from C or C++ during the probe (HiGHS's
    "Running HiGHS..." banner): standard output is pointed at the null device at the level
    of its file descriptor, which Python's ``redirect_stdout`` cannot reach."""
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError):  # no real standard output: nothing to silence
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


# -- the model ----------------------------------------------------------------------------------


def compile_model(model: Model) -> tuple[list[Any], list[tuple[Any, Any]]]:
    """The CPMpy expressions of a compiled model (see the module docstring).

    Args:
        model: the puzzle's :class:`~sudoku_cp.model.constraints.Model`.

    Returns:
        ``(cells, constraints)``: the ``n*n`` cell variables row-major (``cp.intvar``
        named ``"r1c1"``..), and ``(constraint, expression)`` pairs, the vocabulary's
        constraint and its CPMpy expression (the domains' ``InDomain`` paired with the
        ``ValueIn`` or given they come from, or ``None``).

    Raises:
        NotSupportedError: a constraint of a kind outside the vocabulary.

    >>> from sudoku_cp import Grid, Puzzle
    >>> from sudoku_cp.model.rules import Thermo
    >>> puzzle = Puzzle(Grid.parse("1" + "." * 15, (2, 2)), [Thermo([[(0, 0), (0, 1)]])])
    >>> cells, pairs = compile_model(puzzle.model)
    >>> cells[0], cells[5]
    (r1c1, r2c2)
    >>> [str(expression) for _, expression in pairs][-1]
    '(r1c1) < (r1c2)'
    """
    model = decompose(model, NATIVE_KINDS, NAME)
    n = model.side
    cells = []
    pairs: list[tuple[Any, Any]] = []
    for cell, domain in enumerate(model.domains()):
        variable = cp.intvar(domain[0], domain[-1], name=f"r{cell // n + 1}c{cell % n + 1}")
        cells.append(variable)
        if len(domain) != domain[-1] - domain[0] + 1:
            pairs.append((None, cp.InDomain(variable, list(domain))))
    for constraint in model.constraints:
        if isinstance(constraint, kinds.AllDifferent):
            expression = cp.AllDifferent([cells[c] for c in constraint.cells])
        elif isinstance(constraint, kinds.Sum):
            expression = cp.sum([cells[c] for c in constraint.cells]) == constraint.total
        elif isinstance(constraint, kinds.Less):
            expression = cells[constraint.first] < cells[constraint.second]
        elif isinstance(constraint, kinds.Relation):
            expression = cp.Table(
                [cells[constraint.first], cells[constraint.second]], sorted(constraint.allowed)
            )
        elif isinstance(constraint, kinds.Linear):
            pairs_ = zip(constraint.coefficients, constraint.cells, strict=True)
            terms = cp.sum([a * cells[c] for a, c in pairs_])
            rhs = constraint.rhs
            expression = {"==": terms == rhs, "<=": terms <= rhs, ">=": terms >= rhs}[constraint.operator]
        elif isinstance(constraint, kinds.Table):
            expression = cp.Table([cells[c] for c in constraint.cells], sorted(constraint.allowed))
        elif isinstance(constraint, LINE_AUTOMATON_KINDS):
            expression = _automaton([cells[c] for c in constraint.cells], constraint.automaton(n))
        elif isinstance(constraint, kinds.ValueIn):
            continue  # in the cell's domain
        else:  # never dropped (decompose leaves only the kinds above)
            raise unsupported(NAME, constraint)
        pairs.append((constraint, expression))
    return cells, pairs


NATIVE_KINDS = CORE_KINDS
"""The kinds :func:`compile_model` writes; every other kind is rewritten into them
(:mod:`sudoku_cp.model.decompose`)."""


def _automaton(cells: Sequence[Any], automaton: kinds.Automaton) -> Any:
    """A line automaton (sandwich, skyscraper, regular line) as one state variable per
    position (states numbered, the start state first) and a table ``(state, value, next
    state)`` per cell, the last state accepting: every state is a function of the cells,
    so counting solutions counts grids (as the ``"cpsat"`` backend writes it)."""
    number = {state: i for i, state in enumerate(automaton.transitions)}
    triples = [
        (number[state], value, number[following])
        for state, out in automaton.transitions.items()
        for value, following in out.items()
    ]
    accepting = sorted(number[state] for state in automaton.accepting)
    if not accepting or not cells:
        return cp.BoolVal(bool(accepting) and automaton.start in automaton.accepting)
    parts = []
    state: Any = None
    for cell in cells:
        following = cp.intvar(0, len(number) - 1)
        if state is None:
            start = number[automaton.start]
            parts.append(cp.Table([cell, following], [(v, t) for s, v, t in triples if s == start]))
        else:
            parts.append(cp.Table([state, cell, following], triples))
        state = following
    parts.append(cp.InDomain(state, accepting))
    return cp.all(parts)


def lex_less(
    cells: Sequence[Any], bound: Sequence[int], givens: Sequence[int], lowest: Sequence[int]
) -> list:
    """The CPMpy constraints of ``cells <_lex bound``, or ``[]`` when no blank cell can take a
    value below its bound (nothing is smaller: no solve needed).

    The chain of Frisch et al. (CP 2002), :func:`~sudoku_cp.engine.lexmin.below_steps`, as
    CPMpy implications (:func:`_chain`): ``tied[i]``
    ("every blank cell before ``i`` equals its bound") implies ``x_i <= w_i``, and
    ``tied[i]`` without ``tied[next]`` implies ``x_i <= w_i - 1``; a cell whose lowest
    candidate is not below ``w_i`` passes the chain on.

    Three cells of values 1..2 below ``(2, 1, 2)``: cell 0 is at most 2, and 1 unless the
    chain goes on (``tied``, a fresh Boolean); cell 1 cannot be below 1 and passes it on;
    cell 2, the last, must then be below 2:

    >>> x = cp.intvar(1, 2, shape=3, name="x")
    >>> chain = lex_less(x, [2, 1, 2], [0, 0, 0], [1, 1, 1])
    >>> tied = chain[2].args[0]
    >>> for c in chain:
    ...     print(str(c).replace(str(tied), "tied"))
    x[0] <= 2
    (~tied) -> (x[0] <= 1)
    (tied) -> (x[1] <= 1)
    (tied) -> (x[2] <= 2)
    (tied) -> (x[2] <= 1)
    """
    return _chain(cells, below_steps(bound, givens, lowest), below=True)


def lex_greater(
    cells: Sequence[Any], bound: Sequence[int], side: int, givens: Sequence[int] | None = None
) -> list:
    """The CPMpy constraints of ``cells >_lex bound`` (``bound`` any complete grid), the
    mirror of :func:`lex_less`; ``[]`` when no cell can exceed its bound (every value is
    ``side``: nothing is greater)."""
    givens = givens if givens is not None else [0] * len(bound)
    return _chain(cells, above_steps(bound, givens, side), below=False)


def _chain(cells: Sequence[Any], steps: Sequence[LexStep], *, below: bool) -> list:
    """The chain of ``x <_lex w`` (``below``) or ``x >_lex w`` as CPMpy implications:
    ``tied -> x_i <= w_i`` (``>=``) at each step; a strict step or one that opens a fresh
    ``tied_next`` puts the cell strictly below (above) ``w_i`` when tied [and not tied_next]."""
    constraints: list = []
    tied = None  # the Boolean "tied at this cell"; None means always tied
    for cell, w, strict, opens in steps:
        x = cells[cell]
        constraints.append(_when([tied], x <= w if below else x >= w))
        beyond = x <= w - 1 if below else x >= w + 1
        if strict:
            constraints.append(_when([tied], beyond))
        elif opens:
            tied_next = cp.boolvar()  # a fresh name: chains of later rounds share the solver
            constraints.append(_when([tied, ~tied_next], beyond))
            tied = tied_next
    return constraints


def _when(conditions: Sequence[Any], consequence: Any) -> Any:
    """``consequence`` under the conjunction of ``conditions`` (Boolean literals; none: always)."""
    conditions = [c for c in conditions if c is not None]
    if not conditions:
        return consequence
    if len(conditions) == 1:
        return conditions[0].implies(consequence)
    return cp.all(conditions).implies(consequence)


# -- one call: a solver, its clock and counters -------------------------------------------------


EARLY_MARGIN = 0.02
"""Seconds: a solver that gives up (status unknown) with more than this left on the call's
clock is asked again with what is left, rather than the call timing out early."""

_EARLY = object()  # _Run._solve_once: the solver gave up before the call's limit


class _Cancelled(Exception):
    """Raised on the helper thread when its call was interrupted (Ctrl-C in the caller):
    the run stops at its next step instead of building or searching on for nobody."""


class _Run(Counters):
    """The solver of one call over the puzzle's model, its clock and effort counters."""

    STATS = ("solver_calls", "solve_time", "build_time")

    def __init__(self, model: Model, solver: str, time_limit: float | None) -> None:
        self.deadline = Deadline(time_limit)
        self.name = _check_solver(solver)
        self.model, self.n = model, model.value_count  # n: the values 1..n (k > side: more digits)
        self.solver_calls = 0
        self.solve_time = 0.0
        self.cancelled = _CANCELLED[-1]  # the event of the call this run belongs to
        _RUNS[:] = [self]
        started = time.perf_counter()
        self.cells, pairs = compile_model(model)
        if self.cancelled.is_set():
            raise _Cancelled
        try:
            with _quiet_console():  # HiGHS prints a banner from C++ when its model is made
                self.solver = SolverLookup.get(solver)
        except Exception as error:  # a licence, an executable, a bad subsolver name
            raise NotSupportedError(f'the "cpmpy" backend cannot start solver {solver!r}: {error}') from error
        self.options = SOLVER_OPTIONS.get(self.name, {})
        self.objectives = self.name not in NO_OBJECTIVES
        self.solver_name = solver
        self.posted: list[Any] = []  # every expression, for a solver started anew (REBUILT)
        self.stale = False  # the solver lacks expressions posted after a solve (REBUILT)
        for constraint, expression in pairs:
            self.add(expression, constraint)
        self.build_time = time.perf_counter() - started
        self.deadline.check(f"CPMpy ({solver})")

    def add(self, expression: Any, constraint: Any = None) -> None:
        """Post one expression (or a list) to the solver, refusing clearly what it cannot take.
        A solver of :data:`REBUILT` that has solved once only records it (see :meth:`solve`)."""
        self.posted.append((expression, constraint))
        if self.name in REBUILT and self.solver_calls:
            self.stale = True
            return
        self._post(expression, constraint)

    def _post(self, expression: Any, constraint: Any) -> None:
        try:
            self.solver += expression
        except (_CpmpyNotSupported, NotImplementedError, ImportError, TypeError) as error:
            kind = type(constraint).__name__ if constraint is not None else "domain or order"
            raise NotSupportedError(
                f'the "cpmpy" backend cannot give a {kind} constraint to solver {self.name!r}: {error}'
            ) from error

    def solve(self, objective: Any = None) -> list[int] | None:
        """Solve (minimising ``objective`` if given); the cell values, or ``None`` when UNSAT.

        Raises:
            SolveTimeoutError: the time ran out.
            SudokuError: the solver stopped for another reason, or gave no proven optimum.
        """
        while True:
            answer = self._solve_once(objective)
            if answer is not _EARLY:
                return answer
            # the solver stopped before the call's limit (its own clock, a restart): the
            # limit is a promise in both directions, so go on with the time left (issue 35.4)

    def _solve_once(self, objective: Any) -> list[int] | None | object:
        """:meth:`solve` once: its answer, or :data:`_EARLY` when the solver gave up with
        time left on the call's clock."""
        if self.cancelled.is_set():
            raise _Cancelled
        left = self.deadline.left()
        if left is not None and left <= 0:
            raise self.deadline.timeout(f"CPMpy ({self.name})")
        if self.stale:  # a solver of REBUILT: a new one with every expression so far
            with _quiet_console():
                self.solver, self.stale = SolverLookup.get(self.solver_name), False
            for expression, constraint in self.posted:
                self._post(expression, constraint)
        if objective is not None:
            self.solver.minimize(objective)
        try:
            found = self.solver.solve(time_limit=left, **self.options)
        except Exception as error:  # a size-limited licence, say: the solver cannot do this here
            raise NotSupportedError(f"CPMpy's solver {self.name!r} failed on this puzzle: {error}") from error
        status = self.solver.status()
        self.solver_calls += 1
        self.solve_time += status.runtime or 0.0
        if status.exitstatus == ExitStatus.UNSATISFIABLE:
            return None
        wanted = (ExitStatus.OPTIMAL,) if objective is not None else (ExitStatus.OPTIMAL, ExitStatus.FEASIBLE)
        if found and status.exitstatus in wanted:
            return [int(v.value()) for v in self.cells]
        if left is not None and status.exitstatus in (ExitStatus.UNKNOWN, ExitStatus.FEASIBLE):
            after = self.deadline.left()
            if after is not None and after > EARLY_MARGIN:
                return _EARLY
            raise self.deadline.timeout(f"CPMpy ({self.name})")
        raise SudokuError(f"CPMpy's solver {self.name!r} stopped with status {status.exitstatus.name}")

    def fix(self, cell: int, value: int) -> None:
        self.add(self.cells[cell] == value)


def _check_solver_name(solver: str) -> str:
    """The base name of ``solver``, if CPMpy knows it and it can solve a puzzle (nothing imported).

    Raises:
        NotSupportedError: CPMpy has no such solver, or it cannot solve a puzzle.
        ValueError: ``solver`` is not a str.
    """
    if not isinstance(solver, str):
        raise InvalidArgumentError(f"solver must be a CPMpy solver name (a str), not {solver!r}")
    base = solver.partition(":")[0]
    if base in UNUSABLE:
        raise NotSupportedError(f'the "cpmpy" backend cannot use solver {solver!r}: {UNUSABLE[base]}')
    if base not in dict(SolverLookup.base_solvers()):
        raise NotSupportedError(
            f'the "cpmpy" backend knows no solver {solver!r}; '
            f"installed here: {', '.join(available_solvers())}"
        )
    return base


def _check_solver(solver: str) -> str:
    """The base name of ``solver`` (``"pysat"`` for ``"pysat:glucose4"``), checked, its
    package imported.

    Raises:
        NotSupportedError: CPMpy has no such solver, it is not installed, or it cannot solve a puzzle.
    """
    base = _check_solver_name(solver)
    known = dict(SolverLookup.base_solvers())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        supported = known[base].supported()
    if not supported:  # only the named solver is imported (a solver's library may take SIGINT)
        raise NotSupportedError(
            f'the "cpmpy" backend cannot use solver {solver!r}: its package is not installed or not usable '
            f"here; installed: {', '.join(available_solvers())}"
        )
    return base


NO_OBJECTIVES = {
    "pysat": "a SAT solver: no objective",
    "pindakaas": "a SAT solver: no objective",
    "z3": "CPMpy's z3 solver takes no objective (its optimiser, 'z3:opt', is another solver)",
    "choco": "pychoco 0.4 crashed minimising after an earlier solve (see REBUILT)",
}
"""Solvers whose hybrid proof continues the chain instead of minimising blocks, and why."""

REBUILT = frozenset({"choco"})
"""Solvers started anew, with every expression so far, for each solve after the first:
pychoco 0.4 crashed (a fatal error of its native image, the process ending with code 99)
when constraints were added after a solve."""

IN_PROCESS = frozenset({"ortools", "scip"})
"""Solvers whose calls run in this process (on a helper thread, see :func:`_interruptibly`):
Ctrl-C reaches Python while they search (OR-Tools' search is stopped, SCIP's returns).
Every other solver runs in a killable child process (:func:`_call`): Choco, Pumpkin and
Exact hold the interpreter during their search, and Z3 takes SIGINT over, so that in this
process Ctrl-C did not stop them within a minute on a 25x25 puzzle."""

CHILD_GRACE = 10.0
"""Seconds a child process gets beyond ``time_limit`` (the model's transformation is not
interrupted by the clock) before it is killed and the call times out."""

_WORKERS: WorkerPool | None = None


def _call(function: Any, solver: str, time_limit: float | None, *args: Any) -> Any:
    """``function(*args)`` (a whole call: :func:`_solve`, :func:`_next` or :func:`_count`),
    for ``solver``: here (:func:`_interruptibly`) for the solvers of :data:`IN_PROCESS`,
    else in a child process of a :class:`~sudoku_cp.backends.subprocess_timeout.WorkerPool`,
    which Ctrl-C or a missed deadline kills (the next call starts a new one, about half a
    second). The stats then hold ``cpu_time``, the child's CPU seconds for the call."""
    global _WORKERS
    base = _check_solver_name(solver)
    if base in IN_PROCESS:
        return _interruptibly(function, *args)
    if _WORKERS is None:
        _WORKERS = WorkerPool(preload=("sudoku_cp.backends.cpmpy_bridge",))
    limit = finite_time_limit(time_limit)
    try:
        timeout = None if limit is None else limit + CHILD_GRACE
        result, _ = _WORKERS.call(_in_child, (function, *args), timeout)
    except TimeoutError:
        raise SolveTimeoutError(
            f"CPMpy ({solver}) ran out of time: no solution found and proven within {time_limit:g} s"
        ) from None
    return result


def _in_child(function: Any, *args: Any) -> Any:
    """Run in the child process: ``function(*args)``, its stats with the CPU seconds it took."""
    started = time.process_time()
    answer, stats = function(*args)
    return answer, {**stats, "cpu_time": time.process_time() - started}


_CALL_THREAD = HelperThread("sudoku_cp-cpmpy")
_RUNS: list[_Run] = []  # the run of the call under way on the helper thread, if any
_CANCELLED: list[threading.Event] = [threading.Event()]  # set when the latest call was interrupted


def _interruptibly(function: Any, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``, a whole call (its solver created, used and dropped on
    one thread: some solvers' objects, Pumpkin's, may not change threads), run on the
    helper thread while this one waits, so that Ctrl-C raises at once.

    On KeyboardInterrupt (or any exception while waiting) an OR-Tools search is stopped
    and awaited; other solvers cannot be stopped from outside, so that thread is
    abandoned (its solve ends at its time limit) and the next call gets a new one. In
    a thread other than the main one (the only one Python delivers signals to), the
    call runs directly. Python's SIGINT handler is installed again first, in case a
    solver's library took SIGINT over when it was loaded.
    """
    global _CALL_THREAD
    if threading.current_thread() is not threading.main_thread():
        return function(*args, **kwargs)
    # A solver's native library may have taken SIGINT over when it was loaded (a JVM
    # does): give it back to Python's handler, so that Ctrl-C reaches this thread.
    handler = signal.getsignal(signal.SIGINT)
    if handler is not None:  # None: not set from Python, left alone
        signal.signal(signal.SIGINT, handler)
    cancelled = threading.Event()
    _CANCELLED[:] = [cancelled]
    future = _CALL_THREAD.submit(function, *args, **kwargs)
    try:
        return future.result()
    except BaseException:
        if future.done():
            raise
        cancelled.set()  # the run stops at its next step (_Cancelled)
        run = _RUNS[-1] if _RUNS else None
        if run is not None and run.cancelled is cancelled and run.name == DEFAULT_SOLVER:
            # OR-Tools' search can be stopped from here; the interrupt may land before
            # the run has made its solver, so look for it on every turn
            while not future.done():
                native = getattr(getattr(run, "solver", None), "ort_solver", None)
                if native is not None:
                    native.stop_search()
                future.wait(0.05)
        else:
            _CALL_THREAD = HelperThread("sudoku_cp-cpmpy")
        raise


# -- the smallest solution ----------------------------------------------------------------------

WITNESS_SIDE = 15
"""Sparse grids from this side up start the proof from the engine's smallest solution
(:func:`~sudoku_cp.engine.lexmin.sparse_witness`), one UNSAT question. Measured on the 15x15
and 16x16 grids of ``bench_backends.py --family sparse`` (0/10/30% given; OR-Tools): the
descent from the solver's own first solution took 33-65 solves and 0.6-3.8 s, the witness
one solve and 0.03-0.2 s (the empty 15x15 grid has no witness within the node budget)."""


def _smallest(run: _Run, proof: str, log: ProofLog, first: list[int] | None = None) -> list[int] | None:
    """The smallest solution of what the run's solver holds, proven (see the module
    docstring); the proof starts from ``first``, a solution found by other means, if given."""
    givens, lowest = run.model.givens, lowest_candidates(run.model)
    hybrid = proof == "hybrid" and run.objectives
    log.method = (
        "hybrid: one chain question, then blocks of cells minimised" if hybrid else "lexicographic chain"
    )

    def smaller_than(steps: list[LexStep]) -> list[int] | None:
        run.add(_chain(run.cells, steps, below=True))
        return run.solve()

    first = first if first is not None else run.solve()
    smallest, smaller = descend_below(run.model, first, smaller_than, log, rounds=1 if hybrid else None)
    if smaller is None:
        return smallest
    return _optimise_cells(run, smaller, givens, lowest)


OBJECTIVE_LIMIT = 10**6
"""The largest objective of :func:`_optimise_cells`: a block of ``k`` cells is weighed as a
base-``n`` number, ``n**k`` at most this (6 cells of a 9x9, 4 of a 16x16), small enough
for every solver's arithmetic, MIP solvers' floating point included."""


def block_size(side: int) -> int:
    """How many cells :func:`_optimise_cells` minimises at once on a grid of ``side``.

    >>> block_size(9), block_size(16), block_size(25), block_size(4)
    (6, 4, 4, 9)
    """
    k = 1
    while side ** (k + 1) <= OBJECTIVE_LIMIT:
        k += 1
    return k


def _optimise_cells(run: _Run, witness: list[int], givens: Sequence[int], lowest: Sequence[int]) -> list[int]:
    """Lexicographic optimisation in blocks: from the first blank cell in row-major order
    that may be smaller than the witness, the next :func:`block_size` blank cells are
    minimised as one base-``n`` number (``sum (x_c - 1) n^(k-1-j)``, whose order is the
    lexicographic order of the block), the optimum proven by the solver, and fixed;
    then the next block. With the cells before a block fixed to the minimum's values,
    the block's optimum is the minimum's values there, so after the last block the
    witness is the smallest solution. A blank cell whose lowest candidate equals its
    value in the witness is fixed without a solve."""
    n, cells = run.n, len(witness)
    blank = [c for c in range(cells) if not givens[c]]
    k = block_size(n)
    position = 0
    while position < len(blank):
        cell = blank[position]
        if lowest[cell] >= witness[cell]:
            run.fix(cell, witness[cell])  # cannot be smaller
            position += 1
            continue
        block = blank[position : position + k]
        weights = [n ** (len(block) - 1 - j) for j in range(len(block))]
        objective = cp.sum([w * run.cells[c] for w, c in zip(weights, block, strict=True)])
        better = run.solve(objective=objective)
        if better is None:
            raise SudokuError(f"CPMpy's solver {run.name!r} lost the solution it had found: a bug")
        witness = better
        for c in block:
            run.fix(c, witness[c])
        position += len(block)
    return witness


NAME = "cpmpy"
"""The name the backend is registered under (used in its messages)."""


@dataclass(frozen=True)
class Options(BackendOptions):
    """The ``"cpmpy"`` backend's options: ``solve`` and ``next_solution`` take both,
    ``count_solutions`` only ``solver`` (counting needs no proof).

    Attributes:
        solver: a CPMpy solver name (:func:`available_solvers`; default :data:`DEFAULT_SOLVER`).
        proof: ``"hybrid"`` (default) or ``"chain"`` (see the module docstring).

    Raises:
        ValueError: an unknown ``proof``; TypeError: a ``solver`` that is not a string.
    """

    BACKEND = NAME
    COUNTING = ("solver",)

    solver: str = DEFAULT_SOLVER
    proof: str = "hybrid"

    def __post_init__(self) -> None:
        if not isinstance(self.solver, str):
            raise InvalidArgumentError(f"solver must be a CPMpy solver name, not {self.solver!r}")
        check_choice("proof", self.proof, PROOFS)


class Cpmpy(Backend, options=Options, kinds=NATIVE_KINDS, more_digits=True):
    """The ``"cpmpy"`` backend: the smallest row-major solution, proven on a CPMpy solver.

    ``time_limit`` is for the whole call, or ``None``; each solve gets the time left (the
    model's transformation for the solver is checked after, not interrupted). Options:
    ``solver`` (a CPMpy solver name, :func:`available_solvers`; default
    :data:`DEFAULT_SOLVER`) and ``proof`` (``"hybrid"``, the default, or ``"chain"``; see
    the module docstring); a count takes ``solver`` only.

    Stats: ``solver_calls`` (solves run), ``solve_time`` (seconds, the solver's own runtime
    summed) and ``build_time`` (seconds compiling and transforming the model for the
    solver); run in a child process, also ``cpu_time``.

    ``next_solution`` runs ``solve``'s proof on the model plus ``x >_lex after``
    (:func:`lex_greater`). ``count_solutions`` is CPMpy's ``solveAll(solution_limit=limit)``:
    the solver's own enumeration where it has one (OR-Tools), else a solve per solution
    with a constraint blocking each one found; the count is returned only when the
    enumeration ended (every solution found) or reached ``limit`` (``solver_calls`` is 1).
    """

    proof_method = "hybrid"
    no_solution = "the CPMpy solver proved it UNSAT"

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        """Also ``_next``: ``task.after`` is ``None`` for a solve (the smallest of all)."""
        chosen = task.options
        arguments = (task.model, task.after, task.time_limit, chosen.solver, chosen.proof)
        return _adopt(task, _call(_smallest_in_call, chosen.solver, task.time_limit, *arguments))

    _next = _solve

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        solver = task.options.solver
        return _call(_count, solver, task.time_limit, task.model, task.limit, task.time_limit, solver)


def _adopt(task: Task, answer: tuple[tuple[Values | None, ProofLog], dict[str, float]]):
    """The values and stats of a call run by :func:`_call`, its proof's questions moved to
    ``task.proof`` (they were recorded where the call ran, maybe a child process)."""
    (values, log), stats = answer
    task.proof.method, task.proof.questions, task.proof.answers = log.method, log.questions, log.answers
    return values, stats


def _smallest_in_call(
    model: Model, after: list[int] | None, time_limit: float | None, solver: str, proof: str
) -> tuple[tuple[list[int] | None, ProofLog], dict[str, float]]:
    """One whole ``solve`` (``after`` None) or ``next_solution``, where :func:`_call` runs it."""
    run = _Run(model, solver, time_limit)
    log = ProofLog(proof)
    if after is None:
        # a sparse grid from 15x15 up: one question, x <_lex (the engine's witness), UNSAT
        values = _smallest(run, proof, log, sparse_witness(model, run.deadline, min_side=WITNESS_SIDE))
        return (values, log), run.stats()
    greater = lex_greater(run.cells, after, model.value_count, model.givens)
    if not greater:
        return (None, log), run.stats()  # after is the largest grid: nothing is greater
    run.add(greater)
    return (_smallest(run, proof, log), log), run.stats()


def _count(
    model: Model, limit: int | None, time_limit: float | None, solver: str
) -> tuple[int, dict[str, float]]:
    run = _Run(model, solver, time_limit)
    if limit == 0:
        return 0, run.stats()
    left = run.deadline.left()
    if left is not None and left <= 0:
        raise run.deadline.timeout(f"CPMpy ({run.name})")
    options = dict(run.options)
    if run.name == "ortools":
        options.pop("num_workers")  # CPMpy enumerates with OR-Tools' one-worker search
    try:
        count = run.solver.solveAll(time_limit=left, solution_limit=limit, **options)
    except (_CpmpyNotSupported, NotImplementedError) as error:
        raise NotSupportedError(f"CPMpy's solver {run.name!r} cannot count solutions: {error}") from error
    except Exception as error:  # Gurobi and CPLEX refuse to enumerate without a limit
        raise NotSupportedError(f"CPMpy's solver {run.name!r} cannot count solutions: {error}") from error
    status = run.solver.status()
    run.solver_calls += 1
    run.solve_time += status.runtime or 0.0
    complete = status.exitstatus in (ExitStatus.OPTIMAL, ExitStatus.UNSATISFIABLE) or count == limit
    if not complete:
        raise SolveTimeoutError(
            f"CPMpy ({run.name}) ran out of time after counting {count} solutions "
            f"(time limit {time_limit:g} s): the count is not complete"
        )
    return count, run.stats()


BACKEND = Cpmpy()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions

"""Running a PySAT solver for the SAT backend: loaded solvers, givens, time limits, counters.

**Small formulas: one solver for every puzzle of a rule set.** Loading clauses into a
PySAT solver costs a few microseconds per clause in Python, which for the 11,988 clauses
of a 9x9 grid is several times the solve itself. So up to :data:`SHARE_UP_TO` clauses
(9x9 and 16x16 grids), the clauses of the rules (rows, columns, boxes, cages, ...;
:func:`~sudoku_cp.backends.sat_encoding.rules_formula`) are loaded once per rule set,
options and solver, and kept (the :data:`_KEEP` most recently used); each call gives its
givens as *assumptions* and guards the clauses it adds (the proof's) with a fresh
activation literal ``a``: every clause it adds holds ``¬a``, every solve assumes ``a``,
and at the end the unit clause ``¬a`` retires them for good. This is the standard use of
an incremental SAT solver (Eén and Sörensson, "Temporal induction by incremental SAT
solving", BMC 2003). Clauses the solver learns stay valid for later puzzles: each is
implied by the rules and the guarded clauses, and stays implied once ``¬a`` satisfies
those. A kept solver in use by one thread is not shared (another thread gets its own),
and it is replaced once retired variables pile up (:data:`_RETIRED_VARIABLES`).

**Auxiliary variables are reused.** A retired variable is still one the solver must
assign in every model: 8,000 of them made a 9x9 proof (two solves) about 0.6-0.9 ms
slower, 1.4 against 2.0-2.3 ms (top95). So the auxiliary variables of a call (the
``tied`` chain of the proof's ``x <_lex w`` clauses) are taken from the kept solver's
pool and handed to the next call, on the MiniSat solvers (:data:`_REUSES_AUXILIARY`);
only the guards are new in every call (two per call). This is sound: an auxiliary
variable occurs only in clauses holding ``¬a`` for the guard ``a`` of their call, and
every clause the solver learns from them holds ``¬a`` too (``a`` is an assumption, a
decision without a reason, which conflict analysis never resolves away), so once ``¬a``
is a unit clause nothing the solver holds constrains the variable any more.

**Large formulas: a solver per puzzle, givens as unit clauses.** Assumptions are decisions,
so the solver cannot simplify the formula by them; on 25x25 grids (752,500 clauses, most of
them decided by the givens) that made every conflict about ten times dearer than with the
givens as unit clauses, which the solver uses to simplify the formula once. Measured on
the sudoku25 set, puzzles 0-3 (CaDiCaL 1.9.5, first solution): 13.0, 6.0, >20.5 and >26.6 s
with assumptions; 1.4, 0.5, 4.2 and 2.0 s with unit clauses.

**Time limits and Ctrl-C.** The clock is checked while the clauses are written (a 25x25
grid's take about a second of Python) and between chunks of :data:`_LOAD_CHUNK` clauses
loaded into a solver. Every solve runs in slices of a conflict budget (``solve_limited``),
:data:`_FIRST_SLICE` conflicts, then twice as many each slice up to :data:`_LAST_SLICE`,
the clock being checked between slices. The slices are counted in conflicts, not sized by
the clock, so a solve takes the same path on a busy machine as on an idle one (each slice
restarts the solver's restart schedule: slices sized by the clock made a check's run time
depend on the load); solvers that PySAT can interrupt (the MiniSat and
Glucose family) are also interrupted by a timer when the time runs out. CaDiCaL cannot be
interrupted in PySAT, so a call may overrun by about a slice. Ctrl-C (Python's
``KeyboardInterrupt``) is raised at the end of the slice it came in, so with or without a
time limit it stops a solve within moments: every PySAT call here (encoding, loading,
solving, propagating) runs inside :func:`~sudoku_cp.backends.sat_signals.python_handles_ctrl_c`,
so PySAT's own SIGINT handler, which jumps out of the solver mid-search and could leave
CaDiCaL's heap corrupt (issue 21), is never installed.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from pysat.solvers import NoSuchSolverError, Solver, SolverNames

from sudoku_cp.backends.sat_encoding import Formula, givens_literals, rules_formula, values_of
from sudoku_cp.backends.sat_signals import python_handles_ctrl_c
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import Model

REFUSED = {
    "kissat404": "PySAT's Kissat is not incremental (a second solve aborts the process)",
    "lingeling": "PySAT's Lingeling has no limited solve, so time limits could not be kept",
}
"""PySAT solvers the backend cannot use, and why."""

_INTERRUPTIBLE = {"glucose3", "glucose4", "glucose42", "gluecard3", "gluecard4", "maplechrono", "maplecm"}
_INTERRUPTIBLE |= {"maplesat", "mergesat3", "minicard", "minisat22", "minisatgh"}

T = TypeVar("T")

_FIRST_SLICE = 100
"""The conflict budget of the first slice of a solve; each later slice has twice its
predecessor's, up to :data:`_LAST_SLICE`."""

_LAST_SLICE = 12_800
"""The largest conflict budget of a slice: about 0.6 s of CPU at the 20,000 conflicts a
second CaDiCaL makes on a 25x25 (``sudoku25`` #6), so Ctrl-C (raised between slices) and a
CaDiCaL time limit (which cannot interrupt a slice) wait at most about that long."""


class OutOfConflicts(Exception):
    """A solve given a conflict limit (:meth:`Run.solve`) used them up undecided."""


SHARE_UP_TO = 200_000
"""Formulas of the rules up to this many clauses are loaded once and kept, the givens being
assumptions; larger ones are loaded per puzzle, the givens being unit clauses."""

_RETIRED_VARIABLES = 10_000
"""A kept solver is replaced by a fresh one once the calls it served have added this many
variables beyond those of the formula (each call adds its guards and the proof's
auxiliary variables; the solver's work and its models grow with them)."""

_REUSES_AUXILIARY = {"minisat22", "minisatgh"}
"""Kept solvers whose calls reuse the auxiliary variables of earlier calls (see the module
docstring): MiniSat 2.2 does no inprocessing that could eliminate or fix a variable of a
guarded clause."""

_KEEP = 8
"""How many loaded solvers are kept (one per rule set, options and solver)."""

_LOAD_CHUNK = 5_000
"""Clauses loaded between two looks at the clock (about 10 ms of loading)."""

LARGE_CONFIGURATION = {"cadical195": {"stabilizeonly": 1, "phase": 0}}
"""Options given to a solver of its own (a formula over :data:`SHARE_UP_TO` clauses: the
25x25 grids), by solver name (CaDiCaL's options, ``Solver.configure``). ``stabilizeonly``
keeps CaDiCaL in its stable mode (the core of its ``--sat`` configuration) and ``phase``
0 tries "the cell does not hold the value" first, which suits one-hot formulas, where
most literals are false. On the twelve bundled 25x25 puzzles (``sudoku25``) they took
fewer conflicts than CaDiCaL's defaults on every puzzle, and on the hardest (puzzle 6)
about a third: ``benchmarks/bench_sat.py --section large --dataset sudoku25`` measures
both in one run (``docs/benchmarks/bench_sat_large.md``)."""


def solver_names() -> list[str]:
    """The PySAT solver names the ``solver`` option takes (aliases such as ``"g4"`` work too):
    those of this PySAT build, but the :data:`REFUSED` ones."""
    return [name for name in _canonical_names() if name not in REFUSED and _built(name)]


@functools.cache
def _built(name: str) -> bool:
    """True when this PySAT build has the solver (CryptoMiniSat needs an extra package)."""
    try:
        Solver(name=name).delete()
    except NoSuchSolverError:
        return False
    return True


@functools.cache
def _canonical_names() -> dict[str, tuple[str, ...]]:
    return {name: aliases for name, aliases in vars(SolverNames).items() if isinstance(aliases, tuple)}


def canonical_solver_name(name: object) -> str:
    """The canonical PySAT name of ``name`` (``"g4"`` is ``"glucose4"``).

    Raises:
        ValueError: not a PySAT solver this backend can use; the message lists those it can.
    """
    for canonical, aliases in _canonical_names().items():
        if name in aliases:
            if canonical in REFUSED:
                raise InvalidArgumentError(f"solver {name!r} cannot be used: {REFUSED[canonical]}")
            if not _built(canonical):
                raise InvalidArgumentError(f"solver {name!r} is not part of this PySAT installation")
            return canonical
    raise InvalidArgumentError(f"unknown PySAT solver {name!r}; known: {', '.join(solver_names())}")


@dataclass
class _Loaded:
    """A solver holding the clauses of one rule set."""

    solver: Solver
    name: str
    formula: Formula
    top: int  # the largest variable used so far
    lock: threading.Lock = field(default_factory=threading.Lock)
    spare: list[int] = field(default_factory=list)  # auxiliary variables of retired calls, for reuse

    def worn(self) -> bool:
        """True once the calls have added :data:`_RETIRED_VARIABLES` variables."""
        return self.top - self.formula.variables >= _RETIRED_VARIABLES

    @classmethod
    def load(cls, name: str, formula: Formula, deadline: Deadline, options: dict | None = None) -> _Loaded:
        """A new solver holding ``formula``, configured by ``options`` (the solver's own).

        Raises:
            SolveTimeoutError: the deadline passed while loading (checked between chunks).
        """
        solver = Solver(name=name)
        try:
            if options:
                solver.configure(options)
            for part in formula.parts.values():
                for start in range(0, len(part), _LOAD_CHUNK):
                    deadline.check("the SAT solver")
                    solver.append_formula(part[start : start + _LOAD_CHUNK])
        except BaseException:
            solver.delete()
            raise
        return cls(solver, name, formula, formula.variables)


_KEPT: OrderedDict[tuple, _Loaded] = OrderedDict()
_KEPT_LOCK = threading.Lock()


def forget_solvers() -> None:
    """Delete the kept solvers (they are reloaded on the next call): frees their memory, and
    lets a benchmark start each configuration afresh."""
    with _KEPT_LOCK:
        while _KEPT:
            _, loaded = _KEPT.popitem()
            if loaded.lock.acquire(blocking=False):
                loaded.solver.delete()


def _checkout(
    key: tuple, name: str, formula: Formula, deadline: Deadline, tuned: bool = True
) -> tuple[_Loaded, bool]:
    """A loaded solver for ``key``, locked for the caller; ``(solver, kept)``, ``kept`` False
    when it is a private one (the formula is large, or the kept one is busy) that the caller
    must delete. A large formula's solver gets :data:`LARGE_CONFIGURATION` when ``tuned``,
    the solver's defaults otherwise.

    Raises:
        SolveTimeoutError: the deadline passed while loading.
    """
    if formula.clause_count > SHARE_UP_TO:
        return _Loaded.load(name, formula, deadline, LARGE_CONFIGURATION.get(name) if tuned else None), False
    with _KEPT_LOCK:
        loaded = _KEPT.get(key)
        if loaded is not None and loaded.worn() and loaded.lock.acquire(blocking=False):
            del _KEPT[key]
            loaded.solver.delete()
            loaded = None
        if loaded is None:
            loaded = _KEPT[key] = _Loaded.load(name, formula, deadline)
            while len(_KEPT) > _KEEP:
                _, old = _KEPT.popitem(last=False)
                if old.lock.acquire(blocking=False):  # a busy one is left to its user and the collector
                    old.solver.delete()
        _KEPT.move_to_end(key)
        if loaded.lock.acquire(blocking=False):
            return loaded, True
    return _Loaded.load(name, formula, deadline), False


def solve_in_slices(
    solver: Solver,
    call: Callable[[list[int]], bool | None],
    assumptions: list[int],
    deadline: Deadline,
    limit: int | None = None,
    first: int | None = None,
) -> bool:
    """``solver``'s answer under ``assumptions`` (True: satisfiable), solved by ``call``
    (``solve_limited`` under the assumptions given, within the conflict budget set) in
    slices: ``first`` conflicts (``None``: :data:`_FIRST_SLICE`), then twice as many each slice up to
    :data:`_LAST_SLICE`, the clock and Ctrl-C looked at between slices (with or without a
    time limit: on the sudoku25 set slices cost no measurable time); at most ``limit``
    conflicts in all.

    Raises:
        OutOfConflicts: ``limit`` ran out undecided.
        SolveTimeoutError: ``deadline`` passed.
    """
    budget = _FIRST_SLICE if first is None else first
    spent = 0
    while True:
        deadline.check("the SAT solver")
        if limit is not None:
            if spent >= limit:
                raise OutOfConflicts
            budget = min(budget, limit - spent)
        conflicts = solver_conflicts(solver)
        solver.conf_budget(budget)
        answer = call(assumptions)
        if answer is not None:
            return answer
        spent += max(solver_conflicts(solver) - conflicts, budget)  # a solver not counting still ends
        budget = min(2 * budget, _LAST_SLICE)


def solver_conflicts(solver: Solver) -> int:
    """The conflicts ``solver`` has made in all its calls."""
    return (solver.accum_stats() or {}).get("conflicts", 0)


@dataclass
class Run:
    """One call's use of a loaded solver: its givens, clock, guard literal and counters.

    Use as a context manager (:meth:`start`); the guarded clauses are retired and the
    solver released on exit.
    """

    loaded: _Loaded
    kept: bool
    model: Model
    deadline: Deadline
    encode_time: float
    guard: int = 0
    solver_calls: int = 0
    added_clauses: int = 0
    added_variables: int = 0
    broken: bool = False  # PySAT jumped out of the solver on Ctrl-C: do not use it again
    auxiliary_used: int = 0  # of the loaded solver's spare auxiliary variables
    temporary: list[int] = field(default_factory=list)  # guards of add_temporary not yet retired
    _stats_before: dict = field(default_factory=dict)
    _timer: threading.Timer | None = None

    @classmethod
    def start(
        cls,
        model: Model,
        deadline: Deadline,
        solver: str,
        encoding: str,
        amo: str,
        sum_encoding: str,
        tuned: bool = True,
        units: Sequence[int] = (),
    ) -> Run:
        """Get a solver loaded with the model's rules and start the call's clock; a large
        formula's solver is configured by :data:`LARGE_CONFIGURATION` unless ``tuned`` is
        False (its defaults: for a proof that starts from a witness, see ``sat.solve``).
        With ``units`` (literals, such as ``-variable(cell, value, n)`` for candidates
        removed), a solver of its own holding them as unit clauses besides the rules
        (whose formula is cached by the rules alone: many calls with the same rules and
        other units encode them once); the solver simplifies by them, as it does by the
        givens.

        Raises:
            ValueError: an unknown solver name.
            SolveTimeoutError: the time ran out while encoding and loading.
        """
        name = canonical_solver_name(solver)
        started = time.perf_counter()
        with python_handles_ctrl_c():  # PySAT's cardinality encoders, too, would install their handler
            formula = rules_formula(model, encoding, amo, sum_encoding, deadline)
            key = (model.side, model.value_count, model.constraints, encoding, amo, sum_encoding, name)
            if units:
                loaded, kept = _Loaded.load(name, formula, deadline), False
                loaded.solver.append_formula([[literal] for literal in units])
            else:
                loaded, kept = _checkout(key, name, formula, deadline, tuned)
        run = cls(loaded, kept, model, deadline, time.perf_counter() - started)
        try:
            deadline.check("the SAT solver")
        except BaseException:
            run.close()
            raise
        return run

    def __post_init__(self) -> None:
        self.solver = self.loaded.solver
        self.reuse = self.kept and self.loaded.name in _REUSES_AUXILIARY
        self.guard = self._fresh_variable()
        givens = givens_literals(self.model)
        if self.kept:
            self.assumptions = givens + [self.guard]
        else:  # a solver of its own: the givens as unit clauses, which the solver simplifies by
            self.solver.append_formula([[literal] for literal in givens])
            self.assumptions = [self.guard]
        self.given_count = len(givens)
        self._stats_before = self.solver.accum_stats() or {}
        watch = getattr(self.deadline, "watch", None)  # a budget of conflicts (the "auto" portfolio)
        if watch is not None:
            watch(self)
        if self.loaded.name in _INTERRUPTIBLE:
            self.solver.clear_interrupt()
            left = self.deadline.left()
            if left is not None:
                self._timer = threading.Timer(left, self.solver.interrupt)
                self._timer.daemon = True
                self._timer.start()

    def __enter__(self) -> Run:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the timer, retire the guarded clauses and release (or delete) the solver."""
        if self._timer is not None:
            self._timer.cancel()
            self.solver.clear_interrupt()
        if self.broken and self.kept:
            with _KEPT_LOCK:
                for key, loaded in list(_KEPT.items()):
                    if loaded is self.loaded:
                        del _KEPT[key]
        if not self.kept or self.broken:
            self.solver.delete()
            return
        if self.added_clauses:
            self.solver.add_clause([-self.guard])
        for guard in self.temporary:  # left by an error between add_temporary and retire
            self.solver.add_clause([-guard])
        self.loaded.lock.release()

    def new_variable(self) -> int:
        """An auxiliary variable for this call's clauses (guarded by :meth:`add` or
        :meth:`add_temporary`), unused by any clause in force: a fresh one, or on a kept
        MiniSat solver one whose earlier call has retired its clauses (module docstring)."""
        if not self.reuse:
            return self._fresh_variable()
        spare = self.loaded.spare
        if self.auxiliary_used == len(spare):
            spare.append(self._fresh_variable())
        self.auxiliary_used += 1
        return spare[self.auxiliary_used - 1]

    def _fresh_variable(self) -> int:
        """A variable no clause has held so far (a guard is always one)."""
        self.loaded.top += 1
        self.added_variables += 1
        return self.loaded.top

    def add(self, clauses: list[list[int]]) -> None:
        """Add clauses for this call only (each guarded by ``¬guard``)."""
        self.solver.append_formula([clause + [-self.guard] for clause in clauses])
        self.added_clauses += len(clauses)

    def add_temporary(self, clauses: list[list[int]]) -> int:
        """Add clauses that hold only while their returned guard literal is assumed, until
        :meth:`retire` drops them."""
        guard = self._fresh_variable()
        self.solver.append_formula([clause + [-guard] for clause in clauses])
        self.added_clauses += len(clauses)
        self.temporary.append(guard)
        return guard

    def retire(self, guard: int) -> None:
        """Drop the clauses of :meth:`add_temporary` for good."""
        self.solver.add_clause([-guard])
        self.temporary.remove(guard)

    def solve(self, assumptions: Sequence[int] = (), conflicts: int | None = None) -> list[int] | None:
        """The cell values of a solution under the givens and ``assumptions``, or ``None``
        when there is none (a proof). ``conflicts``: the most conflicts the solve may
        make (``None``: no limit).

        Raises:
            SolveTimeoutError: the time limit ran out.
            OutOfConflicts: ``conflicts`` ran out first.
            KeyboardInterrupt: Ctrl-C, at the end of the slice it came in.
        """
        self.solver_calls += 1
        if not self._solve_in_slices(self.assumptions + list(assumptions), conflicts):
            return None
        n, cells = self.model.value_count, self.model.cell_count
        return values_of(self.solver.get_model()[: cells * n], n, cells)  # variable i is at index i - 1

    def _solve_in_slices(self, assumptions: list[int], limit: int | None = None) -> bool:
        """Solve in slices of a conflict budget (:func:`solve_in_slices`), at most ``limit``
        conflicts in all (:class:`OutOfConflicts`)."""
        interruptible = self.loaded.name in _INTERRUPTIBLE

        def call(assumed: list[int]) -> bool | None:
            # Python's handler records Ctrl-C and KeyboardInterrupt is raised when the
            # slice returns (_pysat keeps PySAT's own handler out); expect_interrupt: the
            # deadline's timer may interrupt the MiniSat family.
            return self._pysat(self.solver.solve_limited, assumptions=assumed, expect_interrupt=interruptible)

        return solve_in_slices(self.solver, call, assumptions, self.deadline, limit)

    def _pysat(self, call: Callable[..., T], **arguments: object) -> T:
        """``call(**arguments)`` with Ctrl-C left to Python (:mod:`sudoku_cp.backends.sat_signals`):
        ``KeyboardInterrupt`` comes when the call returns. Should PySAT still report Ctrl-C
        itself (an error saying "Caught keyboard interrupt", after a jump out of the solver),
        that is turned into ``KeyboardInterrupt`` and the solver, in an unknown state, is not
        used again."""
        try:
            with python_handles_ctrl_c():
                return call(**arguments)
        except Exception as error:
            if "keyboard interrupt" not in str(error).lower():
                raise
            self.broken = True
            raise KeyboardInterrupt from None

    def _conflicts(self) -> int:
        return solver_conflicts(self.solver)

    @property
    def conflicts(self) -> int:
        """The conflicts of this call so far (the deadline's budget reads them between slices)."""
        return self._conflicts() - self._stats_before.get("conflicts", 0)

    def propagates(self, assumptions: Sequence[int]) -> bool:
        """False when unit propagation refutes the givens and ``assumptions`` (True when it cannot tell)."""
        try:
            consistent, _ = self._pysat(
                self.solver.propagate, assumptions=self.assumptions + list(assumptions)
            )
        except NotImplementedError:  # some PySAT solvers have no propagate()
            return True
        return bool(consistent)

    def stats(self) -> dict[str, float]:
        """The call's counters (the solver's own are the differences over this call)."""
        after = self.solver.accum_stats() or {}
        formula = self.loaded.formula
        return {
            "solver_calls": self.solver_calls,
            **{
                what: after.get(what, 0) - self._stats_before.get(what, 0)
                for what in ("conflicts", "decisions", "propagations", "restarts")
            },
            "clauses": formula.clause_count + self.given_count + self.added_clauses,
            "variables": formula.variables + self.added_variables - 1,
            "encode_time": self.encode_time,
        }

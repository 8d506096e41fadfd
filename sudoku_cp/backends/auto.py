"""The ``"auto"`` backend: a portfolio that routes each puzzle by its features, with a
budgeted first attempt and a fallback.

Every backend returns the same answer (the smallest row-major solution, proven), so the
portfolio changes only the time taken, never the answer. :func:`route` reads cheap
features of the puzzle (side, kinds of rules, share of givens, box shape) and names

* the backend tried first;
* for the backtracker, a *budget* of search nodes (its own counter, ``nodes``): past it
  the attempt is abandoned. A count of nodes does not depend on the machine or its load,
  so a puzzle takes the same route on a busy machine as on a quiet one (a budget of CPU
  seconds did not: cache contention on a loaded machine stretched every CPU time by
  x1.35-1.5 and sent most classic puzzles to the fallback). A node costs from about 22
  microseconds (a classic 9x9 grid) to 300 (killer cages) or a millisecond (25x25), so
  each route has a count of its own, about the nodes the backtracker searches in the time
  the fallback takes there;
* the fallback that then answers, with the time left: ``"sat"``, whose solver is chosen
  by :func:`sudoku_cp.backends.sat.choose_solver` (CaDiCaL on 25x25 grids). Below 20x20
  SAT runs under a budget of :data:`SAT_CONFLICTS` conflicts, past which CP-SAT answers
  with the time left (MiniSat's heavy tail: one published pencilmark puzzle).

The budget follows the ski-rental argument: a first attempt abandoned after about the
time the fallback would take costs at most twice the fallback, and an attempt that
succeeds within it costs at most that much. Since a fallback should cost in the first
call of a process what it costs later, the first call of ``auto`` starts loading PySAT
(and, where the route may fall back to it, OR-Tools) on a helper thread
(:func:`warm_up`), and until PySAT is loaded a classic route's budget is
:data:`COLD_NODES` larger (the ski-rental argument with the cost of that import). The
routes and the data they come from (medians and per-puzzle ratios over the bundled,
shared and generated sets) are in
``docs/auto.md``, a table written by ``benchmarks/bench_backends.py --write-auto``.

The stats of an answer are those of the backend that gave it, plus ``chose_backtracking``,
``chose_cpsat`` and ``chose_sat`` (1 for that backend, 0 for the others), ``fallback``
(1 when an attempt ran past its budget), ``budget_nodes``, ``budget_conflicts`` and
``budget_time`` (the nodes, SAT conflicts and CPU seconds the abandoned attempts spent, 0
without one);
:func:`answered_by` reads the name back.

>>> from sudoku_cp import Grid
>>> route(Grid.empty(9)).first, route(Grid.empty(25)).first
('backtracking', 'backtracking')
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp.backends import cpsat_options
from sudoku_cp.backends.backtracking import Backtracking
from sudoku_cp.backends.base import Backend, Task, Values
from sudoku_cp.engine.imports import import_in_background, import_module
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.errors import BackendUnavailableError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model.constraints import Linear, Model, OriginKind
from sudoku_cp.model.decompose import decompose

if TYPE_CHECKING:
    from sudoku_cp.model.grid import Grid
    from sudoku_cp.model.puzzle import Puzzle

PORTFOLIO = ("backtracking", "cpsat", "sat")
"""The backends the portfolio may use; the stats carry a ``chose_<name>`` flag for each."""

LARGE_SIDE = 20
"""Grids from this side up are *large*: the SAT formula gets a solver of its own per puzzle
and the backtracker's search without learning may take minutes."""

SPARSE_SHARE = 0.35
"""A large grid with fewer givens than this share of its cells is *sparse*: it usually has
many solutions, which the backtracker's row-major search fills in at once."""

OPEN_SHARE = 0.5
"""A large grid with more givens goes straight to SAT when propagation (singles) leaves at
least this share of its cells open (the minimal 25x25 puzzles of ``sudoku25``: 52-55%),
to the backtracker under a budget otherwise (propagation nearly fills it in)."""

FEW_GIVENS_SHARE = 0.15
"""A variant with non-unit rules (sums, inequalities, relations) and fewer givens than this
share of its cells has *few givens*."""

JIGSAW_CPSAT_SHARE = 0.10
"""A jigsaw with at least this share of givens falls back to CP-SAT (which builds no formula
for its irregular regions), one with fewer to SAT (many solutions: SAT's proof is faster)."""

CPSAT_SUMS = frozenset({OriginKind.LITTLE_KILLER})
"""Rules whose sums send a variant with few givens to CP-SAT, not SAT: a little killer's
diagonal sums run over cells that may repeat digits, up to the whole diagonal (totals up
to 53 on 9x9), which CP-SAT propagates as linear constraints and SAT must encode. With two
givens left (``bench_backends.py --family few``) SAT proves one gen_little_killer puzzle
in 4.9 s of CPU where CP-SAT takes 0.79 s, and the other in 2.9 s against CP-SAT's 3.4 s
(1.3 s against 2.8 s in another run): CP-SAT keeps both within about x2 of the faster."""

CPSAT_RULES = frozenset({OriginKind.FULL_RANK})
"""Rules that send a puzzle straight to CP-SAT, whatever its givens: a full rank clue is
one line automaton over every line of the grid (596 cells on 9x9), which the
backtracker's propagation re-reads at every node and whose unrolled encoding SAT learns
on slowly. On the six published ISS full rank puzzles (``bench_links.py --time-limit
20``, CPU per puzzle) SAT ran out of 20 s on three and took 0.3-12.9 s on the others, the
backtracker 7.6 s on the first; through this route all six take 0.5-3.9 s."""

MULTI_DIGIT = 10
"""A ``Linear`` with a coefficient this large (a two-digit circle of an arrow: a *pill*,
``10·a + b``) sends a variant to CP-SAT after the backtracker, whatever its givens: SAT
must encode such a sum as pseudo-Boolean clauses over every digit, which for long arrows
into pills runs to 500,000-600,000 clauses and over a second of encoding alone, where
CP-SAT states it as one linear constraint (``benchmarks/bench_long_sums.py``)."""

SAT_CONFLICTS = 150_000
"""The conflicts after which a SAT answer on a grid below :data:`LARGE_SIDE` is abandoned
for CP-SAT with the time left. MiniSat's run time has a heavy tail (Gomes, Selman,
Crato and Kautz, "Heavy-tailed phenomena in satisfiability and constraint satisfaction
problems", J. Automated Reasoning 24, 2000): ISS's Pencilmark sudoku 3 (candidate sets,
no givens) takes it from about 73,000 conflicts (1 s) to more than 60 s from run to run,
where CP-SAT takes 0.9 s. On the 360 published puzzles of the links corpus that the
routes send to SAT (``benchmarks/bench_auto_tail.py``, ``docs/benchmarks/bench_auto_tail.md``)
the median is about 200 conflicts and the 99th percentile about 26,000; CP-SAT is not
faster on most of the hardest (a sandwich snipe: SAT 1.9 s and 97,000 conflicts, CP-SAT
past 20 s), so the budget sits above every puzzle SAT answers within seconds, and only
SAT's tail goes to CP-SAT. By the ski-rental argument a puzzle that SAT would have
answered just past the budget costs at most about twice as much."""

CHECK_EVERY = 8
"""The backtracker looks at its budget (and the call's deadline, a clock read) every this
many nodes, so an attempt runs at least this many nodes before it can be abandoned and
is abandoned within this many nodes past its budget. (The backtracker alone looks at its
deadline every 64 nodes: on a classic 9x9 grid that is about 2 ms, as long as SAT's
whole proof.)"""

BUDGETS = {
    "classic": 48,
    "classic, larger": 24,
    "classic, more units": 100,
    "classic, sparse": 12,
    "classic, sparse, larger": 2,
    "classic, few givens, more units": 200,
    "jigsaw": 100,
    "variant": 100,
    "variant, few givens": 200,
    "large": 2,
}
"""The backtracker's budget in search nodes by kind of route: about the nodes it searches
in the time the fallback takes there. The ``sparse`` and ``large`` ones are per cell
(times the side squared): filling in a sparse grid takes up to about a node per open
cell (0.2 to 0.75 on the sparse 20x20 to 25x25 grids of ``bench_backends.py --family
sparse``, 1.2 on a 12x12 grid with 10% givens), and SAT and CP-SAT take seconds there.
Chosen by replaying the per-puzzle nodes and CPU times of ``bench_backends.py --csv``
runs (each backend's time per puzzle, the best of three on the classic sets) for
candidate budgets of 8 to 500 nodes, per route (``docs/auto.md``): on classic 9x9 grids
(top95, top1465, sudoku17, 100 puzzles each) a node costs about 22 microseconds by
median and SAT's proof 1.1-1.4 ms; 48 nodes put auto's median within x1.02 of the faster
of the two on each set, where 16-24 sent a quarter of the puzzles to SAT (medians x1.7-1.9)
and more than 64 let more puzzles run past x2 of SAT. On hex16 a node costs about 350
microseconds and SAT takes 3-5 ms (24 nodes keep every puzzle within x2); with diagonals or
windows, in jigsaws and in variants (about 25-60 microseconds a node, a fallback of 4-10 ms
that loads a solver for the rules) 100 nodes gave the largest share within x2, and with few
givens 200."""


COLD_NODES = {"sat": 1000}
"""Nodes added to the budget of a *classic* route while its fallback's package is not
loaded yet in this process (the first fallback of a process, before :func:`warm_up` has
loaded it): importing PySAT and the SAT backend and loading the kept solver of the rules
take about 25 ms of CPU, as long as about 1,000 nodes of the backtracker on a classic 9x9
grid, so by the ski-rental argument the first attempt may take that much longer. (On the
other routes the fallback builds a solver for the puzzle's rules anyway, tens of
milliseconds, and their budgets stay as they are.)"""

WARM_UP_AFTER = 0.05
"""Seconds of wall time after the first call of ``auto`` in a process before the route's
fallback starts loading on a helper thread (:func:`warm_up`): a one-shot call (the CLI
solving one puzzle) ends before and pays nothing for a fallback it did not need."""

_FALLBACK_MODULES = {
    "sat": ("sudoku_cp.backends.sat",),
    "cpsat": ("sudoku_cp.backends.cpsat", "ortools.sat.python.cp_model"),
}
_warmed: set[tuple[int, str]] = set()


def warm_up(fallback: str, delay: float = WARM_UP_AFTER) -> None:
    """Load the packages of ``fallback`` (``"sat"``: PySAT; ``"cpsat"``: OR-Tools) on a
    helper thread, ``delay`` seconds from now, once per process and fallback, so that the
    first fallback of a process costs what the later ones cost. The import runs on the
    Ctrl-C-safe import thread (:func:`sudoku_cp.engine.imports.import_in_background`);
    a call that needs the module first imports it itself or waits for the import under
    way. Unknown names and modules already loaded are ignored.

    Args:
        fallback: a backend name of :data:`PORTFOLIO`.
        delay: seconds of wall time before the import starts (0: now).
    """
    modules = _FALLBACK_MODULES.get(fallback)
    key = (os.getpid(), fallback)
    if modules is None or key in _warmed:
        return
    _warmed.add(key)
    if all(name in sys.modules for name in modules):
        return
    if delay <= 0:
        import_in_background(*modules)
        return
    import threading

    timer = threading.Timer(delay, import_in_background, modules)
    timer.daemon = True  # a process that ends first does not wait for it
    timer.start()


def _cold_nodes(plan: Route) -> int:
    """The nodes :data:`COLD_NODES` adds to the budget of ``plan`` now (0 on routes that are
    not classic, and once the fallback is loaded)."""
    if not plan.cold_nodes or plan.fallback not in _FALLBACK_MODULES:
        return 0
    return 0 if all(name in sys.modules for name in _FALLBACK_MODULES[plan.fallback]) else plan.cold_nodes


@dataclass(frozen=True)
class Route:
    """What :func:`solve` does with a puzzle.

    Attributes:
        label: the class of puzzle, as in the table of ``docs/auto.md``.
        first: the backend tried first.
        budget: its budget in search nodes (the backtracker only), ``None`` for none.
        fallback: the backend that answers once the budget is spent, ``None`` for none.
        cold_nodes: nodes added to ``budget`` while the fallback's package is not loaded
            yet in the process (:data:`COLD_NODES`; the classic routes only).
    """

    label: str
    first: str
    budget: int | None = None
    fallback: str | None = None
    cold_nodes: int = 0


def _origin_kind(constraint: object) -> OriginKind | None:
    """The kind of rule a constraint comes from; None for one with no origin (a kind of
    constraint from outside the vocabulary, which the chosen backend then refuses)."""
    origin = getattr(constraint, "origin", None)
    return getattr(origin, "kind", None)


def _multi_digit_sums(model: Model) -> bool:
    """True when a ``Linear`` of the model has a coefficient of :data:`MULTI_DIGIT` or more."""
    return any(max(map(abs, c.coefficients), default=0) >= MULTI_DIGIT for c in model.of_kind(Linear))


def route(puzzle: Puzzle | Grid | Model) -> Route:
    """The route of ``puzzle`` (see the module docstring and ``docs/auto.md``).

    * hidden cells (chaos construction) and full rank clues (:data:`CPSAT_RULES`): CP-SAT;
    * *large* grids (side >= :data:`LARGE_SIDE`): sparse ones (givens below
      :data:`SPARSE_SHARE`), and those that propagation nearly fills in (less than
      :data:`OPEN_SHARE` of the cells left open), to the backtracker under a budget, then
      SAT; the others (the hard 25x25 puzzles) straight to SAT, whose clause learning
      proves them;
    * grids of more digits than the side (``6x6~9``, 7x7 of nine digits): the backtracker
      under a budget, then CP-SAT (a unit holds only some of the digits, so SAT's
      encoding has no "every value at least once" to propagate; a 7x7 Squishdoku of
      ISS's library: SAT past 7 s of CPU, CP-SAT 0.6 s);
    * variants with multi-digit sums (arrows into two-cell circles, :data:`MULTI_DIGIT`):
      the backtracker under a budget, then CP-SAT;
    * variants whose rules are not all units (killer, thermo, Kropki, anti-knight, ...):
      the backtracker under a budget, then SAT (labelled apart with few givens, below
      :data:`FEW_GIVENS_SHARE`, where the backtracker most often runs out; there the
      rules of :data:`CPSAT_SUMS` fall back to CP-SAT);
    * jigsaws: the backtracker under a budget, then CP-SAT or, with few givens, SAT;
    * every other puzzle (classic, X, windows up to 19x19): the backtracker under a
      budget, then SAT; the budget is larger on sparse grids (from 10x10 up, givens below
      :data:`SPARSE_SHARE`; up to 9x9, classic rules and givens below
      :data:`FEW_GIVENS_SHARE`), where the backtracker's row-major search fills in one
      of the many solutions at once and SAT's proof asks a question per cell; up to 9x9
      with more units (diagonals, windows) it is a few milliseconds.
    """
    model = puzzle if isinstance(puzzle, Model) else to_puzzle(puzzle).model
    if model.hidden:  # a chaos construction's regions: CP-SAT compiles them (Backend.hidden_cells)
        return Route("hidden cells", "cpsat")
    if any(_origin_kind(c) in CPSAT_RULES for c in model.constraints):
        return Route("full rank", "cpsat")
    cells = model.cell_count
    share = (cells - model.givens.count(0)) / cells
    if model.side >= LARGE_SIDE:
        large = BUDGETS["large"] * cells
        if share < SPARSE_SHARE:
            return Route("large, sparse", "backtracking", large, "sat")
        if _open_share(model) < OPEN_SHARE:
            return Route("large, propagation fills most", "backtracking", large, "sat")
        return Route("large", "sat")
    if model.value_count > model.side:  # units hold some of the digits: SAT has no "at least once"
        return Route("more digits than the side", "backtracking", BUDGETS["variant"], "cpsat")
    if not model.is_classic:
        if _multi_digit_sums(model):
            return Route("variant, multi-digit sums", "backtracking", BUDGETS["variant"], "cpsat")
        if share >= FEW_GIVENS_SHARE:
            return Route("variant", "backtracking", BUDGETS["variant"], "sat")
        if any(_origin_kind(c) in CPSAT_SUMS for c in model.constraints):
            budget = BUDGETS["variant, few givens"]
            return Route("variant, few givens, long sums", "backtracking", budget, "cpsat")
        return Route("variant, few givens", "backtracking", BUDGETS["variant, few givens"], "sat")
    kinds = {getattr(getattr(c, "origin", None), "kind", None) for c in model.constraints}
    more_units = not kinds <= _PLAIN_UNITS  # diagonals, windows...
    if OriginKind.REGION in kinds:
        fallback = "cpsat" if share >= JIGSAW_CPSAT_SHARE else "sat"
        return Route(f"jigsaw, to {fallback}", "backtracking", BUDGETS["jigsaw"], fallback)
    if model.side <= 9:
        if share < FEW_GIVENS_SHARE and not more_units:  # many solutions: filled in row-major order
            return _classic("classic, 9x9 and smaller, few givens", BUDGETS["classic, sparse"] * cells)
        if share < FEW_GIVENS_SHARE:  # diagonals or windows: SAT's proof takes 10-15 ms here
            budget = BUDGETS["classic, few givens, more units"]
            return _classic("classic, 9x9 and smaller, few givens, more units", budget)
        if more_units:  # diagonals or windows: a solver of their own, SAT takes 5 ms
            return _classic("classic, 9x9 and smaller, more units", BUDGETS["classic, more units"])
        return _classic("classic, 9x9 and smaller", BUDGETS["classic"])
    up_to = f"up to {LARGE_SIDE - 1}x{LARGE_SIDE - 1}"
    if share < SPARSE_SHARE:
        return _classic(f"classic, sparse, {up_to}", BUDGETS["classic, sparse, larger"] * cells)
    return _classic(f"classic, {up_to}", BUDGETS["classic, larger"])


_PLAIN_UNITS = frozenset({OriginKind.ROW, OriginKind.COLUMN, OriginKind.BOX})


def _classic(label: str, budget: int) -> Route:
    """A classic route: the backtracker under ``budget`` nodes, then SAT, with
    :data:`COLD_NODES` more while PySAT is not loaded."""
    return Route(label, "backtracking", budget, "sat", COLD_NODES.get("sat", 0))


def _open_share(model: Model) -> float:
    """The share of cells that singles and the rules' propagation leave open (0 when the
    givens contradict each other: the backtracker proves that at once)."""
    search = BitmaskSearch(model)
    if not search.consistent:
        return 0.0
    return sum(1 for mask in search.candidates if mask & (mask - 1)) / len(search.candidates)


def answered_by(stats: dict[str, float]) -> str:
    """The name of the backend that gave an answer of ``"auto"``, from its stats."""
    return next(name for name in PORTFOLIO if stats.get(f"chose_{name}"))


@dataclass(frozen=True)
class Options(cpsat_options.Options):
    """The options of ``"auto"``: CP-SAT's (:class:`sudoku_cp.backends.cpsat_options.Options`,
    declared there once), passed on when CP-SAT is chosen and checked either way;
    ``count_solutions`` takes ``seed`` only, as CP-SAT's does."""

    BACKEND = "auto"


_FALLBACKS = {"sat": "sudoku_cp.backends.sat:Sat", "cpsat": "sudoku_cp.backends.cpsat:CpSat"}
"""Where the portfolio's fallbacks live, imported on first use (PySAT and OR-Tools are heavy)."""


class Auto(Backend, options=Options, kinds=Backtracking.native_kinds, more_digits=True, hidden_cells=True):
    """The ``"auto"`` backend: each call follows the :func:`route` of the puzzle (module
    docstring): the backtracker (a :class:`~sudoku_cp.backends.backtracking.Backtracking`
    that looks at its budget every :data:`CHECK_EVERY` nodes) under a node budget, then a
    fallback backend object (SAT or CP-SAT) with the time left. The answer is the chosen
    backend's, with its stats plus ``chose_<backend>``, ``fallback``, ``budget_nodes`` and
    ``budget_time``, and its proof. Options: CP-SAT's (:class:`Options`), used when CP-SAT
    answers, checked either way."""

    proof_method = "search order"

    def prepare(self, model: Model) -> Model:
        """The puzzle's model as it is: the route reads it, and each backend the portfolio
        runs prepares it for its own kinds."""
        return model

    def refuse_unknown(self, model: Model) -> None:
        """Refuse, before any work, a kind that no rewriting brings to the engine's kinds.

        Raises:
            NotSupportedError: naming this backend and the kind.
        """
        if not model.hidden:  # with hidden cells the route is CP-SAT's, which prepares it
            decompose(model, self.native_kinds, self.name)  # remembered: the backtracker reuses it

    def __init__(self) -> None:
        self.first = Backtracking(check_every=CHECK_EVERY)
        self.fallbacks: dict[str, tuple[Any, Backend]] = {}  # name -> (module, backend)

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "fallbacks": {}}  # modules do not pickle: made again on first use

    def fallback(self, name: str) -> Backend:
        """The backend object ``name`` (``"sat"`` or ``"cpsat"``), made on first use (and
        anew if its module was loaded anew).

        Raises:
            BackendUnavailableError: its package is missing.
        """
        module_name, _, class_name = _FALLBACKS[name].partition(":")
        module = import_module(module_name)
        held = self.fallbacks.get(name)
        if held is None or held[0] is not module:
            held = self.fallbacks[name] = (module, getattr(module, class_name)())
        return held[1]

    def _solve(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        return self._run("solve", task)

    def _next(self, task: Task) -> tuple[Values | None, dict[str, float]]:
        return self._run("next_solution", task)

    def _count(self, task: Task) -> tuple[int, dict[str, float]]:
        return self._run("count_solutions", task)

    def any_solution(
        self, model: Model, time_limit: float | None = None
    ) -> tuple[Values | None, dict[str, float]]:
        """The values of every cell of ``model`` (hidden cells included, row-major) in a
        solution, or ``None`` when there is none; and the stats of :meth:`solve`. The
        model's route as :meth:`solve` follows it, but where SAT or CP-SAT answers (the
        route's first backend, its fallback, or CP-SAT past SAT's :data:`SAT_CONFLICTS`) its
        answer is the first solution it finds (:func:`sudoku_cp.backends.sat.any_solution`,
        :func:`sudoku_cp.backends.cpsat.any_solution`), without the proof that it is the
        smallest or the only one; the backtracker's answer within its budget is the
        smallest, as in :meth:`solve`. For a caller that needs a solution, not the smallest
        (``explain``); on a puzzle with one solution the answer is that of :meth:`solve`.

        Raises:
            SolveTimeoutError: ``time_limit`` (seconds) ran out.
            NotSupportedError: a constraint of a kind no backend of the route compiles.
        """
        task = self.task(model, "solve", time_limit)
        return self._run("solve", task, proven=False)

    def _run(self, function: str, task: Task, proven: bool = True) -> tuple[Any, dict[str, float]]:
        """Run ``function`` along the model's route: the first attempt, then the fallback;
        CP-SAT also gets the options that ``function`` takes. With ``proven`` false (a
        solve), CP-SAT answers with the first solution it meets (:meth:`any_solution`)."""
        plan = route(task.model)
        spent: tuple[int, float, int] = (0, 0.0, 0)  # nodes, CPU seconds, SAT conflicts
        if plan.budget is not None and plan.fallback is not None:
            warm_up(plan.fallback)
            budget = _Budget(task.deadline, plan.budget + _cold_nodes(plan))
            try:
                task.proof.method = self.first.proof_method
                budgeted = Task(task.model, task.options, budget, task.proof, task.after, task.limit)
                result, stats = self.first.run(function, budgeted)
                return result, _mark(stats, plan.first, fallback=False, spent=spent)
            except _OverBudget:
                spent = (budget.search.nodes if budget.search is not None else 0, budget.spent(), 0)
                task.proof.questions.clear()
                task.proof.answers.clear()
            name = plan.fallback
        else:
            name = plan.first
        chosen = self._fallback_or_cpsat(name) if name != "backtracking" else self.first
        fallback = plan.budget is not None
        if chosen.name == "sat" and task.model.side < LARGE_SIDE:
            budget = _Budget(task.deadline, SAT_CONFLICTS, measure="conflicts")
            try:
                result, stats = self._answer(chosen, function, task, budget, proven)
                return result, _mark(stats, "sat", fallback=fallback, spent=spent)
            except _OverBudget:
                spent = (spent[0], spent[1] + budget.spent(), budget.search.conflicts)
                task.proof.questions.clear()
                task.proof.answers.clear()
            chosen, fallback = self.fallback("cpsat"), True
        result, stats = self._answer(chosen, function, task, proven=proven)
        return result, _mark(stats, chosen.name, fallback=fallback, spent=spent)

    def _answer(
        self, chosen: Backend, function: str, task: Task, budget: _Budget | None = None, proven: bool = True
    ) -> tuple[Any, dict]:
        """Run ``function`` of ``chosen`` (a fallback, or the backtracker without a budget)
        on the task's model with the time left, under ``budget`` if given; CP-SAT also gets
        the options that ``function`` takes. With ``proven`` false (a solve), SAT and
        CP-SAT answer with the first solution they find (their ``any_solution``)."""
        names = Options.names(function) if chosen.name == "cpsat" else ()
        passed = {name: getattr(task.options, name) for name in names}
        sub = chosen.task(task.model, function, _left(task.deadline), **passed)
        if budget is not None:
            sub.deadline = budget
        if not proven and chosen.name == "cpsat":
            return import_module("sudoku_cp.backends.cpsat").any_solution(sub.model, sub.deadline)
        if not proven and chosen.name == "sat":
            return import_module("sudoku_cp.backends.sat").any_solution(sub)
        sub.after, sub.limit, sub.proof = task.after, task.limit, task.proof
        task.proof.method = chosen.proof_method
        return chosen.run(function, sub)

    def _fallback_or_cpsat(self, name: str) -> Backend:
        try:
            return self.fallback(name)
        except BackendUnavailableError:
            if name != "sat":
                raise
            return self.fallback("cpsat")  # PySAT is a dependency, but a broken install should not stop auto


class _OverBudget(Exception):
    """The first attempt used up its budget."""


class _Budget(Deadline):
    """The call's deadline plus a budget of work: :meth:`check` (which the backtracker's
    search calls every :data:`CHECK_EVERY` nodes, and the SAT solver between slices of
    its search) also raises :class:`_OverBudget` once the watched search's ``measure``
    (``"nodes"``, or a SAT run's ``"conflicts"``) reaches ``limit``. Nodes and conflicts do
    not depend on the machine's load. (It also notes the CPU seconds spent, for the stats
    only: the route never depends on them.)"""

    def __init__(self, deadline: Deadline, limit: int, measure: str = "nodes") -> None:
        self.time_limit, self.at = deadline.time_limit, deadline.at
        self.limit, self.measure = limit, measure
        self.started = time.process_time()
        self.search: Any = None

    def watch(self, search: Any) -> None:
        """Count the work of ``search`` against the budget (the backtracker and the SAT
        backend call it when they start)."""
        self.search = search

    def spent(self) -> float:
        """CPU seconds since the budget was made."""
        return time.process_time() - self.started

    def check(self, who: str) -> None:
        super().check(who)
        if self.search is not None and getattr(self.search, self.measure) >= self.limit:
            raise _OverBudget


def _left(deadline: Deadline) -> float | None:
    """The seconds left for the fallback (``None``: no limit)."""
    left = deadline.left()
    return None if left is None else max(left, 1e-3)


def _mark(
    stats: dict[str, float], name: str, *, fallback: bool, spent: tuple[int, float, int]
) -> dict[str, float]:
    """The answer's stats plus the portfolio's (module docstring); ``spent``: the nodes, CPU
    seconds and SAT conflicts of the abandoned attempts."""
    flags = {f"chose_{backend}": int(backend == name) for backend in PORTFOLIO}
    nodes, seconds, conflicts = spent
    return {
        **stats,
        **flags,
        "fallback": int(fallback),
        "budget_nodes": nodes,
        "budget_time": seconds,
        "budget_conflicts": conflicts,
    }


BACKEND = Auto()
"""The backend object; the module-level functions are its methods."""

solve, next_solution, count_solutions = BACKEND.solve, BACKEND.next_solution, BACKEND.count_solutions

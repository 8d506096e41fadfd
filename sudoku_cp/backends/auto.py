"""The ``"auto"`` backend: a portfolio that routes each puzzle by its features, with a
budgeted first attempt and a fallback.

Every backend returns the same answer (the smallest row-major solution, proven), so the
portfolio changes only the time taken, never the answer. :func:`route` reads cheap
features of the puzzle (side, kinds of rules, share of givens, box shape) and names

* the backend tried first;
* for the backtracker, a *budget* of CPU seconds (of this process, which other processes
  on the machine disturb less than wall time): past it the attempt is abandoned. A node
  count would not depend on the load at all, but a node costs from 30 microseconds (a
  classic 9x9 grid) to 300 (killer cages) or a millisecond (25x25), so a count could not
  stand for "about as long as the fallback takes" across rules;
* the fallback that then answers, with the time left: ``"sat"``, whose solver is chosen
  by :func:`sudoku_cp.backends.sat.choose_solver` (CaDiCaL on 25x25 grids).

The budget follows the ski-rental argument: a first attempt abandoned after about the
time the fallback would take costs at most twice the fallback, and an attempt that
succeeds within it costs at most that much. The routes and the data they come from
(medians and per-puzzle ratios over the bundled, shared and generated sets) are in
``docs/auto.md``, a table written by ``benchmarks/bench_backends.py --write-auto``.

The stats of an answer are those of the backend that gave it, plus ``chose_backtracking``,
``chose_cpsat`` and ``chose_sat`` (1 for that backend, 0 for the others), ``fallback``
(1 when the first attempt ran past its budget), ``budget_nodes`` and ``budget_time``
(the nodes and CPU seconds the abandoned attempt spent, 0 without one);
:func:`answered_by` reads the name back.

>>> from sudoku_cp import Grid
>>> route(Grid.empty(9)).first, route(Grid.empty(25)).first
('backtracking', 'backtracking')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_cp import backends
from sudoku_cp.backends import BackendOptions, backtracking, check_int, takes_options
from sudoku_cp.constraints import OriginKind
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch
from sudoku_cp.puzzle import to_puzzle

if TYPE_CHECKING:
    from sudoku_cp.grid import Grid
    from sudoku_cp.puzzle import Puzzle

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

CHECK_EVERY = 8
"""The backtracker looks at its budget every this many nodes (a CPU clock read, about a
microsecond, against 30 microseconds or more per node), so an attempt runs at least this
many nodes before it can be abandoned. (The backtracker alone looks at its deadline every
64 nodes: on a classic 9x9 grid that is about 2 ms, as long as SAT's whole proof.)"""

BUDGETS = {
    "classic": 0.0012,
    "classic, larger": 0.005,
    "classic, more units": 0.003,
    "classic, sparse": 0.0004,
    "classic, sparse, larger": 0.000025,
    "classic, few givens, more units": 0.006,
    "jigsaw": 0.003,
    "variant": 0.010,
    "large": 2.0,
}
"""The backtracker's budget in CPU seconds by kind of route: about the time the fallback
takes there (``docs/auto.md``). On classic 9x9 grids SAT's median is 1.4-1.6 ms in
``bench_backends.py`` (its solver for the rules kept; about 0.8 ms of it the proof), and
the budget was picked among 1.0, 1.2, 1.5 and 2.0 ms on top95, top1465 and sudoku17:
1.0 ms sent most top95 puzzles (the backtracker's median 1.4 ms) to SAT and nearly
doubled auto's median, 1.5 and 2.0 ms left more puzzles over x2 the faster backend.
With few givens and diagonals or windows SAT takes 10-15 ms (its witness proof) and the
backtracker 1.5 ms (X-Sudoku with 2 givens, about 40 nodes) to 70 ms (windows), hence
6 ms there; with more givens SAT takes about 5 ms (X-Sudoku: gen_x, a solver for those
rules) and the backtracker about 2 ms, hence 3 ms. SAT takes 6 ms on hex16; a jigsaw or
a variant needs a solver of its own (10-50 ms with loading); CP-SAT takes 4-15 ms on the
minimal jigsaws. On sparse grids from 10x10 up SAT's proof took 2.5 to 13 ms on 10x10 to
16x16 grids with up to 30% givens once its auxiliary variables were reused (10 to 330 ms
before), so the budget there is ``"classic, sparse, larger"`` times the side squared (up
to 9x9, ``"classic, sparse"``); on 25x25 grids SAT takes seconds (loading 750,000
clauses takes about one)."""


@dataclass(frozen=True)
class Route:
    """What :func:`solve` does with a puzzle.

    Attributes:
        label: the class of puzzle, as in the table of ``docs/auto.md``.
        first: the backend tried first.
        budget: its budget in CPU seconds (the backtracker only), ``None`` for none.
        fallback: the backend that answers once the budget is spent, ``None`` for none.
    """

    label: str
    first: str
    budget: float | None = None
    fallback: str | None = None


def _origin_kind(constraint: object) -> OriginKind | None:
    """The kind of rule a constraint comes from; None for one with no origin (a kind of
    constraint from outside the vocabulary, which the chosen backend then refuses)."""
    origin = getattr(constraint, "origin", None)
    return getattr(origin, "kind", None)


def route(puzzle: Puzzle | Grid) -> Route:
    """The route of ``puzzle`` (see the module docstring and ``docs/auto.md``).

    * *large* grids (side >= :data:`LARGE_SIDE`): sparse ones (givens below
      :data:`SPARSE_SHARE`), and those that propagation nearly fills in (less than
      :data:`OPEN_SHARE` of the cells left open), to the backtracker under a budget, then
      SAT; the others (the hard 25x25 puzzles) straight to SAT, whose clause learning
      proves them;
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
    puzzle = to_puzzle(puzzle)
    model = puzzle.model
    cells = model.cell_count
    share = puzzle.givens / cells
    if puzzle.side >= LARGE_SIDE:
        large = BUDGETS["large"]
        if share < SPARSE_SHARE:
            return Route("large, sparse", "backtracking", large, "sat")
        if _open_share(puzzle) < OPEN_SHARE:
            return Route("large, propagation fills most", "backtracking", large, "sat")
        return Route("large", "sat")
    if not model.is_classic:
        if share >= FEW_GIVENS_SHARE:
            return Route("variant", "backtracking", BUDGETS["variant"], "sat")
        if any(_origin_kind(c) in CPSAT_SUMS for c in model.constraints):
            return Route("variant, few givens, long sums", "backtracking", BUDGETS["variant"], "cpsat")
        return Route("variant, few givens", "backtracking", BUDGETS["variant"], "sat")
    if _has_jigsaw_regions(puzzle):
        fallback = "cpsat" if share >= JIGSAW_CPSAT_SHARE else "sat"
        return Route(f"jigsaw, to {fallback}", "backtracking", BUDGETS["jigsaw"], fallback)
    if puzzle.side <= 9:
        if share < FEW_GIVENS_SHARE and not puzzle.rules:  # many solutions: filled in row-major order
            budget = BUDGETS["classic, sparse"] * puzzle.side**2
            return Route("classic, 9x9 and smaller, few givens", "backtracking", budget, "sat")
        if share < FEW_GIVENS_SHARE:  # diagonals or windows: SAT's proof takes 10-15 ms here
            budget = BUDGETS["classic, few givens, more units"]
            return Route("classic, 9x9 and smaller, few givens, more units", "backtracking", budget, "sat")
        if puzzle.rules:  # diagonals or windows: a solver of their own, SAT takes 5 ms
            return Route(
                "classic, 9x9 and smaller, more units", "backtracking", BUDGETS["classic, more units"], "sat"
            )
        return Route("classic, 9x9 and smaller", "backtracking", BUDGETS["classic"], "sat")
    up_to = f"up to {LARGE_SIDE - 1}x{LARGE_SIDE - 1}"
    if share < SPARSE_SHARE:
        budget = BUDGETS["classic, sparse, larger"] * puzzle.side**2
        return Route(f"classic, sparse, {up_to}", "backtracking", budget, "sat")
    return Route(f"classic, {up_to}", "backtracking", BUDGETS["classic, larger"], "sat")


def _has_jigsaw_regions(puzzle: Puzzle) -> bool:
    if not puzzle.rules:
        return False  # a classic grid: no need to import the rule classes (start-up time)
    from sudoku_cp.rules import Jigsaw

    return any(isinstance(rule, Jigsaw) for rule in puzzle.rules)


def _open_share(puzzle: Puzzle) -> float:
    """The share of cells that singles and the rules' propagation leave open (0 when the
    givens contradict each other: the backtracker proves that at once)."""
    search = BitmaskSearch(puzzle)
    if not search.consistent:
        return 0.0
    return sum(1 for mask in search.candidates if mask & (mask - 1)) / len(search.candidates)


def choose(puzzle: Puzzle | Grid) -> str:
    """The backend :func:`solve` tries first for ``puzzle`` (``route(puzzle).first``)."""
    return route(puzzle).first


def answered_by(stats: dict[str, float]) -> str:
    """The name of the backend that gave an answer of ``"auto"``, from its stats."""
    return next(name for name in PORTFOLIO if stats.get(f"chose_{name}"))


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
    """Solve by the :func:`route` of the puzzle: its answer and the stats of the backend that
    gave it, plus ``chose_<backend>``, ``fallback`` and ``budget_nodes`` (module docstring).

    Args:
        puzzle: the puzzle, any size and variant.
        time_limit: seconds for the whole call (the first attempt and the fallback), or ``None``.
        **options: ``workers``, ``seed`` (:class:`Options`): CP-SAT's, used when CP-SAT
            answers; checked either way.

    Raises:
        NoSolutionError: the puzzle has no solution.
        SolveTimeoutError: ``time_limit`` ran out.
        NotSupportedError: the chosen backend does not compile a constraint kind of the puzzle.
        TypeError, ValueError: an option it does not take, or a bad value.
    """
    return _run("solve", puzzle, None, time_limit=time_limit, options=Options.of(options))


@takes_options(Options)
def next_solution(
    puzzle: Puzzle | Grid,
    after: Grid | Sequence[int],
    *,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[Grid, dict[str, float]]:
    """The smallest row-major solution greater than ``after``, by the puzzle's :func:`route`
    (see the Backend protocol in :mod:`sudoku_cp.backends`); the errors of :func:`solve`."""
    return _run("next_solution", puzzle, after, time_limit=time_limit, options=Options.of(options))


@takes_options(Options)
def count_solutions(
    puzzle: Puzzle | Grid,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> tuple[int, dict[str, float]]:
    """The exact number of solutions (or ``limit``), by the puzzle's :func:`route`; ``seed``
    is its one option (:class:`Options`)."""
    chosen = Options.of(options, "count_solutions")
    return _run("count_solutions", puzzle, limit, time_limit=time_limit, options=chosen)


class _OverBudget(Exception):
    """The first attempt used up its budget."""


class _Budget(Deadline):
    """The call's deadline plus a budget of CPU seconds: :meth:`check` (which the search
    calls every :data:`CHECK_EVERY` nodes) also raises :class:`_OverBudget` once the
    process has spent ``seconds`` of CPU time since the budget was made."""

    def __init__(self, deadline: Deadline, seconds: float) -> None:
        self.time_limit, self.at = deadline.time_limit, deadline.at
        self.seconds = seconds
        self.started = time.process_time()
        self.search: Any = None

    def spent(self) -> float:
        """CPU seconds since the budget was made."""
        return time.process_time() - self.started

    def check(self, who: str) -> None:
        super().check(who)
        if self.spent() >= self.seconds:
            raise _OverBudget


def _run(
    function: str, puzzle: Puzzle | Grid, argument: Any, *, time_limit: float | None, options: Options
) -> Any:
    """Call ``function`` along the puzzle's route: the first attempt, then the fallback;
    CP-SAT also gets the options that ``function`` takes."""
    puzzle = to_puzzle(puzzle)
    deadline = Deadline(time_limit)
    plan = route(puzzle)
    spent: tuple[int, float] = (0, 0.0)
    if plan.budget is not None and plan.fallback is not None:
        budget = _Budget(deadline, plan.budget)
        try:
            result, stats = _budgeted(function, puzzle, argument, budget)
            return result, _mark(stats, plan.first, fallback=False, spent=spent)
        except _OverBudget:
            spent = (budget.search.nodes if budget.search is not None else 0, budget.spent())
        name = plan.fallback
    else:
        name = plan.first
    if name == "sat" and backends.unavailable("sat"):
        name = "cpsat"  # PySAT is a dependency, but a broken install should not stop auto
    passed = {o: getattr(options, o) for o in Options.names(function)} if name == "cpsat" else {}
    call = getattr(backends.get_backend(name), function)
    arguments = () if argument is None or function == "count_solutions" else (argument,)
    if function == "count_solutions":
        passed["limit"] = argument
    result, stats = call(puzzle, *arguments, time_limit=_left(deadline), **passed)
    return result, _mark(stats, name, fallback=plan.budget is not None, spent=spent)


def _left(deadline: Deadline) -> float | None:
    """The seconds left for the fallback (``None``: no limit)."""
    left = deadline.left()
    return None if left is None else max(left, 1e-3)


def _mark(
    stats: dict[str, float], name: str, *, fallback: bool, spent: tuple[int, float]
) -> dict[str, float]:
    flags = {f"chose_{backend}": int(backend == name) for backend in PORTFOLIO}
    return {**stats, **flags, "fallback": int(fallback), "budget_nodes": spent[0], "budget_time": spent[1]}


def _budgeted(function: str, puzzle: Puzzle, argument: Any, budget: _Budget) -> tuple[Any, dict[str, float]]:
    """The backtracker's ``function`` under ``budget`` (the search of
    :mod:`sudoku_cp.backends.backtracking`, with the budget as its deadline).

    Raises:
        _OverBudget: the budget ran out first.
        NoSolutionError, SolveTimeoutError: as the backtracker.
    """
    if function == "count_solutions":
        search = budget.search = BitmaskSearch(puzzle, budget, check_every=CHECK_EVERY)
        count = search.count_solutions(argument)
        return count, {"solver_calls": 1, "nodes": search.nodes, "backtracks": search.backtracks}
    after = None if argument is None else list(getattr(argument, "cells", argument))
    if after is not None and len(after) != puzzle.model.cell_count:
        raise _OverBudget  # a malformed ``after``: the fallback says what is wrong
    search = budget.search = BitmaskSearch(puzzle, budget, after, check_every=CHECK_EVERY)
    return backtracking.smallest_by_search(puzzle, search, after)

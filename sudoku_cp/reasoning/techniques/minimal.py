"""The minimal deduction: the last resort, so that no path stalls.

A *minimal deduction* is a set of constraints, taken with the current candidates of
their cells, that on its own rules out one candidate, and from which no constraint can
be dropped: the step-wise explanations of Bogaerts, Gamba and Guns ("Step-wise
explanations of constraint satisfaction problems", Artificial Intelligence 2021), whose
cost-optimal steps Gamba, Bogaerts and Guns find as optimal constrained unsatisfiable
subsets ("Efficiently explaining CSPs with unsatisfiable subset optimization", IJCAI
2021). Here, as a cheap stand-in for the optimum:

1. the current candidates are solved with the engine's search (:class:`BitmaskSearch`),
   unless the board knows a solution they keep (:attr:`Board.solution`, which
   :func:`sudoku_cp.explain` sets); on a proper puzzle every candidate outside that
   solution is refuted by the whole model;
2. one SAT solver holds every constraint, each switched on by a selector literal, and the
   removed candidates as unit clauses (:class:`~sudoku_cp.backends.sat.Selectors`, kept
   along the path: its candidates only shrink); the first :data:`SCREEN` such candidates
   (in cells with the fewest candidates first) are each refuted by the whole model
   within :data:`SCREEN_CONFLICTS` conflicts, and the one whose unsatisfiable core (the
   selectors the refutation used) is smallest is kept;
3. that core is shrunk by the deletion filter with core refinement (each constraint, the
   farthest from the cell first, dropped if the rest still refutes the candidate, the
   rest then cut to that answer's core) within :data:`FILTER_CONFLICTS`: the set left is
   subset-minimal unless a check ran out of conflicts (:func:`_by_cores`);
4. for a kind the SAT encoding lacks, or a refutation SAT does not reach within
   :data:`DEEP_CONFLICTS` (sums over few givens, which CP-SAT settles faster), the
   engine's search does it (:func:`_by_search`): constraints are gathered around the
   cell, layer by layer (those holding it, then those meeting them...), until search
   proves the candidate impossible under them alone, and QuickXplain (Junker, AAAI
   2004) splits them in halves to find a subset-minimal refuting set in about
   ``k log(m / k)`` searches, then a *deletion filter* tries dropping each constraint
   left once more; QuickXplain stops after :data:`MAX_CHECKS` searches, the filter then
   drops blocks of constraints, halving their size down to one, farthest from the cell
   first, for as many searches again: the set is proven but may not be minimal;
5. the smallest set found is the step, named plainly: "deduction from row 4, box 5 and
   cage 7", removing every candidate of its cells that it refutes.

Units: every constraint of every variant (AllDifferents, sums, thermometers, dots):
it is how variants with no named technique still get a step. Premises: the set's
constraints with the current candidates of their cells.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
from collections.abc import Iterator, Sequence

from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.search import BitmaskSearch, Restart
from sudoku_cp.errors import NotSupportedError
from sudoku_cp.model.constraints import Constraint, Model, ValueIn
from sudoku_cp.naming import in_words
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of

TRIES = 1
"""How many refutable candidates are tried; the smallest set found wins."""

SCREEN = 8
"""How many refutable candidates are screened by the cost of their refutation."""

MAX_CHECKS = 32
"""The most searches QuickXplain and the deletion filter may run for one candidate."""

BUDGET = 128
"""Search nodes a refutation may take while a set is gathered and filtered; past it the
set counts as not refuting (the set kept is always proven, so only minimality suffers)."""


def _model(board: Board, constraints: Sequence[Constraint], domains: dict[int, int]) -> Model:
    whole = board.model
    fixed = tuple(0 if c in domains else 1 for c in range(whole.cell_count))
    restricted = tuple(ValueIn(c, values_of(mask), origin="candidates") for c, mask in domains.items())
    return Model(board.side, fixed, tuple(constraints) + restricted, whole.positions, whole.digits)


def refutes(
    board: Board,
    constraints: Sequence[Constraint],
    candidates: Sequence[int],
    cell: int,
    value: int,
    budget: int | None = None,
) -> bool:
    """True when ``constraints``, with the current candidates of their cells, leave no
    solution with ``cell = value``: proven by an exhaustive search (the engine's
    backtracker). With a ``budget`` of search nodes, a search that would need more gives
    up and answers False (not proven), so a few constraints too loose to decide quickly
    (a subset of an anti-knight puzzle's hundreds of pairs) cannot stall the filter."""
    cells = {c for constraint in constraints for c in constraint.cells}
    if cell not in cells:
        return False
    domains = {c: candidates[c] for c in cells}
    domains[cell] = candidates[cell] & (1 << (value - 1))
    if not all(domains.values()):
        return True
    board.check_deadline()
    if budget is None:
        return not _satisfiable(board, constraints, domains)
    search = BitmaskSearch(_model(board, constraints, domains), board.deadline)
    root = search.propagated()
    if root is None:
        return True
    try:
        return search._search(root, budget) is None
    except Restart:
        return False  # not decided within the budget: not proven


SAT_CONFLICTS = 10_000
"""The conflicts the SAT solver spends on a question of :func:`has_solution` before CP-SAT
takes it over (a fraction of a second on a 9x9)."""


def has_solution(rules: Model, excluded: Sequence[tuple[int, int]], deadline: Deadline | None = None) -> bool:
    """Whether ``rules`` (a model: constraints and givens) have a solution with no cell
    holding a value of ``excluded`` (pairs ``(cell, value)``: the candidates removed): a
    CDCL SAT solver (:func:`sudoku_cp.backends.sat.satisfiable`) within
    :data:`SAT_CONFLICTS` conflicts, then CP-SAT, whose linear reasoning settles the sums
    the clauses settle slowly: refuting a candidate of The Barbed Cross (little killers,
    few givens) by the whole model took MiniSat over 1.4 million conflicts (38 s of CPU,
    undecided) and CP-SAT 0.9 s. Both keep to ``deadline``.

    Raises:
        NotSupportedError: a constraint kind the SAT encoding lacks.
        SolveTimeoutError: ``deadline`` passed.
    """
    from sudoku_cp.backends.sat import satisfiable

    answer = satisfiable(rules, excluded, deadline, SAT_CONFLICTS)
    if answer is not None:
        return answer
    k = rules.value_count
    removed: dict[int, set[int]] = {}
    for cell, value in excluded:
        removed.setdefault(cell, set()).add(value)
    kept = tuple(
        ValueIn(c, tuple(v for v in range(1, k + 1) if v not in vs), origin="candidates")
        for c, vs in removed.items()
    )
    narrowed = Model(rules.side, rules.givens, rules.constraints + kept, rules.positions, rules.digits)
    return cpsat_has_solution(narrowed, deadline)


def cpsat_has_solution(model: Model, deadline: Deadline | None = None) -> bool:
    """Whether ``model`` (a premise with its candidates) has a solution, by CP-SAT's
    enumeration stopped at the first (which compiles a chaos construction's regions),
    within the time ``deadline`` leaves.

    Raises:
        SolveTimeoutError: ``deadline`` passed.
    """
    from sudoku_cp.backends import get_backend

    backend = get_backend("cpsat")
    left = None if deadline is None else deadline.left()
    if deadline is not None and left is not None and left <= 0:
        raise deadline.timeout("the premise check")
    task = backend.task(model, "count_solutions", left)
    task.limit = 1
    count, _ = backend.run("count_solutions", task)
    return count > 0


def _satisfiable(board: Board, constraints: Sequence[Constraint], domains: dict[int, int]) -> bool:
    """Whether ``constraints`` have a solution with each cell of ``domains`` within its
    candidates: :func:`has_solution` (SAT, then CP-SAT: on a killer without givens, where
    the refutation needs most of the model, the engine's search took tens of seconds),
    else, for a kind SAT does not encode, CP-SAT on a model with hidden cells (a chaos
    construction's regions, which it compiles: the engine's search, unbounded, took over
    two minutes of CPU to refute a candidate of ISS's ``Chaos Construction: killer`` by the
    whole model, CP-SAT about a second), and the engine's exhaustive search on any other."""
    whole = board.model
    fixed = tuple(0 if c in domains else 1 for c in range(whole.cell_count))
    rules = Model(board.side, fixed, tuple(constraints), whole.positions, whole.digits)
    k = rules.value_count
    excluded = [(c, v) for c, mask in domains.items() for v in range(1, k + 1) if not mask >> (v - 1) & 1]
    try:
        return has_solution(rules, excluded, board.deadline)
    except NotSupportedError:
        if whole.hidden:
            return cpsat_has_solution(_model(board, constraints, domains), board.deadline)
        return BitmaskSearch(_model(board, constraints, domains), board.deadline).find_solution() is not None


def _layers(board: Board, cell: int) -> list[list[Constraint]]:
    """The constraints holding ``cell``, then those meeting them, and so on."""
    constraints = [c for c in board.model.constraints if not isinstance(c, ValueIn)]
    by_cell: dict[int, list[int]] = {}
    for index, constraint in enumerate(constraints):
        for c in constraint.cells:
            by_cell.setdefault(c, []).append(index)
    taken: set[int] = set()
    reached = {cell}
    layers = []
    frontier = {cell}
    while frontier:
        layer = sorted({i for c in frontier for i in by_cell.get(c, ()) if i not in taken})
        if not layer:
            break
        taken.update(layer)
        new_cells = {c for i in layer for c in constraints[i].cells} - reached
        reached |= new_cells
        frontier = new_cells
        layers.append([constraints[i] for i in layer])
    return layers


class _OutOfChecks(Exception):
    """The checks of one minimal core ran out."""


def minimal_core(
    board: Board, candidates: Sequence[int], cell: int, value: int, checks: int = MAX_CHECKS
) -> list[Constraint] | None:
    """A set of constraints refuting ``cell = value``, subset-minimal unless the
    ``checks`` (searches) of the filters run out first, or ``None`` if the whole model
    does not refute it (see the module docstring)."""
    gathered: list[Constraint] = []
    for layer in _layers(board, cell):
        gathered += layer
        if refutes(board, gathered, candidates, cell, value, BUDGET):
            break
    else:
        if not refutes(board, gathered, candidates, cell, value):  # the whole model, no budget
            return None
        if board.model.hidden:
            # refuted by CP-SAT (:func:`_satisfiable`) where the engine's search ran out of
            # its budget on the whole model: its budgeted searches below refute no part of
            # it either (on ISS's Chaos Construction: killer they kept all 92 constraints,
            # at half the step's time)
            return gathered
    left = [checks]

    def refuted(subset: list[Constraint]) -> bool:
        if left[0] <= 0:
            raise _OutOfChecks
        left[0] -= 1
        return refutes(board, subset, candidates, cell, value, BUDGET)

    try:
        core = _quick_xplain(refuted, [], False, gathered)
    except _OutOfChecks:
        core = list(gathered)
        left[0] = checks  # as many again for the chunked deletion below
    if core is not gathered and not refutes(board, core, candidates, cell, value, 16 * BUDGET):
        core = list(gathered)  # budget cuts can mislead QuickXplain
    try:
        size = max(1, len(core) // 2) if len(core) > 2 * checks else 1
        while True:  # drop blocks of constraints, the farthest first; blocks of 1: the deletion filter
            end = len(core)
            while end > 0:
                trial = core[: max(0, end - size)] + core[end:]
                if refuted(trial):
                    core = trial
                end -= size
            if size == 1:
                break
            size //= 2
    except _OutOfChecks:
        pass
    return core


def _refutation_nodes(board: Board, candidates: Sequence[int], cell: int, value: int) -> int:
    """The search nodes the whole model needs to refute ``cell = value`` (a large number
    past :data:`BUDGET`, or when it does not)."""
    constraints = [c for c in board.model.constraints if not isinstance(c, ValueIn)]
    domains = {c: candidates[c] for c in range(len(candidates))}
    domains[cell] = 1 << (value - 1)
    board.check_deadline()
    search = BitmaskSearch(_model(board, constraints, domains), board.deadline)
    root = search.propagated()
    if root is None:
        return 0
    limit = BUDGET
    try:
        found = search._search(root, limit)
    except Restart:
        return limit + 1
    return search.nodes if found is None else limit + 2


def _quick_xplain(refuted, background: list, changed: bool, constraints: list) -> list:
    """The preferred subset-minimal set of ``constraints`` that with ``background`` is
    refuted: Junker's QuickXplain ("QUICKXPLAIN: preferred explanations and relaxations
    for over-constrained problems", AAAI 2004), divide and conquer, so a set of ``k``
    among ``m`` constraints takes about ``k log(m / k)`` checks instead of ``m``; earlier
    constraints (those nearer the cell) are preferred."""
    if changed and refuted(background):
        return []
    if len(constraints) <= 1:
        return list(constraints)
    half = len(constraints) // 2
    first, second = constraints[:half], constraints[half:]
    kept_second = _quick_xplain(refuted, background + first, bool(first), second)
    kept_first = _quick_xplain(refuted, background + kept_second, bool(kept_second), first)
    return kept_first + kept_second


def find_minimal_deduction(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """The minimal deduction (see the module docstring): always one step on a puzzle with
    one solution that is not yet solved."""
    constraints = [c for c in board.model.constraints if not isinstance(c, ValueIn)]
    everything = {c: candidates[c] for c in range(len(candidates))}
    solution = board.solution
    if solution is None or any(not candidates[c] >> (v - 1) & 1 for c, v in enumerate(solution)):
        solution = BitmaskSearch(_model(board, constraints, everything), board.deadline).find_solution()
    if solution is None:
        return
    wrong = sorted(
        (
            (c, v)
            for c in range(len(candidates))
            if c not in placed
            for v in values_of(candidates[c])
            if v != solution[c]
        ),
        key=lambda cv: (candidates[cv[0]].bit_count(), cv),
    )
    try:
        found = _by_cores(board, candidates, wrong, solution)
    except (NotSupportedError, _TooDeep):  # a kind SAT lacks, or sums it settles slowly
        found = _by_search(board, candidates, wrong, solution)
    if found is None:
        return
    core, removed = found
    cells = tuple(sorted({c for constraint in core for c in constraint.cells}))
    # a clue from an extra cell by its name; a killer cage (a sum and an AllDifferent of one label) once
    names = in_words(list(dict.fromkeys(board.model.label_of(c) for c in core)))
    yield Deduction(
        "minimal deduction",
        (),
        tuple(sorted(removed)),
        cells,
        tuple(sorted({v for _, v in removed})),
        tuple((c, v) for c in cells for v in values_of(candidates[c])),
        tuple(core),
        f"search-backed (a backtracking search, not a chain a reader can replay) over {names}",
    )


def _by_search(
    board: Board, candidates: list[int], wrong: list[tuple[int, int]], solution: Sequence[int]
) -> tuple[list[Constraint], list[tuple[int, int]]] | None:
    """The smallest refuting set and the candidates it removes, by the engine's search
    (QuickXplain over layers of constraints): for a kind the SAT encoding lacks."""
    costs: list[tuple[int, tuple[int, int]]] = []
    free = 0  # the candidates refuted by propagation alone so far
    for cv in wrong[:SCREEN]:
        cost = _refutation_nodes(board, candidates, *cv)
        costs.append((cost, cv))
        free += cost == 0
        if free >= TRIES:
            break  # none after them can come first (the sort is stable)
    screened = [cv for _, cv in sorted(costs, key=lambda pair: pair[0])]
    best: tuple[list[Constraint], int, int] | None = None
    for cell, value in screened[:TRIES]:
        core = minimal_core(board, candidates, cell, value)
        if core is not None and (best is None or len(core) < len(best[0])):
            best = (core, cell, value)
    if best is None:
        return None
    core, cell, value = best
    removed = [(cell, value)]
    for v in values_of(candidates[cell]):  # the cell's other candidates the same set refutes
        if v != value and v != solution[cell] and refutes(board, core, candidates, cell, v, BUDGET):
            removed.append((cell, v))
    return core, removed


SCREEN_CONFLICTS = 1_000
"""The conflicts the SAT solver may spend refuting each screened candidate by the whole
model (:func:`_by_cores`); if it refutes none within them, the first is refuted with no
limit."""

DEEP_CONFLICTS = 60_000
"""The conflicts the SAT solver may spend refuting the first screened candidate when none
fell within :data:`SCREEN_CONFLICTS` (a step of a killer without givens takes some
20,000); past them the step, and every later one of the path that needs as many, is the
engine's (:func:`_by_search`, whose refutation by the whole model goes to CP-SAT): on The
Barbed Cross (little killers over few givens, whose sums the clauses settle slowly)
MiniSat refuted none within 1.4 million conflicts."""


class _TooDeep(Exception):
    """The SAT solver did not refute a candidate within :data:`DEEP_CONFLICTS`."""


_TOO_DEEP: list = [None]
"""The solver (:data:`_SHARED`) that ran out of :data:`DEEP_CONFLICTS` on a step: the later
steps of its path go to the engine at once (The Barbed Cross: 3 s a step saved)."""


CORE_CONFLICTS = 2_000
"""The conflicts one check of the deletion filter may spend (:func:`_by_cores`); a
constraint whose removal is not decided within them is kept (the set stays proven, only
its minimality may suffer)."""

FILTER_CONFLICTS = 10_000
"""The conflicts the deletion filter may spend on one step in all (:func:`_by_cores`): on a
killer without givens, where dropping any constraint of a core of most of the model leaves
a question the solver does not settle within :data:`CORE_CONFLICTS`, the filter would
otherwise try each of some sixty constraints in vain (8 s of a 12 s step on ``Wecoc #2``;
within this budget, 0.5 s)."""


def _by_cores(
    board: Board, candidates: list[int], wrong: list[tuple[int, int]], solution: Sequence[int]
) -> tuple[list[Constraint], list[tuple[int, int]]] | None:
    """The smallest refuting set and the candidates it removes, by unsatisfiable cores
    (:class:`~sudoku_cp.backends.sat.Selectors`, one solver per model along the path):
    the first :data:`SCREEN` wrong candidates are each refuted by the whole model within
    :data:`SCREEN_CONFLICTS` conflicts, and the one of the smallest core is kept; if none
    is refuted within them, the first within :data:`DEEP_CONFLICTS` (on a killer without
    givens each refutation by the whole model takes some 20,000 conflicts and cites most
    of it, whichever the candidate); its core is then
    shrunk by the deletion filter with core refinement (Marques-Silva, ISMVL 2010; Belov
    and Marques-Silva, FMCAD 2011): each constraint of the core, the farthest from the
    cell first (:func:`_layers`), is dropped if the rest still refutes the candidate, the
    rest then cut to the core of that answer. Each constraint the filter keeps was needed
    when it was tried, so the set is subset-minimal unless a check ran out of
    :data:`CORE_CONFLICTS` or the filter out of :data:`FILTER_CONFLICTS` (the set is
    proven either way). All budgets are counted in conflicts, so the steps do not depend
    on the machine's load.

    Raises:
        NotSupportedError: a kind the SAT encoding lacks.
        _TooDeep: no refutation within :data:`DEEP_CONFLICTS`.
    """
    from sudoku_cp.backends.sat import OutOfConflicts

    model = board.model
    k = model.value_count
    chosen = [i for i, c in enumerate(model.constraints) if not isinstance(c, ValueIn)]
    excluded = {(c, v) for c, mask in enumerate(candidates) for v in range(1, k + 1) if not mask >> v - 1 & 1}
    with _selectors(board, excluded) as solver:
        best: tuple[list[int], tuple[int, int]] | None = None
        undecided = []
        for cv in wrong[:SCREEN]:
            try:
                core = solver.core(chosen, [cv], SCREEN_CONFLICTS)
            except OutOfConflicts:
                undecided.append(cv)
                continue
            if core is not None and (best is None or len(core) < len(best[0])):
                best = (core, cv)
        if best is None and undecided:  # refutations this dear: the first, within DEEP_CONFLICTS
            if _TOO_DEEP[0] is solver:
                raise _TooDeep  # it ran out on an earlier step of this path
            try:
                core = solver.core(chosen, undecided[:1], DEEP_CONFLICTS)
            except OutOfConflicts:
                _TOO_DEEP[0] = solver
                raise _TooDeep from None
            best = None if core is None else (core, undecided[0])
        if best is None:
            return None
        core, (cell, value) = best
        rank = _ranks(board, cell)
        core.sort(key=lambda i: rank.get(i, len(rank)))
        kept: set[int] = set()
        left = FILTER_CONFLICTS
        while left > 0:
            unsure = [i for i in core if i not in kept]
            if not unsure:
                break
            drop = unsure[-1]  # the farthest from the cell
            before = solver.conflicts
            try:
                refined = solver.core(
                    [i for i in core if i != drop], [(cell, value)], min(CORE_CONFLICTS, left)
                )
            except OutOfConflicts:
                refined = None
            left -= solver.conflicts - before
            if refined is None:
                kept.add(drop)
            else:
                inside = set(refined)
                core = [i for i in core if i in inside]
        removed = [(cell, value)]
        for v in values_of(candidates[cell]):  # the cell's other candidates the same set refutes
            if v != value and v != solution[cell]:
                try:
                    if solver.core(core, [(cell, v)], CORE_CONFLICTS) is not None:
                        removed.append((cell, v))
                except OutOfConflicts:
                    pass
    return [model.constraints[i] for i in core], removed


def _ranks(board: Board, cell: int) -> dict[int, int]:
    """Each constraint's index (into the model's constraints) to its layer from ``cell``
    (:func:`_layers`: 0 for those holding it, 1 for those meeting them...)."""
    index = {id(c): i for i, c in enumerate(board.model.constraints)}
    return {index[id(c)]: depth for depth, layer in enumerate(_layers(board, cell)) for c in layer}


_SHARED: list = [None]
"""The :class:`~sudoku_cp.backends.sat.Selectors` of the last model (one solver along an
explanation's path, whose candidates only shrink); its lock in :data:`_SHARED_LOCK`."""

_SHARED_LOCK = threading.Lock()


def forget_solver() -> None:
    """Delete the shared solver (:data:`_SHARED`), as at the interpreter's exit (PySAT's own
    finaliser may find its module half torn down by then)."""
    with _SHARED_LOCK:
        solver, _SHARED[0] = _SHARED[0], None
    if solver is not None:
        solver.close()


atexit.register(forget_solver)


@contextlib.contextmanager
def _selectors(board: Board, excluded: set[tuple[int, int]]):
    """A :class:`~sudoku_cp.backends.sat.Selectors` over the board's model with ``excluded``
    as unit clauses: the shared one when it is of this model and its exclusions are among
    ``excluded`` (the path went on), else a new one, shared from then on; a private one
    while another thread uses the shared one.

    Raises:
        NotSupportedError: a kind the SAT encoding lacks.
    """
    from sudoku_cp.backends.sat import Selectors

    deadline = board.deadline or Deadline(None)
    if not _SHARED_LOCK.acquire(blocking=False):
        with Selectors(board.model, deadline) as private:
            private.exclude(excluded)
            yield private
        return
    try:
        solver = _SHARED[0]
        if solver is None or solver.model is not board.model or not solver.excluded <= excluded:
            if solver is not None:
                _SHARED[0] = None
                solver.close()
            solver = Selectors(board.model, deadline)
            _SHARED[0] = solver
        solver.deadline = deadline
        solver.exclude(excluded - solver.excluded)
        yield solver
    finally:
        _SHARED_LOCK.release()

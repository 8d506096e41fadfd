"""The python-constraint model of a puzzle: variables, domains and one constraint per
constraint of the puzzle's model (:func:`build_problem`, :func:`problem_of`), and the
solvers python-constraint ships (:data:`SOLVERS`)."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Sequence

import constraint

from sudoku_cp.backends import unsupported
from sudoku_cp.backends.pyconstraint import constraints as ours
from sudoku_cp.engine.count_lines import count_filter
from sudoku_cp.engine.propagators import line_propagator, linear_propagator, propagator
from sudoku_cp.engine.sums import implied_sums
from sudoku_cp.errors import InvalidArgumentError, NoSolutionError
from sudoku_cp.io.inputs import to_puzzle
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

SOLVERS: dict[str, Callable[[], constraint.Solver]] = {
    "backtracking": lambda: constraint.BacktrackingSolver(forwardcheck=True),
    "backtracking-nofc": lambda: constraint.BacktrackingSolver(forwardcheck=False),
    "optimized": lambda: constraint.OptimizedBacktrackingSolver(forwardcheck=True),
    "optimized-nofc": lambda: constraint.OptimizedBacktrackingSolver(forwardcheck=False),
    "recursive": lambda: constraint.RecursiveBacktrackingSolver(forwardcheck=True),
    "recursive-nofc": lambda: constraint.RecursiveBacktrackingSolver(forwardcheck=False),
    "minconflicts": lambda: constraint.MinConflictsSolver(),
}
"""The single-solution solvers python-constraint ships, by name (``-nofc``: forward
checking off). ``ParallelSolver`` is left out: it only enumerates all solutions."""

COMPLETE_SOLVERS = tuple(name for name in SOLVERS if name != "minconflicts")
"""The solvers whose "no solution" is a proof, so they can guarantee the smallest solution.
MinConflicts is a local search that gives up after a number of steps."""

DEFAULT_SOLVER = "backtracking"
"""The solver :func:`solve` and :func:`first_solution` use (see the module docstring)."""

CONSTRAINT_FORMS = ("hidden-singles", "alldifferent", "pairwise")
"""The ways to state "all different" over a unit (see :func:`build_problem`)."""

DEFAULT_CONSTRAINTS = "hidden-singles"
"""The constraint form used unless another is asked for (see the module docstring)."""

WATCH_PEERS = True
"""Whether cages, ``Less`` groups and binary links are also called when a peer of their
cells is assigned (see :class:`Watching`)."""

EVERY_UNIT = True
"""Whether variants also get :class:`EveryUnitHiddenSingles`."""

NATIVE_KINDS = CORE_KINDS
"""The constraint kinds :func:`problem_of` states; every other kind is rewritten into them
(:mod:`sudoku_cp.model.decompose`), or refused (:class:`~sudoku_cp.errors.NotSupportedError`)."""

KINDS = tuple(NATIVE_KINDS)


# -- the model ------------------------------------------------------------------------


@functools.cache
def variable_names(side: int) -> tuple[str, ...]:
    """The variable of each cell, row-major: ``"r1c1"``, ``"r1c2"``, ... (1-based row and column)."""
    return tuple(f"r{row + 1}c{col + 1}" for row in range(side) for col in range(side))


def model_variable_names(model: Model) -> tuple[str, ...]:
    """The variable of each cell of a model: :func:`variable_names` of its side, or on a
    multi-grid board the board row and column of each cell (``"r7c13"``)."""
    if model.positions is None:
        return variable_names(model.side)
    return tuple(model.cell_name(cell) for cell in range(model.cell_count))


def build_problem(
    puzzle: Puzzle | Grid,
    solver: constraint.Solver | str | None = None,
    *,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> constraint.Problem:
    """The python-constraint model of a puzzle of any size and variant.

    Args:
        puzzle: the puzzle (a :class:`Grid` means classic rules).
        solver: a python-constraint ``Solver`` instance, a name from :data:`SOLVERS`, or
            ``None`` for :data:`DEFAULT_SOLVER`.
        constraints: how each unit (an AllDifferent over ``n`` cells) is stated (the same
            solutions every time), a name from :data:`CONSTRAINT_FORMS`:
            ``"hidden-singles"`` (default) one :class:`AllDifferentHiddenSingles` (an
            ``AllDifferentConstraint`` that also places hidden singles),
            ``"alldifferent"`` python-constraint's own ``AllDifferentConstraint``,
            ``"pairwise"`` ``n(n-1)/2`` binary ``!=`` constraints
            (``FunctionConstraint(operator.ne)``).

    Returns:
        A ``constraint.Problem`` with ``n*n`` variables named by :func:`variable_names`
        (domain ``[v]`` for a given ``v``, the cell's allowed values otherwise) and one
        constraint per constraint of the puzzle's model (``3n`` AllDifferent for classic
        Sudoku, unless pairwise). Its ``getSolution()`` is a dict from variable name to
        value, or ``None`` when there is no solution.

    Raises:
        ValueError: unknown solver name or constraint form.
    """
    puzzle = to_puzzle(puzzle)
    model = puzzle.model
    return problem_of(model, [value_order(domain) for domain in model.domains()], solver, constraints)


def first_solution(
    puzzle: Puzzle | Grid,
    solver: constraint.Solver | str | None = None,
    *,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> Grid:
    """python-constraint's own first solution, with **no** minimality guarantee.

    Which solution comes first depends on the solver's variable and value order, so
    backends (and solvers) may disagree on puzzles with several solutions; compare
    :func:`solve`, which returns the smallest. No time limit.

    Raises:
        NoSolutionError: the puzzle has no solution (or, for ``"minconflicts"``, the
            local search gave up).
        ValueError: unknown solver name or constraint form.
    """
    puzzle = to_puzzle(puzzle)
    solution = build_problem(puzzle, solver, constraints=constraints).getSolution()
    if solution is None:
        raise NoSolutionError("python-constraint found no solution")
    return puzzle.grid.with_cells([solution[name] for name in model_variable_names(puzzle.model)])


def value_order(domain: Sequence[int]) -> list[int]:
    # python-constraint tries a domain's values from the end of the list; writing the
    # domain backwards makes it try the smallest value first, which gives a witness
    # close to the smallest solution and so fewer improvement searches.
    return sorted(domain, reverse=True)


def values_of(mask: int) -> list[int]:
    """The values whose bits (bit ``v - 1`` for value ``v``) are set in a candidate mask."""
    return [value for value in range(1, mask.bit_length() + 1) if mask >> (value - 1) & 1]


def _make_solver(solver: constraint.Solver | str | None) -> constraint.Solver:
    if isinstance(solver, constraint.Solver):
        return solver
    name = DEFAULT_SOLVER if solver is None else solver
    if name not in SOLVERS:
        raise InvalidArgumentError(f"unknown python-constraint solver {name!r}; known: {', '.join(SOLVERS)}")
    return SOLVERS[name]()


def _binary_links(
    pairs: list[tuple[int, int, frozenset[tuple[int, int]]]], names: Sequence[str], side: int
) -> dict[str, list[ours.Link]]:
    """The links of each cell's :class:`CellLinks` from ``(first, second, allowed pairs)`` triples."""
    links: dict[str, list[ours.Link]] = {}
    for first, second, allowed in pairs:
        forward, backward = _supports(allowed, side)
        links.setdefault(names[first], []).append((names[second], *forward))
        links.setdefault(names[second], []).append((names[first], *backward))
    return links


@functools.cache
def _supports(
    allowed: frozenset[tuple[int, int]], side: int
) -> tuple[tuple[dict[int, frozenset[int]], bool], tuple[dict[int, frozenset[int]], bool]]:
    """Both directions' ``(allowed, loose)`` of a binary table (see :data:`Link`)."""
    values = range(1, side + 1)
    everything = frozenset(values)
    forward = {v: frozenset(w for w in values if (v, w) in allowed) for v in values}
    backward = {w: frozenset(v for v in values if (v, w) in allowed) for w in values}

    def loose(table: dict[int, frozenset[int]]) -> bool:
        return all(table[a] | table[b] == everything for a, b in itertools.combinations(values, 2))

    return (forward, loose(forward)), (backward, loose(backward))


def _less_groups(pairs: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The ``Less`` pairs split into groups that share no cell (connected components)."""
    group_of: dict[int, int] = {}  # cell -> the representative of its group (union-find)

    def root(cell: int) -> int:
        while group_of.setdefault(cell, cell) != cell:
            group_of[cell] = group_of[group_of[cell]]
            cell = group_of[cell]
        return cell

    for first, second in pairs:
        group_of[root(first)] = root(second)
    groups: dict[int, list[tuple[int, int]]] = {}
    for pair in pairs:
        groups.setdefault(root(pair[0]), []).append(pair)
    return list(groups.values())


@functools.cache
def _table(kind: str, side: int) -> frozenset[tuple[int, int]]:
    """The allowed pairs of ``!=`` (``"ne"``) or ``<`` (``"lt"``) over ``1..side``."""
    test = operator.ne if kind == "ne" else operator.lt
    values = range(1, side + 1)
    return frozenset((a, b) for a in values for b in values if test(a, b))


def problem_of(
    model: Model,
    domains: Sequence[Sequence[int]],
    solver: constraint.Solver | str | None,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> constraint.Problem:
    """A Problem over the cells of the model with the given domains (row-major)."""
    if constraints not in CONSTRAINT_FORMS:
        raise InvalidArgumentError(
            f"unknown constraint form {constraints!r}; known: {', '.join(CONSTRAINT_FORMS)}"
        )
    model = decompose(model, NATIVE_KINDS, "python-constraint")
    problem = constraint.Problem(_make_solver(solver))
    names = model_variable_names(model)
    for name, domain in zip(names, domains, strict=True):
        problem.addVariable(name, list(domain))
    degree = dict.fromkeys(names, 0)

    def add(item: constraint.Constraint, variables: list[str]) -> None:
        problem.addConstraint(item, variables)
        if len(variables) > 1:  # python-constraint folds one-variable constraints into the domain
            for variable in variables:
                degree[variable] += 1

    def add_watched(item: constraint.Constraint, cells: Iterable[int]) -> None:
        """Add ``item`` over ``cells``, called also when one of their peers is assigned."""
        own = [names[cell] for cell in cells]
        if not WATCH_PEERS:
            add(item, own)
            return
        peers = {names[peer] for cell in cells for peer in model.peers[cell]}
        add(ours.Watching(item, own), own + sorted(peers - set(own)))

    def add_sum(item: kinds.Sum) -> None:
        variables = [names[cell] for cell in item.cells]
        if len(variables) == 1:  # a one-cell cage fixes its cell
            add(constraint.InSetConstraint({item.total}), variables)
        elif all(b in model.peers[a] for a, b in itertools.combinations(item.cells, 2)):
            add_watched(ours.DistinctCageSum(model.value_count, item.total, len(variables)), item.cells)
        else:
            add_watched(ours.CageSum(item.total), item.cells)

    for implied in implied_sums(model):  # the 45 rule: sums that cages and units imply
        add_sum(implied)
    values = range(1, model.value_count + 1)  # more than the side on a grid of more digits
    binary = []  # (first, second, allowed pairs), stated per cell as CellLinks
    less = []  # (smaller, larger) cells, stated per connected group as LessChains
    for item in model.constraints:
        variables = [names[cell] for cell in item.cells]
        if isinstance(item, kinds.AllDifferent) and len(variables) == 2:
            binary.append((*item.cells, _table("ne", model.value_count)))
        elif isinstance(item, kinds.AllDifferent):
            if constraints == "pairwise":
                for first, second in itertools.combinations(variables, 2):
                    add(constraint.FunctionConstraint(operator.ne), [first, second])
            elif constraints == "hidden-singles" and len(variables) == model.value_count:  # holds every value
                add(ours.AllDifferentHiddenSingles(values), variables)
            else:
                add(constraint.AllDifferentConstraint(), variables)
        elif isinstance(item, kinds.Sum):
            add_sum(item)
        elif isinstance(item, kinds.Less):
            less.append((item.first, item.second))
        elif isinstance(item, kinds.Relation):
            binary.append((item.first, item.second, item.allowed))
        elif isinstance(item, kinds.Linear) and item.is_plain_sum:
            add_sum(item.as_sum())  # little killers, outside sums: as cages
        elif isinstance(item, kinds.Linear):  # numbered 0..k-1, with the peers among its cells
            local = dataclasses.replace(item, cells=tuple(range(len(item.cells))))
            near = [[j for j, other in enumerate(item.cells) if other in model.peers[c]] for c in item.cells]
            add_watched(ours.Supports(linear_propagator(local, near)), item.cells)
        elif isinstance(item, kinds.Regular):  # numbered 0..k-1: a count line with its peers among them
            local = dataclasses.replace(item, cells=tuple(range(len(item.cells))))
            near = [[j for j, other in enumerate(item.cells) if other in model.peers[c]] for c in item.cells]
            counted = count_filter([local], model.value_count, near, ())
            add_watched(ours.Supports(counted or line_propagator(local, model.value_count)), item.cells)
        elif isinstance(item, (kinds.Table, *LINE_AUTOMATON_KINDS)):
            local = dataclasses.replace(item, cells=tuple(range(len(item.cells))))
            add_watched(ours.Supports(propagator(local, model)), item.cells)
        elif not isinstance(item, kinds.ValueIn):  # ValueIn: already in the domains
            raise unsupported("python-constraint", item)
    for group in _less_groups(less):
        cells = sorted({cell for pair in group for cell in pair})
        add_watched(ours.LessChains((names[a], names[b]) for a, b in group), cells)
    if EVERY_UNIT and not model.is_classic and constraints == "hidden-singles":
        units = [[names[cell] for cell in unit.cells] for unit in model.units]
        add(ours.EveryUnitHiddenSingles(units, model.value_count), list(names))
    network = _binary_links(binary, names, model.value_count)
    for centre, links in network.items():
        cells = [names.index(cell) for cell in dict.fromkeys([centre, *(partner for partner, _, _ in links)])]
        if all(loose for _, _, loose in links):  # like !=: nothing to revise before an assignment
            add(ours.CellLinks(centre, network), [names[cell] for cell in cells])
        else:
            add_watched(ours.CellLinks(centre, network), cells)
    _even_out_degrees(problem, degree)
    return problem


def open_problem(
    model: Model,
    domains: Sequence[Sequence[int]],
    solver: constraint.Solver | str | None,
    constraints: str = DEFAULT_CONSTRAINTS,
) -> tuple[constraint.Problem, list[int]] | None:
    """The Problem of a classic model (:attr:`~sudoku_cp.model.constraints.Model.is_classic`:
    only ``AllDifferent`` units) over its *open* cells alone: those whose domain (row-major,
    as in :func:`problem_of`) has more than one value.

    A cell with one value (a given, a cell of the fixed prefix, a cell the preprocessing
    decided) is left out, its value taken out of its peers' domains, and each unit is
    stated over its open cells and the values its fixed cells do not hold (the same three
    forms as :func:`problem_of`). The solutions restricted to the open cells are the
    same; python-constraint's ``BacktrackingSolver`` sorts and copies every variable's
    domain at every node, so on a sparse grid's late questions, where most cells are
    fixed, a node costs a fraction of the full model's (the 24x24 grid with 30% givens of
    ``bench_backends.py --family sparse``: 108 to 171 open cells of 576).

    Returns:
        ``(problem, cells)``: the Problem, whose variables are the open cells' names
        (:func:`model_variable_names`), and those cells in row-major order; ``None``
        when the fixed cells already break a unit or leave an open cell no value (then
        there is no solution with these domains).

    Raises:
        ValueError: unknown solver name or constraint form, or a model that is not classic.
    """
    if constraints not in CONSTRAINT_FORMS:
        raise InvalidArgumentError(
            f"unknown constraint form {constraints!r}; known: {', '.join(CONSTRAINT_FORMS)}"
        )
    if not model.is_classic:
        raise InvalidArgumentError("open_problem takes a classic model (AllDifferent units only)")
    fixed = [domain[0] if len(domain) == 1 else 0 for domain in domains]
    if any(not domain for domain in domains):
        return None
    names = model_variable_names(model)
    open_domains: dict[int, list[int]] = {}
    for cell, domain in enumerate(domains):
        if not fixed[cell]:
            taken = {fixed[peer] for peer in model.peers[cell]}
            kept = [value for value in domain if value not in taken]
            if not kept:
                return None
            open_domains[cell] = kept
    problem = constraint.Problem(_make_solver(solver))
    for cell, domain in open_domains.items():
        problem.addVariable(names[cell], domain)
    degree = dict.fromkeys((names[cell] for cell in open_domains), 0)
    values = range(1, model.value_count + 1)
    for unit in model.units:
        held = [fixed[cell] for cell in unit.cells if fixed[cell]]
        if len(set(held)) < len(held):
            return None  # two fixed cells of the unit hold the same value
        variables = [names[cell] for cell in unit.cells if not fixed[cell]]
        if len(variables) < 2:
            continue  # an open cell alone in its unit (its domain is what is left): nothing to state
        if constraints == "pairwise":
            for first, second in itertools.combinations(variables, 2):
                problem.addConstraint(constraint.FunctionConstraint(operator.ne), [first, second])
                degree[first] += 1
                degree[second] += 1
            continue
        if constraints == "hidden-singles":
            open_values = (v for v in values if v not in held)
            problem.addConstraint(ours.AllDifferentHiddenSingles(open_values), variables)
        else:
            problem.addConstraint(constraint.AllDifferentConstraint(), variables)
        for variable in variables:
            degree[variable] += 1
    if degree:
        _even_out_degrees(problem, degree)
    return problem, list(open_domains)


def _even_out_degrees(problem: constraint.Problem, degree: dict[str, int]) -> None:
    """Give every variable the same number of constraints, so that python-constraint's
    ``BacktrackingSolver``, which picks the next variable by degree before domain size,
    picks by domain size alone (MRV). Without this, the cells of an X-Sudoku diagonal,
    a Windoku window or a multi-cell cage, which have one or two constraints more,
    would always be searched first whatever their domains, and some hyper puzzles ran
    past 60 s. The padding constraints always hold, so the solutions are the same."""
    most = max(degree.values())
    for variable, count in degree.items():
        for _ in range(most - count):
            problem.addConstraint(ours.Padding(), [variable])

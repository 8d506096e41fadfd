"""The python-constraint backend's own constraints prune soundly.

Each constraint class of :mod:`sudoku_cp.backends.pyconstraint` is called the way
python-constraint's solver calls it (some variables assigned, the open ones with their
current domains, forward checking on) on small random cases, and compared with brute
force over the open variables' domains: when it fails there is no completion, and every
value it hides from an open variable is used by no completion. On complete assignments
without forward checking it must accept exactly the assignments that satisfy the rule.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Sequence

import constraint
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cp.backends import pyconstraint as pc
from sudoku_cp.backends.pyconstraint import model as pc_model
from sudoku_cp.engine.sums import distinct_combinations

Holds = Callable[[dict[str, int]], bool]


def _completions(variables: Sequence[str], domains, assignments: dict[str, int], holds: Holds):
    open_variables = [v for v in variables if v not in assignments]
    for values in itertools.product(*(domains[v] for v in open_variables)):
        candidate = {**assignments, **dict(zip(open_variables, values, strict=True))}
        if holds(candidate):
            yield candidate


def assert_sound(item, variables, domain_values, assignments, holds: Holds) -> None:
    """Call ``item`` with forward checking and compare with brute force (see the module docstring)."""
    domains = {v: constraint.Domain(list(values)) for v, values in domain_values.items()}
    solutions = list(_completions(variables, domain_values, assignments, holds))
    for domain in domains.values():
        domain.pushState()
    if not item(variables, domains, assignments, True):
        assert not solutions, f"failed although {solutions[0]} completes {assignments}"
        return
    for variable in variables:
        if variable not in assignments:
            used = {solution[variable] for solution in solutions}
            assert used <= set(domains[variable]), f"{variable} lost a value of a solution"
    for domain in domains.values():  # python-constraint restores hidden values on backtracking
        domain.popState()
    assert {v: sorted(d) for v, d in domains.items()} == {v: sorted(d) for v, d in domain_values.items()}


def assert_checks(item, variables, domain_values, holds: Holds) -> None:
    """Without forward checking, a complete assignment passes iff it satisfies the rule."""
    domains = {v: constraint.Domain(list(values)) for v, values in domain_values.items()}
    for values in itertools.product(*(domain_values[v] for v in variables)):
        assignment = dict(zip(variables, values, strict=True))
        assert item(variables, domains, assignment, False) == holds(assignment), assignment


def _domains_and_assignment(variables: Sequence[str], side: int):
    """A strategy of ``(domains, assignment)``: non-empty domains over ``1..side`` and some
    variables assigned a value of their domain."""
    domain = st.sets(st.integers(1, side), min_size=1).map(sorted)
    domains = st.fixed_dictionaries(dict.fromkeys(variables, domain))

    def with_assignment(domains):
        picks = st.fixed_dictionaries(
            {v: st.one_of(st.none(), st.sampled_from(values)) for v, values in domains.items()}
        )
        return picks.map(lambda p: (domains, {v: value for v, value in p.items() if value is not None}))

    return domains.flatmap(with_assignment)


# -- LessChains -----------------------------------------------------------------------

LESS_VARIABLES = ["a", "b", "c", "d", "e"]
LESS_PAIRS = [("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")]  # a thermometer with a branch


def _less_holds(pairs) -> Holds:
    return lambda values: all(values[x] < values[y] for x, y in pairs)


@settings(max_examples=60, deadline=None)
@given(_domains_and_assignment(LESS_VARIABLES, 6))
def test_less_chains_prune_soundly(case) -> None:
    domains, assignments = case
    assert_sound(pc.LessChains(LESS_PAIRS), LESS_VARIABLES, domains, assignments, _less_holds(LESS_PAIRS))


def test_less_chains_check_complete_assignments() -> None:
    domains = dict.fromkeys(LESS_VARIABLES, [1, 2, 3, 4, 5])
    assert_checks(pc.LessChains(LESS_PAIRS), LESS_VARIABLES, domains, _less_holds(LESS_PAIRS))


def test_less_chains_narrow_a_whole_thermometer_at_once() -> None:
    chain = pc.LessChains([("a", "b"), ("b", "c"), ("c", "d")])
    domains = {v: constraint.Domain(list(range(1, 10))) for v in "abcd"}
    for domain in domains.values():
        domain.pushState()
    assert chain(list("abcd"), domains, {"a": 5}, True)
    assert [sorted(domains[v]) for v in "bcd"] == [[6, 7], [7, 8], [8, 9]]


def test_less_chains_preprocess_to_the_bounds_and_a_cycle_has_no_solution() -> None:
    problem = constraint.Problem()
    problem.addVariables(list("abc"), list(range(1, 10)))
    problem.addConstraint(pc.LessChains([("a", "b"), ("b", "c")]), list("abc"))
    domains, _, _ = problem._getArgs()
    assert [sorted(domains[v]) for v in "abc"] == [list(range(1, 8)), list(range(2, 9)), list(range(3, 10))]
    cyclic = constraint.Problem()
    cyclic.addVariables(list("ab"), [1, 2, 3])
    cyclic.addConstraint(pc.LessChains([("a", "b"), ("b", "a")]), list("ab"))
    assert cyclic.getSolution() is None


# -- CellLinks ------------------------------------------------------------------------

LINK_VARIABLES = ["a", "b", "c", "d"]
CONSECUTIVE = frozenset((x, y) for x in range(1, 6) for y in range(1, 6) if abs(x - y) == 1)
DOUBLE = frozenset((x, y) for x in range(1, 6) for y in range(1, 6) if x == 2 * y or y == 2 * x)
DIFFERENT = frozenset((x, y) for x in range(1, 6) for y in range(1, 6) if x != y)
LINK_PAIRS = [(0, 1, CONSECUTIVE), (1, 2, DOUBLE), (2, 3, CONSECUTIVE), (0, 3, DIFFERENT)]


def _links_holds(values: dict[str, int]) -> bool:
    return all((values[LINK_VARIABLES[x]], values[LINK_VARIABLES[y]]) in ok for x, y, ok in LINK_PAIRS)


@settings(max_examples=60, deadline=None)
@given(_domains_and_assignment(LINK_VARIABLES, 5))
def test_cell_links_prune_soundly(case) -> None:
    domains, assignments = case
    network = pc_model._binary_links(LINK_PAIRS, LINK_VARIABLES, 5)
    # python-constraint calls every cell's constraint that holds an assigned variable
    # (a centre's own constraint when it or a partner is assigned); check each alone
    for centre in network:
        assert_sound(pc.CellLinks(centre, network), LINK_VARIABLES, domains, assignments, _links_holds)


def test_cell_links_together_check_complete_assignments() -> None:
    network = pc_model._binary_links(LINK_PAIRS, LINK_VARIABLES, 5)
    links = [pc.CellLinks(centre, network) for centre in network]

    def every(variables, domains, assignments, forwardcheck):
        return all(link(variables, domains, assignments, forwardcheck) for link in links)

    assert_checks(every, LINK_VARIABLES, dict.fromkeys(LINK_VARIABLES, [1, 2, 3, 4, 5]), _links_holds)


def test_cell_links_narrow_a_kropki_chain_all_along() -> None:
    pairs = [(0, 1, CONSECUTIVE), (1, 2, CONSECUTIVE)]
    network = pc_model._binary_links(pairs, ["a", "b", "c"], 5)
    start = {"a": [1], "b": [2, 4], "c": [1, 2, 3, 4, 5]}
    domains = {v: constraint.Domain(values) for v, values in start.items()}
    for domain in domains.values():
        domain.pushState()
    assert pc.CellLinks("a", network)(["a", "b", "c"], domains, {"a": 1}, True)
    assert (list(domains["b"]), sorted(domains["c"])) == ([2], [1, 3])


def test_inequality_is_loose_and_a_kropki_dot_is_not() -> None:
    assert pc_model._supports(DIFFERENT, 5)[0][1]
    assert not pc_model._supports(CONSECUTIVE, 5)[0][1]


# -- DistinctCageSum ------------------------------------------------------------------

CAGE_VARIABLES = ["a", "b", "c"]


def _cage_holds(total: int) -> Holds:
    return lambda values: len(set(values.values())) == len(values) and sum(values.values()) == total


@settings(max_examples=60, deadline=None)
@given(_domains_and_assignment(CAGE_VARIABLES, 6), st.integers(6, 15))
def test_distinct_cage_sum_prunes_soundly(case, total: int) -> None:
    domains, assignments = case
    cage = pc.DistinctCageSum(6, total, 3)
    assert_sound(cage, CAGE_VARIABLES, domains, assignments, _cage_holds(total))


def test_distinct_cage_sum_checks_complete_assignments() -> None:
    for total in (6, 10, 15):
        cage = pc.DistinctCageSum(6, total, 3)
        domains = dict.fromkeys(CAGE_VARIABLES, list(range(1, 7)))
        assert_checks(cage, CAGE_VARIABLES, domains, _cage_holds(total))


def test_distinct_cage_sum_uses_its_combinations() -> None:
    assert len(distinct_combinations(9, 2, 3)) == 1  # 3 = 1 + 2 only
    cage = pc.DistinctCageSum(9, 3, 2)
    domains = {v: constraint.Domain(list(range(1, 10))) for v in "ab"}
    for domain in domains.values():
        domain.pushState()
    assert cage(["a", "b"], domains, {}, True)
    assert [sorted(domains[v]) for v in "ab"] == [[1, 2], [1, 2]]


# -- EveryUnitHiddenSingles -----------------------------------------------------------

SQUARE = [f"r{r}c{c}" for r in range(3) for c in range(3)]  # a 3x3 Latin square: rows and columns
SQUARE_UNITS = [SQUARE[r * 3 : r * 3 + 3] for r in range(3)] + [SQUARE[c::3] for c in range(3)]


def _square_holds(values: dict[str, int]) -> bool:
    return all(len({values[v] for v in unit}) == 3 for unit in SQUARE_UNITS)


@settings(max_examples=40, deadline=None)
@given(_domains_and_assignment(SQUARE, 3))
def test_every_unit_hidden_singles_prune_soundly(case) -> None:
    domains, assignments = case
    if not all(
        len({assignments[v] for v in unit if v in assignments}) == sum(v in assignments for v in unit)
        for unit in SQUARE_UNITS
    ):
        return  # python-constraint's AllDifferent forward checking rejects these first
    item = pc.EveryUnitHiddenSingles(SQUARE_UNITS, 3)
    assert_sound(item, SQUARE, domains, assignments, _square_holds)


def test_every_unit_hidden_singles_place_a_value_with_one_place() -> None:
    domains = {v: constraint.Domain([1, 2, 3]) for v in SQUARE}
    domains["r0c1"] = constraint.Domain([2, 3])
    domains["r0c2"] = constraint.Domain([2, 3])
    for domain in domains.values():
        domain.pushState()
    assert pc.EveryUnitHiddenSingles(SQUARE_UNITS, 3)(SQUARE, domains, {}, True)
    assert list(domains["r0c0"]) == [1]


# -- Watching -------------------------------------------------------------------------


def test_watching_reads_only_its_own_cells() -> None:
    inner = pc.LessChains([("a", "b")])
    watching = pc.Watching(inner, ["a", "b"])
    domains = {v: constraint.Domain([1, 2, 3]) for v in "abx"}
    for domain in domains.values():
        domain.pushState()
    assert watching(["a", "b", "x"], domains, {"x": 3}, True)
    assert (sorted(domains["a"]), sorted(domains["b"]), sorted(domains["x"])) == ([1, 2], [2, 3], [1, 2, 3])
    assert not watching(["a", "b", "x"], domains, {"a": 3, "b": 1}, False)


def test_watched_model_has_the_same_solutions() -> None:
    """A 4x4 thermo puzzle with and without watching peers: the same smallest solution."""
    import sudoku_cp

    thermos = [[[0, 0], [0, 1], [0, 2]], [[3, 3], [2, 3]]]
    record = {"size": 4, "box": [2, 2], "grid": "." * 16, "rules": {"thermos": thermos}}
    puzzle = sudoku_cp.Puzzle.from_dict(record)
    watched = puzzle.grid.with_cells(pc.smallest(puzzle.model)[0])  # smallest() answers the values
    original = pc_model.WATCH_PEERS
    try:
        pc_model.WATCH_PEERS = False
        assert pc.smallest(puzzle.model)[0] == list(watched.cells)
    finally:
        pc_model.WATCH_PEERS = original
    assert watched == sudoku_cp.solve(puzzle, backend="backtracking")
    assert operator.lt(*[watched.cells[i] for i in (0, 1)])

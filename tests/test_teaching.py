"""engine/teaching.py: the interface notebook 9's hand-written search runs against."""

from __future__ import annotations

import itertools

import pytest

from sudoku_cp import datasets
from sudoku_cp.engine.teaching import YOURS, problem, record_search, start
from sudoku_cp.engine.trace import trace_search
from sudoku_cp.errors import NotSupportedError


def test_a_problem_holds_units_peers_and_thermometers_bulb_first():
    thermo = datasets.load("gen_thermo")[0]
    given = problem(thermo)
    assert len(given.units) == 27 and all(len(u) == 9 for u in given.units)
    assert all(len(p) == 20 for p in given.peers)
    expected = [tuple(r * 9 + c for r, c in t) for t in thermo.rules[0].thermometers]
    assert sorted(given.thermometers) == sorted(expected)
    assert given.givens == thermo.grid.cells


def test_start_assigns_the_givens_with_the_function_it_is_given():
    calls = []

    def assign(problem, domains, cell, value):
        calls.append((cell, value))
        domains[cell] = {value}
        return True

    given = problem("1.........3.....")
    domains = start(given, assign)
    assert calls == [(0, 1), (10, 3)] and domains[0] == {1} and domains[1] == {1, 2, 3, 4}
    assert start(given, lambda *args: False) is None


def test_a_rule_the_interface_does_not_know_is_refused_by_name():
    with pytest.raises(NotSupportedError, match="cage"):
        problem(datasets.load("gen_killer")[0])


# A worked answer of notebook 9 (as in notebooks/solutions/09_write_it_yourself_solutions.ipynb).
def eliminate(problem, domains, cell, value):
    if value not in domains[cell]:
        return True
    domains[cell].discard(value)
    if not domains[cell]:
        return False
    if len(domains[cell]) == 1:
        (last,) = domains[cell]
        if not all(eliminate(problem, domains, peer, last) for peer in problem.peers[cell]):
            return False
    for unit in problem.units_of[cell]:
        places = [c for c in problem.units[unit] if value in domains[c]]
        if not places:
            return False
        if len(places) == 1 and not assign(problem, domains, places[0], value):
            return False
    return True


def assign(problem, domains, cell, value):
    return all(eliminate(problem, domains, cell, other) for other in domains[cell] - {value})


def search(problem, domains, order, stats, assign):
    if domains is None:
        return None
    open_cells = [c for c in problem.cells if len(domains[c]) > 1]
    if not open_cells:
        return domains
    if order == "row-major":
        cell = open_cells[0]
    else:
        cell = min(open_cells, key=lambda c: (len(domains[c]), c))
    for value in sorted(domains[cell]):
        stats["decisions"] += 1
        copy = [set(d) for d in domains]
        if assign(problem, copy, cell, value):
            found = search(problem, copy, order, stats, assign)
            if found is not None:
                return found
    return None


def thermo_bounds(problem, domains, thermometer):
    for a, b in itertools.pairwise(thermometer):
        if not domains[a]:
            return False
        low = min(domains[a])
        domains[b].difference_update(range(1, low + 1))
        if not domains[b]:
            return False
    for a, b in itertools.pairwise(reversed(thermometer)):
        high = max(domains[a])
        domains[b].difference_update(range(high, problem.side + 1))
        if not domains[b]:
            return False
    return True


def _shape(node):
    """What a node must share with the engine's: its place, its decision, how it ended, and
    (unless it failed, where the order of removals decides how far they got) its removals."""
    removed = None if node.status == "failed" else frozenset((r.cell, r.value) for r in node.removals)
    return node.parent, node.decision, node.status, removed


@pytest.mark.parametrize(
    ("puzzle", "order"),
    [(datasets.load("top95")[1], "smallest-domain"), ("1.........3.....", "row-major")],
)
def test_a_recorded_hand_written_search_is_the_engines_tree_node_for_node(puzzle, order):
    mine = record_search(problem(puzzle), search, assign, order)
    engine = trace_search(puzzle, order=order, propagation="hidden", max_nodes=100_000)
    assert [_shape(n) for n in mine.nodes] == [_shape(n) for n in engine.nodes]
    assert mine.solutions[0] == engine.solutions[0] and mine.propagation == YOURS
    assert all(r.rule == YOURS for n in mine.nodes for r in n.removals)

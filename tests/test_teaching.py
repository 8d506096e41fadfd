"""engine/teaching.py: the interface notebook 9's hand-written search runs against."""

from __future__ import annotations

import pytest

from sudoku_cp import datasets
from sudoku_cp.engine.teaching import problem, start
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

"""The recorded search (sudoku_cp.engine.trace) and its picture (sudoku_cp.reasoning.search_tree):
checked against the backends' answers and an independent count."""

from __future__ import annotations

import pytest

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.engine.trace import ORDERS, PROPAGATIONS, trace_search
from sudoku_cp.model.grid import Grid
from sudoku_cp.reasoning import search_tree

SEVERAL = Grid.parse("1.........3.....")


@pytest.mark.parametrize("propagation", PROPAGATIONS)
def test_row_major_search_meets_the_smallest_solution_first(propagation):
    puzzle = datasets.load("top95")[0]
    trace = trace_search(puzzle, order="row-major", propagation=propagation, max_nodes=5000)
    assert trace.solutions[0] == sudoku_cp.solve(puzzle, backend="cpsat").cells


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("propagation", PROPAGATIONS)
def test_a_whole_search_finds_every_solution_once(order, propagation):
    trace = trace_search(SEVERAL, order=order, propagation=propagation, max_solutions=None)
    assert trace.complete
    assert len(trace.solutions) == len(set(trace.solutions)) == sudoku_cp.count_solutions(SEVERAL)
    assert sorted(trace.solutions) == [g.cells for g in sudoku_cp.solutions(SEVERAL)]


@pytest.mark.parametrize("propagation", PROPAGATIONS)
def test_propagation_never_removes_the_value_of_the_solution_it_leads_to(propagation):
    puzzle = datasets.load("top95")[3]
    solution = sudoku_cp.solve(puzzle).cells
    trace = trace_search(puzzle, order="smallest-domain", propagation=propagation, max_nodes=5000)
    for index in trace.path_to_first_solution():
        for removal in trace.nodes[index].removals:
            assert removal.value != solution[removal.cell], (removal, trace.describe(index))


def test_stronger_propagation_never_needs_more_decisions_here():
    puzzle = datasets.load("top95")[0]
    decisions = [
        trace_search(puzzle, order="smallest-domain", propagation=p, max_nodes=5000).decisions
        for p in PROPAGATIONS
    ]
    assert decisions == sorted(decisions, reverse=True)


def test_the_cap_marks_the_trace_incomplete():
    trace = trace_search(datasets.load("top95")[1], order="row-major", propagation="forward", max_nodes=10)
    assert not trace.complete
    assert len(trace.nodes) == 11 and trace.nodes[-1].status == "unexplored"


def test_dead_ends_name_the_constraint_that_failed():
    trace = trace_search(datasets.load("top95")[0], order="row-major", propagation="hidden", max_nodes=200)
    failed = [node for node in trace.nodes if node.status == "failed"]
    assert failed and all(node.failed_by is not None for node in failed)


def test_bad_choices_are_refused():
    with pytest.raises(ValueError, match="order"):
        trace_search(SEVERAL, order="random")
    with pytest.raises(ValueError, match="propagation"):
        trace_search(SEVERAL, propagation="magic")


def test_the_picture_marks_decisions_dead_ends_and_the_first_solution():
    trace = trace_search(datasets.load("top95")[0], order="row-major", propagation="hidden", max_nodes=200)
    svg = search_tree.to_svg(trace)
    assert svg.count("<title>") == len(trace.nodes)
    first = trace.nodes[trace.path_to_first_solution()[-1]]
    assert f"r{first.decision[0] // 9 + 1}c{first.decision[0] % 9 + 1}={first.decision[1]}" in svg


def test_propagation_levels_are_sound_and_nested_on_easy50():
    from sudoku_cp.engine.trace import propagate

    for puzzle in datasets.load("easy50")[:15]:
        solution = sudoku_cp.solve(puzzle).cells
        previous = None
        for level in PROPAGATIONS:
            result = propagate(puzzle, level)
            assert result.failed_by is None
            assert all(solution[r.cell] != r.value for r in result.removals)
            assert all(v in c for v, c in zip(solution, result.candidates, strict=True))
            if previous is not None:  # a stronger level keeps a subset of the candidates
                assert all(set(a) <= set(b) for a, b in zip(result.candidates, previous, strict=True))
            previous = result.candidates

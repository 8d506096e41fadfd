"""A renban line read whole: the runs whose digits a matching of its cells fits, each cell
keeping the digits some such matching gives it (issue 32)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from test_stepwise import assert_sound

from sudoku_cp import datasets, explain
from sudoku_cp.model.constraints import Relation
from sudoku_cp.model.rules import Renban
from sudoku_cp.reasoning.techniques.arguments import Runs, in_digits, runs_of
from sudoku_cp.reasoning.techniques.board import renban_runs, set_supports, values_of


def _line(size: int) -> Relation:
    line = tuple((0, c) for c in range(size))
    return next(c for c in Renban((line,)).constraints(9, (3, 3)) if isinstance(c, Relation))


def _fillings(masks: list[int]) -> list[tuple[int, ...]]:
    """Every filling of the line within ``masks``: different digits, consecutive as a set."""
    return [
        f
        for f in itertools.product(*map(values_of, masks))
        if len(set(f)) == len(f) and max(f) - min(f) == len(f) - 1
    ]


def test_the_runs_of_a_line_are_its_consecutive_sets():
    assert [values_of(m) for m in renban_runs(4, _line(4), 9)] == [
        tuple(range(a, a + 4)) for a in range(1, 7)
    ]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(2, 5).flatmap(lambda k: st.lists(st.integers(1, 511), min_size=k, max_size=k)))
def test_the_whole_line_filter_equals_brute_force(masks):
    size = len(masks)
    runs = renban_runs(size, _line(size), 9)
    fillings = _fillings(masks)
    candidates = list(masks)
    result = set_supports(tuple(range(size)), runs)(candidates)
    if not fillings:
        assert result is None
        return
    assert result is not None
    assert [set(values_of(m)) for m in candidates] == [{f[i] for f in fillings} for i in range(size)]
    assert runs_of(runs, masks).left == tuple(sorted({tuple(sorted(f)) for f in fillings}))


def test_the_argument_reads_as_the_community_writes_it():
    assert Runs(4, ((3, 4, 5, 6), (4, 5, 6, 7))).text() == "4 cells: runs 3-6, 4-7 left"


def test_renban_steps_give_their_runs_and_are_sound():
    path = explain(datasets.load("gen_renban")[0])
    steps = [s for s in path if s.technique == "renban"]
    assert steps and all(isinstance(s.argument, Runs) and " left;" in str(s) for s in steps)
    for step in steps:  # the runs are exactly those a filling of the candidates before it fits
        _, candidates = path.state(path.steps.index(step))
        masks = [sum(1 << (v - 1) for v in candidates[r * 9 + c]) for r, c in step.cells]
        assert step.argument.left == tuple(sorted({tuple(sorted(f)) for f in _fillings(masks)}))
    assert_sound(path, only="renban")
    assert path.solved


def test_the_runs_read_in_the_puzzles_digits():
    assert in_digits(Runs(3, ((1, 2, 3), (2, 3, 4))), range(9)).text() == "3 cells: runs 0-2, 1-3 left"

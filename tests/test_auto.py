"""The ``"auto"`` backend's choice (its answers are checked by the contract suite)."""

from __future__ import annotations

import sudoku_cp
from sudoku_cp import Grid, datasets
from sudoku_cp.backends.auto import choose


def test_small_grids_and_their_variants_go_to_the_backtracker():
    assert choose(Grid.empty(9)) == choose(Grid.empty(16)) == "backtracking"
    assert choose(datasets.load("gen_x")[0]) == choose(datasets.load("gen_killer")[0]) == "backtracking"


def test_jigsaws_and_25x25_grids_go_to_cpsat():
    assert choose(datasets.load("gen_jigsaw")[0]) == "cpsat"
    assert choose(Grid.empty(25)) == "cpsat"


def test_the_stats_say_which_backend_answered():
    jigsaw = datasets.load("gen_jigsaw")[0]
    result = sudoku_cp.solve_with_stats(jigsaw, backend="auto")
    assert result.stats["chose_cpsat"] == 1
    assert result.solution == sudoku_cp.solve(jigsaw, backend="backtracking")
    assert sudoku_cp.solve_with_stats(datasets.load("top95")[0], backend="auto").stats["chose_cpsat"] == 0

"""Count lines (counting circles) filtered knowing which of their cells see each other
(sudoku_cp/engine/count_lines.py): the filter of a set read together, and the engine's
propagator of one line, never remove a value some grid keeping the candidates gives a
cell, checked against every 4x4 grid with the rule stated from its definition."""

from __future__ import annotations

import random

import pytest
from independent import latin_squares_4x4

from sudoku_cp.engine.count_lines import count_filter, count_of_one_value
from sudoku_cp.engine.propagators import propagator
from sudoku_cp.model.constraints import AllDifferent, Regular
from sudoku_cp.model.puzzle import Puzzle

SETS = (
    [(0, 0), (1, 2), (2, 1), (3, 3), (0, 3)],  # five circles: 1..4 may all count
    [(0, 0), (0, 1), (1, 2), (2, 3), (3, 0), (3, 3)],  # six circles: counts adding up to 6
    [(0, 0), (1, 1), (2, 2)],  # three circles apart: 4 in none
)


def _counting(grid: tuple[int, ...], circles) -> bool:
    """The rule as its setters state it: a digit d is in 0 or d of the circles."""
    held = [grid[r * 4 + c] for r, c in circles]
    return all(held.count(d) in (0, d) for d in set(held))


def _model(circles):
    """The model of a 4x4 grid with one set of counting circles, and its Regular lines."""
    rules = {"counting_circles": [[list(c) for c in circles]]}
    model = Puzzle.from_dict({"size": 4, "box": [2, 2], "grid": "." * 16, "rules": rules}).model
    return model, [c for c in model.constraints if isinstance(c, Regular)]


def _supported(grids, candidates) -> list[int]:
    """Per cell, the values some grid within the candidates gives it."""
    out = [0] * 16
    for grid in grids:
        if all(candidates[c] >> (v - 1) & 1 for c, v in enumerate(grid)):
            for c, v in enumerate(grid):
                out[c] |= 1 << (v - 1)
    return out


@pytest.mark.parametrize("circles", SETS)
def test_the_filters_keep_every_value_of_a_grid_within_the_candidates(circles):
    model, lines = _model(circles)
    assert lines and all(count_of_one_value(line.automaton(4), len(line.cells), 4) for line in lines)
    together = count_filter(lines, 4, model.peers, model.of_kind(AllDifferent))
    alone = [propagator(line, model) for line in lines]
    grids = [g for g in latin_squares_4x4() if _counting(g, circles)]
    assert grids and together is not None
    generator = random.Random(41)
    narrowed = 0
    for _ in range(300):
        grid = generator.choice(grids)
        candidates = [1 << (v - 1) | generator.randrange(16) for v in grid]
        for c in range(16):
            if generator.random() < 0.3:
                candidates[c] = 0b1111
        supported = _supported(grids, candidates)
        for filters in ([together], alone):
            after = list(candidates)
            for f in filters:
                assert f(after) is not None
            assert all(supported[c] & ~after[c] == 0 for c in range(16)), (candidates, after)
            narrowed += after != candidates
    assert narrowed  # the filters do narrow


def test_a_digit_needing_more_circles_apart_than_there_are_is_in_none():
    """Three circles on a diagonal of 4x4, no two in a row, column or box but r1c1 and
    r2c2 in box 1: 3 would need three circles apart, two of which see each other, so 3 is
    in none; the automaton alone (a word of three digits) lets 3 fill them."""
    circles = [(0, 0), (1, 1), (2, 2)]
    model, lines = _model(circles)
    three = next(line for line in lines if count_of_one_value(line.automaton(4), 3, 4)[0] == 3)
    candidates = [0b1111] * 16
    assert count_filter([three], 4, model.peers, model.of_kind(AllDifferent))(candidates) is not None
    assert all(not candidates[r * 4 + c] & 0b100 for r, c in circles)

"""Long sums (issue 31, item 5): arrows into two-cell pills. The route of the default
backend, and the engine's bounds over an arrow's cells that must differ."""

from __future__ import annotations

import itertools

from sudoku_cp import Grid, Puzzle
from sudoku_cp.backends import auto
from sudoku_cp.engine.propagators import linear_propagator, propagator
from sudoku_cp.model.constraints import AllDifferent, Linear, Model
from sudoku_cp.model.rules import Arrow, ArrowClue

PILL = Puzzle(Grid.empty(9), (Arrow((ArrowClue(((0, 0), (0, 1)), ((1, 0), (2, 0), (3, 0), (4, 1))),)),))


def test_a_pill_arrow_falls_back_to_cpsat_not_sat() -> None:
    route = auto.route(PILL)
    assert route.label == "variant, multi-digit sums"
    assert (route.first, route.fallback) == ("backtracking", "cpsat")


def test_one_digit_arrows_keep_their_route() -> None:
    plain = Puzzle(Grid.empty(9), (Arrow((ArrowClue(((0, 0),), ((1, 0), (2, 0))),)),))
    assert auto.route(plain).fallback == "sat"


def _supports(constraint: Linear, side: int, masks: dict[int, int], distinct: list[tuple[int, ...]]) -> dict:
    """Each cell's values on some assignment that keeps the masks, the constraint and the
    distinctness of the groups (by enumeration)."""
    cells = constraint.cells
    kept = dict.fromkeys(cells, 0)
    choices = [[v for v in range(1, side + 1) if masks[c] >> (v - 1) & 1] for c in cells]
    for values in itertools.product(*choices):
        at = dict(zip(cells, values, strict=True))
        if all(len({at[c] for c in group}) == len(group) for group in distinct):
            if constraint.holds([at.get(c, 0) for c in range(max(cells) + 1)]):
                for c in cells:
                    kept[c] |= 1 << (at[c] - 1)
    return kept


def test_an_arrows_cells_in_one_row_are_bounded_together() -> None:
    # circle r1c1 = r2c1 + r2c2 + r2c3 (one row of a 4x4: different digits add up to 6 at least)
    arrow = Linear((0, 4, 5, 6), (-1, 1, 1, 1), "==", 0, label="arrow")
    model = Model(4, (0,) * 16, (AllDifferent((4, 5, 6, 7), label="row 2"), arrow))
    candidates = [0b1111] * 16
    changed = propagator(arrow, model)(candidates)
    assert changed is None or candidates[0] == 0  # 4 cannot be 6 or more: no solution
    alone = [0b1111] * 16
    linear_propagator(arrow)(alone)
    assert alone[0] == 0b1100  # cell by cell, 3 and 4 stay


def test_the_grouped_bounds_keep_every_supported_value() -> None:
    arrow = Linear((0, 1, 9, 10, 11), (-10, -1, 1, 1, 1), "==", 0, label="pill")
    peers = [[] for _ in range(81)]
    for a, b in itertools.permutations((9, 10, 11), 2):
        peers[a].append(b)
    peers[0].append(1)
    peers[1].append(0)
    for masks in (
        [0b1, 0b1111, 0b111111111, 0b111111111, 0b111111111],
        [0b1, 0b111111111, 0b1100, 0b111, 0b1111],
    ):
        candidates = [0b111111111] * 81
        for cell, mask in zip(arrow.cells, masks, strict=True):
            candidates[cell] = mask
        expected = _supports(arrow, 9, dict(enumerate(candidates)), [(9, 10, 11), (0, 1)])
        if linear_propagator(arrow, peers)(candidates) is None:
            assert not any(expected.values())
            continue
        for cell in arrow.cells:
            assert expected[cell] & ~candidates[cell] == 0, cell  # nothing supported was removed

"""Long sums (issue 31, item 5): arrows into two-cell pills. The route of the default
backend, and the engine's bounds over an arrow's cells that must differ."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from sudoku_cp import Grid, Puzzle
from sudoku_cp.backends import auto
from sudoku_cp.engine.propagators import linear_propagator, propagator
from sudoku_cp.errors import SudokuError
from sudoku_cp.model.constraints import AllDifferent, Linear, Model
from sudoku_cp.model.rules import Arrow, ArrowClue
from sudoku_cp.reasoning.stepwise import check_deduction
from sudoku_cp.reasoning.techniques.basic import variant_step
from sudoku_cp.reasoning.techniques.board import Board

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


def test_an_arrow_over_whole_units_is_told_by_their_sums() -> None:
    """A pill whose arrow snakes through the rest of the grid (iss/I Bet Someone Did This
    Already): the units it holds add up to 45 each, leaving 101·r1c1 + 11·r1c2 + 2·r1c3 =
    405, whose one solution places 3, 8, 7 in the pill in the arrow's step, which its
    premise check (the clue left checked by its arithmetic, then searched) accepts
    (before: 7 s of enumerating the arrow's 78 cells in groups, and nothing placed)."""
    snake = [(r, c) for r in range(9) for c in (range(9) if r % 2 == 0 else range(8, -1, -1))]
    clue = ArrowClue(((0, 0), (0, 1), (0, 2)), tuple(snake[3:]))
    puzzle = Puzzle(Grid.empty(9), (Arrow((clue,)),))
    board = Board(puzzle.model)
    candidates = board.initial()
    (arrow, propagate) = next((c, p) for c, p in board.others if isinstance(c, Linear))
    (step,) = variant_step(board, list(candidates), arrow, propagate, "arrow")
    left = [{v for v in range(1, 10) if (c, v) not in step.eliminations} for c in range(3)]
    assert left == [{3}, {8}, {7}]
    names = [f"r{c // 9 + 1}c{c % 9 + 1}" for c in arrow.cells]
    assert "add up to 45 each, so 101·r1c1 + 11·r1c2 + 2·r1c3" in step.argument.text(names)
    assert step.argument.totals == (405,)
    # a solution with 3, 8, 7 in the pill: any grid, its digits renamed
    base = [(3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]
    rename = dict(zip(base[:3], (3, 8, 7), strict=True))
    rest = iter(v for v in range(1, 10) if v not in (3, 8, 7))
    rename.update({v: next(rest) for v in range(1, 10) if v not in rename})
    solution = Grid.empty(9).with_cells([rename[v] for v in base])
    check_deduction(puzzle, candidates, step, solution)
    forged = replace(step.lemma, left=replace(step.lemma.left, rhs=404))  # arithmetic that fails
    with pytest.raises(SudokuError, match="do not leave that clue"):
        check_deduction(puzzle, candidates, replace(step, lemma=forged), solution)

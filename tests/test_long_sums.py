"""Long sums (issue 31, item 5): arrows into two-cell pills. The route of the default
backend, and the engine's bounds over an arrow's cells that must differ."""

from __future__ import annotations

import itertools
import math
import random
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


def _group_range(a: int, masks: list[int]) -> tuple[int, int] | None:
    """The definition of a group's term bounds (different values, one per mask): the
    ``k`` smallest (largest) values of the masks' union, or the masks' own least (most)
    values if those add up to more (less); ``None`` when the union has too few values."""
    values = sorted({v for m in masks for v in range(1, m.bit_length() + 1) if m >> (v - 1) & 1})
    k = len(masks)
    if len(values) < k:
        return None
    low = max(sum(values[:k]), sum((m & -m).bit_length() for m in masks))
    high = min(sum(values[len(values) - k :]), sum(m.bit_length() for m in masks))
    return (a * low, a * high) if a >= 0 else (a * high, a * low)


@pytest.mark.parametrize("seed", range(3))
def test_the_grouped_bounds_keep_what_the_bounds_definition_keeps(seed) -> None:
    # Groups of pairwise-different cells sharing a coefficient (an innie-outie difference:
    # +1 innies, -1 outies; an arrow): each cell keeps the values whose term fits between
    # rhs less the other groups' and its own group's other cells' largest and smallest
    # sums; nothing a brute-force solution uses is removed.
    rng = random.Random(seed)
    for _ in range(300):
        groups, cell = [], 0
        for _ in range(rng.randint(1, 3)):
            size = rng.randint(1, 3)
            groups.append((rng.choice((1, 1, -1, -1, 2, -3, 0)), list(range(cell, cell + size))))
            cell += size
        operator = rng.choice(("==", "==", "<=", ">="))
        rhs = rng.randint(-15, 30)
        masks = [rng.randint(1, 511) if rng.random() < 0.8 else 1 << rng.randrange(9) for _ in range(cell)]
        peers = [[c for _, g in groups if i in g for c in g if c != i] for i in range(cell)]
        terms = [(c, a) for a, g in groups for c in g]
        linear = Linear(tuple(c for c, _ in terms), tuple(a for _, a in terms), operator, rhs, label="d")
        candidates = list(masks)
        changed = linear_propagator(linear, peers)(candidates)
        ranges = [_group_range(a, [masks[c] for c in g]) for a, g in groups]
        expected = []
        for index, (a, group) in enumerate(groups):
            others = [r for j, r in enumerate(ranges) if j != index]
            for c in group:
                rest = _group_range(a, [masks[d] for d in group if d != c])
                if rest is None or None in ranges:
                    expected = None
                    break
                low = sum(r[0] for r in others) + rest[0]
                high = sum(r[1] for r in others) + rest[1]
                fits = [
                    v
                    for v in range(1, 10)
                    if masks[c] >> (v - 1) & 1
                    and (operator == ">=" or low + a * v <= rhs)
                    and (operator == "<=" or high + a * v >= rhs)
                ]
                expected.append(sum(1 << (v - 1) for v in fits))
            if expected is None:
                break
        total = (sum(r[0] for r in ranges), sum(r[1] for r in ranges)) if None not in ranges else None
        if total is None or (operator != ">=" and total[0] > rhs) or (operator != "<=" and total[1] < rhs):
            expected = None
        if expected is None or not all(expected):
            assert changed is None
            continue
        assert candidates == expected
        assert changed == [c for c in range(cell) if masks[c] != expected[c]]
        compare = {"==": int.__eq__, "<=": int.__le__, ">=": int.__ge__}[operator]
        options = [[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]
        if math.prod(len(o) for o in options) > 4000:
            continue  # brute force on the small cases only
        for values in itertools.product(*options):
            if all(len({values[c] for c in g}) == len(g) for _, g in groups) and compare(
                sum(a * values[c] for c, a in terms), rhs
            ):
                assert all(candidates[c] >> (values[c] - 1) & 1 for c in range(cell)), values

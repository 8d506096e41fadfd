"""The variant steps' filter of an equation or inequality (an arrow, a region-sum line, a
little killer whose cells may repeat a digit): each cell keeps exactly the values some
choice of the other cells' candidates completes, checked against brute force."""

from __future__ import annotations

import itertools
import random

import pytest

import sudoku_cp
from sudoku_cp import Puzzle
from sudoku_cp.model.constraints import Linear, OriginKind
from sudoku_cp.model.rules import LittleKiller, LittleKillerClue
from sudoku_cp.reasoning.techniques.board import Board, linear_supports


def _brute(coefficients, operator, rhs, masks):
    options = [[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]
    compare = {"==": int.__eq__, "<=": int.__le__, ">=": int.__ge__}[operator]
    if operator == "==":
        kept = [0] * len(masks)
        for values in itertools.product(*options):
            if compare(sum(a * v for a, v in zip(coefficients, values, strict=True)), rhs):
                kept = [k | 1 << (v - 1) for k, v in zip(kept, values, strict=True)]
        return None if not any(kept) else kept
    kept = []  # an inequality: bounds (the others at their smallest or largest)
    for i, values in enumerate(options):
        rest = [
            [a * v for v in o] for j, (a, o) in enumerate(zip(coefficients, options, strict=True)) if j != i
        ]
        best = sum(min(t) if operator == "<=" else max(t) for t in rest)
        k = sum(1 << (v - 1) for v in values if compare(best + coefficients[i] * v, rhs))
        if not k:
            return None
        kept.append(k)
    return kept


@pytest.mark.parametrize("seed", range(4))
def test_linear_supports_keep_exactly_the_supported_values(seed):
    rng = random.Random(seed)
    for _ in range(150):
        size = rng.randint(1, 4)
        coefficients = tuple(rng.choice((1, 1, 1, -1, 2, -10, 10)) for _ in range(size))
        operator = rng.choice(("==", "==", "<=", ">="))
        masks = [rng.randint(1, 511) for _ in range(size)]
        rhs = rng.randint(-20, 40)
        candidates = list(masks)
        constraint = Linear(tuple(range(size)), coefficients, operator, rhs, label="sum")
        changed = linear_supports(constraint)(candidates)
        expected = _brute(coefficients, operator, rhs, masks)
        if expected is None:
            assert changed is None
        else:
            assert candidates == expected
            assert changed == [i for i in range(size) if masks[i] != expected[i]]
            assert linear_supports(constraint)(candidates) == []  # a fixed point


def test_a_little_killer_step_keeps_only_supported_values():
    # 4x4: the diagonal r1c3, r2c2, r3c1 crosses three boxes (no two cells are peers), sum 6.
    # With r1c3 and r2c2 in {1,3}, r3c1 needs 6 - 2 = 4 or 6 - 4 = 2: 1 and 3 go, though
    # bounds (1 + 1 + 4 >= 6 >= 3 + 3 + 0) keep them.
    rule = LittleKiller((LittleKillerClue(6, (-1, 3), (1, -1)),))
    board = Board(Puzzle(sudoku_cp.Grid.empty(4), (rule,)).model)
    [(constraint, step_filter)] = [
        (c, f) for c, f in board.others if c.origin.kind is OriginKind.LITTLE_KILLER
    ]
    assert constraint.cells == (2, 5, 8)
    candidates = [0b1111] * 16
    candidates[2] = candidates[5] = 0b0101  # {1, 3}
    assert step_filter(candidates) == [8]
    assert candidates[8] == 0b1010  # {2, 4}


def test_a_little_killer_counts_its_cells_in_one_box_different():
    # 9x9: the diagonal r1c4, r2c3, r3c2, r4c1, sum 7; r2c3 and r3c2 share box 1, so they
    # add up to 3 at least: r1c4 + r4c1 <= 4, and neither reaches 4 (bounds alone keep it).
    rule = LittleKiller((LittleKillerClue(7, (-1, 4), (1, -1)),))
    puzzle = Puzzle(sudoku_cp.Grid.empty(9), (rule,))
    board = Board(puzzle.model)
    [(constraint, step_filter)] = [
        (c, f) for c, f in board.others if c.origin.kind is OriginKind.LITTLE_KILLER
    ]
    assert constraint.cells == (3, 11, 19, 27)
    candidates = [0b111111111] * 81
    assert sorted(step_filter(candidates)) == [3, 11, 19, 27]
    assert [candidates[c] for c in constraint.cells] == [0b111, 0b1111, 0b1111, 0b111]
    step = sudoku_cp.hint(puzzle)
    assert step.technique == "little killer"
    assert ": 7 in 4 cells (r2c3, r3c2 differ): {1,1,1,4}, {1,1,2,3}, {1,2,2,2}; removes 4, 5" in str(step)


def test_group_supports_are_the_values_of_the_assignments():
    """An equation over cells that all differ (an equal-sums line in a row) is filtered by a
    witness per value (``_group_supports``): exactly the values of the assignments of
    different digits that satisfy it, enumerated here."""
    from sudoku_cp.reasoning.techniques.board import _group_supports

    generator = random.Random(7)
    for _ in range(400):
        count = generator.randint(2, 4)
        masks = [generator.randint(1, 511) for _ in range(count)]
        weights = tuple(generator.choice([1, 1, -1, 2, -10]) for _ in range(count))
        rhs = generator.randint(-20, 30)
        kept, found = [0] * count, False
        options = [[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]
        for values in itertools.product(*options):
            if len(set(values)) == count and sum(a * v for a, v in zip(weights, values, strict=True)) == rhs:
                found = True
                for i, v in enumerate(values):
                    kept[i] |= 1 << (v - 1)
        assert _group_supports(masks, weights, rhs) == (tuple(kept) if found else None)


def test_block_terms_of_a_large_group_are_its_assignments():
    """A group of cells that differ, with one coefficient and many assignments (a 7-cell
    group of a 7x7 grid of digits 1..9), read by its prefixes: the same totals and value
    bits as the assignments, enumerated here."""
    from sudoku_cp.reasoning.techniques.board import _block_terms

    generator = random.Random(11)
    for count, size in ((5, 7), (5, 7), (5, 7), (6, 8)):
        masks = tuple(sum(1 << (v - 1) for v in generator.sample(range(1, 10), size)) for _ in range(count))
        weight = generator.choice([1, -1, 2])
        by_total: dict[int, list[int]] = {}
        for values in itertools.permutations(range(1, 10), count):
            if all(m >> (v - 1) & 1 for m, v in zip(masks, values, strict=True)):
                bits = by_total.setdefault(weight * sum(values), [0] * count)
                for i, v in enumerate(values):
                    bits[i] |= 1 << (v - 1)
        low = min(by_total, default=0)
        expected = (low, tuple((t - low, tuple(by_total[t])) for t in sorted(by_total)))
        assert _block_terms(masks, (weight,) * count) == expected


def test_digit_sets_and_prefixes_read_a_large_group_alike():
    """A group of eight or nine cells with one coefficient holds few digit sets and is read
    by them (one matching each); by its prefixes (a dynamic program that never matches) it
    has the same totals and value bits."""
    from sudoku_cp.reasoning.techniques.board import (
        _SET_LIMIT,
        _digit_sets,
        _packed_terms,
        _prefix_terms,
        _set_terms,
    )

    generator = random.Random(13)
    for count, size in ((8, 9), (8, 8), (9, 9), (8, 9), (9, 9)):
        masks = tuple(sum(1 << (v - 1) for v in generator.sample(range(1, 10), size)) for _ in range(count))
        assert _digit_sets(masks) <= _SET_LIMIT  # read by its digit sets
        weight = generator.choice([1, -1, 2])
        _, width, _ = _packed_terms(masks, (weight,) * count)
        assert _set_terms(masks, weight, width) == _prefix_terms(masks, (weight,) * count, width)


def test_block_terms_of_groups_with_several_coefficients_are_their_assignments():
    """A group of two or three cells (nested loops), or of more with more assignments than
    ``_PREFIX_LIMIT`` (read by its prefixes), with several coefficients: the same totals
    and value bits as its assignments, enumerated here."""
    from sudoku_cp.reasoning.techniques.board import _PREFIX_LIMIT, _block_terms

    generator = random.Random(12)
    for count, size in ((2, 4), (2, 9), (3, 5), (3, 9), (4, 6), (4, 8), (5, 7)):
        masks = tuple(sum(1 << (v - 1) for v in generator.sample(range(1, 10), size)) for _ in range(count))
        assert count < 4 or size**count > _PREFIX_LIMIT
        weights = tuple(generator.choice([1, -1, 2]) for _ in range(count))
        by_total: dict[int, list[int]] = {}
        for values in itertools.permutations(range(1, 10), count):
            if all(m >> (v - 1) & 1 for m, v in zip(masks, values, strict=True)):
                total = sum(w * v for w, v in zip(weights, values, strict=True))
                bits = by_total.setdefault(total, [0] * count)
                for i, v in enumerate(values):
                    bits[i] |= 1 << (v - 1)
        low = min(by_total, default=0)
        expected = (low, tuple((t - low, tuple(by_total[t])) for t in sorted(by_total)))
        assert _block_terms(masks, weights) == expected


def test_matched_supports_are_the_values_of_the_assignments():
    """A cage's (a digit set's) filter by one matching and its alternating cycles keeps
    exactly the digits of the assignments of the set to the cells, enumerated here."""
    from sudoku_cp.reasoning.techniques.board import _matched_supports

    generator = random.Random(3)
    for _ in range(600):
        count = generator.randint(1, 5)
        chosen = generator.sample(range(1, 10), count)
        masks = [generator.randint(1, 511) | generator.choice((0, generator.randint(1, 511))) for _ in chosen]
        kept, found = [0] * count, False
        for values in itertools.permutations(chosen):
            if all(m >> (v - 1) & 1 for m, v in zip(masks, values, strict=True)):
                found = True
                for i, v in enumerate(values):
                    kept[i] |= 1 << (v - 1)
        digits = sum(1 << (v - 1) for v in chosen)
        assert _matched_supports(masks, digits) == (kept if found else None)

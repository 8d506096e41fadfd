"""Variant steps give their argument (issue 32 item 5): a cage's digit combinations left,
an arrow's totals, a sandwich's crust positions, as data on the step, written into its
text. Each argument is replayed here by brute force over the step's own candidates
(independently of :mod:`sudoku_cp.reasoning.techniques.arguments`): the combinations (totals,
crust pairs) listed are exactly those the candidates allow, and each removal is a
candidate no assignment within them supports."""

from __future__ import annotations

import itertools
import math

import pytest

import sudoku_cp
from sudoku_cp import Puzzle, datasets, explain, hint
from sudoku_cp.engine.sums import implied_sum_sources
from sudoku_cp.model.constraints import Linear, Sandwich, Sum
from sudoku_cp.model.rules import Cage, Killer, LittleKiller, LittleKillerClue
from sudoku_cp.reasoning.techniques.arguments import (
    Bounds,
    Combinations,
    Crusts,
    Totals,
    bounds_of,
    combinations_of,
)

LIMIT = 200_000
"""The most assignments a replay enumerates (a larger step is left unchecked)."""


def _constraint(puzzle: Puzzle, step):
    kinds = (Sum, Linear, Sandwich)
    found = [c for c in puzzle.model.constraints if isinstance(c, kinds) and c.origin == step.origins[0]]
    if step.technique.startswith("rule of 45"):  # its sum: the innies' (outies') of its units
        cells = set(step.cells)
        sums = [i.sum for i in implied_sum_sources(puzzle.model, puzzle.side)]
        found = [s for s in sums if {puzzle.model.position(c) for c in s.cells} == cells]
    cells = [puzzle.model.position(c) for c in found[0].cells] if found else []
    assert cells == list(step.cells)
    return found[0]


def _options(step) -> list[list[int]]:
    by_cell: dict[tuple[int, int], list[int]] = {}
    for r, c, v in step.candidates:
        by_cell.setdefault((r, c), []).append(v)
    return [sorted(by_cell[cell]) for cell in step.cells]


def _check_removals(step, supported: list[set[int]]) -> None:
    position = {cell: i for i, cell in enumerate(step.cells)}
    assert step.eliminations
    for r, c, v in step.eliminations:
        assert v not in supported[position[(r, c)]], f"{step}: {v} at r{r + 1}c{c + 1} is supported"


def _replay_combinations(puzzle: Puzzle, step, argument: Combinations) -> bool:
    constraint = _constraint(puzzle, step)
    total = constraint.total if isinstance(constraint, Sum) else constraint.rhs
    options = _options(step)
    cells = constraint.cells
    distinct = all(b in puzzle.model.peers[a] for a, b in itertools.combinations(cells, 2))
    assert (argument.total, argument.size, argument.distinct) == (total, len(cells), distinct)
    anywhere = {v for values in options for v in values}
    assert not anywhere & set(argument.without)
    assert not (distinct and argument.groups)
    for group in argument.groups:  # cells said to differ: pairwise peers
        assert all(cells[b] in puzzle.model.peers[cells[a]] for a, b in itertools.combinations(group, 2))
    if math.prod(map(len, options)) > LIMIT:
        return False
    found, supported = set(), [set() for _ in cells]
    for values in itertools.product(*options):
        differ = all(len({values[i] for i in g}) == len(g) for g in argument.groups)
        if sum(values) == total and differ and (not distinct or len(set(values)) == len(values)):
            found.add(tuple(sorted(values)))
            for i, v in enumerate(values):
                supported[i].add(v)
    assert found == set(argument.left)
    assert list(argument.left) == sorted(argument.left)
    _check_removals(step, supported)
    return True


def _replay_totals(puzzle: Puzzle, step, argument: Totals) -> bool:
    constraint = _constraint(puzzle, step)
    options = _options(step)
    if math.prod(map(len, options)) > LIMIT:
        return False
    terms = constraint.coefficients
    for group in argument.groups:  # cells said to differ: pairwise peers
        cells = constraint.cells
        assert all(cells[b] in puzzle.model.peers[cells[a]] for a, b in itertools.combinations(group, 2))
    found, supported = set(), [set() for _ in options]
    for values in itertools.product(*options):
        differ = all(len({values[i] for i in g}) == len(g) for g in argument.groups)
        if differ and sum(a * v for a, v in zip(terms, values, strict=True)) == constraint.rhs:
            found.add(sum(terms[i] * values[i] for i in argument.side))
            for i, v in enumerate(values):
                supported[i].add(v)
    assert all(terms[i] > 0 for i in argument.side) and all(terms[i] < 0 for i in argument.other)
    assert argument.weights == tuple(-terms[i] for i in argument.other)
    assert found == set(argument.totals)
    _check_removals(step, supported)
    return True


def _replay_crusts(puzzle: Puzzle, step, argument: Crusts) -> bool:
    constraint = _constraint(puzzle, step)
    n = puzzle.side
    options = _options(step)
    rows, columns = ({cell[k] for cell in step.cells} for k in (0, 1))
    if len(options) == n and (len(rows) == 1 or len(columns) == 1):  # over a unit: digits differ
        return _replay_unit_crusts(constraint.total, n, options, step, argument)
    middle = [[v for v in values if v not in (1, n)] for values in options]
    pairs, supported = [], [set() for _ in options]
    for i, j in itertools.permutations(range(len(options)), 2):
        if 1 not in options[i] or n not in options[j]:
            continue
        others = [k for k in range(len(options)) if k not in (i, j)]
        if not all(middle[k] for k in others):
            continue
        between = list(range(min(i, j) + 1, max(i, j)))
        if math.prod(len(middle[k]) for k in between) > LIMIT:
            return False
        fits = False
        for values in itertools.product(*(middle[k] for k in between)):
            if sum(values) == constraint.total:
                fits = True
                for k, v in zip(between, values, strict=True):
                    supported[k].add(v)
        if fits:
            pairs.append((i, j))
            supported[i].add(1)
            supported[j].add(n)
            for k in others:
                if k not in between:
                    supported[k].update(middle[k])
    assert pairs == list(argument.pairs)
    _check_removals(step, supported)
    return True


def _replay_unit_crusts(total: int, n: int, options: list[list[int]], step, argument: Crusts) -> bool:
    """A sandwich over a whole row or column: every filling of the unit with different
    digits from the cells' candidates, its crusts where 1 and ``n`` stand, kept when the
    digits between them sum to ``total`` (unchecked past :data:`LIMIT` partial fillings)."""
    pairs, supported = set(), [set() for _ in options]
    filling: list[int] = []
    visited = 0

    def extend(k: int) -> bool:
        nonlocal visited
        visited += 1
        if visited > LIMIT:
            return False
        if k == n:
            i, j = filling.index(1), filling.index(n)
            if sum(filling[min(i, j) + 1 : max(i, j)]) == total:
                pairs.add((i, j))
                for cell, v in enumerate(filling):
                    supported[cell].add(v)
            return True
        for v in options[k]:
            if v not in filling:
                filling.append(v)
                finished = extend(k + 1)
                filling.pop()
                if not finished:
                    return False
        return True

    if not extend(0):
        return False
    assert sorted(pairs) == sorted(argument.pairs)
    _check_removals(step, supported)
    return True


def _replay_bounds(puzzle: Puzzle, step, argument: Bounds) -> bool:
    constraint = _constraint(puzzle, step)
    total = constraint.total if isinstance(constraint, Sum) else constraint.rhs
    cells = constraint.cells
    for group in argument.groups:  # cells said to differ: pairwise peers
        assert all(cells[b] in puzzle.model.peers[cells[a]] for a, b in itertools.combinations(group, 2))
    assert (argument.total, argument.size) == (total, len(cells))
    return _check_bounds(_options(step), argument, step)


def _check_bounds(options: list[list[int]], argument: Bounds, step=None) -> bool:
    """Brute force over every filling of ``options`` whose groups differ: the least and most
    total, and for each value kept or not, whether some filling with it reaches the total
    from below and from above (the bounds); the removals have no exact support."""
    if math.prod(map(len, options)) > LIMIT:
        return False
    fillings = [
        values
        for values in itertools.product(*options)
        if all(len({values[i] for i in g}) == len(g) for g in argument.groups)
    ]
    assert (argument.low, argument.high) == (min(map(sum, fillings)), max(map(sum, fillings)))
    kept = dict(argument.kept)
    for i, values in enumerate(options):
        for v in values:
            sums = [sum(f) for f in fillings if f[i] == v]
            within = bool(sums) and min(sums) <= argument.total <= max(sums)
            assert within == (v in kept.get(i, values)), (i, v)
    if step is not None:
        supported = [{f[i] for f in fillings if sum(f) == argument.total} for i in range(len(options))]
        _check_removals(step, supported)
    return True


REPLAY = {
    Combinations: _replay_combinations,
    Totals: _replay_totals,
    Crusts: _replay_crusts,
    Bounds: _replay_bounds,
}


def _replay_path(puzzle: Puzzle) -> int:
    """Replay every argument of the puzzle's explanation; the number checked."""
    checked = 0
    path = explain(puzzle)
    assert path.solved
    for step in path:
        if step.argument is None:
            continue
        assert step.argument.text([f"r{r + 1}c{c + 1}" for r, c in step.cells]) in str(step)
        checked += REPLAY[type(step.argument)](puzzle, step, step.argument)
    return checked


@pytest.mark.parametrize("name", ["gen_killer", "gen_little_killer"])
def test_sum_steps_list_the_combinations_left(name):
    checked = sum(_replay_path(puzzle) for puzzle in datasets.load(name)[:2])
    assert checked >= 2


def test_rule_of_45_steps_list_the_combinations_of_their_sum():
    paths = [explain(puzzle) for puzzle in datasets.load("gen_killer")[:5]]
    steps = [s for path in paths for s in path if s.technique.startswith("rule of 45") and s.argument]
    assert steps
    assert all(isinstance(s.argument, Combinations) and " cells" in str(s) for s in steps)


def test_totals_are_the_positive_sums_of_the_assignments_that_balance():
    """``totals_of`` (which drops partial sums the rest cannot bring to the right-hand
    side) gives the sums of the positive terms over every assignment, different digits in
    each group, that satisfies the equation: enumerated here, on circles of one to three
    digits."""
    import random

    from sudoku_cp.reasoning.techniques.arguments import totals_of

    generator = random.Random(7)
    for _ in range(16):
        circle = generator.choice([(-1,), (-10, -1), (-100, -10, -1)])
        shaft = generator.randint(2, 3)
        coefficients = (*circle, *[1] * shaft)
        count = len(coefficients)
        masks = [generator.getrandbits(9) | 1 << generator.randrange(9) for _ in range(count)]
        groups = [tuple(range(len(circle), len(circle) + 2))]  # two shaft cells in one box
        arrow = Linear(tuple(range(count)), coefficients, "==", 0, label="arrow")
        expected = set()
        for values in itertools.product(*([v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks)):
            if values[groups[0][0]] == values[groups[0][1]]:
                continue
            if sum(a * v for a, v in zip(coefficients, values, strict=True)) == 0:
                expected.add(sum(a * v for a, v in zip(coefficients, values, strict=True) if a > 0))
        assert totals_of(arrow, masks, groups).totals == tuple(sorted(expected))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count"), [("gen_arrow", 5), ("gen_sandwich", 2), ("gen_killer", 5), ("gen_region_sum", 2)]
)
def test_arguments_replay_on_the_variant_sets(name, count):
    # one of the first five gen_sandwich puzzles takes about 20 s of CPU to explain: two only
    checked = sum(_replay_path(puzzle) for puzzle in datasets.load(name)[:count])
    assert checked >= count


def test_a_cage_step_reads_as_the_killer_community_writes_it():
    # 4x4: a 2-cell cage of 3 is {1,2}, so 3 and 4 leave its cells.
    step = hint(Puzzle(sudoku_cp.Grid.empty(4), (Killer([Cage([(0, 0), (0, 1)], 3)]),)))
    assert step.argument == Combinations(3, 2, True, (), ((1, 2),))
    assert str(step).startswith(
        "cage combinations: cage 1 (sum 3"
    ) and ": 3 in 2 cells: {1,2}; removes" in str(step)


def test_a_sum_too_large_to_enumerate_carries_no_combinations():
    cells = tuple(range(12))
    full = (1 << 25) - 1
    assert combinations_of(Sum(cells, 150, label="cage"), [full] * 12, 25, True) is None  # C(25, 12) sets
    assert combinations_of(Sum(cells[:3], 6, label="cage"), [0b111] * 3, 3, True).left == ((1, 2, 3),)


@pytest.mark.parametrize("seed", range(40))
def test_bounds_keep_what_every_filling_allows(seed):
    rng = __import__("random").Random(seed)
    size = rng.randint(2, 5)
    masks = [rng.randint(1, 0b111111) for _ in range(size)]  # digits 1-6
    positions = list(range(size))
    rng.shuffle(positions)
    groups = tuple(sorted(tuple(sorted(positions[i : i + 2])) for i in range(0, size - 1, 3)))
    total = rng.randint(size, 6 * size)
    found = bounds_of(Sum(tuple(range(size)), total, label="sum"), masks, groups)
    options = [[v for v in range(1, 7) if m >> (v - 1) & 1] for m in masks]
    if found is not None:
        assert found.groups == groups and _check_bounds(options, found)
        return
    # None: no value falls outside the bounds, or some cell would keep none
    fillings = [f for f in itertools.product(*options) if all(f[a] != f[b] for a, b in groups)]

    def within(i: int, v: int) -> bool:
        sums = [sum(f) for f in fillings if f[i] == v]
        return bool(sums) and min(sums) <= total <= max(sums)

    kept = [[within(i, v) for v in values] for i, values in enumerate(options)]
    assert all(map(all, kept)) or not all(map(any, kept))


def test_a_diagonal_too_long_for_its_combinations_gives_its_bounds():
    # 9 cells, three in each of boxes 1, 5 and 9: at least 1+2+3 in each, 18, so 2 to spare
    # for 20: no cell above 5. Checked here by CP-SAT, not by the package.
    from ortools.sat.python import cp_model

    step = hint(Puzzle(sudoku_cp.Grid.empty(9), (LittleKiller([LittleKillerClue(20, (-1, -1), (1, 1))]),)))
    assert isinstance(step.argument, Bounds) and (step.argument.low, step.argument.high) == (18, 72)
    assert "20 in 9 cells (r1c1, r2c2, r3c3; r4c4, r5c5, r6c6; r7c7, r8c8, r9c9 differ)" in str(step)
    assert "r1c1, r2c2, r3c3, r4c4, r5c5, r6c6, r7c7, r8c8, r9c9 keep 1-5" in str(step)
    for r, c, v in step.eliminations:
        model = cp_model.CpModel()
        cells = [model.new_int_var(1, 9, f"d{i}") for i in range(9)]
        for box in range(3):
            model.add_all_different(cells[3 * box : 3 * box + 3])
        model.add(sum(cells) == 20)
        model.add(cells[r] == v)
        assert r == c and cp_model.CpSolver().solve(model) == cp_model.INFEASIBLE


def test_a_cage_too_large_to_enumerate_is_bounded_by_its_smallest_digits():
    # 6 cells of 1-9 that differ (9**6 fillings, past the enumeration): 21 = 1+...+6, so
    # each cell keeps 1-6 (with 7, the other five add up to at least 15: 22 > 21)
    cage = Sum(tuple(range(6)), 21, label="cage")
    found = bounds_of(cage, [0b111111111] * 6, [tuple(range(6))])
    assert (found.low, found.high) == (21, 39)
    assert found.kept == tuple((i, (1, 2, 3, 4, 5, 6)) for i in range(6))

"""Line clues and tables read with their cells' different digits (issue 32, target (a)): an
ambiguous arrow (a regular line of 3 or 4 cells, or a table), a two-cell line and a
sandwich clue over a whole row are filtered knowing which of their cells see each other
(``line_fillings.apart_fillings``, ``line_fillings.unit_sandwich_supports``), where the clue's automaton
alone lets them repeat a digit. Each filter is checked here against an exhaustive search
over its cells' candidates (every filling the clue accepts with those cells different),
independently of the package's enumeration and matchings."""

from __future__ import annotations

import dataclasses
import itertools
import random

from sudoku_cp import Puzzle, explain
from sudoku_cp.model.constraints import Automaton, Regular, Sandwich, Table
from sudoku_cp.reasoning.techniques.board import Board, _filter, values_of
from sudoku_cp.reasoning.techniques.line_fillings import (
    apart_fillings,
    unit_sandwich_placements,
    unit_sandwich_supports,
)


def _empty_model(side: int = 9):
    return Puzzle.from_dict({"size": side, "grid": "." * side * side, "rules": {}}).model


def _with(model, *constraints):
    return dataclasses.replace(model, constraints=model.constraints + tuple(constraints))


def _either_end_sums(length: int, side: int = 9) -> Automaton:
    """An ambiguous arrow: the first or the last value is the sum of the others."""
    return Automaton.build(
        (),
        lambda word, v: (*word, v) if len(word) < length else None,
        lambda word: len(word) == length and (word[0] == sum(word[1:]) or word[-1] == sum(word[:-1])),
        side,
    )


def _brute_supports(accepts, masks, apart):
    """Each position's values in some filling within ``masks`` that ``accepts`` and in which
    the positions of each pair of ``apart`` differ; ``None`` when there is none."""
    kept = [0] * len(masks)
    for word in itertools.product(*(values_of(m) for m in masks)):
        if all(word[i] != word[j] for i, j in apart) and accepts(word):
            for i, v in enumerate(word):
                kept[i] |= 1 << (v - 1)
    return kept if all(kept) else None


def _random_masks(rng: random.Random, count: int, side: int, density: float) -> list[int]:
    full = (1 << side) - 1
    return [sum(1 << v for v in range(side) if rng.random() < density) or full for _ in range(count)]


def test_an_ambiguous_arrow_in_a_box_keeps_only_fillings_with_different_digits():
    model = _empty_model()
    cells = (0, 1, 10, 30)  # r1c1, r1c2, r2c2 in box 1 (pairwise peers); r4c4 sees none of them
    line = Regular(cells, _either_end_sums(4), pattern="either end sums", label="ambiguous arrow")
    model = _with(model, line)
    peers = model.peers
    apart = [(i, j) for i, j in itertools.combinations(range(4), 2) if cells[j] in peers[cells[i]]]
    assert apart == [(0, 1), (0, 2), (1, 2)]
    fillings = apart_fillings(line, model)
    expected = {
        w
        for w in itertools.product(range(1, 10), repeat=4)
        if line.automaton(9).accepts(w) and all(w[i] != w[j] for i, j in apart)
    }
    assert fillings == expected
    propagate = {id(c): f for c, f in Board(model).others}[id(line)]  # the board's filter of the line
    rng = random.Random(18)
    for _ in range(100):
        masks = _random_masks(rng, 4, 9, rng.choice((0.3, 0.5, 0.8)))
        candidates = [(1 << 9) - 1] * model.cell_count
        for cell, mask in zip(cells, masks, strict=True):
            candidates[cell] = mask
        answer = propagate(candidates)
        want = _brute_supports(line.automaton(9).accepts, masks, apart)
        if want is None:
            assert answer is None
        else:
            assert answer is not None and [candidates[c] for c in cells] == want


def test_a_table_whose_cells_see_each_other_drops_the_tuples_repeating_a_digit():
    model = _empty_model()
    allowed = frozenset(
        w for w in itertools.product(range(1, 10), repeat=3) if w[0] == w[1] + w[2] or w[2] == w[0] + w[1]
    )
    table = Table((0, 1, 2), allowed, label="ambiguous arrow")  # all in row 1
    fillings = apart_fillings(table, _with(model, table))
    assert fillings == {w for w in allowed if len(set(w)) == 3}
    assert (2, 1, 1) in allowed and (2, 1, 1) not in fillings  # 2 = 1 + 1 needs a repeated digit
    far = Table((0, 40, 80), allowed, label="far apart")  # r1c1, r5c5, r9c9: no two see each other
    assert apart_fillings(far, _with(model, far)) is None


def test_a_two_cell_line_whose_cells_see_each_other_never_repeats_a_digit():
    model = _empty_model()
    same_parity = Automaton.build(
        None, lambda s, v: v if s is None else (-1 if s % 2 == v % 2 else None), lambda s: s == -1, 9
    )
    near = Regular((0, 1), same_parity, pattern="same parity", label="pair")
    model = _with(model, near)
    propagate, _ = _filter(near, model)
    candidates = [(1 << 9) - 1] * model.cell_count
    candidates[0] = 0b10  # r1c1 = 2: r1c2 is even and not 2
    propagate(candidates)
    assert values_of(candidates[1]) == (4, 6, 8)


def _unit_sandwich_brute(masks, total, side):
    """The supports of a sandwich clue over a unit by every permutation of ``1..side``."""
    clue = Sandwich(tuple(range(side)), total, label="brute")
    return _brute_supports(lambda w: clue.holds(w), masks, list(itertools.combinations(range(side), 2)))


def test_a_sandwich_over_a_row_keeps_exactly_the_values_of_its_permutations():
    rng = random.Random(32)
    side = 6
    checked = 0
    for _ in range(80):
        total = rng.randrange(0, 15)
        masks = _random_masks(rng, side, side, rng.choice((0.4, 0.6, 0.9)))
        clue = Sandwich(tuple(range(side)), total, label=f"sandwich {total}")
        candidates = list(masks)
        answer = unit_sandwich_supports(clue, side)(candidates)
        want = _unit_sandwich_brute(masks, total, side)
        if want is None:
            assert answer is None
        else:
            assert answer is not None and candidates == want
            checked += 1
    assert checked > 10


def test_a_sandwich_over_a_row_beats_its_automaton_where_digits_would_repeat():
    # 1 and 9 in r1c1/r1c4: the two cells between add up to 16 = 7 + 9 (9 is a crust) or
    # 8 + 8: the automaton keeps the placement, the row's different digits do not
    side, total = 9, 16
    full = (1 << side) - 1
    masks = [0b1, full, full, 1 << 8, *([full & ~0b1 & ~(1 << 8)] * 5)]
    pairs = {(a, b) for a, b, _, _ in unit_sandwich_placements(masks, total, side)}
    assert not pairs
    automaton = Sandwich(tuple(range(side)), total, label="s").automaton(side)
    assert automaton.supports(masks) is not None


def test_a_sandwich_over_a_nine_cell_row_keeps_exactly_the_values_of_its_permutations():
    # the filter tries only the crusts' distances the total allows and skips a placement
    # whose values are all found already: checked against every permutation of 1..9 within
    # the candidates (narrowed at random, each holding its value of a random filling)
    rng = random.Random(20)
    side, checked, narrowed = 9, 0, 0
    for _ in range(60):
        word = rng.sample(range(1, side + 1), side)
        total = _sandwich_total("".join(map(str, word)))
        masks = [1 << (v - 1) | _random_masks(rng, 1, side, rng.choice((0.25, 0.4)))[0] for v in word]
        candidates = list(masks)
        answer = unit_sandwich_supports(Sandwich(tuple(range(side)), total, label="s"), side)(candidates)
        options = [values_of(m) for m in masks]
        fillings = [
            w for w in _permutations_within(options) if _sandwich_total("".join(map(str, w))) == total
        ]
        want = [sum({1 << (w[i] - 1) for w in fillings}) for i in range(side)]
        assert answer is not None and candidates == want
        pairs = {(w.index(1), w.index(9)) for w in fillings}
        assert {(a, b) for a, b, _, _ in unit_sandwich_placements(masks, total, side)} == pairs
        checked += 1
        narrowed += candidates != masks
    assert checked == 60 and narrowed > 10


def _permutations_within(options):
    """The permutations of the digits ``1..len(options)`` giving each position one of its options."""
    if not options:
        yield ()
        return
    *head, last = options
    for word in _permutations_within(head):
        for v in last:
            if v not in word:
                yield (*word, v)


SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _sandwich_total(line: str) -> int:
    a, b = sorted((line.index("1"), line.index("9")))
    return sum(int(d) for d in line[a + 1 : b])


def test_explain_steps_over_a_row_sandwich_replay_against_the_solution():
    # a sandwich clue on every row and column of a known grid, 24 givens: explain checks
    # each step against the solution (its replay check); the rows' steps read them as units
    rows = [SOLUTION[9 * r : 9 * r + 9] for r in range(9)]
    columns = ["".join(row[c] for row in rows) for c in range(9)]
    clues = [{"side": "left", "index": r, "sum": _sandwich_total(rows[r])} for r in range(9)]
    clues += [{"side": "top", "index": c, "sum": _sandwich_total(columns[c])} for c in range(9)]
    grid = "5..6..9.2...1.53.8........7.....1.2..2........1.92.8...6.5..2.428.......3.5......"  # unique
    puzzle = Puzzle.from_dict({"size": 9, "grid": grid, "rules": {"sandwiches": clues}})
    path = explain(puzzle)
    assert path.solved and "".join(map(str, path.grid.cells)) == SOLUTION
    sandwiches = [s for s in path.steps if s.technique_id == "sandwich"]
    assert sandwiches
    for step in sandwiches:  # its crusts and combinations: those of the line's permutations
        cells = list(step.cells)
        options = [[v for r, c, v in step.candidates if (r, c) == cell] for cell in cells]
        total = step.argument.total
        fillings = [
            w for w in _permutations_within(options) if _sandwich_total("".join(map(str, w))) == total
        ]
        pairs = {(w.index(1), w.index(9)) for w in fillings}
        between = {
            tuple(sorted(w[min(p) + 1 : max(p)])) for w in fillings for p in [(w.index(1), w.index(9))]
        }
        assert set(step.argument.pairs) == pairs and set(step.argument.between) == between - {()}
        for row, column, value in step.eliminations:
            if (row, column) in cells:
                assert all(w[cells.index((row, column))] != value for w in fillings)


def test_an_ambiguous_arrow_step_lists_the_fillings_its_candidates_leave():
    from sudoku_cp.reasoning.techniques.arguments import Fillings
    from sudoku_cp.reasoning.techniques.table import variant_finder

    cells = (0, 1, 10, 30)  # r1c1, r1c2, r2c2 see each other; r4c4 none of them
    line = Regular(cells, _either_end_sums(4), pattern="either end sums", label="ambiguous arrow")
    model = _with(_empty_model(), line)
    board = Board(model)
    assert id(line) in board.apart
    candidates = board.initial()
    candidates[0], candidates[1], candidates[10] = 0b111000000, 0b11, 0b111  # r1c1 7-9, r1c2 1-2, r2c2 1-3
    (step,) = variant_finder("line-clue")(board, candidates, set())  # a line of no named rule
    argument = step.argument
    assert isinstance(argument, Fillings) and argument.apart == ((0, 1, 2),)
    options = [values_of(candidates[c]) for c in cells]
    expected = {
        w
        for w in itertools.product(*options)
        if line.automaton(9).accepts(w) and len({w[0], w[1], w[2]}) == 3
    }
    assert set(argument.left) == expected
    for cell, value in step.eliminations:
        assert all(w[cells.index(cell)] != value for w in expected)
    assert argument.text(["r1c1", "r1c2", "r2c2", "r4c4"]).startswith("r1c1, r1c2, r2c2 differ: ")


def test_a_chain_through_a_line_read_apart_cites_the_alldifferents_between_its_cells():
    # a forcing chain's premise is checked from its cited constraints alone: a line whose
    # filter reads that its cells differ must bring the AllDifferents that say so
    from sudoku_cp.model.constraints import AllDifferent
    from sudoku_cp.reasoning.techniques.forcing import _Propagation

    cells = (0, 1, 10, 30)
    line = Regular(cells, _either_end_sums(4), pattern="either end sums", label="ambiguous arrow")
    pair = Regular((2, 3), _either_end_sums(2), pattern="equal", label="pair")  # r1c3 = r1c4: never, in row 1
    board = Board(_with(_empty_model(), line, pair))
    assert {id(line), id(pair)} <= board.reads_apart
    extras = {id(c): extra for c, _, extra in _Propagation(board).others}
    for clue, apart in ((line, [(0, 1), (0, 10), (1, 10)]), (pair, [(2, 3)])):
        cited = [c for c in extras[id(clue)] if isinstance(c, AllDifferent)]
        assert all(any(a in c.cells and b in c.cells for c in cited) for a, b in apart)

"""Which variant filters run when inside forcing chains and nets (issue 32, variant puzzles
over the CPU cap): the propagation runs the cheapest dirty filter first and a line clue of
two cells as a binary table, and must reach the very fixpoint every filter and single
reaches when run in any order (chaotic iteration: Apt, "Principles of Constraint
Programming", 2003, ch. 7)."""

from __future__ import annotations

import functools
import itertools
import operator
import random

import pytest

from sudoku_cp import datasets
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.model.rules import RegularClue, RegularLines
from sudoku_cp.reasoning.techniques import Board, forcing
from sudoku_cp.reasoning.techniques.board import _binary_table, line_supports, relation_supports, values_of


@functools.cache
def mixed_board() -> Board:
    """A board with filters of every cost class: thermometers (orders), whispers (binary
    tables), arrows (equations), two-cell and longer regular lines."""
    rules = (
        *datasets.load("gen_thermo")[0].rules,
        *datasets.load("gen_whispers")[0].rules,
        *datasets.load("gen_arrow")[0].rules,
        RegularLines(
            (
                RegularClue(
                    ((3, 3), (3, 4)),
                    "1[3-9]|2[4-9]|3[15-9]|4[126-9]|5[1-37-9]|6[1-489]|7[1-59]|8[1-6]|9[1-7]",
                ),
                RegularClue(((8, 3), (8, 4), (8, 5), (8, 6)), "[1-9]*[123][1-9]*"),
            )
        ),
    )
    return Board(Puzzle(Grid.empty(9), rules).model)


def fixpoint(board: Board, candidates: list[int]) -> list[int] | None:
    """Every single and every filter of ``board.others``, in the model's order, until none
    changes anything (``None``: a cell with no candidate, or a value with no place in a row,
    column or box)."""
    cand = list(candidates)
    units = [u.cells for u in board.units]
    full = (1 << board.side) - 1
    while True:
        before = list(cand)
        for cell, mask in enumerate(cand):
            if mask and not mask & (mask - 1):
                for peer in board.model.peers[cell]:
                    cand[peer] &= ~mask
        for cells in units:
            for value in range(board.side):
                places = [c for c in cells if cand[c] >> value & 1]
                if len(places) == 1:
                    cand[places[0]] &= 1 << value
        for _, propagate in board.others:
            if not all(cand) or propagate(cand) is None:
                return None
        if not all(cand) or any(
            functools.reduce(operator.or_, (cand[c] for c in cells)) != full for cells in units
        ):
            return None
        if cand == before:
            return cand


def test_the_propagation_reaches_the_fixpoint_of_every_filter_in_any_order():
    board = mixed_board()
    engine = forcing._Nets(board)
    start = fixpoint(board, board.initial())
    assert start is not None
    costs = [forcing._filter_cost(c) for c, _, _ in engine.others]
    assert costs == sorted(costs) and costs[0] == 0 and costs[-1] == 2  # the cheapest first
    compared, contradictions = matches_the_fixpoint(
        board, engine, start, ((c, v) for c in range(0, 81, 4) for v in values_of(start[c]))
    )
    assert compared >= 40 and contradictions > 0


def matches_the_fixpoint(board: Board, engine, start: list[int], suppositions) -> tuple[int, int]:
    """Assert that ``engine``'s run and branch from ``start`` reach :func:`fixpoint` for
    each supposition ``(cell, value)`` (until 40 are compared, one a contradiction); how
    many were compared, and how many of them were contradictions."""
    compared = contradictions = 0
    for cell, value in suppositions:
        if compared >= 40 and contradictions:
            break
        supposed = list(start)
        supposed[cell] = 1 << (value - 1)
        expected = fixpoint(board, supposed)
        assert engine.run(start, cell, value)[0] == expected
        after, _, end = engine.branch(start, cell, value)
        assert after == expected and (end is None) == (expected is not None)
        compared += 1
        contradictions += expected is None
    return compared, contradictions


def test_a_line_clue_of_two_cells_filters_as_its_binary_table():
    board = mixed_board()
    line = next(c for c, _ in board.others if type(c).__name__ == "Regular" and len(c.cells) == 2)
    table = relation_supports(_binary_table(line, 9))
    automaton = line_supports(line, 9)
    masks = [0b111111111, 0b1, 0b10, 0b101, 0b110000, 0b100010001, 0b11000000, 0b10000]
    first, second = line.cells
    for a, b in itertools.product(masks, repeat=2):
        by_table, by_automaton = [0] * 81, [0] * 81
        by_table[first] = by_automaton[first] = a
        by_table[second] = by_automaton[second] = b
        narrowed = table(by_table), automaton(by_automaton)
        assert (narrowed[0] is None) == (narrowed[1] is None)
        if narrowed[0] is not None:
            assert by_table == by_automaton and sorted(narrowed[0]) == sorted(narrowed[1])


def test_a_filter_marked_idempotent_removes_nothing_when_run_again():
    """The propagation does not run such a filter again after its own removals
    (:attr:`Board.idempotent`): on random narrowed states of every kind of clue, its second
    run removes nothing."""
    boards = [mixed_board()] + [
        Board(datasets.load(name)[0].model)
        for name in ("gen_killer", "gen_renban", "gen_sandwich", "gen_little_killer", "gen_region_sum")
    ]
    rng = random.Random(32)
    checked = 0
    for board in boards:
        for constraint, propagate in board.others:
            if id(constraint) not in board.idempotent:
                continue
            for _ in range(6):
                cand = [m & rng.getrandbits(9) or m for m in board.initial()]
                if propagate(cand) is None:
                    continue
                again = list(cand)
                assert propagate(again) == [] and again == cand, constraint.label
                checked += 1
    assert checked > 100


@functools.cache
def entropy_board() -> Board:
    """Global entropy read as ISS writes it (per 2x2 square and third, a regular line "a
    digit of this third here") with two skyscraper clues: the lines read by classes."""
    return Board(Puzzle.from_link(".GlobalEntropy.Skyscraper~R1~8~.Skyscraper~R6~~7.").model)


def test_an_entropy_square_reads_its_cells_by_classes():
    board = entropy_board()
    lines = [c for c, _ in board.others if id(c) in board.classes]
    assert len(lines) == 3 * 64  # each square's three lines, not the skyscrapers
    assert {tuple(sorted(board.classes[id(c)])) for c in lines} == {
        (0b111, 0b111111000),
        (0b111000, 0b111000111),
        (0b111111, 0b111000000),
    }


def test_a_class_filter_removes_nothing_after_removals_within_its_classes():
    """The propagation leaves such a filter asleep while each of its cells keeps a
    candidate of every class it had (:attr:`Board.classes`): from its fixpoint, removing
    values that leave each cell's classes as they were, it removes nothing and finds no
    contradiction."""
    board = entropy_board()
    rng = random.Random(17)
    checked = 0
    for constraint, propagate in board.others:
        classes = board.classes.get(id(constraint))
        if classes is None:
            continue
        for _ in range(3):
            cand = [m & rng.getrandbits(9) or m for m in board.initial()]
            if propagate(cand) is None:
                continue
            for c in constraint.cells:  # drop a value of a class the cell keeps another of
                for group in classes:
                    here = values_of(cand[c] & group)
                    if len(here) > 1:
                        cand[c] &= ~(1 << (rng.choice(here) - 1))
            again = list(cand)
            assert propagate(again) == [] and again == cand, constraint.label
            checked += 1
    assert checked > 300


@pytest.mark.slow
def test_the_entropy_propagation_wakes_class_filters_by_class_and_reaches_the_fixpoint():
    board = entropy_board()
    engine = forcing._Nets(board)
    classed = sum(
        1 << (engine.other_shift + i) for i, (c, _, _) in enumerate(engine.others) if id(c) in board.classes
    )
    assert engine.class_wakes is not None
    assert all(not marks & classed for marks in engine.peer_marks)  # a peer's removal: by class
    start = fixpoint(board, board.initial())
    assert start is not None
    cells = random.Random(45).sample(range(81), 12)
    compared, contradictions = matches_the_fixpoint(
        board, engine, start, ((c, v) for c in cells for v in values_of(start[c]))
    )
    assert compared >= 40 and contradictions > 0

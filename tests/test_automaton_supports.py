"""Automaton.supports (the regular constraint's arc consistency, the engine's and the
reasoning's) against an enumeration of every line the masks allow."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_cp.model.community_kinds import same_count_automaton, sum_line_automaton
from sudoku_cp.model.constraints import Automaton


def _segment_sums(total: int, side: int) -> Automaton:
    """Lines cut into segments that each sum to ``total``: many states, few set at once."""
    return Automaton.build(
        0, lambda s, v: (s + v) % total if s + v <= total else None, lambda s: s == 0, side
    )


def _at_most_two_odd(side: int) -> Automaton:
    """A small automaton, where a layer's states are as many as the moves on a value."""
    return Automaton.build(0, lambda s, v: s + v % 2 if s + v % 2 <= 2 else None, lambda s: True, side)


def _count_of_three(side: int) -> Automaton:
    """A counting circle's clue: 3 appears 0 or 3 times; every other value moves alike."""
    return Automaton.build(
        0, lambda s, v: s + (v == 3) if s + (v == 3) <= 3 else None, lambda s: s in (0, 3), side
    )


def _by_enumeration(automaton: Automaton, masks: list[int], side: int) -> list[int] | None:
    supported = [0] * len(masks)
    choices = [[v for v in range(1, side + 1) if mask >> (v - 1) & 1] for mask in masks]
    for line in itertools.product(*choices):
        if automaton.accepts(line):
            for position, value in enumerate(line):
                supported[position] |= 1 << (value - 1)
    return supported if any(supported) else None


@pytest.mark.parametrize(
    "make",
    [
        lambda: _segment_sums(10, 9),
        lambda: _at_most_two_odd(9),  # two letters: odd and even values move alike
        lambda: same_count_automaton(5, 2, 9),  # two letters: 5 and not 5
        lambda: _count_of_three(9),
        # a sum loop: its supports are its parts' (one per sum carried round the end), its
        # enumeration reads the whole deterministic automaton
        lambda: sum_line_automaton(10, 9, True),
    ],
)
def test_supports_are_the_values_of_the_accepted_lines(make):
    automaton = make()
    generator = random.Random(31)
    for _ in range(150):
        length = generator.randint(1, 5)
        masks = [generator.randint(1, 511) for _ in range(length)]
        assert automaton.supports(masks) == _by_enumeration(automaton, masks, 9), masks


def test_values_alike_are_read_as_one_class():
    """A counting line moves alike on every digit but the counted one (and has no move on 9):
    its supports step once per class of values, and stay those of the enumeration."""
    counted = Automaton.build(
        0, lambda n, v: None if v == 9 else (n + (v == 3) if n + (v == 3) < 3 else None), lambda n: n == 2, 9
    )
    classes = counted._layers._classes
    assert classes is not None and sorted(classes.values[r] for r in (1 << 2, 1)) == [0b100, 0b11111011]
    generator = random.Random(32)
    for _ in range(150):
        masks = [generator.randint(1, 511) for _ in range(generator.randint(1, 5))]
        assert counted.supports(masks) == _by_enumeration(counted, masks, 9), masks


def _by_layers(automaton: Automaton, masks: list[int]) -> list[int] | None:
    """The supports by sets of states, position by position (Pesant's two passes)."""
    moves = automaton.transitions
    layers = [{automaton.start}]
    for mask in masks:
        layers.append({t for q in layers[-1] for v, t in moves[q].items() if mask >> (v - 1) & 1})
    alive = layers[-1] & automaton.accepting
    supported = [0] * len(masks)
    for position in range(len(masks) - 1, -1, -1):
        before = set()
        for q in layers[position]:
            for v, t in moves[q].items():
                if masks[position] >> (v - 1) & 1 and t in alive:
                    supported[position] |= 1 << (v - 1)
                    before.add(q)
        alive = before
    return supported if alive else None


def test_long_lines_read_by_chunks_keep_their_supports():
    """Past 32 positions a line's passes are remembered by chunks of 16 positions: the
    supports stay those of the passes position by position, for lines asked anew and
    for lines that share chunks with those asked before."""
    automaton = _segment_sums(10, 9)
    generator = random.Random(33)
    base = [generator.choice((511, 0b110110110, 1 << generator.randint(0, 8))) for _ in range(50)]
    for _ in range(60):
        masks = list(base)
        for position in generator.sample(range(50), 3):
            masks[position] = generator.randint(1, 511)
        assert automaton.supports(masks) == _by_layers(automaton, masks), masks


def test_a_full_rank_word_reads_only_the_blocks_that_can_open():
    """A full-rank clue's automaton carries its word's shape (:class:`Blocks`): the supports
    that skip the blocks of lines that cannot start with the clued digit are those of the
    whole word read by the same automaton without that shape."""
    from sudoku_cp.model.constraints import Blocks
    from sudoku_cp.model.full_rank import rank_automaton

    generator = random.Random(33)
    for digit, below, strict in ((1, 0, True), (2, 1, False), (3, 2, True)):
        shaped = rank_automaton(4, digit, below, strict)
        assert isinstance(shaped.meaning, Blocks)
        plain = Automaton(shaped.start, shaped.transitions, shaped.accepting)
        length = 1 + 7 * 15  # the first value, then 15 other lines of 7 values (4x4)
        for _ in range(60):
            masks = [generator.randint(1, 15) for _ in range(length)]
            for start in range(1, length, 7):  # most lines cannot start with the digit
                if generator.random() < 0.7:
                    masks[start] &= ~(1 << (digit - 1)) or 0b1111 & ~(1 << (digit - 1))
            masks = [m or 0b1111 & ~(1 << (digit - 1)) for m in masks]
            expected = plain.supports(masks)
            assert shaped.supports(masks) == expected
            found = shaped.supports_at(masks)
            if expected is None:
                assert found is None
            else:
                positions, kept = found
                assert all(expected[p] == k for p, k in zip(positions, kept, strict=True))
                assert all(expected[p] == masks[p] for p in set(range(length)) - set(positions))


def test_a_full_rank_word_by_blocks_keeps_the_supports_of_the_passes():
    """The closed form of a full-rank word (:class:`~sudoku_cp.model.full_rank.RankBlocks`:
    each block below or not, counted) keeps exactly the supports of the passes over the
    automaton's layers, on words whose lines share long equal prefixes (few values per
    position, so that ties and first differences deep in a block are met), for each tie mode."""
    from sudoku_cp.model.full_rank import RankBlocks, rank_automaton

    generator = random.Random(32)
    for side, digit, below, strict in ((4, 2, 1, True), (4, 3, 0, False), (5, 1, 2, True), (5, 4, 3, False)):
        shaped = rank_automaton(side, digit, below, strict)
        assert isinstance(shaped.meaning, RankBlocks)
        plain = Automaton(shaped.start, shaped.transitions, shaped.accepting)
        full, block = (1 << side) - 1, 2 * side - 1
        length = 1 + (4 * side - 1) * block
        accepted = 0
        for _ in range(80):
            masks = [
                generator.choice((full, full, full, 1 << generator.randrange(side), 0b110))
                for _ in range(length)
            ]
            masks[0] |= 1 << (digit - 1)
            for start in range(1, length, block):  # a few lines can start with the digit
                if generator.random() < 0.8:
                    masks[start] &= ~(1 << (digit - 1))
                masks[start] = masks[start] or full & ~(1 << (digit - 1))
            expected = plain.supports(masks)
            accepted += expected is not None
            assert shaped.supports(masks) == expected, (side, digit, below, strict, masks)
        assert accepted > 10  # the words accepted are tested too, not only the refusals


def test_a_full_rank_word_keeps_the_supports_when_lines_surely_start_with_the_digit():
    """:class:`~sudoku_cp.model.full_rank.RankBlocks` works out the supports of a block only
    when its outcome needs them (a line that may start with another digit keeps every value
    while it may be not below): lines that surely start with the clued digit, that may, and
    that cannot, mixed, keep the supports of the passes over the automaton's layers."""
    from sudoku_cp.model.full_rank import rank_automaton

    generator = random.Random(5)
    for side, digit, below, strict in ((4, 1, 3, True), (4, 4, 2, False), (5, 2, 1, False)):
        shaped = rank_automaton(side, digit, below, strict)
        plain = Automaton(shaped.start, shaped.transitions, shaped.accepting)
        full, block, bit = (1 << side) - 1, 2 * side - 1, 1 << (digit - 1)
        length = 1 + (4 * side - 1) * block
        accepted = 0
        for _ in range(50):
            masks = [
                generator.choice((full, full, 1 << generator.randrange(side), 0b110, 0b011))
                for _ in range(length)
            ]
            masks[0] |= bit
            for start in range(1, length, block):
                masks[start] = generator.choice((masks[start] & ~bit, bit, masks[start] | bit)) or full & ~bit
            expected = plain.supports(masks)
            accepted += expected is not None
            assert shaped.supports(masks) == expected, (side, digit, below, strict, masks)
        assert accepted > 10


def test_steps_by_value_and_by_state_keep_the_supports():
    """A step over a mask of few values goes by value, over many a state at a time
    (:class:`~sudoku_cp.model.constraints._Layers`): lines mixing both, on a sandwich clue's
    automaton and a skyscraper's, keep the supports of the plain passes."""
    from sudoku_cp.model.constraints import Sandwich, Skyscraper

    generator = random.Random(34)
    for clue in (Sandwich(tuple(range(9)), 18, label="s"), Skyscraper(tuple(range(9)), 3, label="k")):
        automaton = clue.automaton(9)
        accepted = 0
        for _ in range(300):
            masks = [
                generator.choice((511, 1 << generator.randrange(9), 0b100000001, generator.randint(1, 511)))
                for _ in range(9)
            ]
            expected = _by_layers(automaton, masks)
            accepted += expected is not None
            assert automaton.supports(masks) == expected, masks
        assert accepted > 30

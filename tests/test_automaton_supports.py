"""Automaton.supports (the regular constraint's arc consistency, the engine's and the
reasoning's) against an enumeration of every line the masks allow."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_cp.model.community_kinds import sum_line_automaton
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
        lambda: _at_most_two_odd(9),
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


def test_values_that_move_alike_share_one_memo_entry():
    """The supports read the masks projected on the classes of values that move every
    state alike (3 and the rest, for a count of 3s): lines that differ only within a class
    are one entry of the memo, and their supports are each cut to their own masks."""
    automaton = _count_of_three(9)
    layers = automaton._layers
    assert layers._project is not None
    first = automaton.supports([0b000000100, 0b000000110, 0b111111111])
    second = automaton.supports([0b000000100, 0b000001100, 0b011111111])
    assert len(layers._lines) == 2  # the projected line and its supports: one entry each
    assert first == _by_enumeration(automaton, [0b000000100, 0b000000110, 0b111111111], 9)
    assert second == _by_enumeration(automaton, [0b000000100, 0b000001100, 0b011111111], 9)
    assert _segment_sums(10, 9)._layers._project is None  # every value moves its own way

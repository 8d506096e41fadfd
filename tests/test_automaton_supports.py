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

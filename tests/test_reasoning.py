"""The solving techniques over bitmask candidates (sudoku_cp.engine.hall), checked
against brute-force enumeration of every assignment."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cp.engine.hall import hall_sets


def supported_by_some_assignment(masks: list[int]) -> list[int] | None:
    """For each cell, the values some assignment of pairwise different values uses; None if none exists."""
    count = len(masks)
    options = [[v for v in range(count) if mask >> v & 1] for mask in masks]
    kept = [0] * count
    found = False
    for values in itertools.product(*options):
        if len(set(values)) == count:
            found = True
            for cell, value in enumerate(values):
                kept[cell] |= 1 << value
    return kept if found else None


@st.composite
def units(draw) -> list[int]:
    count = draw(st.integers(1, 6))
    return [draw(st.integers(1, (1 << count) - 1)) for _ in range(count)]


@settings(max_examples=300, deadline=None)
@given(units())
def test_hall_sets_keep_exactly_the_values_of_some_assignment(masks):
    assert hall_sets(masks) == supported_by_some_assignment(masks)


def test_a_naked_pair_and_a_hidden_pair():
    assert hall_sets([0b0011, 0b0011, 0b1111, 0b1111]) == [0b0011, 0b0011, 0b1100, 0b1100]
    assert hall_sets([0b1111, 0b1111, 0b0011, 0b0011]) == [0b1100, 0b1100, 0b0011, 0b0011]


def test_no_room_for_three_values_in_two_cells_is_a_contradiction():
    assert hall_sets([0b011, 0b011, 0b011]) is None


@st.composite
def dense_units(draw) -> list[int]:
    """Units whose cells have most values open: the quick no-Hall-set test decides these."""
    count = draw(st.integers(3, 6))
    full = (1 << count) - 1
    gaps = st.integers(0, count)
    return [full & ~(1 << draw(gaps)) & ~(1 << draw(gaps)) for _ in range(count)]


@settings(max_examples=60, deadline=None)
@given(dense_units())
def test_hall_sets_of_dense_units_keep_exactly_the_values_of_some_assignment(masks):
    assert hall_sets(masks) == supported_by_some_assignment(masks)


def test_an_open_unit_with_no_hall_set_keeps_every_candidate():
    masks = [0b11110, 0b11101, 0b11011, 0b10111, 0b01111]
    assert hall_sets(masks) == masks

"""Skipping a single-digit finder's value while nothing it reads has changed.

A finder that looks at one value at a time (fish, finned fish, Skyscraper, 2-String Kite,
Turbot Fish, Empty Rectangle, X-Chain, colouring) reads only that value's *plane*: the
open cells holding the value and the placed cells holding it. What it finds on that value
is a function of the board and the plane alone. The solving path asks every finder again
after each step, and a step changes the planes of a few values only; so a finder that
found nothing on a value is not rerun on it until its plane changes (HoDoKu keeps no such
memo; it is the "rescan only what changed" of incremental propagation, Bessiere,
"Constraint Propagation", Handbook of Constraint Programming 2006, section 3.3).

The memo holds facts, not guesses: ``(finder, value) -> plane`` where the finder, run on
that plane of that board, found nothing; it lives with the board's
:class:`~sudoku_cp.reasoning.techniques._links.Geometry`. Skipping a value whose
plane matches changes no step and no order: the finder would have yielded nothing there.

>>> planes = value_planes([0b01, 0b11, 0b10, 0b10], {0}, 2)
>>> planes[0] == (0b0010, 0b0001, 0b0001)  # value 1: open in cell 1, placed in cell 0
True
>>> planes[1] == (0b1110, 0, 0)  # value 2: open in cells 1 to 3, placed nowhere
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TypeVar

from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques.board import Board

T = TypeVar("T")

Plane = tuple[int, int, int]
"""One value's plane as bit sets over cells (bit ``c`` for cell ``c``): the open cells
holding it, the placed cells holding it, the placed cells holding it alone."""

_LAST: tuple = (None, None)
"""``(key, planes)`` of the last state asked for (several finders ask per step); replaced
in one assignment, so a reader sees a matching pair."""


def value_planes(candidates: Sequence[int], placed: set[int], side: int) -> tuple[Plane, ...]:
    """Each value's :data:`Plane` (index ``value - 1``) for the candidates (one bitmask
    per cell, bit ``v - 1`` for value ``v``) and the placed cells; remembered for the
    last state."""
    global _LAST
    key = (side, tuple(candidates), frozenset(placed))  # side: a multi-grid's cells are not side**2
    last = _LAST  # one read: another thread may replace it (the answer is the same)
    if last[0] == key:
        return last[1]
    open_bits = [0] * side
    placed_bits = [0] * side
    alone_bits = [0] * side
    for c, mask in enumerate(candidates):
        bit_c = 1 << c
        if c in placed:
            if mask and not mask & (mask - 1):
                alone_bits[mask.bit_length() - 1] |= bit_c
            target = placed_bits
        else:
            target = open_bits
        while mask:
            low = mask & -mask
            target[low.bit_length() - 1] |= bit_c
            mask ^= low
    planes = tuple(zip(open_bits, placed_bits, alone_bits, strict=True))
    _LAST = (key, planes)
    return planes


_GROUPS: dict[int, tuple] = {}
"""Per list of groups (by ``id``), ``(key, states, groups)`` of :func:`group_states`' last
call on it: the naked subsets read ``board.alldifferents`` and the hidden ones
``board.units``, asked in turn, so one slot for both would be replaced at every call (the
entry holds the list, so its ``id`` names no other list while it is there)."""


def group_states(
    board: Board, candidates: Sequence[int], placed: set[int], groups: Sequence
) -> tuple[tuple[int, ...], ...]:
    """For each constraint of ``groups`` (``board.units`` or ``board.alldifferents``), what
    a subset finder reads of it: its cells' candidates, a placed cell's negated; remembered
    for the last state and groups (the naked and hidden subsets of each size ask for the
    same)."""
    key = (board, tuple(candidates), frozenset(placed))
    last = _GROUPS.get(id(groups))  # one read: another thread may replace it
    if last is not None and last[2] is groups and last[0] == key:
        return last[1]
    states = tuple(
        tuple(-candidates[c] if c in placed else candidates[c] for c in group.cells) for group in groups
    )
    if len(_GROUPS) >= 8:  # lists of other boards: let them go (this board's other list stays)
        for other in [k for k, (then, _, _) in list(_GROUPS.items()) if then[0] is not board]:
            _GROUPS.pop(other, None)
        if len(_GROUPS) >= 8:
            _GROUPS.clear()
    _GROUPS[id(groups)] = (key, states, groups)
    return states


def unchanged(memo: dict, finder: Hashable, value: int, planes: tuple[Plane, ...]) -> bool:
    """True when ``finder`` found nothing on ``value`` at its current plane (``memo``:
    the board's, :attr:`~sudoku_cp.reasoning.techniques._links.Geometry.nothing`)."""
    return memo.get((finder, value)) == planes[value - 1]


def found_nothing(memo: dict, finder: Hashable, value: int, planes: tuple[Plane, ...]) -> None:
    """Record that ``finder`` found nothing on ``value`` at its current plane."""
    memo[(finder, value)] = planes[value - 1]


def per_value(
    board: Board,
    candidates: list[int],
    placed: set[int],
    finder: Hashable,
    on_value: Callable[[int], Iterator[T]],
) -> Iterator[T]:
    """What ``on_value(value)`` finds for each value ``1..n`` in turn, but for the values
    ``finder`` found nothing on at their current plane; records those it finds nothing on
    now (none after its first find: the caller may change the candidates while it holds
    one)."""
    memo = geometry(board).nothing
    planes = value_planes(candidates, placed, board.side)
    yielded = False
    for value in range(1, board.side + 1):
        if unchanged(memo, finder, value, planes):
            continue  # nothing there last time, and the value's places are the same
        for found in on_value(value):
            yielded = True
            yield found
        if not yielded:
            found_nothing(memo, finder, value, planes)


def per_group(
    board: Board,
    candidates: list[int],
    placed: set[int],
    groups: Sequence,
    finder: Hashable,
    on_group: Callable[[object], Iterator[T]],
) -> Iterator[T]:
    """What ``on_group(group)`` finds for each constraint of ``groups`` (``board.units``
    or ``board.alldifferents``) in turn, but for those ``finder`` found nothing in while
    their cells' candidates are unchanged (:func:`group_states`); records those it finds
    nothing in now (none after its first find, as :func:`per_value`)."""
    memo = geometry(board).nothing
    states = group_states(board, candidates, placed, groups)
    yielded = False
    for index, group in enumerate(groups):
        key = (finder, index)
        if memo.get(key) == states[index]:
            continue  # nothing there last time, and its cells are the same
        for found in on_group(group):
            yielded = True
            yield found
        if not yielded:
            memo[key] = states[index]


def changed_since_nothing(board: Board, finder: Hashable, candidates: Sequence[int], placed: set[int]) -> int:
    """The cells (a bit set, bit ``c`` for cell ``c``) whose candidates or placing changed
    since ``finder`` last found nothing on this board (:func:`nothing_here`), if the state
    narrows that one (each cell's candidates a subset, the placed cells a superset: the
    next states of a solving path); else every cell (``-1``). A finder whose patterns
    only narrow with the state (each condition on its cells' candidates, each target
    still there in the wider state) finds on the narrower state only patterns with a
    changed cell: the others were there, and found nothing, before."""
    last = board.memo.get(("nothing since", finder))
    if last is None or len(last[0]) != len(candidates) or not last[1] <= placed:
        return -1
    was_candidates, was_placed = last
    changed = 0
    for c, (now, was) in enumerate(zip(candidates, was_candidates, strict=True)):
        if now != was:
            if now | was != was:
                return -1  # a wider state: not a next state of that one
            changed |= 1 << c
    for c in placed - was_placed:
        changed |= 1 << c
    return changed


def nothing_here(board: Board, finder: Hashable, candidates: Sequence[int], placed: set[int]) -> None:
    """Record that ``finder`` found nothing on this state (see :func:`changed_since_nothing`)."""
    board.memo[("nothing since", finder)] = (tuple(candidates), frozenset(placed))


__all__ = [
    "Plane",
    "changed_since_nothing",
    "found_nothing",
    "group_states",
    "nothing_here",
    "per_group",
    "per_value",
    "unchanged",
    "value_planes",
]

"""The backtracker's Hall-set propagation over bitmask candidates, for any unit.

Candidates are ints: bit ``v - 1`` is set while value ``v`` is still possible in a cell.
A *unit* is a list of cells that hold every value exactly once (a row, column, box,
region...). :func:`hall_sets` takes a unit's candidate masks and returns them narrowed
(or ``None`` on a contradiction); it does not know about grids.

The step-by-step explanations (:mod:`sudoku_cp.reasoning.techniques`) find Hall sets one named
subset at a time (a naked pair, a hidden triple...) with its cells as premises, smallest
first; the backtracker needs all of a unit's Hall sets at once, which one matching gives.

>>> hall_sets([0b011, 0b011, 0b111])  # a naked pair {1, 2} leaves the third cell 3
[3, 3, 4]
"""

from __future__ import annotations

from collections.abc import Sequence


def hall_sets(masks: Sequence[int]) -> list[int] | None:
    """Every Hall set of a unit at once: the masks keeping only the values that some
    assignment of different values to all the cells gives each cell.

    A *Hall set* is ``k`` cells whose candidates hold only ``k`` values (a naked pair,
    triple...), or ``k`` values with only ``k`` places (a hidden pair...); those values
    leave the other cells, those cells lose the other values. Removing exactly the
    values no complete assignment uses does this for every ``k`` at once: the domain
    consistency of AllDifferent (Régin, "A filtering algorithm for constraints of
    difference in CSPs", AAAI 1994): a maximum matching of cells to values, then a
    value stays in a cell iff it is matched there or the cell and the value's matched
    cell lie in one strongly connected component of the matching's residual graph.
    Before the matching, on a dense unit, a count of candidates per cell and places
    per value settles most open units of a nearly empty grid: with no cells and values
    tight enough to form a Hall set, every value stays (:func:`_may_hold_hall_set`).

    Args:
        masks: the candidates of the unit's open cells, with the values of its decided
            cells removed: as many values left (bits set in some mask) as cells.

    Returns:
        The narrowed masks, in order, or ``None`` when the cells cannot all take
        different values.
    """
    count = len(masks)
    sizes = [mask.bit_count() for mask in masks]
    if 2 * sum(sizes) >= count * count and not _may_hold_hall_set(masks, sizes):
        return list(masks)
    value_cell: dict[int, int] = {}  # value bit -> the cell matched to it
    cell_value = [0] * count
    for cell, mask in enumerate(masks):  # greedy start: the lowest free value
        free = mask
        while free:
            bit = free & -free
            if bit not in value_cell:
                value_cell[bit] = cell
                cell_value[cell] = bit
                break
            free ^= bit
    for cell in range(count):
        if not cell_value[cell] and not _augment(cell, masks, value_cell, cell_value, [0]):
            return None
    # cell i -> cell j when i may take the value matched to j; i's predecessors are the
    # other cells that may take i's value
    successors = []
    predecessors = [0] * count
    for cell, mask in enumerate(masks):
        out = 0
        rest = mask ^ cell_value[cell]
        while rest:
            bit = rest & -rest
            rest ^= bit
            other = value_cell[bit]
            out |= 1 << other
            predecessors[other] |= 1 << cell
        successors.append(out)
    kept = list(masks)
    remaining = (1 << count) - 1
    while remaining:
        low = remaining & -remaining
        component = _reach(low, successors, remaining) & _reach(low, predecessors, remaining)
        remaining &= ~component
        if component == (1 << count) - 1:
            break  # one component: every value stays
        values = 0
        members = component
        while members:
            bit = members & -members
            members ^= bit
            values |= cell_value[bit.bit_length() - 1]
        members = component
        while members:
            bit = members & -members
            members ^= bit
            kept[bit.bit_length() - 1] &= values
    return kept


_PLACE_COUNT_LIMIT = 8  # counting places costs a pass per level: past this, match instead


def _may_hold_hall_set(masks: Sequence[int], sizes: list[int]) -> bool:
    """False when the cells certainly hold no Hall set and can all take different
    values, so that no value leaves any cell (``sizes``: each mask's bit count).

    ``k`` cells with only ``k`` values between them (``0 < k < len(masks)``) need ``k``
    cells of at most ``k`` candidates, and they leave the other ``len(masks) - k``
    values at most ``len(masks) - k`` places each; a set of cells with fewer values
    than cells needs no less. These counts are cheap next to the matching on dense
    units (most values open in most cells, as in a nearly empty grid), which is where
    :func:`hall_sets` asks.
    """
    count = len(masks)
    union = 0
    for mask in masks:
        union |= mask
    if union.bit_count() != count:
        return True  # too few values (the matching fails), or more than the counts cover
    ordered = sorted(sizes)
    possible = [k for k in range(1, count) if ordered[k - 1] <= k]
    if not possible:
        return False
    most = count - possible[0]  # the most places a value may have and still count
    if most > _PLACE_COUNT_LIMIT:
        return True
    at_least = [union] + [0] * (most + 1)  # at_least[j]: the values with j places or more
    for mask in masks:
        for j in range(most + 1, 0, -1):
            at_least[j] |= at_least[j - 1] & mask
    return any((union & ~at_least[count - k + 1]).bit_count() >= count - k for k in possible)


def _reach(start: int, edges: Sequence[int], within: int) -> int:
    """The nodes (a bitmask) reachable from the nodes of ``start`` inside ``within``."""
    reached = frontier = start
    while frontier:
        step = 0
        while frontier:
            bit = frontier & -frontier
            frontier ^= bit
            step |= edges[bit.bit_length() - 1]
        frontier = step & within & ~reached
        reached |= frontier
    return reached


def _augment(
    cell: int, masks: Sequence[int], value_cell: dict[int, int], cell_value: list[int], seen: list[int]
) -> bool:
    """Match ``cell`` along an augmenting path (Kuhn's method); ``seen[0]`` marks values visited."""
    free = masks[cell] & ~seen[0]
    while free:
        bit = free & -free
        seen[0] |= bit
        other = value_cell.get(bit)
        if other is None or _augment(other, masks, value_cell, cell_value, seen):
            value_cell[bit] = cell
            cell_value[cell] = bit
            return True
        free &= ~seen[0]
    return False

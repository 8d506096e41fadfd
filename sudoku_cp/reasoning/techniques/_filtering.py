"""The building blocks the variant steps' filters share (:mod:`~sudoku_cp.reasoning.techniques.board`'s
and :mod:`~sudoku_cp.reasoning.techniques.line_fillings`'): reading a filter's cells, remembering its
answers per state of them, the supports of cells taking different digits of a set (Régin's
matching), the bound on the fillings a table is built from. Below both: it imports neither.

Candidates are ints: bit ``v - 1`` of a cell's mask is set while ``v`` is possible.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Sequence

_SUPPORT_CACHE_SIZE = 4096
"""The most candidate states a filter :func:`remembered` keeps by default (then it forgets
the older half)."""


def _reader(cells: Sequence[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A function reading the values at ``cells`` of a list as a tuple (one C call:
    :func:`operator.itemgetter`, which gives a bare value for one index)."""
    if len(cells) == 1:
        (cell,) = cells
        return lambda values: (values[cell],)
    return operator.itemgetter(*cells)


def _matched_supports(masks: Sequence[int], digits: int) -> list[int] | None:
    """For cells that take different digits of ``digits`` (bits, as many as the cells),
    each within its candidate ``masks``: per cell, the digits some such assignment gives it
    (``None`` when there is none). One perfect matching (Kuhn's augmenting paths); then a
    cell also takes another digit ``w`` exactly when the cells can pass their digits along,
    each to a candidate of its own, from ``w``'s cell to the digit the cell frees: a path
    from ``w`` to it in the graph of digits, ``u -> x`` when the cell holding ``u`` has
    ``x`` (an alternating cycle; Régin, "A filtering algorithm for constraints of
    difference in CSPs", AAAI 1994).

    >>> [values_of(m) for m in _matched_supports([0b11, 0b11, 0b111], 0b111)]
    [(1, 2), (1, 2), (3,)]
    """
    count = len(masks)
    owner: dict[int, int] = {}  # a digit's bit -> the position of the cell holding it

    def augment(i: int, seen: list[int]) -> bool:
        options = masks[i] & digits
        while options:
            bit = options & -options
            options ^= bit
            if seen[0] & bit:
                continue
            seen[0] |= bit
            if bit not in owner or augment(owner[bit], seen):
                owner[bit] = i
                return True
        return False

    if not all(augment(i, [0]) for i in range(count)):
        return None
    held = [0] * count
    for bit, i in owner.items():
        held[i] = bit
    # reach[u]: the digits reachable from digit u (bit positions), by a closure over bit sets
    order = list(owner)
    reach = {u: masks[owner[u]] & digits & ~u for u in order}
    for k in order:
        for u in order:
            if reach[u] & k:
                reach[u] |= reach[k]
    kept = []
    for i in range(count):
        found = held[i]
        options = masks[i] & digits & ~found
        while options:
            bit = options & -options
            options ^= bit
            if reach[bit] & held[i]:
                found |= bit
        kept.append(found)
    return kept


@functools.lru_cache(maxsize=1 << 16)
def _set_matchings(inside: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """:func:`_matched_supports` of masks already within ``digits``, remembered: a cage's
    filter asks it per combination with each cell's candidates of that combination only,
    so the states of a net that differ outside a combination ask it once."""
    found = _matched_supports(inside, digits)
    return None if found is None else tuple(found)


MAX_GROUP_FILLINGS = 20_000
"""The most fillings a group of pair clues read whole may have
(:func:`~sudoku_cp.reasoning.techniques.board._group_fillings`: looser clues are left to
their pairs, their table's filter would cost more than it tells), or a table or short line
clue read with its cells' different digits
(:func:`~sudoku_cp.reasoning.techniques.line_fillings.apart_fillings`)."""


class _TooMany(Exception):
    """A group's fillings past :data:`MAX_GROUP_FILLINGS` (its search stops)."""


def remembered(
    propagate: Callable[[list[int]], list[int] | None], cells: Sequence[int], size: int = _SUPPORT_CACHE_SIZE
) -> Callable[[list[int]], list[int] | None]:
    """``propagate`` (a propagator that reads and narrows only ``cells``) with the
    narrowing of each state of their candidates remembered (up to ``size`` states, by
    default :data:`_SUPPORT_CACHE_SIZE`, then the older half forgotten): forcing chains and nets suppose
    many candidates and reach the same states of a clue again and again; a table, a cage
    or a line then costs one lookup.

    >>> calls = []
    >>> def keep_one(candidates):  # a propagator that keeps the lowest candidate of cell 0
    ...     calls.append(1)
    ...     low = candidates[0] & -candidates[0]
    ...     changed = [0] if candidates[0] != low else []
    ...     candidates[0] = low
    ...     return changed
    >>> filter = remembered(keep_one, (0,))
    >>> first, second = [0b110], [0b110]
    >>> filter(first), filter(second), second, len(calls)
    ([0], [0], [2], 1)
    """
    read = _reader(cells)
    known: dict[tuple[int, ...], tuple[tuple[int, int], ...] | None] = {}

    def remember(candidates: list[int]) -> list[int] | None:
        masks = read(candidates)
        try:
            changes = known[masks]
        except KeyError:
            if len(known) > size:  # forget the older half: a net's latest states recur most
                for old in list(itertools.islice(known, len(known) // 2)):
                    del known[old]
            trial = list(candidates)
            if propagate(trial) is None:
                changes = None
            else:
                changes = tuple((c, trial[c]) for c in dict.fromkeys(cells) if trial[c] != candidates[c])
            known[masks] = changes
        if changes is None:
            return None
        if not changes:  # the common answer in a net: nothing to narrow
            return []
        for cell, bits in changes:
            candidates[cell] = bits
        return [cell for cell, _ in changes]

    return remember


@functools.lru_cache(maxsize=1 << 16)
def values_of(mask: int) -> tuple[int, ...]:
    """The values of a candidate mask, ascending (cached: masks recur)."""
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


def _unpacked(bits: int, count: int, width: int) -> tuple[int, ...]:
    """The ``count`` masks of ``width`` bits packed in ``bits`` (cell ``i``'s at bit
    ``i·width``), as a board's sum filter (``board._packed_terms``) and a sandwich's
    (``line_fillings._sandwich_fillings``) write them.

    >>> _unpacked(0b011_101, 2, 3)
    (5, 3)
    """
    full = (1 << width) - 1
    return tuple((bits >> (i * width)) & full for i in range(count))

"""Count lines: a :class:`~sudoku_cp.model.constraints.Regular` whose automaton only counts
one value (counting circles' "``d`` is in 0 or ``d`` circles of its set", a ``Count``
rewritten as a line), filtered knowing which of its cells see each other.

The automaton alone reads its cells as a word, so it lets ``d`` take any ``d`` of them; but
two cells that share a row, column, box or any other AllDifferent cannot both hold ``d``.
So the count of ``d`` can only reach the size of the largest set of cells with ``d`` as a
candidate no two of which see each other (an independent set of the peer graph; a 9 in a
set of circles needs nine circles in nine different rows, columns and boxes), and a cell
keeps ``d`` only when a large enough such set holds it: the generalised arc consistency of
"count of ``d`` among the cells is in ``K``" together with the AllDifferents between them
(a cardinality constraint over an independent set: Régin's global cardinality reasoning,
AAAI 1996, restricted to one value, where it is exact).

>>> from sudoku_cp.model.constraints import Automaton, Regular
>>> two_2s = Automaton.build(0, lambda seen, v: min(seen + (v == 2), 3), lambda s: s in (0, 2), 4)
>>> count_of_one_value(two_2s, 3, 4)
(2, frozenset({0, 2}))
>>> line = Regular((0, 1, 2), two_2s, pattern="0 or 2 x 2", label="two 2s")
>>> peers = ((1,), (0,), ())  # cells 0 and 1 see each other; cell 2 sees neither
>>> f = count_filter([line], 4, peers, ())
>>> candidates = [0b0010, 0b1111, 0b1111]  # cell 0 holds 2: a second 2 can only be cell 2's
>>> f(candidates), [bin(m) for m in candidates]
([1, 2], ['0b10', '0b1101', '0b10'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudoku_cp.model.constraints import AllDifferent, Automaton, Regular

_MEMO_SIZE = 1 << 16
"""The most answers a count filter remembers (then it forgets them all)."""


def count_of_one_value(automaton: Automaton, length: int, values: int) -> tuple[int, frozenset[int]] | None:
    """``(value, counts)`` when ``automaton`` accepts a word of ``length`` values over
    ``1..values`` exactly when the number of ``value``'s in it is one of ``counts``: every
    other value leaves every state as it is; ``None`` for any other language."""
    moving = set()
    for state, moves in automaton.transitions.items():
        for v in range(1, values + 1):
            if moves.get(v) != state:
                moving.add(v)
                if len(moving) > 1:
                    return None
    if len(moving) != 1:
        return None
    (value,) = moving
    counts = set()
    state = automaton.start
    for count in range(length + 1):
        if state in automaton.accepting:
            counts.add(count)
        state = automaton.transitions[state].get(value)
        if state is None:
            break
    return value, frozenset(counts)


class _Apart:
    """Which cells of a line see each other (``peers``: the model's, per cell), and whether
    ``k`` of a set of them (a mask over the line's positions) see none of each other: a
    search for an independent set of the peer graph, bounded by the AllDifferents (cells of
    one give at most one), each answer remembered."""

    def __init__(self, cells: Sequence[int], peers: Sequence[Sequence[int]], alldifferents) -> None:
        at = {cell: i for i, cell in enumerate(cells)}
        self.seen = [sum(1 << at[p] for p in peers[cell] if p in at) for cell in cells]
        # the AllDifferents as families of disjoint masks over the line's positions: a bound
        families: dict[object, list[int]] = {}
        for a in alldifferents:
            inside = sum(1 << at[c] for c in a.cells if c in at)
            if inside & (inside - 1):
                families.setdefault(a.origin.kind, []).append(inside)
        self.covers = []
        for masks in families.values():
            union = 0
            for m in masks:
                if union & m:
                    break
                union |= m
            else:
                self.covers.append((tuple(masks), union))
        self.known: dict[tuple[int, int], bool] = {}

    def fits(self, mask: int, k: int) -> bool:
        """Whether ``k`` positions of ``mask`` see none of each other."""
        if k <= 0:
            return True
        if mask.bit_count() < k:
            return False
        key = (mask, k)
        known = self.known.get(key)
        if known is not None:
            return known
        for masks, union in self.covers:
            if sum(1 for m in masks if m & mask) + (mask & ~union).bit_count() < k:
                self.known[key] = False
                return False
        low = mask & -mask
        i = low.bit_length() - 1
        answer = self.fits(mask & ~low & ~self.seen[i], k - 1) or self.fits(mask & ~low, k)
        self.known[key] = answer
        return answer

    def around(self, fixed: int) -> int:
        """The positions seeing a position of ``fixed``."""
        out = 0
        while fixed:
            low = fixed & -fixed
            out |= self.seen[low.bit_length() - 1]
            fixed ^= low
        return out

    def counts(self, have: int, fixed: int, counts: Sequence[int]) -> list[int]:
        """The ``counts`` a value can reach with ``fixed`` the positions holding it and
        ``have`` those where it is a candidate."""
        placed = fixed.bit_count()
        free = have & ~fixed & ~self.around(fixed)
        return [k for k in counts if k >= placed and self.fits(free, k - placed)]

    def narrow(self, have: int, fixed: int, counts: Sequence[int]) -> tuple[int, int]:
        """(positions losing the value, positions that must take it) for a count in
        ``counts`` (those it can reach, increasing, not empty)."""
        around = self.around(fixed)
        free = have & ~fixed & ~around
        placed = fixed.bit_count()
        more = [k - placed for k in counts if k > placed]
        least = counts[0] - placed
        lose, take, rest = have & around, 0, free
        while rest:
            low = rest & -rest
            rest ^= low
            if not more or not self.fits(free & ~low & ~self.seen[low.bit_length() - 1], more[0] - 1):
                lose |= low
            elif least > 0 and not self.fits(free & ~low, least):
                take |= low
        return lose, take


def count_filter(
    lines: Sequence[Regular],
    values: int,
    peers: Sequence[Sequence[int]],
    alldifferents: Sequence[AllDifferent],
) -> CountFilter | None:
    """The filter of count lines (:func:`count_of_one_value`) over the same cells, each
    counting its own value, some of which see each other (``peers``: the model's, per
    cell): per value, with ``F`` the cells holding it and ``C`` those with it as a
    candidate, its count reaches at most ``|F|`` plus the largest set of cells of ``C``
    seeing no cell of ``F`` nor each other; a cell keeps the value when some count left
    above ``|F|`` fits with it, and must take it when the least count left does not fit
    without it. When every candidate of the cells is a counted value, the counts add up
    to the number of cells, which leaves each value the counts that some choice of the
    others' completes (counting circles: the digits in the circles add up to their
    number; a subset sum, by a forward and a backward pass over the reachable totals).
    ``alldifferents`` (the model's) bound the search for such sets. ``None`` when a line
    is not a count line over different cells, or none of their cells see each other (the
    automata's supports say it all).

    The filter changes ``candidates`` in place and returns the cells it narrowed, or
    ``None`` when no count is left.
    """
    cells = lines[0].cells
    if len(set(cells)) != len(cells) or any(line.cells != cells for line in lines):
        return None
    counted = []
    for line in lines:
        found = count_of_one_value(line.automaton(values), len(cells), values)
        if found is None:
            return None
        counted.append((1 << (found[0] - 1), tuple(sorted(found[1]))))
    apart = _Apart(cells, peers, alldifferents)
    if not any(apart.seen):
        return None
    union = 0
    for bit, _ in counted:
        union |= bit
    size = len(cells)
    answers: dict[tuple[int, ...], tuple[tuple[int, int], ...] | None] = {}

    def left_counts(key: tuple[int, ...], whole: bool) -> list[list[int]] | None:
        states = [(key[2 * i], key[2 * i + 1]) for i in range(len(counted))]
        left = [
            apart.counts(have, fixed, counts)
            for (have, fixed), (_, counts) in zip(states, counted, strict=True)
        ]
        if not all(left):
            return None
        if whole:  # the counts add up to the number of cells: a subset sum, both ways
            forward = [1]
            for options in left:
                reach = 0
                for k in options:
                    reach |= forward[-1] << k
                forward.append(reach)
            if not forward[-1] >> size & 1:
                return None
            need = 1 << size
            for i in range(len(left) - 1, -1, -1):
                kept = [k for k in left[i] if (forward[i] << k) & need]
                before = 0  # the totals before value i from which the end is reachable
                for k in kept:
                    before |= need >> k
                left[i], need = kept, before
        return left

    def solve(key: tuple[int, ...], whole: bool) -> tuple[tuple[int, int], ...] | None:
        left = left_counts(key, whole)
        if left is None or not all(left):
            return None
        states = [(key[2 * i], key[2 * i + 1]) for i in range(len(counted))]
        return tuple(
            apart.narrow(have, fixed, options) for (have, fixed), options in zip(states, left, strict=True)
        )

    def read(candidates: Sequence[int]) -> tuple[int, ...]:
        key = []
        whole = True
        for bit, _ in counted:
            have = fixed = 0
            for i, cell in enumerate(cells):
                mask = candidates[cell]
                if mask & bit:
                    have |= 1 << i
                    if mask == bit:
                        fixed |= 1 << i
            key += (have, fixed)
        for cell in cells:
            if candidates[cell] & ~union:
                whole = False
        key.append(whole)
        return tuple(key)

    def counts(candidates: Sequence[int]) -> tuple[bool, tuple[tuple[int, tuple[int, ...]], ...]] | None:
        key = read(candidates)
        left = left_counts(key, key[-1])
        if left is None or not all(left):
            return None
        values = [bit.bit_length() for bit, _ in counted]
        return key[-1], tuple((v, tuple(k)) for v, k in zip(values, left, strict=True))

    def propagate(candidates: list[int]) -> list[int] | None:
        found = read(candidates)
        whole = found[-1]
        try:
            answer = answers[found]
        except KeyError:
            if len(answers) > _MEMO_SIZE:
                answers.clear()
                apart.known.clear()
            answer = answers[found] = solve(found, whole)
        if answer is None:
            return None
        narrowed = []
        for (bit, _), (lose, take) in zip(counted, answer, strict=True):
            while lose:
                low = lose & -lose
                lose ^= low
                cell = cells[low.bit_length() - 1]
                candidates[cell] &= ~bit
                if not candidates[cell]:
                    return None
                narrowed.append(cell)
            while take:
                low = take & -take
                take ^= low
                cell = cells[low.bit_length() - 1]
                if candidates[cell] & bit == 0:
                    return None
                candidates[cell] = bit
                narrowed.append(cell)
        return list(dict.fromkeys(narrowed))

    return CountFilter(propagate, counts)


@dataclass(frozen=True)
class CountFilter:
    """A filter of count lines read together (:func:`count_filter`): called on the
    candidates, it narrows them; :attr:`counts` tells, from the candidates, whether the
    counts add up to the number of cells and each counted value's counts left, increasing
    (``None`` when some value has none): the argument of its steps."""

    narrow: Callable[[list[int]], list[int] | None]
    counts: Callable[[Sequence[int]], tuple[bool, tuple[tuple[int, tuple[int, ...]], ...]] | None]

    def __call__(self, candidates: list[int]) -> list[int] | None:
        return self.narrow(candidates)


def seeing_pairs(cells: Sequence[int], peers: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The pairs of ``cells`` that see each other, whose AllDifferents a count filter relies on."""
    return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if b in peers[a]]


__all__ = ["count_filter", "count_of_one_value", "seeing_pairs"]

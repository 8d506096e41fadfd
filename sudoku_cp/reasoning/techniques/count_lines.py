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
>>> f = count_filter(line, 4, peers, ())
>>> candidates = [0b0010, 0b1111, 0b1111]  # cell 0 holds 2: a second 2 can only be cell 2's
>>> f(candidates), [bin(m) for m in candidates]
([1, 2], ['0b10', '0b1101', '0b10'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


def count_filter(
    constraint: Regular,
    values: int,
    peers: Sequence[Sequence[int]],
    alldifferents: Sequence[AllDifferent],
) -> Callable[[list[int]], list[int] | None] | None:
    """The filter of a count line (:func:`count_of_one_value`) over cells of which some see
    each other (``peers``: the model's, per cell): with ``F`` its cells holding the value
    and ``C`` those with it as a candidate, the count reaches at most ``|F|`` plus the
    largest set of cells of ``C`` seeing no cell of ``F`` nor each other; a cell keeps the
    value when some allowed count above ``|F|`` fits with it, and must take it when the
    least allowed count does not fit without it. ``alldifferents`` (the model's) bound the
    search for such sets: cells of one AllDifferent give at most one. ``None`` when the
    line is not a count line over different cells, or none of its cells see each other
    (its automaton's supports say it all).

    The filter changes ``candidates`` in place and returns the cells it narrowed, or
    ``None`` when no count is left.
    """
    cells = constraint.cells
    if len(set(cells)) != len(cells):
        return None
    found = count_of_one_value(constraint.automaton(values), len(cells), values)
    if found is None:
        return None
    value, counts = found
    at = {cell: i for i, cell in enumerate(cells)}
    seen = [sum(1 << at[p] for p in peers[cell] if p in at) for cell in cells]
    if not any(seen):
        return None
    allowed_counts = tuple(sorted(counts))
    bit = 1 << (value - 1)
    # the AllDifferents as families of disjoint masks over the line's positions: a bound
    families: dict[object, list[int]] = {}
    for a in alldifferents:
        inside = sum(1 << at[c] for c in a.cells if c in at)
        if inside & (inside - 1):
            families.setdefault(a.origin.kind, []).append(inside)
    covers = []
    for masks in families.values():
        union = 0
        for m in masks:
            if union & m:
                break
            union |= m
        else:
            covers.append((tuple(masks), union))
    fitting: dict[tuple[int, int], bool] = {}

    def fits(mask: int, k: int) -> bool:
        """Whether ``k`` positions of ``mask`` see none of each other."""
        if k <= 0:
            return True
        if mask.bit_count() < k:
            return False
        key = (mask, k)
        known = fitting.get(key)
        if known is not None:
            return known
        for masks, union in covers:
            if sum(1 for m in masks if m & mask) + (mask & ~union).bit_count() < k:
                fitting[key] = False
                return False
        low = mask & -mask
        i = low.bit_length() - 1
        answer = fits(mask & ~low & ~seen[i], k - 1) or fits(mask & ~low, k)
        fitting[key] = answer
        return answer

    answers: dict[tuple[int, int], tuple[int, int] | None] = {}

    def solve(have: int, fixed: int) -> tuple[int, int] | None:
        """(positions losing the value, positions taking it), or ``None``: no count fits."""
        around = 0
        f = fixed
        while f:
            low = f & -f
            around |= seen[low.bit_length() - 1]
            f ^= low
        if around & fixed:
            return None
        free = have & ~fixed & ~around
        placed = fixed.bit_count()
        room = [k - placed for k in allowed_counts if k >= placed]
        room = [r for r in room if fits(free, r)]
        if not room:
            return None
        lose = have & around
        take = 0
        more = [r for r in room if r > 0]
        least = room[0]
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            if not more or not fits(free & ~low & ~seen[i], more[0] - 1):
                lose |= low
            elif least > 0 and not fits(free & ~low, least):
                take |= low
        return lose, take

    def propagate(candidates: list[int]) -> list[int] | None:
        have = fixed = 0
        for i, cell in enumerate(cells):
            mask = candidates[cell]
            if mask & bit:
                have |= 1 << i
                if mask == bit:
                    fixed |= 1 << i
        key = (have, fixed)
        try:
            answer = answers[key]
        except KeyError:
            if len(answers) > _MEMO_SIZE:
                answers.clear()
                fitting.clear()
            answer = answers[key] = solve(have, fixed)
        if answer is None:
            return None
        lose, take = answer
        narrowed = []
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
            candidates[cell] = bit
            narrowed.append(cell)
        return narrowed

    return propagate


def seeing_pairs(constraint: Regular, values: int, peers: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The pairs of cells of a count line (:func:`count_filter`'s) that see each other, whose
    AllDifferents its filter relies on (a premise of its steps); ``[]`` for another line."""
    cells = constraint.cells
    if (
        len(set(cells)) != len(cells)
        or count_of_one_value(constraint.automaton(values), len(cells), values) is None
    ):
        return []
    return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if b in peers[a]]


__all__ = ["count_filter", "count_of_one_value", "seeing_pairs"]

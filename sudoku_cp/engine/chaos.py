"""The engine's propagator of a chaos construction (:class:`~sudoku_cp.model.chaos.ChaosRegions`):
the grid cut into ``n`` orthogonally connected regions of ``n`` cells, each holding every
digit once, over the grid's cells and their region labels (hidden cells, labelled in order
of first appearance).

Each rule below is a consequence of the constraint, applied to the candidate masks until
none narrows (so the propagator is sound), and on a complete assignment they fail exactly
when the constraint does not hold (so a search over it finds only partitions):

* *first appearance*: the first cell is region 1, and a cell's label is at most one more
  than the largest label any cell before it may have;
* *same region, different digits*: two cells of one region (both labels decided) never
  share a decided digit; two cells of one decided digit never share a decided region;
* *every digit once in a region* (when the digits are ``1..n``): a region where a digit has
  no place left is a contradiction; a digit with one place left in a region puts the
  region and the digit there;
* *n cells a region*: a region with fewer than ``n`` cells that may hold it, or more than
  ``n`` decided, is a contradiction; one with exactly ``n`` possible cells takes them all,
  one with ``n`` decided cells no other;
* *connected*: the cells that may be region ``r`` split into orthogonally connected
  pieces; the region's decided cells must lie in one piece of at least ``n`` cells, and
  no cell outside that piece is ``r``; with no decided cell yet, a piece of fewer than ``n``
  cells holds no cell of region ``r``.

The semantics are those of sigh's Interactive Sudoku Solver's chaos construction (MIT;
read to learn, no code copied); the rules are the ones its handler's name suggests, stated
here from the constraint itself.

>>> from sudoku_cp.model.chaos import ChaosRegions
>>> propagate = chaos_propagator(ChaosRegions.of(2), 2)
>>> full = 0b11
>>> candidates = [0b01, 0b10, full, full] + [full] * 4  # r1c1 = 1, r1c2 = 2
>>> propagate(candidates) is not None, candidates[4]  # the first cell is region 1
(True, 1)
"""

from __future__ import annotations

from sudoku_cp.model.chaos import ChaosRegions


def _single(mask: int) -> int:
    """The value of a one-value mask, else 0."""
    return mask.bit_length() if mask and not mask & (mask - 1) else 0


def chaos_propagator(constraint: ChaosRegions, value_count: int):
    """The propagator of ``constraint`` (see the module docstring) on candidate masks over
    the model's cells: narrows them in place and returns the cells it changed, or ``None``
    on a contradiction. ``value_count``: the number of digits (the "every digit once in a
    region" rules need it to be the side)."""
    side = constraint.side
    count = side * side
    grid_cells = constraint.cells[:count]
    label_cells = constraint.cells[count:]
    all_digits = value_count == side
    full_digits = (1 << value_count) - 1
    # a piece grows by shifts of its bits: a column to the left or right (not across a
    # row's end), a row up or down
    left_edge = sum(1 << (r * side) for r in range(side))
    not_first = ((1 << count) - 1) & ~left_edge
    not_last = ((1 << count) - 1) & ~(left_edge << (side - 1))

    def flood(seed: int, within: int) -> int:
        """The orthogonally connected piece of ``within`` (cells as bits) holding ``seed``."""
        piece = seed
        while True:
            grown = (
                piece | (piece << 1 & not_first) | (piece >> 1 & not_last) | piece << side | piece >> side
            ) & within
            if grown == piece:
                return piece
            piece = grown

    def propagate(candidates: list[int]) -> list[int] | None:
        changed: dict[int, None] = {}
        while True:
            outcome = _round(candidates, changed)
            if outcome is None:
                return None
            if not outcome:
                return list(changed)

    def put(candidates: list[int], cell: int, mask: int, changed: dict[int, None]) -> bool | None:
        """Narrow ``cell`` to ``mask``: True if it changed, None if it emptied."""
        old = candidates[cell]
        new = old & mask
        if new == old:
            return False
        if not new:
            return None
        candidates[cell] = new
        changed[cell] = None
        return True

    def _round(candidates: list[int], changed: dict[int, None]) -> bool | None:
        narrowed = False
        digits = [candidates[c] for c in grid_cells]
        labels = [candidates[c] for c in label_cells]
        # first appearance
        top = 0
        for i in range(count):
            keep = (1 << min(top + 1, side)) - 1
            if labels[i] & ~keep:
                if put(candidates, label_cells[i], keep, changed) is None:
                    return None
                labels[i] &= keep
                narrowed = True
            top = max(top, labels[i].bit_length())
        # same region, different digits; same digit, different regions
        by_label: dict[int, list[int]] = {}
        by_digit: dict[int, list[int]] = {}
        for i in range(count):
            label = _single(labels[i])
            if label:
                by_label.setdefault(label, []).append(i)
            digit = _single(digits[i])
            if digit:
                by_digit.setdefault(digit, []).append(i)
        for group, other, cells_of in (
            (by_label, digits, grid_cells),
            (by_digit, labels, label_cells),
        ):
            for members in group.values():
                seen = 0
                for i in members:
                    value = _single(other[i])
                    if value:
                        bit = 1 << (value - 1)
                        if seen & bit:
                            return None
                        seen |= bit
                if not seen:
                    continue
                for i in members:
                    if not _single(other[i]) and other[i] & seen:
                        if put(candidates, cells_of[i], ~seen, changed) is None:
                            return None
                        other[i] &= ~seen
                        narrowed = True
        # n cells a region, every digit once in it, connected (cells as bits of one int)
        possible_of = [0] * (side + 1)
        decided_of = [0] * (side + 1)
        once = [0] * (side + 1)  # by label: the digits its possible cells may hold
        twice = [0] * (side + 1)  # ... in two of them or more
        placed = [0] * (side + 1)  # ... decided in a cell of decided label
        for i in range(count):
            mask, held, at = labels[i], digits[i], 1 << i
            if not mask & (mask - 1):
                label = mask.bit_length()
                decided_of[label] |= at
                if not held & (held - 1):
                    placed[label] |= held
            while mask:
                low = mask & -mask
                mask ^= low
                label = low.bit_length()
                possible_of[label] |= at
                twice[label] |= once[label] & held
                once[label] |= held
        for label in range(1, side + 1):
            bit = 1 << (label - 1)
            possible, decided = possible_of[label], decided_of[label]
            size, fixed = possible.bit_count(), decided.bit_count()
            if size < side or fixed > side:
                return None
            if size == side and fixed < side:
                for i in _cells_of(possible & ~decided):
                    if put(candidates, label_cells[i], bit, changed) is None:
                        return None
                return True
            if fixed == side and size > side:
                for i in _cells_of(possible & ~decided):
                    if put(candidates, label_cells[i], ~bit, changed) is None:
                        return None
                return True
            if decided:
                piece = flood(decided & -decided, possible)
                if decided & ~piece or piece.bit_count() < side:
                    return None
                outside = possible & ~piece
            else:
                outside, rest = 0, possible
                while rest:
                    piece = flood(rest & -rest, possible)
                    rest &= ~piece
                    if piece.bit_count() < side:
                        outside |= piece
            if outside:
                for i in _cells_of(outside):
                    if put(candidates, label_cells[i], ~bit, changed) is None:
                        return None
                return True
            if all_digits:
                if once[label] != full_digits:
                    return None
                unique = once[label] & ~twice[label] & ~placed[label]
                if unique:  # a digit with one place in the region, not yet decided there
                    members = _cells_of(possible)
                    low = unique & -unique
                    (i,) = [i for i in members if digits[i] & low]
                    if put(candidates, label_cells[i], bit, changed) is None:
                        return None
                    if put(candidates, grid_cells[i], low, changed) is None:
                        return None
                    return True
        return narrowed

    return propagate


def _cells_of(bits: int) -> list[int]:
    """The cells of a set of cells as bits, ascending."""
    cells = []
    while bits:
        low = bits & -bits
        bits ^= low
        cells.append(low.bit_length() - 1)
    return cells


__all__ = ["chaos_propagator"]

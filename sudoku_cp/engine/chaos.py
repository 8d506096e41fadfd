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

import functools

from sudoku_cp.model.chaos import ChaosRegions

_KNOWN_SIZE = 1 << 16
"""How many regions' cells a propagator remembers the connected cells of, then forgets."""


@functools.cache
def _values(width: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of ``width`` bits, its values (bit ``v - 1`` set), ascending."""
    return tuple(tuple(v + 1 for v in range(width) if mask >> v & 1) for mask in range(1 << width))


def chaos_propagator(constraint: ChaosRegions, value_count: int):
    """The propagator of ``constraint`` (see the module docstring) on candidate masks over
    the model's cells: narrows them in place and returns the cells it changed (ascending), or
    ``None`` on a contradiction. ``value_count``: the number of digits (the "every digit once
    in a region" rules need it to be the side).

    It reads the masks once into sets of cells as bits (per region label, the cells that may
    have it; per digit, the cells that may hold it), applies the rules to those until none
    narrows, and writes back the candidates removed: a few operations on integers per label
    and digit, not per cell."""
    side = constraint.side
    count = side * side
    grid_cells = constraint.cells[:count]
    label_cells = constraint.cells[count:]
    all_digits = value_count == side
    everything = (1 << count) - 1
    labels_of = _values(side)
    digits_of = _values(value_count)
    label_range = range(1, side + 1)
    digit_range = range(1, value_count + 1)
    # a piece grows by shifts of its bits: a column to the left or right (not across a
    # row's end), a row up or down
    left_edge = sum(1 << (r * side) for r in range(side))
    not_first = everything & ~left_edge
    not_last = everything & ~(left_edge << (side - 1))

    def grow(piece: int, within: int) -> int:
        """``piece`` and the cells of ``within`` next to it."""
        return (
            piece | (piece << 1 & not_first) | (piece >> 1 & not_last) | piece << side | piece >> side
        ) & within

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

    def near(seed: int, within: int) -> int:
        """The cells of ``within`` at most ``side - 1`` steps from ``seed`` through ``within``:
        those a connected region of ``side`` cells holding ``seed`` may reach."""
        piece = seed
        for _ in range(side - 1):
            grown = grow(piece, within)
            if grown == piece:
                break
            piece = grown
        return piece

    known: dict[tuple[int, int], int | None] = {}

    def kept(possible: int, decided: int) -> int | None:
        """The cells of ``possible`` (those that may be in one region, of which ``decided``
        are) that a connected region of ``side`` cells holding ``decided`` may take, or
        ``None`` if there is no such region; remembered (nets reach the same regions often)."""
        key = (possible, decided)
        found = known.get(key, 0)
        if found != 0:
            return found
        if len(known) > _KNOWN_SIZE:
            known.clear()
        if decided:
            piece = flood(decided & -decided, possible)
            if decided & ~piece or piece.bit_count() < side:
                piece = None
            elif possible.bit_count() > side:  # within side - 1 steps of each decided cell
                rest = decided
                while rest:
                    low = rest & -rest
                    rest ^= low
                    piece = near(low, piece)
                if decided & ~piece or piece.bit_count() < side:
                    piece = None
            found = piece
        else:  # the connected pieces of fewer than side cells hold no cell of it
            found, rest = possible, possible
            while rest:
                piece = flood(rest & -rest, possible)
                rest &= ~piece
                if piece.bit_count() < side:
                    found &= ~piece
        known[key] = found
        return found

    def settle(lb: list[int], db: list[int]) -> bool:
        """Apply the rules to ``lb`` (by label, its cells) and ``db`` (by digit) in place
        until none narrows; False on a contradiction."""
        moved = True
        while moved:
            moved = False
            ones = twos = 0
            for r in label_range:
                twos |= ones & lb[r]
                ones |= lb[r]
            if ones != everything:
                return False  # a cell without a region
            decided_labels = ones & ~twos
            ones = twos = 0
            for d in digit_range:
                twos |= ones & db[d]
                ones |= db[d]
            if ones != everything:
                return False  # a cell without a digit
            decided_digits = ones & ~twos
            # first appearance: a cell is region r only after a cell that may be r - 1 or more
            above = 0
            suffix = [0] * (side + 2)
            for r in range(side, 0, -1):
                above |= lb[r]
                suffix[r] = above
            for r in range(2, side + 1):
                first = suffix[r - 1] & -suffix[r - 1]
                allowed = everything & ~((first << 1) - 1)
                if lb[r] & ~allowed:
                    lb[r] &= allowed
                    moved = True
            # same region, different digits; same digit, different regions
            for r in label_range:
                region = lb[r] & decided_labels
                if not region:
                    continue
                for d in digit_range:
                    both = region & db[d] & decided_digits
                    if not both:
                        continue
                    if both & (both - 1):
                        return False
                    others = region & ~both
                    if db[d] & others:
                        db[d] &= ~others
                        moved = True
                    others = db[d] & decided_digits & ~both
                    if lb[r] & others:
                        lb[r] &= ~others
                        moved = True
            # n cells a region, connected, every digit once in it
            for r in label_range:
                possible = lb[r]
                decided = possible & decided_labels
                size, fixed = possible.bit_count(), decided.bit_count()
                if size < side or fixed > side:
                    return False
                if size == side and fixed < side:
                    for other in label_range:
                        if other != r and lb[other] & possible:
                            lb[other] &= ~possible
                            moved = True
                    continue
                if fixed == side and size > side:
                    lb[r] = decided
                    moved = True
                    continue
                keep = kept(possible, decided)
                if keep is None:
                    return False
                if keep != possible:
                    lb[r] = keep
                    moved = True
                    possible = keep
                if all_digits:
                    for d in digit_range:
                        places = possible & db[d]
                        if not places:
                            return False  # a region without a place for a digit
                        if places & (places - 1) or places & decided_labels & decided_digits:
                            continue
                        for other in label_range:  # one place: the region and the digit there
                            if other != r and lb[other] & places:
                                lb[other] &= ~places
                                moved = True
                        for other in digit_range:
                            if other != d and db[other] & places:
                                db[other] &= ~places
                                moved = True
        return True

    def propagate(candidates: list[int]) -> list[int] | None:
        lb = [0] * (side + 1)
        db = [0] * (value_count + 1)
        at = 1
        for label_cell, grid_cell in zip(label_cells, grid_cells, strict=True):
            for r in labels_of[candidates[label_cell]]:
                lb[r] |= at
            for d in digits_of[candidates[grid_cell]]:
                db[d] |= at
            at <<= 1
        was_labels, was_digits = lb[:], db[:]
        if not settle(lb, db):
            return None
        changed = set()
        for masks, was, cells in ((lb, was_labels, label_cells), (db, was_digits, grid_cells)):
            for value in range(1, len(masks)):
                gone = was[value] & ~masks[value]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    cell = cells[low.bit_length() - 1]
                    candidates[cell] &= ~(1 << (value - 1))
                    changed.add(cell)
        return sorted(changed)

    return propagate


__all__ = ["chaos_propagator"]

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
  cells holds no cell of region ``r``;
* *reach*: a connected region of ``n`` cells holding two cells is at most ``n - 1`` steps
  across, so a cell of region ``r`` is within ``n - 1`` steps of each decided cell of ``r``
  (through cells that may be ``r``);
* *cut cells*: a cell without which the piece holding the region's decided cells is cut in
  two or falls under ``n`` cells belongs to the region.

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
import operator
from collections.abc import Callable, Sequence

from sudoku_cp.model.chaos import ChaosRegions, clue_shape
from sudoku_cp.model.constraints import Regular

_SPREAD_WIDTH = 10
"""The widest masks (values) :func:`_reader` reads through a table of a value per mask."""
_KNOWN_SIZE = 1 << 16
"""How many regions' cells a propagator remembers the connected cells of, then forgets."""
_KNOWN_REGIONS: dict[int, dict[tuple[int, int], tuple[int, int] | None]] = {}
"""By the grid's side, the cells a region may take and must take, by the cells that may be
in it and those that are (``kept`` in :func:`chaos_propagator`): a function of the grid's
shape alone, so shared by every propagator of that side (an explanation's searches and
premise checks each build their own propagator, and meet the regions its nets met)."""
_KNOWN_STATES: dict[tuple[int, int], dict[tuple[int, ...], tuple[tuple[int, int], ...] | None]] = {}
"""By the grid's side and the number of digits, what the rules narrow (each cell it changes, as
a position in the constraint's cells, with its mask; ``None``: a contradiction) by the masks
of the constraint's cells they start from: a function of those masks alone, shared by every
propagator of that shape (an explanation's nets, its search-backed step's searches and its
premise checks meet the same states again and again)."""
_KNOWN_STATES_SIZE = 1 << 15
"""How many states :data:`_KNOWN_STATES` keeps per shape, then forgets (a key is a tuple of
``2 n^2`` masks: about 45 MB at most on 9x9)."""
_KNOWN_COUNTS: dict[tuple[int, int], dict[tuple[int, ...], tuple[int, ...] | None]] = {}
"""By a chaos count's offset and alphabet, the masks its filter keeps by the masks of its
cells (:func:`_count_filter`): shared by every count of that offset (and by the searches)."""
_KNOWN_RUNS: dict[int, dict[tuple[int, ...], tuple[int, ...]]] = {}
"""By the labels' alphabet (as bits), each chaos arrow arm's runs by its masks (``arm_runs``
in :func:`_arrow_filter`): shared by every arrow filter over that alphabet."""
_KNOWN_FITS: dict[
    int, dict[tuple[tuple[int, ...], int], tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]]
] = {}
"""By the arrow's offset, its valid sums, each arm's least and most fitting run and the least
alone, by the arms' runs and the control's candidates (``fits`` in :func:`_arrow_filter`):
shared by every arrow filter of that offset."""


@functools.cache
def _values(width: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of ``width`` bits, its values (bit ``v - 1`` set), ascending."""
    return tuple(tuple(v + 1 for v in range(width) if mask >> v & 1) for mask in range(1 << width))


def _decided(cells_of: Sequence[int], everything: int) -> int | None:
    """The cells (as bits) of one value alone, from ``cells_of`` (by value from 1, the cells
    that may hold it; entry 0 unused); ``None`` when a cell of ``everything`` has none."""
    ones = twos = 0
    for cells in cells_of:
        twos |= ones & cells
        ones |= cells
    return None if ones != everything else ones & ~twos


def _reader(cells: Sequence[int], width: int) -> Callable[[Sequence[int]], list[int]]:
    """A function reading the masks (of ``width`` bits) of ``cells`` as sets of cells as
    bits, one per value: ``[0, cells that may hold 1, ..., cells that may hold width]``
    (cell ``cells[i]`` as bit ``i``). Up to :data:`_SPREAD_WIDTH` bits, each mask is looked
    up spread (value ``v`` at bit ``(v - 1) * len(cells)``), shifted to its cell and
    joined: one operation per cell, then one per value."""
    count = len(cells)
    everything = (1 << count) - 1
    get = operator.itemgetter(*cells)
    if width > _SPREAD_WIDTH:
        values_of = _values(width)

        def read_each(candidates: Sequence[int]) -> list[int]:
            found = [0] * (width + 1)
            at = 1
            for mask in get(candidates):
                for v in values_of[mask]:
                    found[v] |= at
                at <<= 1
            return found

        return read_each
    spread = tuple(sum(1 << ((v - 1) * count) for v in values) for values in _values(width))
    offsets = tuple(v * count for v in range(width))

    def read(candidates: Sequence[int]) -> list[int]:
        joined = 0
        for i, mask in enumerate(get(candidates)):
            joined |= spread[mask] << i
        return [0, *((joined >> offset) & everything for offset in offsets)]

    return read


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
    read_labels = _reader(label_cells, side)
    read_digits = _reader(grid_cells, value_count)
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

    known = _KNOWN_REGIONS.setdefault(side, {})

    def kept(possible: int, decided: int) -> tuple[int, int] | None:
        """The cells of ``possible`` (those that may be in one region, of which ``decided``
        are) that a connected region of ``side`` cells holding ``decided`` may take, and
        those it must take (without one, the piece holding ``decided`` is cut or too small);
        ``None`` if there is no such region. Remembered: nets reach the same regions often."""
        key = (possible, decided)
        found = known.get(key, 0)
        if found != 0:
            return found
        if len(known) > _KNOWN_SIZE:
            known.clear()
        must = 0
        if decided:
            seed = decided & -decided
            piece = flood(seed, possible)
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
            if piece is not None and piece.bit_count() > side:  # a cell it cannot do without
                # only a cell with two neighbours in the piece or more: without one of one
                # neighbour, the rest stays connected and has side cells or more
                ones = twos = 0
                for next_to in (piece << 1 & not_first, piece >> 1 & not_last, piece << side, piece >> side):
                    twos |= ones & next_to
                    ones |= next_to
                rest = piece & ~decided & twos
                while rest:
                    low = rest & -rest
                    rest ^= low
                    cut = flood(seed, piece & ~low)
                    if decided & ~cut or cut.bit_count() < side:
                        must |= low
            found = None if piece is None else (piece, must)
        else:  # the connected pieces of fewer than side cells hold no cell of it
            keep, rest = possible, possible
            while rest:
                piece = flood(rest & -rest, possible)
                rest &= ~piece
                if piece.bit_count() < side:
                    keep &= ~piece
            found = (keep, 0)
        known[key] = found
        return found

    def settle(lb: list[int], db: list[int]) -> bool:
        """Apply the rules to ``lb`` (by label, its cells) and ``db`` (by digit) in place
        until none narrows; False on a contradiction."""
        moved = True
        while moved:
            moved = False
            decided_labels, decided_digits = _decided(lb, everything), _decided(db, everything)
            if decided_labels is None or decided_digits is None:
                return False  # a cell without a region or without a digit
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
                settled = region & decided_digits
                if not settled:
                    continue
                for d in digit_range:
                    both = settled & db[d]
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
            settled_cells = decided_labels & decided_digits
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
                found = known.get((possible, decided), 0)
                if found == 0:
                    found = kept(possible, decided)
                if found is None:
                    return False
                keep, must = found
                if must & ~decided:  # the cells the region cannot do without
                    for other in label_range:
                        if other != r and lb[other] & must:
                            lb[other] &= ~must
                            moved = True
                if keep != possible:
                    lb[r] = keep
                    moved = True
                    possible = keep
                if all_digits:
                    for d in digit_range:
                        places = possible & db[d]
                        if not places:
                            return False  # a region without a place for a digit
                        if places & (places - 1) or places & settled_cells:
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

    settled = _KNOWN_STATES.setdefault((side, value_count), {})
    read_all = operator.itemgetter(*constraint.cells)
    all_cells = constraint.cells
    ascending = list(all_cells) == sorted(all_cells)

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = read_all(candidates)
        found = settled.get(masks, 0)
        if found == 0:
            if len(settled) > _KNOWN_STATES_SIZE:
                settled.clear()
            found = settled[masks] = _changes(candidates)
            if found:  # what it leaves is a fixpoint: run again there, it narrows nothing
                after = list(masks)
                for at, mask in found:
                    after[at] = mask
                settled[tuple(after)] = ()
        if found is None:
            return None
        for at, mask in found:
            candidates[all_cells[at]] = mask
        return [all_cells[at] for at, _ in found]

    def _changes(candidates: list[int]) -> tuple[tuple[int, int], ...] | None:
        """The rules' fixpoint from ``candidates``: the cells it narrows (as positions in the
        constraint's cells, ascending by cell) with their masks; ``None`` on a contradiction."""
        lb, db = read_labels(candidates), read_digits(candidates)
        was_labels, was_digits = lb[:], db[:]
        if not settle(lb, db):
            return None
        changed: dict[int, int] = {}
        for masks, was, offset in ((lb, was_labels, count), (db, was_digits, 0)):
            for value in range(1, len(masks)):
                gone = was[value] & ~masks[value]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    at = offset + low.bit_length() - 1
                    changed[at] = changed.get(at, candidates[all_cells[at]]) & ~(1 << (value - 1))
        if ascending:  # positions in the order of their cells
            return tuple(sorted(changed.items()))
        return tuple(sorted(changed.items(), key=lambda item: all_cells[item[0]]))

    return propagate


def clue_propagator(constraint: Regular, side: int) -> Callable[[list[int]], list[int] | None] | None:
    """The filter of a chaos count or chaos arrow (a :class:`~sudoku_cp.model.constraints.Regular`
    line over label cells, then its control cell, whose automaton has a
    :func:`~sudoku_cp.model.chaos.clue_shape` of kind ``"count"`` or ``"arrow"``), worked out
    from the clue's shape rather than its automaton's layers: the same candidates removed
    (every value kept that some assignment of the line's other cells completes: generalised
    arc consistency, each cell's values independent of the others'), in a few passes over
    the cells per start label. ``None`` for another line (or one whose cells repeat).

    ``side``: the grid's side (the labels and the control values are ``1..side``).

    >>> from sudoku_cp.model.chaos import chaos_count_automaton
    >>> clue = Regular((0, 1, 2), chaos_count_automaton(2, 0, 4), pattern="count", label="count")
    >>> propagate = clue_propagator(clue, 4)  # the control r counts the first label among 2
    >>> candidates = [0b0001, 0b1111, 0b0001]  # first region 1, control 1: the second is not 1
    >>> propagate(candidates), candidates
    ([1], [1, 14, 1])
    """
    shape = clue_shape(constraint.language)
    cells = constraint.cells
    if shape is None or shape.kind not in ("count", "arrow") or len(set(cells)) != len(cells):
        return None
    labels, control = cells[:-1], cells[-1]
    offset, alphabet = shape.offset, (1 << side) - 1
    if shape.kind == "count":
        return _count_filter(labels, control, offset, alphabet)
    return _arrow_filter(labels, control, shape.arms, offset, alphabet)


def _bits(mask: int) -> list[int]:
    """The single bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        found.append(low)
    return found


def _sumset(first: int, second: int) -> int:
    """The sums ``a + b`` of ``a`` in ``first`` and ``b`` in ``second`` (sets of small
    numbers as bits)."""
    total, j = 0, 0
    while second:
        if second & 1:
            total |= first << j
        second >>= 1
        j += 1
    return total


def _narrowed(candidates: list[int], cells: Sequence[int], keep: Sequence[int]) -> list[int] | None:
    """Narrow each of ``cells`` to its ``keep`` mask: the cells changed, ``None`` if one empties."""
    changed = []
    for cell, allowed in zip(cells, keep, strict=True):
        mask = candidates[cell]
        if mask & ~allowed:
            if not mask & allowed:
                return None
            candidates[cell] = mask & allowed
            changed.append(cell)
    return changed


def _count_filter(labels: Sequence[int], control: int, offset: int, alphabet: int):
    """A chaos count: the control is how many of ``labels`` equal the first, less ``offset``.
    For each first label ``s``: the count lies between one plus the others decided ``s`` and
    one plus those that may be ``s``; a cell that may be ``s`` or not is ``s`` when a count
    above the least is allowed, and not ``s`` when one below the most is."""
    cells = (*labels, control)
    read = operator.itemgetter(*cells)
    known = _KNOWN_COUNTS.setdefault((offset, alphabet), {})

    def propagate(candidates: list[int]) -> list[int] | None:
        state = read(candidates)
        keep = known.get(state, 0)
        if keep == 0:
            if len(known) > _KNOWN_SIZE:
                known.clear()
            keep = known[state] = _count_kept(state, offset, alphabet)
        return None if keep is None else _narrowed(candidates, cells, keep)

    return propagate


def _count_kept(state: Sequence[int], offset: int, alphabet: int) -> tuple[int, ...] | None:
    """:func:`_count_filter`'s masks kept for the masks ``state`` of the first label, the
    others and the control; ``None`` when no first label is left."""
    masks = state[1:-1]
    allowed = state[-1] & alphabet
    keep_first = keep_control = 0
    keep = [0] * len(masks)
    for bit in _bits(state[0]):
        least = most = 1
        for m in masks:
            if m & bit:
                most += 1
                least += m == bit
        valid = [c for c in range(least, most + 1) if c > offset and allowed >> (c - offset - 1) & 1]
        if not valid:
            continue
        keep_first |= bit
        for c in valid:
            keep_control |= 1 << (c - offset - 1)
        is_s, not_s = valid[-1] > least, valid[0] < most
        for i, m in enumerate(masks):
            if m & bit and m != bit:
                keep[i] |= (bit if is_s else 0) | (m & ~bit if not_s else 0)
            else:
                keep[i] |= m
    if not keep_first:
        return None
    return (keep_first, *keep, keep_control)


def _arrow_filter(labels: Sequence[int], control: int, arms: Sequence[int], offset: int, alphabet: int):
    """A chaos arrow: the control is the run of the start's label along each arm (lengths
    ``arms``, the start left out), summed, the start once, less ``offset``. For each start
    label ``s``: each arm's possible runs (``j`` cells that may be ``s``, then one that may
    be another or the arm's end), their sums (bit sets shifted and joined), the sums the
    control allows, and each arm's runs that some runs of the other arms complete; a cell
    ``k`` of an arm is ``s`` when a run reaches it or ends two cells before, another label
    when a run ends before it. So only an arm's first cells narrow: those up to one past the
    least run that fits, for every start label left (a cell further on keeps its masks).

    Each arm's runs are worked out for every label at once (:func:`_arm_runs`, from the
    arm's masks: remembered, as a net changes few arms between calls), and each label's
    sums and the runs that fit from the runs alone (remembered by the runs and the
    control's candidates): what is left per call is reading the masks and narrowing the
    arms' first cells."""
    cells = (*labels, control)
    spans, starts = [], []
    at = 1
    for length in arms:
        spans.append((at, at + length))
        starts.append(at)
        at += length
    width = alphabet.bit_length()
    read = operator.itemgetter(*cells)
    runs_known = _KNOWN_RUNS.setdefault(alphabet, {})
    fits_known = _KNOWN_FITS.setdefault(offset, {})

    def arm_runs(arm: tuple[int, ...]) -> tuple[int, ...]:
        found = runs_known.get(arm)
        if found is None:
            if len(runs_known) > _KNOWN_SIZE:
                runs_known.clear()
            found = runs_known[arm] = _arm_runs(arm, alphabet, width)
        return found

    def fits(runs: tuple[int, ...], allowed: int) -> tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]:
        """The sums the control allows (as bits, ``valid``), each arm's least and most run
        that some runs of the other arms complete, and the least alone; ``(0, (), ())``
        when none."""
        key = (runs, allowed)
        found = fits_known.get(key)
        if found is not None:
            return found
        if len(fits_known) > _KNOWN_SIZE:
            fits_known.clear()
        sums = [1]  # sums[a]: the sums of the runs of the arms before arm a, as bits
        for run in runs:
            sums.append(_sumset(sums[-1], run))
        # the sums the control allows: the control is 1 + sum - offset (bit sum - offset)
        valid = sums[-1] & (allowed << offset)
        bounds: list[tuple[int, int]] = []
        if valid:
            after = 1  # the sums of the runs of the arms after arm a
            for a in range(len(runs) - 1, -1, -1):
                others, run = _sumset(sums[a], after), runs[a]
                fit = [j for j in range(run.bit_length()) if run >> j & 1 and (others << j) & valid]
                bounds.append((fit[0], fit[-1]))
                after = _sumset(after, run)
            bounds.reverse()
        found = fits_known[key] = (valid, tuple(bounds), tuple(least for least, _ in bounds))
        return found

    def changes(state: tuple[int, ...]) -> list[tuple[int, int]] | None:
        """The cells narrowed from the masks ``state`` of ``cells`` (as positions in
        ``cells``, in their order, with their masks); ``None`` on a contradiction."""
        allowed = state[-1] & alphabet
        masks = [state[first:last] for first, last in spans]
        label_runs = list(zip(*(runs_known.get(arm) or arm_runs(arm) for arm in masks), strict=True))
        keep_start = keep_control = 0
        fitting = []  # (s, each arm's least and most run that fits)
        leasts = []  # by s, each arm's least run that fits
        for bit in _bits(state[0]):
            runs = label_runs[bit.bit_length() - 1]
            valid, bounds, least = fits_known.get((runs, allowed)) or fits(runs, allowed)
            if valid:
                keep_start |= bit
                keep_control |= valid >> offset
                fitting.append((bit, bounds))
                leasts.append(least)
        if not keep_start:
            return None
        found = [(0, keep_start)] if keep_start != state[0] else []
        limits = leasts[0] if len(leasts) == 1 else map(min, *leasts)
        for a, (first, arm, limit) in enumerate(zip(starts, masks, limits, strict=True)):
            # up to the least run of every s: s (a run reaches the cell); further on, all (s
            # when a run ends two cells before or more, the others when one ends before)
            for k in range(min(limit, len(arm))):
                m = arm[k]
                if m & ~keep_start:
                    if not m & keep_start:
                        return None
                    found.append((first + k, m & keep_start))
            if limit < len(arm):
                # one past it: every label but the s whose least run ends there, unless
                # another s's does too (then its others are kept) or a longer run of s fits
                ending = 0
                for bit, bounds in fitting:
                    least, most = bounds[a]
                    if least == limit:
                        if ending:
                            break
                        ending = bit if most == least else -1
                else:
                    m = arm[limit]
                    if ending > 0 and m & ending:
                        if m == ending:
                            return None
                        found.append((first + limit, m & ~ending))
        if state[-1] & ~keep_control:
            found.append((len(state) - 1, state[-1] & keep_control))
        return found

    def propagate(candidates: list[int]) -> list[int] | None:
        found = changes(read(candidates))
        if found is None:
            return None
        for at, mask in found:
            candidates[cells[at]] = mask
        return [cells[at] for at, _ in found]

    return propagate


def _arm_runs(arm: Sequence[int], alphabet: int, width: int) -> tuple[int, ...]:
    """For each label (index ``label - 1``), the runs of it possible from the start along an
    arm of masks ``arm``, as bits (bit ``j``: a run of ``j`` cells: each may be the label,
    and the next may be another or the arm ends), all labels at once: the labels every cell
    so far may be (``prefix``) whose run may stop at cell ``j`` (cell ``j`` may be another
    label: any, if it has two candidates or more, else all but its one).

    >>> [bin(r) for r in _arm_runs((0b11, 0b01), 0b11, 2)]  # label 1: runs 0 or 2; label 2: 0 or 1
    ['0b101', '0b11']
    """
    found = [0] * width
    prefix = alphabet
    for j, m in enumerate(arm):
        ends = prefix if m & (m - 1) else prefix & ~m
        at = 1 << j
        while ends:
            low = ends & -ends
            ends ^= low
            found[low.bit_length() - 1] |= at
        prefix &= m
        if not prefix:
            break
    else:
        at = 1 << len(arm)
        while prefix:
            low = prefix & -prefix
            prefix ^= low
            found[low.bit_length() - 1] |= at
    return tuple(found)


__all__ = ["chaos_propagator", "clue_propagator"]

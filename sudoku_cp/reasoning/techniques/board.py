"""What every technique finder works on and returns: the :class:`Board` (a model's units,
AllDifferents and propagators, computed once) and the :class:`Deduction` (one step of
reasoning). A finder imports these from here (not from the package, whose table
imports the finders).

Candidates are ints: bit ``v - 1`` of a cell's mask is set while ``v`` is possible.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sudoku_cp.engine.count_lines import count_filter
from sudoku_cp.engine.propagators import engine_model, narrow, propagator
from sudoku_cp.engine.runtime import Deadline
from sudoku_cp.engine.sums import (
    ImpliedDifference,
    ImpliedSum,
    UnitReduction,
    distinct_combinations,
    implied_difference_sources,
    implied_sum_sources,
    unit_reduced,
)
from sudoku_cp.errors import SolveTimeoutError, SudokuError
from sudoku_cp.model.constraints import (
    LINE_AUTOMATON_KINDS,
    AllDifferent,
    Blocks,
    Constraint,
    Less,
    Linear,
    Model,
    OriginKind,
    Regular,
    Relation,
    Sum,
    Table,
)
from sudoku_cp.model.digits import shift_of
from sudoku_cp.reasoning.techniques._filtering import (
    MAX_GROUP_FILLINGS,
    _matched_supports,
    _reader,
    _set_matchings,
    _TooMany,
    _unpacked,
    remembered,
    values_of,
)
from sudoku_cp.reasoning.techniques.arguments import Argument, apart_groups, distinct_groups
from sudoku_cp.reasoning.techniques.eureka import Chain
from sudoku_cp.reasoning.techniques.line_fillings import (
    apart_clues,
    apart_filter,
    apart_readers,
    reads_apart,
    value_classes,
)
from sudoku_cp.reasoning.techniques.nets import Net

MAX_SUBSET = 4
"""The largest naked or hidden subset looked for: quads."""


@dataclass(frozen=True)
class Deduction:
    """One step of reasoning, over row-major cell indices.

    Attributes:
        technique: its standard name (``"hidden single"``, ``"X-Wing"``, ``"cage"``...).
        placements: ``(cell, value)`` digits it places.
        eliminations: ``(cell, value)`` candidates it removes (a placement's other
            candidates and the value from the cell's peers included).
        cells: the cells of the pattern it sees.
        values: the values of the pattern.
        candidates: ``(cell, value)``: the pattern's candidates.
        constraints: the constraints it uses (the premise, with the current candidates
            of their cells).
        reason: for a technique whose premise is more than a pattern, the arithmetic or
            argument in words (the rule of 45: ``"row 1 holds 45; ... so r1c9 = 7"``);
            ``""`` otherwise.
        lemma: the rule of 45's sum (or innie-outie difference) the step applies (derived
            from ``constraints``), or
            the clue a clue holding whole units leaves (:class:`UnitReduction`), or
            ``None``: a checker verifies its arithmetic, then may use it as a premise.
        chain: for a chain-like step (X-Chain, XY-Chain, AIC, wings, single-digit
            patterns, colouring, ALS-XZ), its path as data (nodes over cell indices,
            strong and weak links): :class:`~sudoku_cp.reasoning.techniques.eureka.Chain`, which
            the step's text writes in Eureka notation; ``None`` otherwise.
        net: for a forcing step, every implication of every branch as data
            (:class:`~sudoku_cp.reasoning.techniques.nets.Net`), which the step's text writes as an
            indented "if ... then ..." tree; ``None`` otherwise.
        argument: for a variant step, what its constraint still allows as data (a
            cage's digit combinations, an arrow's totals, a sandwich's crusts:
            :mod:`sudoku_cp.reasoning.techniques.arguments`), from which its removals follow;
            ``None`` otherwise.
    """

    technique: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    values: tuple[int, ...]
    candidates: tuple[tuple[int, int], ...]
    constraints: tuple[Constraint, ...]
    reason: str = ""
    lemma: ImpliedSum | ImpliedDifference | UnitReduction | None = None
    chain: Chain | None = None
    net: Net | None = None
    argument: Argument | None = None

    @classmethod
    def of_digit(
        cls,
        technique: str,
        value: int,
        removed: Iterable[int],
        cells: Iterable[int],
        constraints: tuple[Constraint, ...],
        *extra: Any,
        **fields: Any,
    ) -> Deduction:
        """A step about one digit (locked candidates, fish, single-digit patterns,
        colouring): ``value`` leaves the cells ``removed``; the pattern is ``cells``, each
        with ``value`` as its candidate; ``extra`` and ``fields`` are the later fields
        (``reason``..., ``chain=``, ``net=``)."""
        cells = tuple(cells)
        pattern = tuple((c, value) for c in cells)
        eliminations = tuple((c, value) for c in removed)
        return cls(technique, (), eliminations, cells, (value,), pattern, constraints, *extra, **fields)


_FILTERED = (Sum, Less, Relation, Linear, Table, *LINE_AUTOMATON_KINDS)
"""The kinds a variant step filters candidates with, through the engine's propagators."""


_LINEAR_MEMO_SIZE = 1 << 15
"""The most candidate states a :func:`linear_supports` filter remembers: a little killer or
an arrow of seven or more cells that no supposition narrows sees a new state at nearly
every supposition of a net, and forgetting them all every 4,096 states cost a third of a
little killer puzzle's explanation (Hailstone [easier]'s first 120 steps: 77 s of CPU
against 54 s remembering 65,536; about 70 MB more)."""


def _block_terms(
    masks: tuple[int, ...], coefficients: tuple[int, ...]
) -> tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]:
    """The totals ``Σ a_i·v_i`` of a block of cells (one cell, or cells that must differ)
    over their candidate ``masks``, shifted to start at 0: the smallest total, and for
    each shifted total in increasing order the value bits of each cell that reach it.
    An empty tuple of totals when the block has no assignment. (:func:`_packed_terms`
    with each total's bits one tuple per cell.)

    >>> _block_terms((0b11, 0b111), (1, 1))  # a + b, a in {1, 2}, b in {1, 2, 3}, a != b
    (3, ((0, (3, 3)), (1, (1, 4)), (2, (2, 4))))
    """
    low, width, pairs = _packed_terms(masks, coefficients)
    return low, tuple((shift, _unpacked(bits, len(masks), width)) for shift, bits in pairs)


@functools.lru_cache(maxsize=1 << 15)
def _packed_terms(
    masks: tuple[int, ...], coefficients: tuple[int, ...]
) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """:func:`_block_terms` with each total's value bits packed in one int: the smallest
    total, the ``width`` of a cell's mask (the masks' longest bit length), and for each
    shifted total in increasing order the bits of every cell that reach it, cell ``i``'s
    at bit ``i·width`` (one ``|`` merges all the cells' bits of two assignments, which a
    supports filter does for each total it keeps; :func:`_unpacked` reads them back).

    >>> _packed_terms((0b11, 0b111), (1, 1)) == (3, 3, ((0, 0b011_011), (1, 0b100_001), (2, 0b100_010)))
    True
    """
    count = len(masks)
    width = max(m.bit_length() for m in masks) or 1
    if count == 1:
        (a,) = coefficients
        by_total = {a * v: 1 << (v - 1) for v in values_of(masks[0])}
    elif count in (2, 3):
        by_total = _nested_terms(masks, coefficients, width)
    elif len(set(coefficients)) == 1 and _digit_sets(masks) <= _SET_LIMIT:
        by_total = _set_terms(masks, coefficients[0], width)
    elif math.prod(m.bit_count() for m in masks) > _PREFIX_LIMIT:
        by_total = _prefix_terms(masks, coefficients, width)
    else:
        by_total = _assignment_terms(masks, coefficients, width)
    if not by_total:
        return 0, width, ()
    low = min(by_total)
    return low, width, tuple((t - low, by_total[t]) for t in sorted(by_total))


_PREFIX_LIMIT = 512
"""Past this many assignments, :func:`_packed_terms` reads a block of four or more cells
by its prefixes (:func:`_prefix_terms`), not one assignment at a time: 4 cells of 9
candidates, 420 µs against 1,075 µs; 5 cells of 7, 610 µs against 1,830 µs; below about
512 assignments enumerating is as fast or faster. With one coefficient the prefixes are
the digit sets used (the total follows from them): 7 cells of 9 candidates, 181,440
assignments, are at most 126 sets per cell."""


_SET_LIMIT = 12
"""The most digit sets (of as many digits as cells, from the digits they hold) a block of
cells with one coefficient is read by (:func:`_set_terms`, one matching per set) rather
than by its prefixes: 8 cells of 9 candidates (9 sets), 220 µs against 440 µs; 9 cells
(one set), 33 µs against 450 µs; 7 cells of 9 (36 sets), 680 µs against 420 µs."""


def _digit_sets(masks: tuple[int, ...]) -> int:
    """How many sets of ``len(masks)`` digits the digits of ``masks`` hold."""
    union = 0
    for m in masks:
        union |= m
    return math.comb(union.bit_count(), len(masks))


def _set_terms(masks: tuple[int, ...], coefficient: int, width: int) -> dict[int, int]:
    """:func:`_assignment_terms` for cells that take different digits, each with the same
    ``coefficient`` (the total is then ``coefficient`` times the sum of the digit set): per
    set of ``len(masks)`` digits, each cell's digits of it that leave the other cells a
    digit each of the rest (a perfect matching, :func:`_matched_supports`). The same answer:
    an assignment is a digit set and a matching of the cells into it.

    >>> _set_terms((0b11, 0b11, 0b100), 1, 3) == _assignment_terms((0b11, 0b11, 0b100), (1, 1, 1), 3)
    True
    """
    by_total: dict[int, int] = {}
    union = 0
    for m in masks:
        union |= m
    for chosen in itertools.combinations(values_of(union), len(masks)):
        digits = sum(1 << (v - 1) for v in chosen)
        if not all(m & digits for m in masks):
            continue
        kept = _matched_supports(masks, digits)
        if kept is not None:  # else no matching: this set is not an assignment
            total = coefficient * sum(chosen)
            bits = by_total.get(total, 0)
            for i, k in enumerate(kept):
                bits |= k << (i * width)
            by_total[total] = bits
    return by_total


def _prefix_terms(masks: tuple[int, ...], coefficients: tuple[int, ...], width: int) -> dict[int, int]:
    """:func:`_assignment_terms` by dynamic programming over prefixes: the assignments of
    the first cells that use the same digits for the same partial total are one state
    (every completion of one completes the others), which keeps the value bits each cell
    takes in them (packed, as :func:`_packed_terms`), so a block of ``c`` cells is read in
    at most ``2^9`` states per cell instead of its ``9·8·…`` assignments.

    >>> block = ((0b111, 0b111, 0b1000), (1, 1, -1), 4)  # a + b - c, a != b
    >>> _prefix_terms(*block) == _assignment_terms(*block)
    True
    """
    states: dict[tuple[int, int], int] = {(0, 0): 0}  # (digits used, total) -> packed bits
    # The cells of one coefficient first: their prefixes' totals follow from the digits
    # used; the largest coefficients last, where their many totals make no more states.
    *order, last = sorted(range(len(masks)), key=lambda i: (abs(coefficients[i]), coefficients[i]))
    for i in order:
        values = _placements(masks, coefficients, width, i)
        after: dict[tuple[int, int], int] = {}
        get = after.get
        for (used, total), bits in states.items():
            for step, bit, placed in values:
                if not used & bit:
                    key = (used | bit, total + step)
                    after[key] = get(key, 0) | bits | placed
        states = after
    by_total: dict[int, int] = {}  # the last cell ends each prefix at its total: no states kept
    add, values = by_total.get, _placements(masks, coefficients, width, last)
    for (used, total), bits in states.items():
        for step, bit, placed in values:
            if not used & bit:
                by_total[total + step] = add(total + step, 0) | bits | placed
    return by_total


def _placements(
    masks: tuple[int, ...], coefficients: tuple[int, ...], width: int, i: int
) -> list[tuple[int, int, int]]:
    """Cell ``i``'s choices in :func:`_prefix_terms`: per candidate value ``v``, what it
    adds to the total, its value bit, and that bit at the cell's place in packed bits."""
    offset = i * width
    return [(coefficients[i] * v, 1 << (v - 1), 1 << (v - 1 + offset)) for v in values_of(masks[i])]


def _assignment_terms(masks: tuple[int, ...], coefficients: tuple[int, ...], width: int) -> dict[int, int]:
    """:func:`_packed_terms`' totals (not shifted) and packed value bits, by enumerating
    every assignment of different digits (of any digit, for one cell).

    >>> _assignment_terms((0b11, 0b11), (1, 1), 2)  # {1, 2} twice, different: 1 + 2 only
    {3: 15}
    """
    count = len(masks)
    by_total: dict[int, int] = {}

    def extend(position: int, used: int, total: int, bits: int) -> None:
        if position == count:
            by_total[total] = by_total.get(total, 0) | bits
            return
        offset = position * width
        for v in values_of(masks[position] & ~used):
            bit = 1 << (v - 1)
            extend(position + 1, used | bit if count > 1 else 0, total + coefficients[position] * v,
                   bits | bit << offset)  # fmt: skip

    extend(0, 0, 0, 0)
    return by_total


def _nested_terms(masks: tuple[int, ...], coefficients: tuple[int, ...], width: int) -> dict[int, int]:
    """:func:`_assignment_terms` of two or three cells, by nested loops: about three times
    faster than the recursion (3 cells of 7 candidates, 25 µs against 82 µs)."""
    terms = [[(a * v, 1 << (v - 1)) for v in values_of(m)] for m, a in zip(masks, coefficients, strict=True)]
    by_total: dict[int, int] = {}
    get = by_total.get
    if len(terms) == 2:
        firsts, seconds = terms
        for s0, b0 in firsts:
            for s1, b1 in seconds:
                if b1 != b0:
                    total = s0 + s1
                    by_total[total] = get(total, 0) | b0 | b1 << width
        return by_total
    firsts, seconds, thirds = terms
    twice = 2 * width
    for s0, b0 in firsts:
        for s1, b1 in seconds:
            if b1 == b0:
                continue
            partial, used, bits = s0 + s1, b0 | b1, b0 | b1 << width
            for s2, b2 in thirds:
                if not used & b2:
                    total = partial + s2
                    by_total[total] = get(total, 0) | bits | b2 << twice
    return by_total


def _group_supports(masks: Sequence[int], coefficients: Sequence[int], rhs: int) -> tuple[int, ...] | None:
    """For cells that take different digits, each within its candidate ``masks``, with
    ``Σ a_i·x_i == rhs``: each cell's values that some such assignment uses (``None`` when
    none does), by a depth-first search for a witness per value not yet seen in one, the
    sums the cells left can still reach bounding it (:func:`_block_terms` lists every
    assignment's total, thousands for four open cells; a witness is found in a few steps).

    >>> values = _group_supports([0b111, 0b111, 0b1000], (1, 1, -1), 0)  # a + b = 4, a != b
    >>> [values_of(m) for m in values]
    [(1, 3), (1, 3), (4,)]
    """
    count = len(masks)
    options = [values_of(m) for m in masks]
    if not all(options):
        return None
    kept = [0] * count
    chosen = [0] * count

    def search(order: Sequence[int], at: int, used: int, left: int, low, high) -> bool:
        if at == len(order):
            if left:
                return False
            for i in range(count):
                kept[i] |= chosen[i]
            return True
        if not low[at] <= left <= high[at]:
            return False
        i = order[at]
        a = coefficients[i]
        for v in options[i]:
            bit = 1 << (v - 1)
            if not used & bit:
                chosen[i] = bit
                if search(order, at + 1, used | bit, left - a * v, low, high):
                    return True
        return False

    for first in range(count):
        order = [i for i in range(count) if i != first]
        low = [0] * (len(order) + 1)  # the least and most the cells from order[at] on can add
        high = [0] * (len(order) + 1)
        for at in range(len(order) - 1, -1, -1):
            i = order[at]
            ends = (coefficients[i] * options[i][0], coefficients[i] * options[i][-1])
            low[at], high[at] = low[at + 1] + min(ends), high[at + 1] + max(ends)
        a = coefficients[first]
        for v in options[first]:
            bit = 1 << (v - 1)
            if not kept[first] & bit:
                chosen[first] = bit
                search(order, 0, bit, rhs - a * v, low, high)
        if not kept[first]:
            return None
    return tuple(kept)


def linear_supports(
    constraint: Linear, groups: Sequence[Sequence[int]] = ()
) -> Callable[[list[int]], list[int] | None]:
    """A filter of ``Σ a_i·x_i op rhs`` (an arrow, a region-sum line, a little killer) by
    supports: each cell keeps the values that some choice of the other cells' candidates
    completes (generalised arc consistency of the one constraint, stronger than the
    engine's bounds), by dynamic programming over the partial sums reachable from the
    left and those from which the right-hand side stays reachable (pseudo-polynomial: the
    sums of a 9x9 arrow span a few hundred; each set of sums is one int's bits, each term
    a few shifts). ``groups``: positions (indices into the constraint's cells) of cells
    that must hold different digits (a little killer's cells in one box), each group
    taken as one term whose choices are its assignments of different digits.

    The filter changes ``candidates`` in place and returns the cells it narrowed, or
    ``None`` when no choice satisfies the constraint.

    >>> arrow = Linear((0, 1, 2), (-1, 1, 1), "==", 0, label="arrow")  # r1c1 = r1c2 + r1c3
    >>> candidates = [0b111111111, 0b11, 0b11]  # 1..9, 1..2, 1..2
    >>> linear_supports(arrow)(candidates), values_of(candidates[0])
    ([0], (2, 3, 4))
    >>> candidates = [0b111111111, 0b11, 0b11]  # now r1c2 and r1c3 differ: 1 + 2
    >>> linear_supports(arrow, [(1, 2)])(candidates), values_of(candidates[0])
    ([0], (3,))
    """
    cells, coefficients = constraint.cells, constraint.coefficients
    grouped = {p for group in groups for p in group}
    blocks = [tuple(group) for group in groups] + [(p,) for p in range(len(cells)) if p not in grouped]
    block_cells = [tuple(cells[p] for p in block) for block in blocks]
    block_coefficients = [tuple(coefficients[p] for p in block) for block in blocks]
    readers = [
        (_reader(these), weights) for these, weights in zip(block_cells, block_coefficients, strict=True)
    ]
    operator, rhs = constraint.operator, constraint.rhs
    one_group = operator == "==" and len(blocks) == 1 and len(blocks[0]) > 1

    def propagate(candidates: list[int]) -> list[int] | None:
        if one_group:  # every cell differs: by witnesses, not every assignment's total
            kept = _group_supports([candidates[c] for c in block_cells[0]], block_coefficients[0], rhs)
            if kept is None:
                return None
            narrowed = []
            for cell, bits in zip(block_cells[0], kept, strict=True):
                if bits != candidates[cell]:
                    candidates[cell] = bits
                    narrowed.append(cell)
            return narrowed
        kept = _supports(candidates)
        if kept is None:
            return None
        narrowed = []
        for these, (bits, width) in zip(block_cells, kept, strict=True):
            if len(these) == 1:  # a cell alone: its bits are its values
                (cell,) = these
                if bits != candidates[cell]:
                    candidates[cell] = bits
                    narrowed.append(cell)
                continue
            full = (1 << width) - 1
            for i, cell in enumerate(these):
                mask = bits >> (i * width) & full
                if mask != candidates[cell]:
                    candidates[cell] = mask
                    narrowed.append(cell)
        return narrowed

    def _supports(candidates: list[int]) -> list[tuple[int, int]] | None:
        # Each block's totals are shifted by its smallest (low), so every partial sum is a
        # bit index >= 0; the constraint then reads Σ shifted == target. Per block: the
        # packed bits of the values kept (_packed_terms) and their width.
        shifted = []
        lows = 0
        for read, weights in readers:
            low, width, pairs = _packed_terms(read(candidates), weights)
            if not pairs:
                return None
            shifted.append((width, pairs))
            lows += low
        target = rhs - lows
        keep: list[tuple[int, int]] = []
        if operator == "==":
            if target < 0:
                return None
            forward = [1]  # forward[i]: the partial sums of the blocks before i
            last = 1
            for _, pairs in shifted:
                reach = 0
                for shift, _ in pairs:
                    reach |= last << shift
                forward.append(reach)
                last = reach
            if not last >> target & 1:
                return None
            need = 1 << target  # the partial sums (of the blocks up to i) that can still end at target
            for i in range(len(shifted) - 1, -1, -1):
                width, pairs = shifted[i]
                before, kept, previous = forward[i], 0, 0
                for shift, bits in pairs:
                    if (before << shift) & need:
                        kept |= bits
                    previous |= need >> shift
                keep.append((kept, width))
                need = previous
            keep.reverse()
        else:
            spans = [pairs[-1][0] for _, pairs in shifted]  # each block's largest shifted total
            room = sum(spans)
            for (width, pairs), span, these in zip(shifted, spans, block_cells, strict=True):
                kept = 0
                for shift, bits in pairs:
                    # "<=": the others at their smallest (0, shifted); ">=": at their largest
                    if shift <= target if operator == "<=" else shift + room - span >= target:
                        kept |= bits
                if not all(_unpacked(kept, len(these), width)):
                    return None
                keep.append((kept, width))
        return keep

    return remembered(propagate, cells, _LINEAR_MEMO_SIZE)  # forcing revisits states


def relation_supports(constraint: Relation) -> Callable[[list[int]], list[int] | None]:
    """A filter of a binary table (a Kropki dot, a whisper or renban pair, an XV pair...) by
    supports, as the engine's propagator for it (each value keeps a partner in the other
    cell), with each mask's partners remembered: a forcing chain asks the same few masks
    again and again, and the answer is then two lookups.

    >>> dot = Relation(0, 1, frozenset({(1, 2), (2, 1), (2, 3), (3, 2)}), label="white dot")
    >>> candidates = [0b1, 0b111]  # r1c1 = 1; r1c2 in 1..3
    >>> relation_supports(dot)(candidates), values_of(candidates[1])
    ([1], (2,))
    """
    first, second = constraint.first, constraint.second
    of_first: dict[int, int] = {}  # value of first -> its partners in second, as a mask
    of_second: dict[int, int] = {}
    for a, b in constraint.allowed:
        of_first[a] = of_first.get(a, 0) | 1 << (b - 1)
        of_second[b] = of_second.get(b, 0) | 1 << (a - 1)
    to_second: dict[int, int] = {}  # a mask of first -> the partners of its values
    to_first: dict[int, int] = {}

    def partners(mask: int, table: dict[int, int], known: dict[int, int]) -> int:
        found = known.get(mask)
        if found is None:
            found = 0
            for v in values_of(mask):
                found |= table.get(v, 0)
            known[mask] = found
        return found

    def propagate(candidates: list[int]) -> list[int] | None:
        a, b = candidates[first], candidates[second]
        # the partners' memo asked here first (two calls fewer a run: a net runs this by the million)
        found = to_second.get(a)
        b_kept = b & (partners(a, of_first, to_second) if found is None else found)
        found = to_first.get(b_kept)
        a_kept = a & (partners(b_kept, of_second, to_first) if found is None else found)
        if not a_kept or not b_kept:
            return None
        changed = []
        if a_kept != a:
            candidates[first] = a_kept
            changed.append(first)
        if b_kept != b:
            candidates[second] = b_kept
            changed.append(second)
        return changed

    return propagate


def cage_supports(constraint: Sum, side: int) -> Callable[[list[int]], list[int] | None]:
    """A filter of a sum over cells that see each other (a killer cage) that keeps, in each
    cell, the digits some combination of the cage gives it with every other cell taking
    its own digit of that combination within its candidates (generalised arc consistency;
    the engine's propagator keeps a combination's digits wherever one fits, without
    matching them to the cells). What the cage's step then lists: the combinations that
    fit (:func:`~sudoku_cp.reasoning.techniques.arguments.combinations_of`).

    >>> cage = Sum((0, 1, 2), 17, label="cage")  # 17 in 3 cells: {1,7,9}, {2,6,9}, ..., {4,5,8}
    >>> candidates = [0b100000001, 0b100000001, 0b111111111]  # r1c1, r1c2 in {1,9}
    >>> cage_supports(cage, 9)(candidates), [values_of(m) for m in candidates]  # only {1,7,9}
    ([2], [(1, 9), (1, 9), (7,)])
    >>> cage_supports(cage, 9)([0b110000000, 0b110000000, 0b111111111])  # 8 + 9: nothing left
    """
    return set_supports(
        constraint.cells, distinct_combinations(side, len(constraint.cells), constraint.total)
    )


def set_supports(cells: Sequence[int], sets: Sequence[int]) -> Callable[[list[int]], list[int] | None]:
    """A filter of ``cells`` (pairwise different) that must hold exactly one of ``sets``
    (each a mask of ``len(cells)`` values): each cell keeps the values some set gives it with
    every other cell taking its own value of that set within its candidates (a perfect
    matching; generalised arc consistency). A killer cage's sets are its combinations
    (:func:`cage_supports`), a renban line's its runs (:func:`renban_runs`).

    >>> f = set_supports((0, 1), [0b11, 0b110])  # {1,2} or {2,3}
    >>> candidates = [0b1, 0b111]
    >>> f(candidates), [values_of(m) for m in candidates]
    ([1], [(1,), (2,)])
    """
    count = len(cells)
    read = _reader(cells)

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = read(candidates)
        kept = [0] * count
        for combo in sets:
            inside = tuple([m & combo for m in masks])
            if not all(inside):
                continue
            if inside.count(combo) == count:  # every cell takes any digit of it
                kept = [k | combo for k in kept]
                continue
            found = _set_matchings(inside, combo)
            if found is not None:
                kept = [k | f for k, f in zip(kept, found, strict=True)]
        if not any(kept) or not all(kept):
            return None
        narrowed = []
        for cell, mask in zip(cells, kept, strict=True):
            if candidates[cell] != mask:
                candidates[cell] = mask
                narrowed.append(cell)
        return narrowed

    return propagate


def renban_runs(size: int, pair: Relation, value_count: int) -> tuple[int, ...]:
    """The value sets (masks, increasing) a renban line of ``size`` cells may hold: the
    ``size``-sets of different values ``1..value_count`` every two of which ``pair`` (the
    line's relation between two of its cells, "within ``size - 1``") allows, read from
    its table (so over a grid of other digits too): the runs ``a..a+size-1``.

    >>> from sudoku_cp.model.rules import Renban
    >>> line = Renban((((0, 0), (0, 1), (0, 2)),)).constraints(9, (3, 3))
    >>> pair = [c for c in line if isinstance(c, Relation)][0]
    >>> [values_of(m) for m in renban_runs(3, pair, 9)][:2]
    [(1, 2, 3), (2, 3, 4)]
    """
    allowed = pair.allowed
    return tuple(
        sum(1 << (v - 1) for v in chosen)
        for chosen in itertools.combinations(range(1, value_count + 1), size)
        if all((a, b) in allowed and (b, a) in allowed for a, b in itertools.combinations(chosen, 2))
    )


def _whole_lines(model: Model) -> dict[int, tuple[AllDifferent, tuple[int, ...], tuple[Constraint, ...]]]:
    """The renban lines read whole: by ``id`` of each line's AllDifferent (origin kind
    renban), the line's AllDifferent, its runs (:func:`renban_runs`) and its pair
    Relations (of the same origin), which its whole filter replaces in :attr:`Board.others`
    and which a step over it cites with its AllDifferent."""
    pairs: dict[object, list[Constraint]] = {}
    for c in model.constraints:
        if isinstance(c, Relation) and c.origin.kind is OriginKind.RENBAN:
            pairs.setdefault(c.origin, []).append(c)
    out = {}
    for line in model.of_kind(AllDifferent):
        found = pairs.get(line.origin) if line.origin.kind is OriginKind.RENBAN else None
        size = len(line.cells)
        if (
            found
            and len(found) == size * (size - 1) // 2
            and all(p.allowed == found[0].allowed for p in found)
        ):
            out[id(line)] = (line, renban_runs(size, found[0], model.value_count), tuple(found))
    return out


MAX_SEEING_GROUP = 6
"""The most cells a group of pair clues read whole (:func:`_seeing_groups`) may have: its
fillings are enumerated once, up to ``k**6`` tuples pruned clue by clue."""


def _seeing_groups(model: Model) -> dict[int, tuple[Table, tuple[Constraint, ...]]]:
    """The pair clues read whole where their cells see each other: the Relations of one
    rule kind (whispers, a relation on extra cells...; renban has its own,
    :func:`_whole_lines`) linked into a group of 3 to :data:`MAX_SEEING_GROUP` cells that
    are pairwise peers (a whispers line in a box with the segment closing it into a
    triangle). Filtered one by one, each pair keeps a digit that has a partner; read
    whole with their cells' different digits, the group keeps only the fillings every
    clue allows, which a person sees at a glance (the middle of a 3-cell whispers line
    in a box cannot be 5) and the pairs alone find only by a forcing chain.

    By ``id`` of a :class:`Table` over the group's cells with those fillings (the
    variant step's constraint in :attr:`Board.others`, in place of its Relations; its
    origin the first Relation's), its Relations and the AllDifferents that make its cells
    differ: what a step over it cites."""
    by_kind: dict[OriginKind, list[Relation]] = {}
    for c in model.constraints:
        if isinstance(c, Relation) and c.first != c.second and c.origin.kind is not OriginKind.RENBAN:
            by_kind.setdefault(c.origin.kind, []).append(c)
    out: dict[int, tuple[Table, tuple[Constraint, ...]]] = {}
    peers = model.peers
    for relations in by_kind.values():
        linked: dict[int, set[int]] = {}  # a cell -> the cells its group holds so far (shared sets)
        for r in relations:
            a = linked.setdefault(r.first, {r.first})
            b = linked.setdefault(r.second, {r.second})
            if a is not b:
                a |= b
                for cell in b:
                    linked[cell] = a
        groups: dict[int, list[Relation]] = {}
        for r in relations:
            groups.setdefault(id(linked[r.first]), []).append(r)
        for members in groups.values():
            cells = tuple(dict.fromkeys(c for r in members for c in (r.first, r.second)))
            if not 3 <= len(cells) <= MAX_SEEING_GROUP:
                continue
            if not all(b in peers[a] for a, b in itertools.combinations(cells, 2)):
                continue
            fillings = _group_fillings(cells, members, model.value_count)
            if fillings is None:  # clues too loose to be worth a table: left to their pairs
                continue
            names = ", ".join(model.cell_name(c) for c in cells)
            clues = " and ".join(dict.fromkeys(model.label_of(r) for r in members))
            table = Table(
                cells, fillings, origin=members[0].origin, meaning=f"{clues} on cells that see each other",
                label=f"{clues} ({names} see each other)",
            )  # fmt: skip
            inside = set(cells)
            apart = tuple(a for a in model.of_kind(AllDifferent) if len(inside.intersection(a.cells)) > 1)
            out[id(table)] = (table, (*members, *apart))
    return out


def _group_fillings(
    cells: tuple[int, ...], relations: Sequence[Relation], values: int
) -> frozenset[tuple[int, ...]] | None:
    """The fillings of ``cells`` (different values ``1..values``) every one of ``relations``
    (over two of them) allows, by a depth-first search checking each clue once both its
    cells are filled; ``None`` past :data:`MAX_GROUP_FILLINGS`.

    >>> from sudoku_cp.model.constraints import Relation
    >>> far = frozenset((a, b) for a in range(1, 5) for b in range(1, 5) if abs(a - b) >= 2)
    >>> line = [Relation(0, 1, far, label="w"), Relation(1, 2, far, label="w")]  # its middle: 1 or 4
    >>> sorted(_group_fillings((0, 1, 2), line, 4))
    [(1, 4, 2), (2, 4, 1), (3, 1, 4), (4, 1, 3)]
    """
    at = {cell: i for i, cell in enumerate(cells)}
    checks: list[list[tuple[int, int, frozenset[tuple[int, int]], bool]]] = [[] for _ in cells]
    for r in relations:  # each clue checked at the later of its two cells
        i, j = at[r.first], at[r.second]
        checks[max(i, j)].append((min(i, j), max(i, j), r.allowed, i < j))
    found: set[tuple[int, ...]] = set()
    chosen: list[int] = []

    def extend(position: int) -> None:
        if position == len(cells):
            found.add(tuple(chosen))
            if len(found) > MAX_GROUP_FILLINGS:
                raise _TooMany
            return
        for v in range(1, values + 1):
            if v in chosen:
                continue
            chosen.append(v)
            if all(
                ((chosen[i], v) if forward else (v, chosen[i])) in allowed
                for i, _, allowed, forward in checks[position]
            ):
                extend(position + 1)
            chosen.pop()

    try:
        extend(0)
    except _TooMany:
        return None
    return frozenset(found)


def _count_groups(
    model: Model,
) -> dict[int, tuple[tuple[Regular, ...], Callable[[list[int]], list[int] | None]]]:
    """The count lines read together (:mod:`~sudoku_cp.reasoning.techniques.count_lines`): the
    Regulars of one origin over the same cells that each count one value, some of whose
    cells see each other (a set of counting circles), by ``id`` of the first: the lines,
    their filter (remembered), which stands in :attr:`Board.others` in place of their own,
    and the filter itself (which tells the counts left: the argument of their steps)."""
    lines: dict[tuple[object, tuple[int, ...]], list[Regular]] = {}
    for c in model.of_kind(Regular):
        lines.setdefault((c.origin, c.cells), []).append(c)
    out = {}
    for (_, cells), group in lines.items():
        found = count_filter(group, model.value_count, model.peers, model.of_kind(AllDifferent))
        if found is not None:
            out[id(group[0])] = (tuple(group), remembered(found, cells), found)
    return out


def _hidden_kinds(model: Model) -> tuple[type, ...]:
    """The kinds over hidden cells a variant step filters with too: a chaos construction's
    regions (:class:`~sudoku_cp.model.chaos.ChaosRegions`, loaded only for a model with
    hidden cells: start-up time)."""
    if not model.hidden:
        return ()
    from sudoku_cp.model.chaos import ChaosRegions

    return (ChaosRegions,)


def _filter(
    constraint: Constraint,
    model: Model,
    reduction: UnitReduction | None = None,
    fillings: frozenset[tuple[int, ...]] | None = None,
) -> tuple[Callable[[list[int]], list[int] | None], bool]:
    """The filter a variant step applies for ``constraint``: :func:`linear_supports` for an
    equation or inequality other than a sum over pairwise-different cells (an arrow, a
    region-sum line, a little killer or outside sum whose cells may repeat a digit: every
    value some choice of the others' candidates completes, those of a group of peers
    different, as the step's argument lists; one holding whole units, that of the clue
    their sums leave, ``reduction``: :func:`unit_reduced`'s), a chaos count or arrow's
    :func:`~sudoku_cp.engine.chaos.clue_propagator` (its automaton's removals, worked out from
    the clue's shape), a table or short line clue given its ``fillings`` with different
    digits where its cells see each other (:func:`apart_filter`, :attr:`Board.apart`) the
    table of those, a sandwich clue over a whole unit :func:`unit_sandwich_supports`, else
    the engine's propagator (a cage keeps its digit combinations),
    remembered per state of its cells (a chaos construction's regions remember their own
    states, shared with the searches: :mod:`sudoku_cp.engine.chaos`);
    and whether it is idempotent (run again on what it leaves, it removes nothing: the
    supports filters, generalised arc consistency, and an order by bounds), which
    :attr:`Board.idempotent` records."""
    if reduction is not None:  # a clue holding whole units: the clue their sums leave
        left = reduction.left
        return linear_supports(left, apart_groups(left.cells, model.peers, left.coefficients)), True
    if isinstance(constraint, Sum | Linear):
        plain = isinstance(constraint, Sum) or constraint.is_plain_sum
        cells = constraint.cells
        if not plain:  # an equation (an arrow...): its cells that are peers take different digits
            groups = apart_groups(cells, model.peers, constraint.coefficients)
            return linear_supports(constraint, groups), True
        if not all(b in model.peers[a] for a, b in itertools.combinations(cells, 2)):
            if isinstance(constraint, Sum):
                constraint = Linear(
                    cells, (1,) * len(cells), "==", constraint.total, origin=constraint.origin
                )
            return linear_supports(constraint, distinct_groups(cells, model.peers)), True
        if model.value_count == model.side:  # cells that see each other: a cage's combinations
            cage = constraint if isinstance(constraint, Sum) else constraint.as_sum()
            return remembered(cage_supports(cage, model.side), cells), True
    if isinstance(constraint, Relation) and constraint.first != constraint.second:
        return relation_supports(constraint), True
    if isinstance(constraint, Less):
        return propagator(constraint, model), True  # two bit operations: nothing to remember
    if isinstance(constraint, LINE_AUTOMATON_KINDS):
        if model.hidden and isinstance(constraint, Regular):  # a chaos count or arrow: by its shape
            from sudoku_cp.engine.chaos import clue_propagator

            clue = clue_propagator(constraint, model.side)
            if clue is not None:
                return remembered(clue, constraint.cells), False
        first, *rest = constraint.cells  # type: ignore[attr-defined]
        if len(rest) == 1 and rest[0] != first:  # two cells: a binary table, read as one
            peers = model.peers if reads_apart(constraint, model) else ()
            return relation_supports(_binary_table(constraint, model.value_count, peers)), True
        # a sandwich over a unit, a short line whose cells see each other: its words that differ there
        apart = apart_filter(constraint, model, fillings)
        return (line_supports(constraint, model.value_count) if apart is None else apart), True
    if isinstance(constraint, Table) and fillings is not None:
        return apart_filter(constraint, model, fillings), True  # type: ignore[return-value]
    if isinstance(constraint, _hidden_kinds(model)):  # chaos regions: they remember their states
        return propagator(constraint, model), False
    return remembered(propagator(constraint, model), constraint.cells), False


def _classed_filters(
    picked: Sequence[tuple[Constraint, Callable, bool]], model: Model
) -> dict[int, tuple[int, ...]]:
    """:attr:`Board.classes`: the idempotent filters of line automata (not a chaos clue's)
    among ``picked`` with their :func:`value_classes`, by ``id`` of the constraint."""
    if model.hidden:
        return {}
    found = {}
    for constraint, _, once in picked:
        if once and isinstance(constraint, LINE_AUTOMATON_KINDS):
            classes = value_classes(constraint, model.value_count)
            if classes is not None:
                found[id(constraint)] = classes
    return found


def _binary_table(constraint: Constraint, values: int, peers: Sequence[Sequence[int]] = ()) -> Relation:
    """A line clue over two cells (a regular line of two cells: Nabner's pairs) as the
    :class:`Relation` of the pairs of values its automaton accepts (with ``peers``, the
    model's, given: without a repeated value when the two cells see each other), filtered
    by :func:`relation_supports` (two lookups, where the automaton's supports of a line
    cost a few; the same supports: each value keeps a partner in the other cell).

    >>> from sudoku_cp.model.constraints import Automaton, Regular
    >>> one_two = Automaton.build(0, lambda s, v: min(4 * s + v, 99), lambda s: s in (6, 9), 3)
    >>> line = Regular((0, 1), one_two, pattern="12|21", label="1 and 2")
    >>> sorted(_binary_table(line, 3).allowed)
    [(1, 2), (2, 1)]
    """
    automaton = constraint.automaton(values)  # type: ignore[attr-defined]
    first, second = constraint.cells  # type: ignore[attr-defined]
    apart = bool(peers) and second in peers[first]  # cells that see each other differ
    allowed = frozenset(
        (a, b)
        for a in range(1, values + 1)
        for b in range(1, values + 1)
        if automaton.supports((1 << (a - 1), 1 << (b - 1))) is not None and not (apart and a == b)
    )
    return Relation(first, second, allowed, origin=constraint.origin)  # its filter's table alone


def line_supports(constraint: Constraint, values: int) -> Callable[[list[int]], list[int] | None]:
    """The filter of a line automaton (a regular line, a sandwich or skyscraper clue): its
    automaton's supports (:meth:`~sudoku_cp.model.constraints.Automaton.supports`, which
    remembers each line it was asked, read by its classes of values alike). A line of up to
    :data:`_LINE_MEMO_LENGTH` cells also remembers, per state of its cells' candidates,
    the cells it narrows (up to :data:`_LINE_MEMO_SIZE` states, then forgotten): a net asks
    the same lines again and again (2.7 million times in 40 steps of Heat up), and the
    answer is then one lookup and the few changes, not a reading by classes and a pass
    over the cells (the first 38 steps of Heat up: 4.2 s CPU, was 5.9 s).

    >>> from sudoku_cp.model.constraints import Sandwich
    >>> line = Sandwich((0, 1, 2, 3), 5, label="sandwich 5")
    >>> candidates = [0b1111, 0b1111, 0b0100, 0b1111]
    >>> line_supports(line, 4)(candidates), [values_of(m) for m in candidates]
    ([0, 1, 3], [(1, 4), (2,), (3,), (1, 4)])
    """
    cells = constraint.cells  # type: ignore[attr-defined]
    automaton = constraint.automaton(values)  # type: ignore[attr-defined]
    read = _reader(cells)

    if isinstance(automaton.meaning, Blocks):  # a word of blocks: narrow only those it reads
        # by id of the positions read: them, their cells and a reader of those cells
        at: dict[int, tuple[Sequence[int], list[int], Callable[[Sequence[int]], tuple[int, ...]]]] = {}

        def sparse(candidates: list[int]) -> list[int] | None:
            found = automaton.supports_at(read(candidates))
            if found is None:
                return None
            positions, kept = found
            if len(positions) == len(cells):  # every block read
                return narrow(candidates, cells, kept)
            known = at.get(id(positions))  # positions a Blocks remembers: one object each
            if known is None:
                at_cells = [cells[i] for i in positions]
                known = at[id(positions)] = (positions, at_cells, _reader(at_cells))
            if kept == list(known[2](candidates)):  # mostly nothing to narrow: one C comparison
                return []
            return narrow(candidates, known[1], kept)

        return sparse

    def propagate(candidates: list[int]) -> list[int] | None:
        kept = automaton.supports(read(candidates))
        return None if kept is None else narrow(candidates, cells, kept)

    if len(cells) > _LINE_MEMO_LENGTH:
        return propagate
    return remembered(propagate, cells, _LINE_MEMO_SIZE)


_LINE_MEMO_LENGTH = 64
"""The longest line whose narrowing :func:`line_supports` remembers per state of its cells
(a full-rank word of 596 positions is not: its keys would take megabytes)."""

_LINE_MEMO_SIZE = 1 << 14
"""The most states of one line's cells :func:`line_supports` remembers (then it forgets them all)."""


class Board:
    """What the techniques need from a model, computed once. A model with hidden cells
    (extra cells, a chaos construction's regions: after the grid's) is read whole: its
    units are the grid's, and :attr:`others` filters the hidden cells too (a chaos
    construction's regions with the engine's :mod:`~sudoku_cp.engine.chaos` propagator).

    Attributes:
        model: the compiled puzzle.
        side: ``n``.
        units: the AllDifferents over ``n`` cells.
        alldifferents: every AllDifferent.
        containing: for each cell, the indices (into ``alldifferents``) of those holding it.
        others: each constraint other than AllDifferent and ValueIn (Sum, Less, Relation,
            Linear, Table, and the line clues Sandwich and Skyscraper) with the engine's
            propagator for it (:func:`sudoku_cp.engine.propagators.propagator`).
        implied: each sum of the rule of 45 (an :class:`ImpliedSum` over up to ``n``
            cells) with its propagator.
        differences: each innie-outie difference of the rule of 45 (an
            :class:`~sudoku_cp.engine.sums.ImpliedDifference` over up to ``n`` cells) with
            its propagator.
        rows, columns: the units of origin kind row (column), by their number: for fish
            (X-Wing, Swordfish, Jellyfish); none on a multi-grid board.
        solution: a solution of the model (row-major values) when the caller knows one
            (:func:`sudoku_cp.explain` does), else ``None``: the minimal deduction then
            need not search for one.
        deadline: the call's :class:`~sudoku_cp.engine.runtime.Deadline` (``time_limit``
            of ``explain``, ``hint`` or ``grade``), or ``None``: the long finders (forcing
            chains and nets, the search-backed step) look at it between trials and raise
            :class:`~sudoku_cp.errors.SolveTimeoutError` once it has passed.
        quiet: for each constraint of :attr:`others` (by ``id``), its cells' candidates
            when its variant step last removed nothing: a propagator reads only its own
            cells, so from the same candidates it removes nothing again, and the step is
            not tried (one pass over the constraints per step of a path, not one
            propagation per constraint per step).
        idempotent: the constraints of :attr:`others` (by ``id``) whose filter removes
            nothing when run again on what it leaves (the supports filters: generalised arc
            consistency; an order by bounds): a propagation need not run one again until
            another removal touches its cells.
        classes: the idempotent line filters of :attr:`others` whose answer depends only on
            which classes of values each cell's candidates meet (by ``id``: the classes, as
            masks; :func:`value_classes`): a propagation need not run one again until a
            cell of its loses the last candidate of a class (an entropy square's "a low
            digit here" wakes when a cell loses its last low digit, not at every removal).
        whole_lines: the renban lines filtered whole (by ``id`` of the line's
            AllDifferent: the AllDifferent, its runs as masks, its pair Relations): each
            line's AllDifferent stands in :attr:`others` with :func:`set_supports` over its
            runs, in place of its pair Relations.
        seeing: the pair clues read whole where their cells see each other
            (:func:`_seeing_groups`: by ``id`` of the Table of each group's fillings, which
            stands in :attr:`others` in place of its Relations, the Table and what a step
            over it cites: its Relations and AllDifferents).
        count_groups: the count lines filtered together (by ``id`` of the first: the
            lines, their filter remembered and itself, which tells the counts left;
            :func:`_count_groups`): the first stands in :attr:`others` with the filter
            of them all, in place of the others.
        apart: the tables and short line clues (by ``id``) some of whose cells see each
            other, with their fillings in which those differ (:func:`apart_fillings`): each
            is filtered as the table of them, and its step lists those left.
        reads_apart: the constraints (by ``id``) whose filter reads which of their cells see
            each other (those of :attr:`apart`, a line of two such cells, a sandwich over a
            whole unit): a step or chain through one cites the AllDifferents between them.
        reduced: the clues holding whole units, by ``id``, told by their sums
            (:func:`~sudoku_cp.engine.sums.unit_reduced`), each filtered as the clue left.
        memo: the finders' per-board data (computed once from the model, by key).
        value_count: ``k``, the number of values (digits): ``n`` unless the puzzle chose
            more digits than its side (6x6 from 1..9: ``k = 9``).
        complete_units: True when each unit of ``n`` cells holds every value (``k == n``);
            False on a grid of more digits than its side, whose units hold ``n`` of the
            ``k``: then "a value has a place in each unit" is false, and the rows of
            :data:`~sudoku_cp.reasoning.techniques.table.TECHNIQUES` resting on it
            (``needs_complete_units``: hidden singles, locked candidates, fish, strong
            links...) are not tried.
        digits: the puzzle's digits when they are not ``1..n`` (``(0, ..., 8)``, or
            ``(1, ..., 9)`` on 6x6), else ``None``. The finders reason over the values ``1..n`` (the
            digits' positions, :mod:`sudoku_cp.model.digits`); a text a finder writes names
            a value by :meth:`digit` and a sum by :meth:`digit_sum`.
    """

    def __init__(self, model: Model) -> None:
        model = engine_model(model)  # the general kinds (Count, Element, Or...) as the engine's
        self.model = model
        self.side = model.side
        self.value_count = model.value_count
        # a unit of n cells holds every one of the k values only when k == n
        self.complete_units = model.value_count == model.side
        self.digits = model.digits
        self.units = model.units
        self.alldifferents = model.of_kind(AllDifferent)
        containing: list[list[int]] = [[] for _ in range(model.cell_count)]
        for index, constraint in enumerate(self.alldifferents):
            for cell in constraint.cells:
                containing[cell].append(index)
        self.containing = tuple(tuple(c) for c in containing)
        # a renban line is filtered whole (its runs), in place of its pair Relations
        self.whole_lines = _whole_lines(model)
        self.reduced = {id(c): r for c in model.of_kind(Linear) if (r := unit_reduced(c, model)) is not None}
        # pair clues whose cells see each other are filtered whole, in place of their Relations
        self.seeing = _seeing_groups(model)
        replaced = {id(p) for _, _, found in self.whole_lines.values() for p in found}
        replaced |= {id(r) for _, used in self.seeing.values() for r in used if isinstance(r, Relation)}
        whole = tuple(
            (line, remembered(set_supports(line.cells, runs), line.cells))
            for line, runs, _ in self.whole_lines.values()
        )
        groups = tuple((group, *_filter(group, model)) for group, _ in self.seeing.values())
        # tables and short lines whose cells see each other: the fillings with different digits there
        self.apart = apart_clues(model)
        # the filters that read which of their cells see each other (a premise cites those links)
        self.reads_apart = apart_readers(model, self.apart)
        # the count lines of a set of counting circles are filtered together, by the first
        self.count_groups = _count_groups(model)
        replaced |= {id(line) for lines, _, _ in self.count_groups.values() for line in lines[1:]}
        hidden = _hidden_kinds(model)
        filtered = _FILTERED + hidden
        chosen = [
            (c, self.count_groups[id(c)][1], False)
            if id(c) in self.count_groups
            else (c, *_filter(c, model, self.reduced.get(id(c)), self.apart.get(id(c))))
            for c in sorted(model.constraints, key=lambda c: isinstance(c, hidden))  # the regions last
            if isinstance(c, filtered) and id(c) not in replaced
        ]
        picked = (*groups, *chosen)
        self.others = whole + tuple((c, propagate) for c, propagate, _ in picked)
        self.idempotent = frozenset(
            (*(id(line) for line, _ in whole), *(id(c) for c, _, once in picked if once))
        )
        self.classes = _classed_filters(picked, model)
        # The rule of 45 over positions is the digits' only when they are consecutive (other
        # digits' cages are tables anyway, model/digits.py): its text names the digits' sums.
        # A unit's total is fixed only when it holds every value (complete units).
        rule_of_45 = shift_of(model.digits) is not None and self.complete_units
        sums = implied_sum_sources(model, model.side) if rule_of_45 else ()
        self.implied = tuple((implied, propagator(implied.sum, model)) for implied in sums)
        differences = implied_difference_sources(model, model.side) if rule_of_45 else ()
        self.differences = tuple((d, propagator(d.difference, model)) for d in differences)
        self.solution: Sequence[int] | None = None
        self.deadline: Deadline | None = None
        self.quiet: dict[int, tuple[int, ...]] = {}
        self.memo: dict[str, Any] = {}
        # On a multi-grid board a row number names a row of each sub-grid: the finders that
        # index rows and columns by number (fish, unique rectangles) see none there.
        multigrid = model.positions is not None
        self.rows = () if multigrid else self._lines(OriginKind.ROW)
        self.columns = () if multigrid else self._lines(OriginKind.COLUMN)

    def digit(self, value: int) -> int:
        """The puzzle's digit of the value (position) ``value``: ``value - 1`` on a grid of
        ``0..8``, ``value`` itself on ``1..n``."""
        return self.digits[value - 1] if self.digits else value

    def digit_sum(self, total: int, count: int) -> int | None:
        """The sum of the digits of ``count`` values (positions) adding up to ``total``:
        ``total`` itself on ``1..n``, ``total - count`` on ``0..8``; ``None`` when the
        digits are not consecutive (their sums are not a function of the positions')."""
        shift = shift_of(self.digits)
        return None if shift is None else total + shift * count

    def _lines(self, kind: OriginKind) -> tuple[AllDifferent, ...]:
        """The units of that kind, by their number (row 1 first)."""
        return tuple(sorted((u for u in self.units if u.origin.kind is kind), key=lambda u: u.origin.number))

    @functools.cached_property
    def proper(self) -> bool:
        """True when the model (with its givens) has exactly one solution, proven by the
        engine's exhaustive search (:meth:`BitmaskSearch.count_solutions` up to 2);
        computed on first use: the techniques that rest on uniqueness ask for it, and
        remembered for the last few models (a ``hint`` after an ``explain`` of the same
        puzzle, or hint after hint, does not search again). A caller that knows the
        answer may set it."""
        return _is_proper(self.model)

    @property
    def proven_proper(self) -> bool:
        """True when :attr:`proper` is known true, or the engine's search proves it within
        :data:`PROPER_NODES` decisions: what the techniques that rest on uniqueness wait
        for (a variant whose clues the engine narrows by bounds alone can take minutes to
        prove proper; its explanation then goes without them rather than wait)."""
        if "proper" not in self.__dict__:
            found = _proper_within_budget(self.model)
            if found is None:
                return False
            self.proper = found
        return self.proper

    def check_deadline(self, who: str = "the reasoning") -> None:
        """Raise :class:`~sudoku_cp.errors.SolveTimeoutError` once :attr:`deadline` has passed."""
        if self.deadline is not None and self.deadline.passed():
            raise SolveTimeoutError(
                f"{who} did not finish within the time limit of {self.deadline.time_limit:g} s"
            )

    def initial(self) -> list[int]:
        """The candidates people start from: each cell's domain (givens and even/odd
        applied) less the given digits of its peers."""
        candidates = [sum(1 << (v - 1) for v in domain) for domain in self.model.domains()]
        for cell, value in enumerate(self.model.givens):
            if value:
                for peer in self.model.peers[cell]:
                    candidates[peer] &= ~(1 << (value - 1))
        return candidates


def reasoning_deadline(time_limit: object) -> Deadline:
    """The clock of an ``explain``, ``hint`` or ``grade`` call with ``time_limit`` seconds
    (``None`` or infinity: none).

    Raises:
        SudokuError: ``time_limit`` is not ``None`` or a positive number.
    """
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit > 0
    ):
        raise SudokuError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
    return Deadline(time_limit)


PROPER_NODES = 1024
"""The most search decisions :attr:`Board.proper` spends proving a puzzle has one solution."""


@functools.lru_cache(maxsize=16)
def _is_proper(model: Model) -> bool:
    """:attr:`Board.proper` of a model (models are compared by value: givens and constraints)."""
    from sudoku_cp.engine.search import BitmaskSearch

    return BitmaskSearch(model).count_solutions(2) == 1


@functools.lru_cache(maxsize=16)
def _proper_within_budget(model: Model) -> bool | None:
    """:func:`_is_proper`, or ``None`` when the engine's search does not settle it within
    :data:`PROPER_NODES` decisions."""
    from sudoku_cp.engine.search import BitmaskSearch, Restart

    try:
        return BitmaskSearch(model).count_solutions(2, node_limit=PROPER_NODES) == 1
    except Restart:
        return None


Finder = Callable[[Board, list[int], set[int]], Iterator[Deduction]]
"""A technique's finder: ``finder(board, candidates, placed)`` yields the deductions it
sees (it must not change ``candidates`` or ``placed``: the cells placed so far)."""


def places(unit: AllDifferent, candidates: Sequence[int], bit: int) -> list[int]:
    """The cells of ``unit`` where the value of ``bit`` (``1 << (v - 1)``) is a candidate."""
    return [cell for cell in unit.cells if candidates[cell] & bit]


def placement_eliminations(
    board: Board, candidates: Sequence[int], cell: int, value: int
) -> tuple[tuple[int, int], ...]:
    """A placement's eliminations: the cell's other candidates, the value from its peers."""
    bit = 1 << (value - 1)
    others = tuple((cell, v) for v in values_of(candidates[cell] & ~bit))
    peers = tuple((p, value) for p in board.model.peers[cell] if candidates[p] & bit)
    return others + peers


__all__ = [
    "Board",
    "Deduction",
    "Finder",
    "MAX_SUBSET",
    "placement_eliminations",
    "places",
    "reasoning_deadline",
    "values_of",
]

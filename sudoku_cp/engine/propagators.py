"""The engine's propagators: one per kind of constraint, over bitmask candidates.

Each cell keeps its *candidates* as a bitmask: bit ``v - 1`` is set while value ``v``
is still possible. A :data:`Propagator` narrows the masks of its cells in place and
returns the cells it changed, or ``None`` on a contradiction.

* ``Sum`` over cells that are pairwise peers (a killer cage): only the digit
  combinations of the cage that still fit its cells survive; a ``Sum`` over cells that
  may repeat a value gets bounds reasoning.
* ``Less``: bounds, ``x < max(y)`` and ``y > min(x)`` (thermometers, inequalities).
* ``Relation``: supports; a value stays while the other cell has a value it may pair with.

* ``Linear``: bounds; each term stays within what the others' smallest and largest
  terms leave (arrows, region-sum lines).
* ``Table``: supports; a value stays while some allowed tuple that fits every cell's
  candidates uses it (between lines, quadruples).
* ``Sandwich``, ``Skyscraper`` and ``Regular``: supports of their line automaton, by a forward and a
  backward pass (:meth:`sudoku_cp.model.constraints.Automaton.supports`, Pesant 2004); a
  ``Regular`` that counts one value over cells some of which see each other (counting
  circles) knows which: :mod:`sudoku_cp.engine.count_lines`.

``AllDifferent`` (singles and Hall sets) is built into :class:`sudoku_cp.engine.search.BitmaskSearch`,
and ``ValueIn`` gives the initial candidates (:meth:`sudoku_cp.model.constraints.Model.domains`).
:func:`propagator` raises :class:`~sudoku_cp.errors.NotSupportedError` on any other kind.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import sys
from collections.abc import Callable, Sequence

from sudoku_cp.engine.count_lines import count_filter
from sudoku_cp.engine.sums import distinct_combinations
from sudoku_cp.errors import NotSupportedError
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import CORE_KINDS, LINE_AUTOMATON_KINDS, Model
from sudoku_cp.model.decompose import decompose

NATIVE_KINDS: frozenset[type] = CORE_KINDS
"""The kinds the engine propagates itself (``Regular`` lines among the automata; and on a
model with hidden cells a chaos construction's regions, :mod:`sudoku_cp.engine.chaos`);
every other kind reaches it rewritten by :func:`engine_model`."""


def engine_model(model: Model) -> Model:
    """``model`` in the engine's kinds (:data:`NATIVE_KINDS`; :mod:`sudoku_cp.model.decompose`).

    Raises:
        NotSupportedError: a kind no rewriting brings to the engine's kinds.
    """
    chaos = _chaos_regions()
    return decompose(model, NATIVE_KINDS if chaos is None else NATIVE_KINDS | {chaos})


def _chaos_regions() -> type | None:
    """:class:`~sudoku_cp.model.chaos.ChaosRegions` once its module is loaded, else ``None``
    (no constraint of the kind exists before: the engine does not load the rules' modules
    for a classic puzzle, for start-up time)."""
    chaos = sys.modules.get("sudoku_cp.model.chaos")
    return None if chaos is None else chaos.ChaosRegions


Propagator = Callable[[list[int]], "list[int] | None"]
"""Narrows the candidate masks in place; returns the cells it changed, or None on a contradiction."""


# -- propagators of the constraints other than AllDifferent -------------------------------------


def bits(mask: int) -> list[int]:
    """The set bits of a mask, each as a one-bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def narrow(candidates: list[int], cells: Sequence[int], keep: Sequence[int]) -> list[int] | None:
    """Intersect each cell's mask with its ``keep`` mask; the changed cells, or None if one empties."""
    changed = []
    for cell, allowed in zip(cells, keep, strict=True):
        mask = candidates[cell]
        narrowed = mask & allowed
        if narrowed != mask:
            if not narrowed:
                return None
            candidates[cell] = narrowed
            changed.append(cell)
    return changed


_EXACT_SUPPORT_CELLS = 4  # cages up to this size get exact supports by enumeration...
_EXACT_SUPPORT_STATES = 64  # ...once the product of their candidate counts is this small
_SUPPORT_CACHE_SIZE = 4096  # states remembered per cage


def _distinct_sum(cells: tuple[int, ...], total: int, side: int) -> Propagator:
    """A sum over pairwise-different cells (a killer cage).

    Keep the digit combinations of the cage that still fit (each holds the digits of the
    decided cells, gives every cell one of its candidates, and uses only digits some
    cell can take), and restrict every cell to their digits. On a small cage whose
    candidates are already few, go further: enumerate the assignments and keep, for each
    cell, exactly the values some assignment uses (generalised arc consistency).
    """
    combos = distinct_combinations(side, len(cells), total)
    count = len(cells)
    getter = operator.itemgetter(*cells) if count > 1 else (lambda cand: (cand[cells[0]],))
    exact = count <= _EXACT_SUPPORT_CELLS
    known: dict[tuple[int, ...], list[int]] = {}  # masks -> exact supports; search revisits states

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = getter(candidates)
        if exact and math.prod(m.bit_count() for m in masks) <= _EXACT_SUPPORT_STATES:
            supported = known.get(masks)
            if supported is None:
                if len(known) > _SUPPORT_CACHE_SIZE:
                    known.clear()
                supported = known[masks] = _assignment_supports(masks, total)
            return narrow(candidates, cells, supported)
        anywhere = required = 0
        for mask in masks:
            anywhere |= mask
            if not mask & (mask - 1):
                required |= mask
        fitting = 0
        for combo in combos:
            if combo & required == required and not combo & ~anywhere and all(m & combo for m in masks):
                fitting |= combo
        if not fitting:
            return None
        return narrow(candidates, cells, [fitting] * count)

    return propagate


def _assignment_supports(masks: Sequence[int], total: int) -> list[int]:
    """For each cell, the mask of values used by some assignment of pairwise-different
    values from ``masks`` that adds up to ``total`` (all zero when there is none)."""
    count = len(masks)
    supported = [0] * count
    chosen = [0] * count

    def extend(position: int, used: int, left: int) -> None:
        if position == count - 1:
            bit = 1 << (left - 1) if left > 0 else 0
            if bit & masks[position] and not bit & used:
                chosen[position] = bit
                for i in range(count):
                    supported[i] |= chosen[i]
            return
        for bit in bits(masks[position] & ~used):
            value = bit.bit_length()
            if value >= left:
                break
            chosen[position] = bit
            extend(position + 1, used | bit, left - value)

    extend(0, 0, total)
    return supported


def _bounded_sum(cells: tuple[int, ...], total: int) -> Propagator:
    """A sum over cells that may repeat a value: each cell within what the others leave."""

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = [candidates[c] for c in cells]
        lows = [(m & -m).bit_length() for m in masks]
        highs = [m.bit_length() for m in masks]
        low_sum, high_sum = sum(lows), sum(highs)
        keep = []
        for low, high in zip(lows, highs, strict=True):
            at_least = total - (high_sum - high)  # the others at their largest
            at_most = total - (low_sum - low)  # the others at their smallest
            if at_most < 1 or at_least > at_most:
                return None
            keep.append(((1 << at_most) - 1) & ~((1 << max(at_least - 1, 0)) - 1))
        return narrow(candidates, cells, keep)

    return propagate


def _less(first: int, second: int) -> Propagator:
    """``x[first] < x[second]`` by bounds."""

    def propagate(candidates: list[int]) -> list[int] | None:
        a, b = candidates[first], candidates[second]
        a_kept = a & ((1 << (b.bit_length() - 1)) - 1)  # below the largest of b
        if not a_kept:
            return None
        b_kept = b & ~((1 << (a_kept & -a_kept).bit_length()) - 1)  # above the smallest of a
        if not b_kept:
            return None
        if first == second:  # a degenerate clue: narrowed in turn, as ever
            return narrow(candidates, (first, second), (a_kept, b_kept))
        if a_kept == a:  # narrow's answer, written out: a net runs this by the million
            if b_kept == b:
                return []
            candidates[second] = b_kept
            return [second]
        candidates[first] = a_kept
        if b_kept == b:
            return [first]
        candidates[second] = b_kept
        return [first, second]

    return propagate


def _relation(first: int, second: int, allowed: frozenset[tuple[int, int]], side: int) -> Propagator:
    """A binary table by supports: a value stays while the other cell has a partner for it."""
    partners_of_first = [0] * (side + 1)  # value of first -> mask of the second's partners
    partners_of_second = [0] * (side + 1)
    for a, b in allowed:
        partners_of_first[a] |= 1 << (b - 1)
        partners_of_second[b] |= 1 << (a - 1)

    def propagate(candidates: list[int]) -> list[int] | None:
        a, b = candidates[first], candidates[second]
        b_supported = 0
        for bit in bits(a):
            b_supported |= partners_of_first[bit.bit_length()]
        b_kept = b & b_supported
        a_supported = 0
        for bit in bits(b_kept):
            a_supported |= partners_of_second[bit.bit_length()]
        a_kept = a & a_supported
        if not a_kept or not b_kept:
            return None
        return narrow(candidates, (first, second), (a_kept, b_kept))

    return propagate


def linear_propagator(constraint: kinds.Linear, peers: Sequence[Sequence[int]] | None = None) -> Propagator:
    """``Σ a_i·x_i  op  rhs`` by bounds: each term ``a_i·x_i`` keeps the values that the
    other terms' smallest and largest sums leave room for. Given the model's ``peers``,
    terms of one coefficient over cells that are pairwise peers (an arrow's cells in one
    box or row) are bounded together: ``k`` different digits add up to at least the ``k``
    smallest of their candidates and at most the ``k`` largest (:func:`_linear_groups`)."""
    cells, coefficients, rhs = constraint.cells, constraint.coefficients, constraint.rhs
    upper_bound, lower_bound = constraint.operator != ">=", constraint.operator != "<="
    terms = tuple(zip(cells, coefficients, strict=True))
    if peers is not None:
        groups = _peer_groups(terms, peers)
        if any(len(group) > 1 for _, group in groups):
            return _linear_groups(groups, rhs, upper_bound, lower_bound)
    return _linear_bounds(terms, rhs, upper_bound, lower_bound)


def _linear_bounds(
    terms: Sequence[tuple[int, int]], rhs: int, upper_bound: bool, lower_bound: bool
) -> Propagator:
    """:func:`linear_propagator` term by term (no two cells known to differ)."""
    cells = [cell for cell, _ in terms]

    def propagate(candidates: list[int]) -> list[int] | None:
        lows, highs = [], []
        for cell, a in terms:
            mask = candidates[cell]
            least, most = (mask & -mask).bit_length(), mask.bit_length()
            lows.append(a * least if a > 0 else a * most)
            highs.append(a * most if a > 0 else a * least)
        low, high = sum(lows), sum(highs)
        if (upper_bound and low > rhs) or (lower_bound and high < rhs):
            return None
        keep = []
        for (cell, a), term_low, term_high in zip(terms, lows, highs, strict=True):
            at_most = rhs - (low - term_low) if upper_bound else term_high
            at_least = rhs - (high - term_high) if lower_bound else term_low
            allowed = 0
            for bit in bits(candidates[cell]):
                if at_least <= a * bit.bit_length() <= at_most:
                    allowed |= bit
            keep.append(allowed)
        return narrow(candidates, cells, keep)

    return propagate


def _peer_groups(
    terms: Sequence[tuple[int, int]], peers: Sequence[Sequence[int]]
) -> list[tuple[int, list[int]]]:
    """The terms split greedily into groups of one coefficient whose cells are pairwise peers."""
    groups: list[tuple[int, list[int]]] = []
    for cell, a in terms:
        near = set(peers[cell])
        group = next((g for b, g in groups if b == a and all(c in near for c in g)), None)
        if group is None:
            groups.append((a, [cell]))
        else:
            group.append(cell)
    return groups


@functools.lru_cache(maxsize=1 << 16)
def _union_sums(union: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sums of the ``k`` smallest and of the ``k`` largest values of a mask (bit
    ``v - 1`` for value ``v``), for each ``k`` from 0 to its number of values: two tuples
    indexed by ``k`` (remembered per mask: a propagation asks for a few masks many times)."""
    values = [bit.bit_length() for bit in bits(union)]
    largest = itertools.accumulate(values[::-1], initial=0)
    return tuple(itertools.accumulate(values, initial=0)), tuple(largest)


def _distinct_bounds(least: int, most: int, union: int, k: int) -> tuple[int, int] | None:
    """The smallest and largest sum of ``k`` pairwise different values, one from each of
    ``k`` masks whose union is ``union``, whose least values add up to ``least`` and whose
    largest to ``most``: at least the ``k`` smallest values of the union and ``least``, at
    most the ``k`` largest and ``most``; ``None`` when the union has fewer than ``k``."""
    smallest, largest = _union_sums(union)
    if len(smallest) <= k:
        return None
    return max(least, smallest[k]), min(most, largest[k])


def _window(mask: int, a: int, at_least: int | None, at_most: int | None) -> int:
    """The values of ``mask`` (bit ``v - 1`` for value ``v``) whose term ``a * v`` lies
    within ``[at_least, at_most]`` (``None``: that side unbounded), as a mask."""
    if a == 0:
        inside = (at_least is None or at_least <= 0) and (at_most is None or 0 <= at_most)
        return mask if inside else 0
    lo, hi = 1, mask.bit_length()
    if a > 0:
        if at_least is not None:
            lo = max(lo, -(-at_least // a))  # v >= ceil(at_least / a)
        if at_most is not None:
            hi = min(hi, at_most // a)
    else:
        if at_most is not None:
            lo = max(lo, -(at_most // -a))  # a * v <= at_most: v >= ceil(-at_most / -a)
        if at_least is not None:
            hi = min(hi, -at_least // -a)
    return mask & ((1 << hi) - (1 << (lo - 1))) if hi >= lo else 0


def _linear_groups(
    groups: Sequence[tuple[int, list[int]]], rhs: int, upper_bound: bool, lower_bound: bool
) -> Propagator:
    """:func:`_linear` over groups of pairwise-different cells sharing a coefficient. A
    group's bounds without one of its cells read the union of the others' masks from the
    unions before and after it (one pass each way, not one pass per cell)."""
    cells = [cell for _, group in groups for cell in group]

    def term_bounds(a: int, bounds: tuple[int, int]) -> tuple[int, int]:
        return (a * bounds[0], a * bounds[1]) if a > 0 else (a * bounds[1], a * bounds[0])

    def propagate(candidates: list[int]) -> list[int] | None:
        read = []
        low = high = 0
        for a, group in groups:
            masks = [candidates[c] for c in group]
            leasts = [(m & -m).bit_length() for m in masks]
            mosts = [m.bit_length() for m in masks]
            before = list(itertools.accumulate(masks, operator.or_, initial=0))
            after = list(itertools.accumulate(masks[::-1], operator.or_, initial=0))[::-1]
            least, most = sum(leasts), sum(mosts)
            bounds = _distinct_bounds(least, most, before[-1], len(masks))
            if bounds is None:
                return None
            part = term_bounds(a, bounds)
            low, high = low + part[0], high + part[1]
            read.append((a, masks, leasts, mosts, before, after, least, most, part))
        if (upper_bound and low > rhs) or (lower_bound and high < rhs):
            return None
        keep = []
        for a, masks, leasts, mosts, before, after, least, most, (part_low, part_high) in read:
            k = len(masks) - 1
            for i, mask in enumerate(masks):
                rest = _distinct_bounds(least - leasts[i], most - mosts[i], before[i] | after[i + 1], k)
                if rest is None:  # the other cells of the group cannot all differ
                    return None
                rest_low, rest_high = term_bounds(a, rest)
                at_most = rhs - (low - part_low + rest_low) if upper_bound else None
                at_least = rhs - (high - part_high + rest_high) if lower_bound else None
                keep.append(_window(mask, a, at_least, at_most))
        return narrow(candidates, cells, keep)

    return propagate


@functools.lru_cache(maxsize=256)
def _table_index(allowed: frozenset[tuple[int, ...]]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The allowed tuples of a table as sets of rows (an int, bit ``r`` for the ``r``-th
    tuple in sorted order): per cell, each value bit it takes in some tuple with the rows
    where it does. The rows that fit a state of the candidates are then an AND over the
    cells of an OR over their candidates' row sets, a few operations per value instead of a
    pass over every tuple (an ambiguous arrow's table of 336 tuples: about 3 times faster).
    Remembered per set of tuples: a rule that places the same table at many cells (the
    doppelganger's "at a 0, the missing digits differ", 243 times on 9x9) indexes it once.

    >>> _table_index(frozenset({(1, 2), (2, 1), (2, 2)}))  # rows (1, 2), (2, 1), (2, 2)
    (((1, 1), (2, 6)), ((2, 5), (1, 2)))
    """
    holding: list[dict[int, int]] = []
    for row, values in enumerate(sorted(allowed)):
        if not holding:
            holding = [{} for _ in values]
        for at, value in zip(holding, values, strict=True):
            bit = 1 << (value - 1)
            at[bit] = at.get(bit, 0) | 1 << row
    return tuple(tuple(at.items()) for at in holding)


def _table(constraint: kinds.Table) -> Propagator:
    """A table over ``k`` cells by supports: each cell keeps the values of the allowed tuples
    that fit every cell's candidates (remembered per state of the cells' masks)."""
    cells = constraint.cells
    index = _table_index(constraint.allowed)
    every_row = (1 << len(constraint.allowed)) - 1
    getter = operator.itemgetter(*cells) if len(cells) > 1 else (lambda cand: (cand[cells[0]],))
    known: dict[tuple[int, ...], list[int] | None] = {}

    def supports(masks: tuple[int, ...]) -> list[int] | None:
        live = every_row
        if not live:  # no tuple allowed
            return None
        for mask, values in zip(masks, index, strict=True):
            rows = 0
            for bit, holding in values:
                if bit & mask:
                    rows |= holding
            live &= rows
            if not live:
                return None
        out = []
        for values in index:
            kept = 0
            for bit, holding in values:
                if holding & live:
                    kept |= bit
            out.append(kept)
        return out

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = getter(candidates)
        if masks not in known:
            if len(known) > _SUPPORT_CACHE_SIZE:
                known.clear()
            known[masks] = supports(masks)
        kept = known[masks]
        return None if kept is None else narrow(candidates, cells, kept)

    return propagate


def line_propagator(constraint: object, side: int) -> Propagator:
    """A sandwich or skyscraper clue, or a regular line: the values on some accepted path of its automaton."""
    cells = constraint.cells  # type: ignore[attr-defined]
    automaton = constraint.automaton(side)  # type: ignore[attr-defined]
    getter = operator.itemgetter(*cells) if len(cells) > 1 else (lambda values, i=cells[0]: (values[i],))
    known: dict[tuple[int, ...], list[int] | None] = {}
    unchanged: list[int] = []  # the answer of a line its supports keep whole: nothing to narrow
    missing: list[int] = []  # a line not asked yet

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = getter(candidates)
        kept = known.get(masks, missing)
        if kept is missing:
            if len(known) > _SUPPORT_CACHE_SIZE:
                known.clear()
            kept = automaton.supports(masks)
            if kept is not None and tuple(kept) == masks:
                kept = unchanged
            known[masks] = kept
        if kept is None:
            return None
        return [] if kept is unchanged else narrow(candidates, cells, kept)

    return propagate


def propagator(
    constraint: kinds.Sum | kinds.Less | kinds.Relation | kinds.Linear | kinds.Table, model: Model
) -> Propagator:
    """The bitmask propagator of one constraint of ``model`` other than ``AllDifferent`` and
    ``ValueIn`` (see the module docstring for the reasoning of each kind).

    Raises:
        NotSupportedError: a kind the engine has no propagator for.
    """
    if isinstance(constraint, kinds.Linear) and constraint.is_plain_sum:
        constraint = constraint.as_sum()  # little killers, outside sums: combinations when distinct
    if isinstance(constraint, kinds.Linear):
        return linear_propagator(constraint, model.peers)
    if isinstance(constraint, kinds.Table):
        return _table(constraint)
    if isinstance(constraint, kinds.Regular):  # a count of one value over cells that see each other
        counted = count_filter(
            [constraint], model.value_count, model.peers, model.of_kind(kinds.AllDifferent)
        )
        if counted is not None:
            return counted
    if isinstance(constraint, LINE_AUTOMATON_KINDS):
        if isinstance(constraint, kinds.Regular) and _chaos_regions() is not None:
            from sudoku_cp.engine.chaos import clue_propagator  # a chaos count or arrow, by its shape

            clue = clue_propagator(constraint, model.side)
            if clue is not None:
                return clue
        return line_propagator(constraint, model.value_count)
    if isinstance(constraint, kinds.Sum):
        cells = constraint.cells
        pairwise_peers = all(b in model.peers[a] for a, b in itertools.combinations(cells, 2))
        if pairwise_peers:
            return _distinct_sum(cells, constraint.total, model.value_count)
        return _bounded_sum(cells, constraint.total)
    if isinstance(constraint, kinds.Less):
        return _less(constraint.first, constraint.second)
    if isinstance(constraint, kinds.Relation):
        return _relation(constraint.first, constraint.second, constraint.allowed, model.value_count)
    chaos = _chaos_regions()
    if chaos is not None and isinstance(constraint, chaos):
        from sudoku_cp.engine.chaos import chaos_propagator

        return chaos_propagator(constraint, model.value_count)
    raise NotSupportedError(
        f"the engine has no propagator for {type(constraint).__name__} ({constraint.label})"
    )


def lex_greater(bound: Sequence[int]) -> Propagator:
    """``x >_lex bound`` (row-major), by bounds: every cell up to the first one not decided
    to its bound's value must keep values at or above that value; a grid decided to
    ``bound`` in every cell is a contradiction (the order is strict)."""
    bits = [1 << (value - 1) for value in bound]

    def propagate(candidates: list[int]) -> list[int] | None:
        for cell, bit in enumerate(bits):
            mask = candidates[cell]
            if mask == bit:
                continue  # equal so far: the next cell decides
            kept = mask & ~(bit - 1)  # the values at or above the bound's
            if not kept:
                return None
            if kept == mask:
                return []
            candidates[cell] = kept
            return [cell]
        return None

    return propagate


# -- the search ---------------------------------------------------------------------------------

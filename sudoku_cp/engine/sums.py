"""The killer sums: the digit combinations of a cage, and the sums that cages and units
imply together (the "45 rule"), shared by the search and the explanations; and the
distances a sandwich sum allows between its crusts, which the SAT and CP-SAT encodings
state as redundant clauses."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from sudoku_cp.model.constraints import AllDifferent, Model, Origin, OriginKind, Sum


@functools.cache
def distinct_combinations(side: int, count: int, total: int) -> tuple[int, ...]:
    """The bit masks (bit ``v - 1`` for value ``v``) of every set of ``count`` different
    values of ``1..side`` that add up to ``total``: the digit combinations of a cage.

    >>> [bin(m) for m in distinct_combinations(9, 2, 4)]
    ['0b101']
    """
    return tuple(
        sum(1 << (v - 1) for v in combo)
        for combo in itertools.combinations(range(1, side + 1), count)
        if sum(combo) == total
    )


def crust_gaps(side: int, total: int, distinct: bool = True) -> frozenset[int]:
    """The numbers of cells that may lie strictly between the crusts (the ``1`` and the
    ``side``) of a line whose sandwich sum is ``total``: ``k`` cells holding digits of
    ``2..side-1`` that add up to ``total``, all different when ``distinct`` (the line is a
    unit), else possibly repeated. A sandwich's automaton (``Sandwich.automaton``) counts
    the sum cell by cell and cannot see this; stated as "these two cells are not both
    crusts" it is a binary clause per pair of cells.

    >>> sorted(crust_gaps(9, 18)), sorted(crust_gaps(9, 0)), sorted(crust_gaps(9, 35))
    ([3, 4], [0], [7])
    >>> sorted(crust_gaps(9, 8, distinct=False))
    [1, 2, 3, 4]
    """
    gaps = set()
    for k in range(side - 1):
        if distinct:
            if k == 0 and total == 0 or k and distinct_combinations(side - 2, k, total - k):
                gaps.add(k)
        elif 2 * k <= total <= (side - 1) * k:
            gaps.add(k)
    return frozenset(gaps)


def forbidden_crusts(
    cells: tuple[int, ...], side: int, total: int, peers: tuple[tuple[int, ...], ...]
) -> list[tuple[int, int]]:
    """The pairs of cells of a sandwich's line (``cells`` in order, sum ``total`` between
    the ``1`` and the ``side``) that cannot hold its two crusts, in either order: their
    distance is not one of :func:`crust_gaps` (with digits all different when the line's
    cells are pairwise ``peers``). Each pair is a redundant binary clause for the SAT and
    CP-SAT encodings.

    >>> forbidden_crusts((0, 1, 2, 3), 4, 5, ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2)))
    [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]
    """
    distinct = all(b in peers[a] for a, b in itertools.combinations(cells, 2))
    gaps = crust_gaps(side, total, distinct)
    return [
        (cells[i], cells[j]) for i, j in itertools.combinations(range(len(cells)), 2) if j - i - 1 not in gaps
    ]


_MAX_IMPLIED_CELLS = 4  # an implied sum over more cells prunes too little to pay for itself


@dataclass(frozen=True)
class ImpliedSum:
    """One sum the "45 rule" derives, with what it is derived from.

    Attributes:
        sum: the implied :class:`~sudoku_cp.model.constraints.Sum` over the innies or outies
            (its origin of kind ``innies`` or ``outies``, the units' origins as its
            parts; labelled ``"innies of row 1"``, ``"outies of rows 1, 2"``...).
        kind: ``"innies"`` (cells of the units that no cage inside them covers) or
            ``"outies"`` (cells of the cages meeting the units that lie outside them).
        units: the disjoint units (``AllDifferent`` over ``n`` cells) whose union the sum
            is about; together they hold ``len(units) * n(n+1)/2``.
        cages: the cages used: those inside the units (innies) or those meeting them (outies).
    """

    sum: Sum
    kind: str
    units: tuple[AllDifferent, ...]
    cages: tuple[Sum, ...]


def implied_sums(model: Model) -> list[Sum]:
    """The sums that cages and units imply together: the "45 rule" of killer solvers.

    A unit holds ``1..n`` once, so its cells add up to ``n(n+1)/2``; so does any union of
    ``k`` disjoint units, ``k`` times over. For such a union ``S``:

    * *innies*: the cages inside ``S`` leave its other cells a known sum;
    * *outies*: when the cages meeting ``S`` cover it, their cells outside ``S`` have a
      known sum.

    Only sums over at most four cells are kept (they are the ones that prune). Unions
    are single units and runs of parallel units (units that partition the grid, such
    as the rows, taken in order of their first cell: bands of rows, stacks of columns).
    Every sum returned holds in every solution, so adding them changes no answer.
    :func:`implied_sum_sources` gives each with the units and cages it comes from.
    """
    return [implied.sum for implied in implied_sum_sources(model)]


def implied_sum_sources(model: Model, max_cells: int = _MAX_IMPLIED_CELLS) -> list[ImpliedSum]:
    """The sums of :func:`implied_sums` over at most ``max_cells`` cells, each with the
    units and cages it is derived from (an :class:`ImpliedSum`); the first derivation
    found for a set of cells (single units before runs of them, innies before outies),
    and none over the cells of a cage."""
    cages = [c for c in model.of_kind(Sum) if len(c.cells) <= model.side]
    if not cages:
        return []
    cages_of: list[list[int]] = [[] for _ in range(model.cell_count)]
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            cages_of[cell].append(index)
    unit_total = model.side * (model.side + 1) // 2
    found: dict[frozenset[int], ImpliedSum] = {}
    for units in _unions_of_parallel_units(model):
        cells = frozenset().union(*(u.cells for u in units))
        parts = tuple(u.origin for u in units)
        meeting = sorted({index for cell in cells for index in cages_of[cell]})
        inside = [cages[i] for i in meeting if cells.issuperset(cages[i].cells)]
        innies = cells.difference(*(c.cells for c in inside))
        if 0 < len(innies) <= max_cells:
            total = unit_total * len(units) - sum(c.total for c in inside)
            implied = Sum(tuple(sorted(innies)), total, origin=Origin(OriginKind.INNIES, parts=parts))
            found.setdefault(frozenset(innies), ImpliedSum(implied, "innies", units, tuple(inside)))
        if all(cages_of[cell] for cell in cells):
            outies = set().union(*(cages[i].cells for i in meeting)) - cells
            if 0 < len(outies) <= max_cells:
                total = sum(cages[i].total for i in meeting) - unit_total * len(units)
                implied = Sum(tuple(sorted(outies)), total, origin=Origin(OriginKind.OUTIES, parts=parts))
                used = tuple(cages[i] for i in meeting)
                found.setdefault(frozenset(outies), ImpliedSum(implied, "outies", units, used))
    existing = {frozenset(c.cells) for c in cages}
    return [s for key, s in found.items() if key not in existing]


def _unions_of_parallel_units(model: Model) -> list[tuple[AllDifferent, ...]]:
    """Single units, and runs of 2 to n/2 consecutive units of each partition of the grid."""
    units = list(model.units)
    unions = [(u,) for u in units]
    unplaced = list(units)
    while unplaced:  # group the units into partitions of the grid (rows, columns, boxes...)
        first = unplaced.pop(0)
        group, covered = [first], set(first.cells)
        for unit in unplaced[:]:
            if covered.isdisjoint(unit.cells):
                group.append(unit)
                covered.update(unit.cells)
                unplaced.remove(unit)
        if len(group) * model.side != model.cell_count:
            continue
        group.sort(key=lambda u: min(u.cells))
        for start in range(len(group)):
            for stop in range(start + 2, min(start + len(group) // 2, len(group)) + 1):
                unions.append(tuple(group[start:stop]))
    return unions

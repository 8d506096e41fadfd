"""The killer sums: the digit combinations of a cage, and the sums that cages and units
imply together (the "45 rule"), shared by the search and the explanations; and the
distances a sandwich sum allows between its crusts, which the SAT and CP-SAT encodings
state as redundant clauses."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_cp.model.constraints import AllDifferent, Linear, Model, Origin, OriginKind, Sum, union_name


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


@dataclass(frozen=True)
class UnitReduction:
    """A clue ``Σ a_i·x_i op rhs`` holding whole units, told by their sums
    (:func:`unit_reduced`): ``sign · (clue − Σ weight_u · (Σ x over unit u − n(n+1)/2))``
    is ``left``, term by term and in its right-hand side (a checker recomputes it).

    Attributes:
        clue: the clue (a :class:`~sudoku_cp.model.constraints.Linear` of the model).
        left: the clue left, over some of the clue's cells.
        units: the units summed (AllDifferents over ``n`` cells, each wholly in the clue).
        weights: the multiple of each unit's sum taken out, one per unit.
        sign: ``1``, or ``-1`` when the clue left was negated (its coefficients positive).
    """

    clue: Linear
    left: Linear
    units: tuple[AllDifferent, ...]
    weights: tuple[int, ...]
    sign: int


def complete_groups(model: Model) -> tuple[AllDifferent, ...]:
    """The AllDifferents over as many cells as the model has values (each holds every
    value once, adding up to ``k(k+1)/2``): the units of a grid whose side is not its number
    of values (the 9-cell regions of a 7x7 Squishdoku of digits 1..9)."""
    k = model.value_count
    return tuple(u for u in model.of_kind(AllDifferent) if len(set(u.cells)) == k)


def unit_reduced(constraint: object, model: Model) -> UnitReduction | None:
    """An equation or inequality ``Σ a_i·x_i op rhs`` that holds a whole unit of the grid
    (an arrow over most of the grid), with every unit it holds summed: set theory (the
    rule of 45: a unit of ``n`` cells holds ``1..n``, which add up to ``n(n+1)/2``). A unit
    all of whose cells are in the clue, most with one coefficient ``a``, is taken out as
    ``a·n(n+1)/2`` less ``a`` times its other cells (which the clue holds too), until no
    unit is left so: the clue left (its cells among the clue's, its coefficients positive
    where it can) with the units used, or ``None`` when the clue holds no whole unit of one
    coefficient (or the grid's units do not hold every value ``1..n``, or nothing is
    left). On a grid of ``k`` values other than its side (a 7x7 of digits 1..9), the units
    are the AllDifferents over ``k`` cells (:func:`complete_groups`). The two are
    equivalent under the units: the filter of the one left is that of the clue with the
    units' sums, and far cheaper (a few cells instead of dozens).

    >>> rows = tuple(AllDifferent(tuple(range(4 * r, 4 * r + 4)), label=f"row {r + 1}") for r in range(4))
    >>> model = Model(4, (0,) * 16, rows)
    >>> clue = Linear(tuple(range(16)), (-10, -1) + (1,) * 14, "==", 0, label="arrow")  # r1c1r1c2 = the rest
    >>> found = unit_reduced(clue, model)
    >>> found.left.cells, found.left.coefficients, found.left.rhs, found.weights  # 11·r1c1 + 2·r1c2 = 40
    ((0, 1), (11, 2), 40, (1, 1, 1, 1))
    """
    k = model.value_count
    if not isinstance(constraint, Linear) or model.digits not in (None, tuple(range(1, k + 1))):
        return None
    coefficient = dict(zip(constraint.cells, constraint.coefficients, strict=True))
    if len(coefficient) != len(constraint.cells):
        return None
    units = model.units if k == model.side else complete_groups(model)
    if not any(
        all(c in coefficient for c in u.cells) and len({coefficient[c] for c in u.cells}) == 1 for u in units
    ):
        return None
    total = k * (k + 1) // 2
    rhs, used, weights = constraint.rhs, [], []
    while True:
        for unit in units:
            if not all(c in coefficient for c in unit.cells):
                continue
            counts: dict[int, int] = {}
            for c in unit.cells:
                counts[coefficient[c]] = counts.get(coefficient[c], 0) + 1
            a = max(counts, key=counts.__getitem__)
            if 2 * counts[a] < len(unit.cells):
                continue
            for c in unit.cells:  # Σ a·x over the unit = a·total
                coefficient[c] -= a
                if not coefficient[c]:
                    del coefficient[c]
            rhs -= a * total
            used.append(unit)
            weights.append(a)
            break
        else:
            break
    if not coefficient:
        return None
    cells = tuple(c for c in constraint.cells if c in coefficient)
    factors = tuple(coefficient[c] for c in cells)
    operator, sign = constraint.operator, 1
    if all(a < 0 for a in factors):
        factors, rhs, sign = tuple(-a for a in factors), -rhs, -1
        operator = {"<=": ">=", ">=": "<="}.get(operator, operator)
    left = Linear(cells, factors, operator, rhs, origin=constraint.origin, label=constraint.label)
    return UnitReduction(constraint, left, tuple(used), tuple(weights), sign)


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
    cages, cages_of = _cages_by_cell(model)
    if not cages:
        return []
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


@dataclass(frozen=True)
class ImpliedDifference:
    """One difference the "45 rule" derives: the innies of a union of units less the
    outies of some of the cages crossing it.

    For a union ``S`` of ``k`` disjoint units (``k·n(n+1)/2`` in all), the cages inside it
    and some cages crossing its edge, the cells of ``S`` no such cage covers (*innies*)
    less the cells of the crossing cages outside ``S`` (*outies*) add up to
    ``k·n(n+1)/2`` less the cages' totals: killer solvers' "innie-outie difference"
    (``r3c9 - r4c1 = 2``).

    Attributes:
        difference: the :class:`~sudoku_cp.model.constraints.Linear` ``Σ innies − Σ outies
            == rhs`` (coefficient ``1`` for an innie, ``-1`` for an outie; labelled
            ``"innies minus outies of rows 1, 2, 3"``).
        units: the disjoint units (``AllDifferent`` over ``n`` cells) of ``S``.
        inside: the cages lying inside ``S`` (all of them).
        crossing: the cages used that cross the edge of ``S``.
    """

    difference: Linear
    units: tuple[AllDifferent, ...]
    inside: tuple[Sum, ...]
    crossing: tuple[Sum, ...]

    @property
    def innies(self) -> tuple[int, ...]:
        """The cells of ``S`` that no cage used covers."""
        linear = self.difference
        return tuple(c for c, a in zip(linear.cells, linear.coefficients, strict=True) if a > 0)

    @property
    def outies(self) -> tuple[int, ...]:
        """The cells of the crossing cages that lie outside ``S``."""
        linear = self.difference
        return tuple(c for c, a in zip(linear.cells, linear.coefficients, strict=True) if a < 0)


def implied_difference_sources(model: Model, max_cells: int = _MAX_IMPLIED_CELLS) -> list[ImpliedDifference]:
    """The innie-outie differences (:class:`ImpliedDifference`) over at most ``max_cells``
    cells, at least one innie and one outie, for the unions of :func:`implied_sums`
    (single units and runs of parallel units) whose cages are pairwise disjoint: every
    choice of the crossing cages that leaves that few cells, the first derivation of a
    set of cells kept. Each holds in every solution.

    >>> from sudoku_cp.model.constraints import AllDifferent, Model, Sum
    >>> rows = tuple(AllDifferent(tuple(range(4 * r, 4 * r + 4)), label=f"row {r + 1}") for r in range(4))
    >>> cages = tuple(Sum(c, t, label=f"cage {t}") for c, t in (((0, 1), 3), ((2, 6), 7), ((3, 7), 6)))
    >>> model = Model(4, (0,) * 16, rows + cages)
    >>> [(d.innies, d.outies, d.difference.rhs) for d in implied_difference_sources(model)][:2]
    [((2,), (7,), 1), ((3,), (6,), 0)]
    """
    cages, cages_of = _cages_by_cell(model)
    if not cages:
        return []
    unit_total = model.side * (model.side + 1) // 2
    found: dict[tuple[frozenset[int], frozenset[int]], ImpliedDifference] = {}
    for units in _unions_of_parallel_units(model):
        cells = frozenset().union(*(u.cells for u in units))
        meeting = sorted({index for cell in cells for index in cages_of[cell]})
        if sum(len(cages[i].cells) for i in meeting) != len(set().union(*(cages[i].cells for i in meeting))):
            continue  # overlapping cages: their totals do not add up
        inside = [i for i in meeting if cells.issuperset(cages[i].cells)]
        crossing = [i for i in meeting if i not in inside]
        covered = set().union(*(cages[i].cells for i in meeting))
        free = sorted(cells - covered)  # innies whatever the choice
        if len(free) > max_cells or not crossing:
            continue
        base = unit_total * len(units) - sum(cages[i].total for i in inside)
        parts = tuple(u.origin for u in units)
        label = "innies minus outies of " + union_name(parts)
        for innies, outies, used, rhs in _choices([cages[i] for i in crossing], cells, free, base, max_cells):
            key = (frozenset(innies), frozenset(outies))
            if innies and outies and key not in found:
                terms = sorted([(c, 1) for c in innies] + [(c, -1) for c in outies])
                origin = Origin(OriginKind.INNIES, parts=parts)
                cells_of, factors = tuple(c for c, _ in terms), tuple(a for _, a in terms)
                difference = Linear(cells_of, factors, "==", rhs, origin=origin, label=label)
                crossed = tuple(cages[crossing[i]] for i in used)
                found[key] = ImpliedDifference(difference, units, tuple(cages[i] for i in inside), crossed)
    return list(found.values())


def _choices(
    crossing: list[Sum], cells: frozenset[int], innies: list[int], rhs: int, budget: int, at: int = 0
) -> Iterator[tuple[list[int], list[int], list[int], int]]:
    """Each choice of the ``crossing`` cages from ``at`` on that leaves at most ``budget``
    cells in all: ``(innies, outies, used, rhs)``, a cage used taking its total off ``rhs``
    and putting its cells outside ``cells`` among the outies, one not used leaving its
    cells inside among the innies (``used``: the indices into ``crossing``)."""
    outies: list[int] = []
    stack = [(at, innies, outies, [], rhs)]
    while stack:
        at, innies, outies, used, rhs = stack.pop()
        if len(innies) + len(outies) > budget:
            continue
        if at == len(crossing):
            yield innies, outies, used, rhs
            continue
        cage = crossing[at]
        inner = [c for c in cage.cells if c in cells]
        outer = [c for c in cage.cells if c not in cells]
        stack.append((at + 1, innies, outies + outer, [*used, at], rhs - cage.total))
        stack.append((at + 1, innies + inner, outies, used, rhs))  # popped first: the cage not used


def _cages_by_cell(model: Model) -> tuple[list[Sum], list[list[int]]]:
    """The model's sums over at most ``n`` cells (its cages), and for each cell the indices
    of those covering it."""
    cages = [c for c in model.of_kind(Sum) if len(c.cells) <= model.side]
    cages_of: list[list[int]] = [[] for _ in range(model.cell_count)]
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            cages_of[cell].append(index)
    return cages, cages_of


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

"""ALS-XZ and ALS-XY-Wing (HoDoKu "ALS-XZ", "ALS-XY-Wing"; SudokuWiki "Almost Locked Sets").

An *almost locked set* (ALS) is ``k`` open cells of one unit holding ``k + 1``
candidates between them: remove any one value and the rest is locked. Two ALSs ``A``
and ``B`` with a *restricted common* value ``x`` (every ``x`` of ``A`` sees every ``x``
of ``B``, so ``x`` is in at most one of them) and another common value ``z``: one of
them loses ``x`` and becomes locked, so holds ``z``; ``z`` therefore leaves every cell
seeing every ``z`` of both.

Units: an ALS lies in any unit (rows, columns, boxes, jigsaw regions, diagonals,
windows); the seeing is through any AllDifferent. Premises: the cells of both sets with
their candidates, their two units, the units through which the ``x``\\ s see each other
and the removed cells see the ``z``\\ s.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator

from sudoku_cp.reasoning.techniques._links import Geometry, geometry, links, premise
from sudoku_cp.reasoning.techniques._unchanged import changed_since_nothing, nothing_here
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of
from sudoku_cp.reasoning.techniques.eureka import ChainNode, alternating

MAX_ALS = 5
"""The largest ALS looked for, in cells."""


def almost_locked_sets(board: Board, candidates: list[int], placed: set[int]) -> list[tuple]:
    """Every ALS of up to :data:`MAX_ALS` cells: ``(cells, mask, unit index)``, one per set
    of cells (the caller must not change the list: it is remembered for the last state)."""
    return _context(board, candidates, placed).sets


class _Context:
    """What both ALS finders work out for one state: the sets, and for each its values
    (:func:`_by_value`; ``infos``, by index), its cells as a bit set, its :func:`_touch` and its
    :func:`_partners`; the sets' indices by size."""

    def __init__(self, board: Board, candidates: list[int], placed: set[int]) -> None:
        # what the last state worked out, by the candidates it rests on: a unit's sets, a
        # set's values (a step changes a few cells: most are the same)
        before = board.memo.get("almost locked sets", ({}, {}))
        now: tuple[dict, dict] = ({}, {})
        board.memo["almost locked sets"] = now
        sets = self.sets = _almost_locked_sets(board, candidates, placed, before[0], now[0])
        self.masks = [mask for _, mask, _ in sets]
        self.bits = [sum(1 << c for c in cells) for cells, _, _ in sets]
        self.info_of = _by_value(sets, candidates, geometry(board), before[1], now[1])
        self.partners = _partners(sets, _touch(self.info_of, len(sets)))
        self.infos = [self.info_of(k) for k in range(len(sets))]  # (worked out by _touch)
        self.by_size: dict[int, list[int]] = {}
        self.size_bits: dict[int, int] = {}  # size -> the sets of that size, as a bit set over indices
        for index, (cells, _, _) in enumerate(sets):
            self.by_size.setdefault(len(cells), []).append(index)
            self.size_bits[len(cells)] = self.size_bits.get(len(cells), 0) | 1 << index


_LAST: tuple = (None, None)
"""``(key, context)``: the :class:`_Context` of the last state (ALS-XZ and ALS-XY-Wing
ask for the same one after the other)."""


def _context(board: Board, candidates: list[int], placed: set[int]) -> _Context:
    """The :class:`_Context` of this state, remembered for the last state."""
    global _LAST
    key = (board, tuple(candidates), frozenset(placed))
    last = _LAST  # one read: another thread may replace it
    if last[0] == key:
        return last[1]
    context = _Context(board, list(candidates), set(placed))  # (its own copies: it outlives the call)
    _LAST = (key, context)
    return context


def _almost_locked_sets(
    board: Board, candidates: list[int], placed: set[int], before: dict | None = None, now: dict | None = None
) -> list[tuple]:
    """Every ALS of up to :data:`MAX_ALS` cells, ``(cells, mask, unit index)``, each set of
    cells once (in the first unit holding it). ``before``: a unit's sets by its cells'
    candidates (the unit's index, then ``-1`` for a placed cell), from the last state; ``now``: filled so."""
    geo = geometry(board)
    found: dict[frozenset, tuple] = {}
    for u, unit_cells in enumerate(geo.unit_cells):
        key = (u, *(-1 if c in placed else candidates[c] for c in unit_cells))
        in_unit = None if before is None else before.get(key)
        if in_unit is None:
            in_unit = []
            open_cells = [c for c in unit_cells if c not in placed and candidates[c]]
            for size in range(1, min(MAX_ALS, len(open_cells) - 1) + 1):
                for group in itertools.combinations(open_cells, size):
                    mask = 0
                    for c in group:
                        mask |= candidates[c]
                    if mask.bit_count() == size + 1:
                        in_unit.append((group, mask))
        if now is not None:
            now[key] = in_unit
        for group, mask in in_unit:
            found.setdefault(frozenset(group), (group, mask, u))
    return list(found.values())


def _by_value(
    sets: list[tuple], candidates: list[int], geo: Geometry, before: dict, now: dict
) -> Callable[[int], dict[int, tuple[list[int], int, int]]]:
    """``by_value(index)``: per value of the set ``sets[index]``, its cells holding the value,
    those cells as a bit set (bit ``c`` for cell ``c``) and the cells seeing all of them as a
    bit set (worked out once per set; ``before``: the answers of the last state by the
    set's cells and their candidates, ``now`` filled so)."""

    @functools.cache
    def by_value(index: int) -> dict[int, tuple[list[int], int, int]]:
        cells, mask, _ = sets[index]
        key = (cells, *(candidates[c] for c in cells))
        found = before.get(key)
        if found is not None:
            now[key] = found
            return found
        found = now[key] = {}
        for v in values_of(mask):
            holding = [c for c in cells if candidates[c] >> (v - 1) & 1]
            bits = seen = 0
            for c in holding:
                bits |= 1 << c
            seen = geo.peer_bits[holding[0]]
            for c in holding[1:]:
                seen &= geo.peer_bits[c]
            found[v] = (holding, bits, seen)
        return found

    return by_value


def _touch(info_of: Callable[[int], dict[int, tuple[list[int], int, int]]], count: int) -> list[int]:
    """For each of ``count`` sets, the cells seeing all of its places of some value, as a
    bit set: a set with a restricted common ``x`` with it has a cell there (its places of ``x``)."""
    found = []
    for index in range(count):
        seen = 0
        for _, _, all_of in info_of(index).values():
            seen |= all_of
        found.append(seen)
    return found


def _partners(sets: list[tuple], touch: list[int]) -> list[int]:
    """For each set, the sets sharing no cell and some value with it and holding a cell of
    its :func:`_touch`, as a bit set over their indices (bit ``j`` for ``sets[j]``): the
    only ones it can have a restricted common with."""
    by_value: dict[int, int] = {}  # a value -> the sets holding it, as a bit set
    by_cell: dict[int, int] = {}  # a cell -> the sets holding it
    for j, (cells, mask, _) in enumerate(sets):
        bit = 1 << j
        for v in values_of(mask):
            by_value[v] = by_value.get(v, 0) | bit
        for c in cells:
            by_cell[c] = by_cell.get(c, 0) | bit
    found = []
    for (cells, mask, _), seen in zip(sets, touch, strict=True):
        near = reach = 0
        for v in values_of(mask):
            near |= by_value[v]
        for c in _cells_in(seen):
            reach |= by_cell.get(c, 0)
        near &= reach
        for c in cells:
            near &= ~by_cell[c]  # (the set itself included)
        found.append(near)
    return found


def _open_with(candidates: list[int], placed: set[int], value: int) -> int:
    """The open cells holding ``value`` among their candidates, as a bit set."""
    bit, found = 1 << (value - 1), 0
    for c, mask in enumerate(candidates):
        if mask & bit and c not in placed:
            found |= 1 << c
    return found


def _cells_in(bits: int) -> list[int]:
    """The cells of a bit set, ascending."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


def find_als_xz(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """ALS-XZ (see the module docstring); the smallest pairs of sets first."""
    geo = geometry(board)
    context = _context(board, candidates, placed)
    sets, masks, infos, partners = context.sets, context.masks, context.infos, context.partners
    open_with = functools.cache(lambda value: _open_with(candidates, placed, value))
    # only pairs with a set that changed since this finder last found nothing can be new
    changed = changed_since_nothing(board, find_als_xz, candidates, placed)
    moved = {k for k, cell_bits in enumerate(context.bits) if cell_bits & changed}  # the sets changed
    moved_bits = sum(1 << k for k in moved)
    yielded = False

    by_size, size_bits = context.by_size, context.size_bits
    for total in range(2, 2 * MAX_ALS + 1):
        for size_a in range(1, total // 2 + 1):
            firsts, seconds = by_size.get(size_a, []), size_bits.get(total - size_a, 0)
            same = size_a == total - size_a
            # in the order of combinations(firsts, 2) (one size) or of firsts x seconds, the
            # pairs that may have a restricted common (the others find nothing)
            pairs = [
                (i, j)
                for i in firsts
                if (
                    near := partners[i]
                    & seconds
                    & (-2 << i if same else -1)
                    & (-1 if i in moved else moved_bits)
                )
                for j in _cells_in(near)
            ]
            for i, j in pairs:
                common = masks[i] & masks[j]
                if not common & (common - 1):
                    continue  # fewer than two common values
                va, vb = infos[i], infos[j]
                for x in values_of(common):
                    if vb[x][1] & ~va[x][2]:
                        continue  # not a restricted common: some x of B does not see every x of A
                    (ca, _, ua), (cb, _, ub) = sets[i], sets[j]
                    for z in values_of(common):
                        if z == x:
                            continue
                        seen = va[z][2] & vb[z][2] & open_with(z)
                        if not seen:
                            continue
                        targets = _cells_in(seen)
                        cells = ca + cb
                        zs = va[z][0] + vb[z][0]
                        # (z=..x)A - (x=..z)B: without z, A is locked and holds x; so B lacks x, holds z
                        rest_a = tuple(v for v in values_of(masks[i]) if v not in (x, z)) + (x,)
                        rest_b = tuple(v for v in values_of(masks[j]) if v not in (x, z)) + (z,)
                        path = [
                            ChainNode(ca, (z,), als=True),
                            ChainNode(ca, rest_a, als=True),
                            ChainNode(cb, (x,), als=True),
                            ChainNode(cb, rest_b, als=True),
                        ]
                        yield Deduction(
                            "ALS-XZ",
                            (),
                            tuple((t, z) for t in targets),
                            cells,
                            (x, z),
                            tuple((c, v) for c in cells for v in values_of(candidates[c])),
                            premise(
                                (geo.units[ua], geo.units[ub]),
                                links(geo, [(a, b) for a in va[x][0] for b in vb[x][0]]),
                                links(geo, [(t, c) for t in targets for c in zs]),
                            ),
                            chain=alternating(path),
                        )
                        yielded = True
    if not yielded:
        nothing_here(board, find_als_xz, candidates, placed)


MAX_WING_ALS = 4
"""The largest ALS an ALS-XY-Wing uses, in cells (the triples grow fast)."""


def find_als_xy_wing(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """ALS-XY-Wing (HoDoKu "ALS-XY-Wing"; SudokuWiki "ALS-XY-Wing"): three disjoint ALSs,
    a pivot ``C`` with a restricted common ``x`` with ``A`` and another, ``y``, with
    ``B``, and ``A`` and ``B`` sharing a value ``z`` (neither ``x`` nor ``y``). If ``A``
    held no ``z`` it would be locked and hold ``x``, so ``C`` would lack ``x``, hold ``y``,
    and ``B`` would lack ``y`` and hold ``z``: either way a ``z`` lies in ``A`` or ``B``,
    so every cell seeing all of their ``z``\\ s loses it. In Eureka notation
    ``(z=..x)A-(x=..y)C-(y=..z)B``; sets of up to :data:`MAX_WING_ALS` cells, the
    smallest triples first."""
    geo = geometry(board)
    context = _context(board, candidates, placed)
    sets, bits, masks, values = context.sets, context.bits, context.masks, context.infos
    # (disjoint, a common value, a cell seeing: the others have no restricted common)
    partners = context.partners
    sizes = [size for size in sorted(context.size_bits) if size <= MAX_WING_ALS]
    size_bits = context.size_bits
    open_with = functools.cache(lambda value: _open_with(candidates, placed, value))

    def restricted(pivot: int) -> list[tuple[int, int]]:
        """``(set, x)``: the sets disjoint from the pivot with which it has a restricted
        common ``x``, in :data:`order` (by size, then index)."""
        mask, near = masks[pivot], partners[pivot]
        found = []
        if not near:
            return found
        vp = values[pivot]
        for size in sizes:
            for i in _cells_in(near & size_bits[size]):  # (indices of sets here, ascending)
                vi = values[i]
                for x in values_of(mask & masks[i]):
                    if not vi[x][1] & ~vp[x][2]:
                        found.append((i, x))
        return found

    # only triples with a set that changed since this finder last found nothing can be new
    changed = changed_since_nothing(board, find_als_xy_wing, candidates, placed)
    moved = [bool(cell_bits & changed) for cell_bits in bits]  # per set, whether it changed
    moved_bits = sum(1 << k for k, one in enumerate(moved) if one)
    yielded = False
    order = [i for size in sizes for i in context.by_size[size]]  # by size, then index
    for pivot in order:
        if not moved[pivot] and not partners[pivot] & moved_bits:
            continue  # its wings are among its partners: none changed
        wings = restricted(pivot)
        for (a, x), (b, y) in itertools.combinations(wings, 2):
            if x == y or a == b or bits[a] & bits[b] or bits[a] & bits[pivot] or bits[b] & bits[pivot]:
                continue
            if not (moved[pivot] or moved[a] or moved[b]):
                continue  # there when nothing was found
            shared = sets[a][1] & sets[b][1] & ~(1 << (x - 1)) & ~(1 << (y - 1))
            for z in values_of(shared):
                va, vb = values[a], values[b]
                seen = va[z][2] & vb[z][2] & ~bits[pivot] & open_with(z)
                if not seen:
                    continue
                targets = _cells_in(seen)
                (ca, ma, ua), (cc, mc, uc), (cb, mb, ub) = sets[a], sets[pivot], sets[b]
                rest_a = tuple(v for v in values_of(ma) if v not in (x, z)) + (x,)
                rest_c = tuple(v for v in values_of(mc) if v not in (x, y)) + (y,)
                rest_b = tuple(v for v in values_of(mb) if v not in (y, z)) + (z,)
                path = [
                    ChainNode(ca, (z,), als=True),
                    ChainNode(ca, rest_a, als=True),
                    ChainNode(cc, (x,), als=True),
                    ChainNode(cc, rest_c, als=True),
                    ChainNode(cb, (y,), als=True),
                    ChainNode(cb, rest_b, als=True),
                ]
                vc = values[pivot]
                cells = ca + cc + cb
                zs = va[z][0] + vb[z][0]
                yield Deduction(
                    "ALS-XY-Wing",
                    (),
                    tuple((t, z) for t in targets),
                    cells,
                    (x, y, z),
                    tuple((c, v) for c in cells for v in values_of(candidates[c])),
                    premise(
                        (geo.units[ua], geo.units[uc], geo.units[ub]),
                        links(geo, [(p, q) for p in va[x][0] for q in vc[x][0]]),
                        links(geo, [(p, q) for p in vc[y][0] for q in vb[y][0]]),
                        links(geo, [(t, c) for t in targets for c in zs]),
                    ),
                    chain=alternating(path),
                )
                yielded = True
    if not yielded:
        nothing_here(board, find_als_xy_wing, candidates, placed)

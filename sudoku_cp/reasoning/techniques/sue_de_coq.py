"""Sue de Coq (HoDoKu "Sue de Coq"; SudokuWiki "Sue-de-Coq"; first posted by Sue de Coq
in the Sudoku Players' Forum, 2005, under the name "two-sector disjoint subsets").

Take two or three open cells ``C`` where a line and a box cross (more generally: where
two units cross), holding ``n = |C|`` cells and at least ``n + 2`` candidates. Add a set
``L`` of open cells of the line outside the box and a set ``B`` of open cells of the box
outside the line, such that no value is a candidate both in ``L`` and in ``B``, and the
``k = n + |L| + |B|`` cells of ``C``, ``L`` and ``B`` hold exactly ``k`` candidates between
them. Each value is then in those cells at most once (a value of ``L`` lies in the line
only, one of ``B`` in the box only, the rest in ``C``), and ``k`` cells need ``k`` values:
each value is there exactly once. So a value of ``L`` leaves the rest of the line, a
value of ``B`` the rest of the box, and a value only ``C`` holds leaves the rest of both.

Units: any two units that share at least two open cells (a row or a column and a box, a
jigsaw region, a diagonal...). Premises: the cells of ``C``, ``L`` and ``B`` with their
candidates, and the two units.

>>> from sudoku_cp.io.inputs import as_puzzle
>>> from sudoku_cp.reasoning.techniques import Board
>>> board = Board(as_puzzle("." * 81)[0].model)
>>> candidates = [0b111111111] * 81
>>> candidates[0], candidates[1] = 0b1111, 0b1111   # r1c1, r1c2 hold {1, 2, 3, 4}
>>> candidates[5] = 0b11                           # r1c6 holds {1, 2}: row 1, outside box 1
>>> candidates[18] = 0b1100                        # r3c1 holds {3, 4}: box 1, outside row 1
>>> step = next(find_sue_de_coq(board, candidates, set()))
>>> sorted(step.cells), step.values
([0, 1, 5, 18], (1, 2, 3, 4))
>>> (3, 1) in step.eliminations, (2, 3) in step.eliminations   # r1c4 loses 1, r1c3 loses 3
(True, True)
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of

MAX_SIDE = 3
"""The most cells of ``L`` (of ``B``) looked for."""


def _subsets(cells: list[int], candidates: list[int]) -> list[tuple[tuple[int, ...], int, int]]:
    """Each set of up to :data:`MAX_SIDE` of ``cells`` (by size, then in
    ``itertools.combinations`` order) with the union of its cells' candidates and its size:
    worked out once per pair of units, then read for each core (before, each core built
    them again: ten cores per pair of a 16x16 grid's row and box)."""
    masks = [(c, candidates[c]) for c in cells]
    found = [((c,), m, 1) for c, m in masks]
    if MAX_SIDE >= 2:  # (pairs and triples spelled out: three times faster than the loop below)
        found += [((a, b), ma | mb, 2) for (a, ma), (b, mb) in itertools.combinations(masks, 2)]
    if MAX_SIDE >= 3:
        found += [
            ((a, b, c), ma | mb | mc, 3) for (a, ma), (b, mb), (c, mc) in itertools.combinations(masks, 3)
        ]
    for size in range(4, MAX_SIDE + 1):
        for group in itertools.combinations(masks, size):
            found.append(
                (tuple(c for c, _ in group), functools.reduce(operator.or_, (m for _, m in group)), size)
            )
    return found


def _crossings(geo) -> list[tuple]:
    """The pairs of units ``(i, j)`` (``i < j``) meeting in two cells or more, neither
    inside the other's cells... as ``(i, j, crossing, line, box, both)``: the cells they
    share (in the order of unit ``i``), the rest of unit ``i``, the rest of unit ``j``,
    and all their cells; worked out once per geometry (kept in its memo)."""
    key = ("sue de coq crossings",)
    found = geo.nothing.get(key)
    if found is None:
        units = geo.unit_cells
        found = []
        for i, j in itertools.combinations(range(len(units)), 2):
            crossing = set(units[i]) & set(units[j])
            if len(crossing) < 2 or len(crossing) == len(units[i]):
                continue
            found.append(
                (
                    i,
                    j,
                    tuple(c for c in units[i] if c in crossing),
                    tuple(c for c in units[i] if c not in crossing),
                    tuple(c for c in units[j] if c not in crossing),
                    tuple(dict.fromkeys((*units[i], *units[j]))),
                )
            )
        geo.nothing[key] = found
    return found


def find_sue_de_coq(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Sue de Coq (see the module docstring), over every pair of crossing units; a pair is
    skipped while its cells' candidates are as when it last found nothing (what it finds
    reads those alone: :mod:`._unchanged`)."""
    geo = geometry(board)
    memo = geo.nothing
    seen: set[frozenset] = set()
    yielded = False  # after a yield the caller may have changed the candidates: record no more
    signed = [-m if c in placed else m for c, m in enumerate(candidates)]  # (a placed cell's negated)
    for i, j, crossing, line_cells, box_cells, both in _crossings(geo):
        cross = [c for c in crossing if c not in placed]
        if len(cross) < 2:
            continue
        state = tuple(map(signed.__getitem__, both))
        if memo.get(("sue de coq", i, j)) == state:
            continue  # nothing there last time, and its cells are the same
        line = _subsets([c for c in line_cells if c not in placed], candidates)
        box = _subsets([c for c in box_cells if c not in placed], candidates)
        for n in (2, 3):
            for core in itertools.combinations(cross, n):
                v = 0
                for c in core:
                    v |= candidates[c]
                if v.bit_count() < n + 2:
                    continue
                # |V u VL| - |L| + |VB - V| - |B| = n, with VL and VB disjoint: the groups of
                # B by |VB - V| - |B|, then those of L with the value that makes n
                # (an L asks for n - |V u VL| + |L| <= n - |V| + 3: a B past that is never asked for)
                most = n - v.bit_count() + MAX_SIDE
                by_extra: dict[int, list] = {}
                for group, mask, size in box:
                    if mask & v and (extra := (mask & ~v).bit_count() - size) <= most:
                        by_extra.setdefault(extra, []).append((group, mask))
                if not by_extra:
                    continue
                for group_l, mask_l, size in line:
                    if not mask_l & v:
                        continue
                    fits = by_extra.get(n - (v | mask_l).bit_count() + size)
                    if fits is None:
                        continue
                    for group_b, mask_b in fits:
                        if mask_l & mask_b:
                            continue
                        cells = frozenset((*core, *group_l, *group_b))
                        if cells in seen:
                            continue
                        found = _step(
                            board, candidates, placed, (i, j), core, group_l, group_b, v, mask_l, mask_b
                        )
                        if found is not None:
                            seen.add(cells)
                            yielded = True
                            yield found
        if not yielded:
            memo[("sue de coq", i, j)] = state


def _step(board, candidates, placed, pair, core, group_l, group_b, v, mask_l, mask_b) -> Deduction | None:
    geo = geometry(board)
    line_cells, box_cells = (geo.unit_cells[u] for u in pair)
    cells = {*core, *group_l, *group_b}
    union = v | mask_l | mask_b
    eliminations = []
    for value in values_of(union):
        bit = 1 << (value - 1)
        where = []
        if not mask_b & bit:
            where.append(line_cells)  # in L or only in C: within the line
        if not mask_l & bit:
            where.append(box_cells)  # in B or only in C: within the box
        targets = {c for unit in where for c in unit}
        eliminations += [
            (c, value) for c in targets if c not in cells and c not in placed and candidates[c] & bit
        ]
    if not eliminations:
        return None
    ordered = tuple(sorted(cells))
    return Deduction(
        "Sue de Coq",
        (),
        tuple(sorted(set(eliminations))),
        ordered,
        values_of(union),
        tuple((c, x) for c in ordered for x in values_of(candidates[c])),
        tuple(geo.units[u] for u in pair),
    )


__all__ = ["MAX_SIDE", "find_sue_de_coq"]

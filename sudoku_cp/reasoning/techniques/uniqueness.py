"""Techniques that rest on uniqueness: Unique Rectangles (types 1, 2 and 4), Hidden
Rectangle and BUG+1.

**Only for puzzles proven to have one solution** (:func:`sudoku_cp.is_unique`): they do
not follow from the constraints, but from the promise that the solution is unique, so a
step-checker cannot verify them from their premises, only against the solution. Their
names say so (``"Unique Rectangle type 1 (uniqueness)"``). Names and definitions as in
HoDoKu's technique list ("Uniqueness": Uniqueness Test 1, Bivalue Universal Grave + 1)
and Andrew Stuart's SudokuWiki ("Unique Rectangles", "BUG").

* *Unique Rectangle type 1*: four open cells at the corners of a rectangle (two rows,
  two columns), three holding exactly ``{a, b}``, the fourth ``{a, b}`` and more. Were
  the fourth ``a`` or ``b``, the corners could swap ``a`` and ``b`` in any solution and
  give a second one: so it is neither. The swap keeps every constraint only if each
  AllDifferent holds none of the corners, or two on one side of the rectangle, or all
  four, and no other constraint (cage sum, thermometer, dot) touches them: checked here,
  so it works on jigsaw regions (two regions) and refuses diagonals crossing one corner.
* *BUG+1*: every open cell has two candidates but one, which has three; removing the
  value of that cell that appears three times in one of its units would leave every
  value twice in every unit (a *bivalue universal grave*, which has no unique solution):
  so the cell holds that value. Only on classic models (every constraint a unit).

Premises reported: the pattern's cells and candidates, and the units they lie in.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of


def find_unique_rectangle(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 1, resting on uniqueness (see the module docstring): three
    corners hold exactly ``{a, b}``, so the fourth loses ``a`` and ``b``."""
    done: set[frozenset] = set()
    for ab, floor, (c, d) in _rectangles(board, candidates, placed, bivalue_roof=True):
        cells = (*floor, c, d)
        for bivalue, extra in ((c, d), (d, c)):
            if candidates[bivalue] != ab or candidates[extra] == ab or frozenset(cells) in done:
                continue
            done.add(frozenset(cells))
            eliminations = [(extra, v) for v in values_of(ab)]
            yield _rectangle_step(
                board, "Unique Rectangle type 1 (uniqueness)", candidates, cells, ab, eliminations
            )


def _rectangles(board: Board, candidates: list[int], placed: set[int], *, bivalue_roof: bool = False):
    """Each unique rectangle with its *floor* (two corners on one side holding exactly
    ``{a, b}``) and *roof* (the other two, holding ``{a, b}`` and more; with
    ``bivalue_roof``, a roof corner may hold exactly ``{a, b}`` too): ``(ab mask, floor,
    roof)``; corners open, untouched by other constraints, swappable."""
    n = board.side
    if len(board.rows) != n or len(board.columns) != n:
        return
    touched = {c for constraint, _ in board.others for c in constraint.cells}
    pairs = [
        c for c, m in enumerate(candidates) if c not in placed and m.bit_count() == 2 and c not in touched
    ]
    for first, second in itertools.combinations(pairs, 2):
        if candidates[first] != candidates[second]:
            continue
        ab = candidates[first]
        r1, c1 = divmod(first, n)
        r2, c2 = divmod(second, n)
        if r1 == r2:
            roofs = [(k * n + c1, k * n + c2) for k in range(n) if k != r1]
        elif c1 == c2:
            roofs = [(r1 * n + k, r2 * n + k) for k in range(n) if k != c1]
        else:
            continue
        for c, d in roofs:
            if c in placed or d in placed or c in touched or d in touched:
                continue
            if candidates[c] & ab != ab or candidates[d] & ab != ab:
                continue
            if not bivalue_roof and ab in (candidates[c], candidates[d]):
                continue
            if _swappable(board, first, second, c, d):
                yield ab, (first, second), (c, d)


def _rectangle_step(board: Board, name: str, candidates, cells, ab: int, eliminations) -> Deduction:
    geo = geometry(board)
    units = tuple(dict.fromkeys(geo.units[u] for cell in cells for u in geo.units_of[cell]))
    return Deduction(
        name,
        (),
        tuple(sorted(eliminations)),
        tuple(sorted(cells)),
        values_of(ab),
        tuple((cell, v) for cell in sorted(cells) for v in values_of(candidates[cell])),
        units,
    )


def find_unique_rectangle_2(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 2 (HoDoKu "Uniqueness Test 2"), resting on uniqueness: the roof
    corners hold ``{a, b, x}``, the same one extra value; were neither ``x``, the rectangle
    would be deadly, so one is: every cell seeing both roof corners loses ``x``."""
    geo = geometry(board)
    for ab, floor, (c, d) in _rectangles(board, candidates, placed):
        extra = candidates[c] & ~ab
        if candidates[c] != candidates[d] or extra.bit_count() != 1:
            continue
        x = extra.bit_length()
        seeing = (geo.peers[c] & geo.peers[d]) - {c, d}
        eliminations = [(p, x) for p in seeing if p not in placed and candidates[p] & extra]
        if eliminations:
            yield _rectangle_step(
                board, "Unique Rectangle type 2 (uniqueness)", candidates, (*floor, c, d), ab, eliminations
            )


def find_unique_rectangle_4(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 4 (HoDoKu "Uniqueness Test 4"), resting on uniqueness: in a
    unit holding both roof corners, ``a`` has no other place, so one roof corner is
    ``a``; were either ``b``, the rectangle would be deadly: both roof corners lose ``b``."""
    geo = geometry(board)
    for ab, floor, (c, d) in _rectangles(board, candidates, placed):
        for a in values_of(ab):
            bit = 1 << (a - 1)
            b = (ab & ~bit).bit_length()
            locked = any(
                c in cells and d in cells and all(x in (c, d) or not candidates[x] & bit for x in cells)
                for cells in geo.unit_cells
            )
            if locked:
                yield _rectangle_step(
                    board,
                    "Unique Rectangle type 4 (uniqueness)",
                    candidates,
                    (*floor, c, d),
                    ab,
                    [(c, b), (d, b)],
                )
                break


def _swappable(board: Board, a: int, b: int, c: int, d: int) -> bool:
    """True when swapping the two values of a rectangle ``a b / c d`` (``a``, ``b`` on one
    side, ``c`` below ``a``) keeps every AllDifferent: each holds 0, 2 adjacent or all 4
    corners."""
    sides = [{a, b}, {c, d}, {a, c}, {b, d}]
    for constraint in board.alldifferents:
        inside = {a, b, c, d}.intersection(constraint.cells)
        if inside and len(inside) != 4 and inside not in sides:
            return False
    return True


def find_bug_plus_one(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """BUG+1, resting on uniqueness (see the module docstring)."""
    if not board.model.is_classic:
        return
    geo = geometry(board)
    open_cells = [c for c in range(len(candidates)) if c not in placed]
    extra = [c for c in open_cells if candidates[c].bit_count() != 2]
    if len(extra) != 1 or candidates[extra[0]].bit_count() != 3:
        return
    cell = extra[0]
    for value in values_of(candidates[cell]):
        bit = 1 << (value - 1)
        trial = list(candidates)
        trial[cell] &= ~bit
        if all(
            sum(1 for c in cells if c not in placed and trial[c] & (1 << (v - 1))) in (0, 2)
            for cells in geo.unit_cells
            for v in range(1, board.side + 1)
        ):
            units = tuple(geo.units[u] for u in geo.units_of[cell])
            others = tuple((cell, v) for v in values_of(candidates[cell] & ~bit))
            peers = tuple(
                (p, value) for p in sorted(geo.peers[cell]) if candidates[p] & bit and p not in placed
            )
            yield Deduction(
                "BUG+1 (uniqueness)",
                ((cell, value),),
                others + peers,
                tuple(open_cells),
                (value,),
                tuple((c, v) for c in open_cells for v in values_of(candidates[c])),
                units,
            )
            return


def find_hidden_rectangle(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Hidden Rectangle (HoDoKu "Hidden Rectangle"; SudokuWiki "Hidden Unique Rectangles"),
    resting on uniqueness: a rectangle whose four corners hold ``a`` and ``b``, one of
    them exactly ``{a, b}``; in the row and the column of the opposite corner ``a`` has no
    place outside the rectangle. Were that corner ``b``, ``a`` would go to its row's and
    its column's other corners, the bivalue corner would be ``b``: a deadly pattern. So the
    opposite corner loses ``b``."""
    n = board.side
    if len(board.rows) != n or len(board.columns) != n:
        return
    touched = {c for constraint, _ in board.others for c in constraint.cells}
    holding: dict[int, int] = {}  # {a, b} -> the open untouched cells holding both, as a bit set
    for first in range(len(candidates)):
        ab = candidates[first]
        if first in placed or first in touched or ab.bit_count() != 2:
            continue
        able = holding.get(ab)
        if able is None:
            able = holding[ab] = sum(
                1 << x
                for x, mask in enumerate(candidates)
                if mask & ab == ab and x not in placed and x not in touched
            )
        r1, c1 = divmod(first, n)
        for r2 in range(n):
            if r2 == r1 or not able >> (r2 * n + c1) & 1:
                continue  # (the corner below the first: the test below, done once a row)
            for c2 in range(n):
                if c2 == c1:
                    continue
                b_, c_, d = r1 * n + c2, r2 * n + c1, r2 * n + c2
                corners = (first, b_, c_, d)
                if not able >> b_ & 1 or not able >> d & 1:
                    continue  # a corner placed, touched by another constraint, or without a or b
                if not _swappable(board, first, b_, c_, d):
                    continue
                for a in values_of(ab):
                    bit = 1 << (a - 1)
                    row = board.rows[r2].cells
                    column = board.columns[c2].cells
                    if all(x in (c_, d) or not candidates[x] & bit for x in row) and all(
                        x in (b_, d) or not candidates[x] & bit for x in column
                    ):
                        b = (ab & ~bit).bit_length()
                        yield _rectangle_step(
                            board, "Hidden Rectangle (uniqueness)", candidates, corners, ab, [(d, b)]
                        )
                        break

"""Unique Rectangle types 3, 5 and 6 (HoDoKu "Uniqueness Test 3", "5" and "6"; SudokuWiki
"Unique Rectangles" type 3, "Unique Rectangles 5" and type 6), beside types 1, 2 and 4 in
:mod:`~sudoku_cp.reasoning.techniques.uniqueness`.

**Only for puzzles proven to have one solution**: like every Unique Rectangle they rest
on the promise that the solution is unique (a *deadly pattern*: four corners of a
rectangle in two rows, two columns and two boxes holding only ``a`` and ``b`` could swap
them and give a second solution), so a step is checked against the solution, not from its
premises. The rectangle's corners are open, untouched by any other constraint, and
swappable (each AllDifferent holds none, two on one side, or all four of them).

* *Type 3*: two corners on one side hold exactly ``{a, b}``; the other two (the *roof*)
  hold ``a``, ``b`` and extra values ``X``. One roof corner holds a value of ``X``, so
  the roof acts as one cell holding ``X``: with ``k - 1`` more cells of a unit holding
  both roof corners it makes a naked subset of ``k`` values, which leave the unit's
  other cells.
* *Type 5*: every corner holds ``{a, b}`` or ``{a, b, x}`` (one and the same ``x``),
  two diagonal corners or three carrying ``x``: one of them is ``x``, so every cell
  seeing all of them loses ``x``.
* *Type 6*: two diagonal corners hold exactly ``{a, b}``; ``a`` has no place in the two
  rows and the two columns outside the corners (an X-Wing on ``a``). Were one of the
  other two corners ``a``, the X-Wing would put ``a`` on both, the bivalue corners would
  be ``b``: deadly. So both lose ``a``.

Premises reported: the rectangle's cells and candidates (and the subset's cells for
type 3), and the units they lie in.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of
from sudoku_cp.reasoning.techniques.uniqueness import _swappable

MAX_SUBSET = 3
"""The most cells besides the roof in a type 3 naked subset."""


_LAST: tuple = (None, ())
"""``(key, rectangles)``: :func:`_rectangles` of the last state (types 3, 5 and 6 ask for
them one after the other; replaced in one assignment)."""


def _rectangles(board: Board, candidates: list[int], placed: set[int]) -> tuple:
    """Each rectangle ``(ab, (tl, tr, bl, br))`` of open, untouched, swappable corners that
    all hold the two values ``ab`` (a bit mask), at least one exactly: from each bivalue
    corner, once per rectangle and pair of values; remembered for the last state."""
    global _LAST
    key = (board, tuple(candidates), frozenset(placed))
    last = _LAST  # one read: another thread may replace it
    if last[0] == key:
        return last[1]
    found = tuple(_each_rectangle(board, candidates, placed))
    _LAST = (key, found)
    return found


def _each_rectangle(board: Board, candidates: list[int], placed: set[int]):
    """The rectangles of :func:`_rectangles`, one at a time."""
    n = board.side
    if len(board.rows) != n or len(board.columns) != n:
        return
    touched = {c for constraint, _ in board.others for c in constraint.cells}
    usable = [c not in placed and c not in touched for c in range(len(candidates))]
    seen: set[tuple[int, tuple[int, ...]]] = set()
    for e, ab in enumerate(candidates):
        if not usable[e] or ab.bit_count() != 2:
            continue
        holds = [usable[c] and candidates[c] & ab == ab for c in range(len(candidates))]
        r1, c1 = divmod(e, n)
        for r2 in range(n):
            if r2 == r1 or not holds[r2 * n + c1]:
                continue
            for c2 in range(n):
                if c2 == c1 or not holds[r1 * n + c2] or not holds[r2 * n + c2]:
                    continue
                top, bottom = sorted((r1, r2))
                left, right = sorted((c1, c2))
                corners = (top * n + left, top * n + right, bottom * n + left, bottom * n + right)
                if (ab, corners) in seen:
                    continue
                seen.add((ab, corners))
                if _swappable(board, *corners):
                    yield ab, corners


def _step(board: Board, name: str, candidates, cells, ab: int, eliminations, extra=()) -> Deduction:
    geo = geometry(board)
    shown = tuple(sorted({*cells, *extra}))
    units = tuple(dict.fromkeys(geo.units[u] for cell in shown for u in geo.units_of[cell]))
    return Deduction(
        name,
        (),
        tuple(sorted(set(eliminations))),
        shown,
        values_of(ab),
        tuple((cell, v) for cell in shown for v in values_of(candidates[cell])),
        units,
    )


def find_unique_rectangle_3(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 3, resting on uniqueness (see the module docstring)."""
    geo = geometry(board)
    for ab, (tl, tr, bl, br) in _rectangles(board, candidates, placed):
        for floor, roof in (
            ((tl, tr), (bl, br)),
            ((bl, br), (tl, tr)),
            ((tl, bl), (tr, br)),
            ((tr, br), (tl, bl)),
        ):
            c, d = roof
            if any(candidates[x] != ab for x in floor) or ab in (candidates[c], candidates[d]):
                continue
            extra = (candidates[c] | candidates[d]) & ~ab
            for cells in geo.unit_cells:
                if c not in cells or d not in cells:
                    continue
                others = [x for x in cells if x not in (c, d) and x not in placed]
                for size in range(1, MAX_SUBSET + 1):
                    for group in itertools.combinations(others, size):
                        mask = extra
                        for x in group:
                            mask |= candidates[x]
                        if mask.bit_count() != size + 1:
                            continue
                        eliminations = [
                            (x, v) for x in others if x not in group for v in values_of(candidates[x] & mask)
                        ]
                        if eliminations:
                            yield _step(
                                board,
                                "Unique Rectangle type 3 (uniqueness)",
                                candidates,
                                (tl, tr, bl, br),
                                ab,
                                eliminations,
                                group,
                            )


def find_unique_rectangle_5(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 5, resting on uniqueness (see the module docstring)."""
    geo = geometry(board)
    for ab, corners in _rectangles(board, candidates, placed):
        extras = {candidates[c] & ~ab for c in corners} - {0}
        if len(extras) != 1:
            continue
        x = extras.pop()
        if x.bit_count() != 1:
            continue
        carrying = [c for c in corners if candidates[c] & x]
        tl, tr, bl, br = corners
        if len(carrying) == 2 and set(carrying) not in ({tl, br}, {tr, bl}):
            continue  # two on one side: type 2
        seeing = frozenset.intersection(*(geo.peers[c] for c in carrying)) - set(corners)
        value = x.bit_length()
        eliminations = [(p, value) for p in seeing if p not in placed and candidates[p] & x]
        if eliminations:
            yield _step(board, "Unique Rectangle type 5 (uniqueness)", candidates, corners, ab, eliminations)


def find_unique_rectangle_6(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Unique Rectangle type 6, resting on uniqueness (see the module docstring)."""
    n = board.side
    for ab, (tl, tr, bl, br) in _rectangles(board, candidates, placed):
        for (e, f), (c, d) in (((tl, br), (tr, bl)), ((tr, bl), (tl, br))):
            if candidates[e] != ab or candidates[f] != ab or ab in (candidates[c], candidates[d]):
                continue
            rows = {tl // n, br // n}
            columns = {tl % n, br % n}
            corners = {tl, tr, bl, br}
            for a in values_of(ab):
                bit = 1 << (a - 1)
                lines = [board.rows[r].cells for r in rows] + [board.columns[k].cells for k in columns]
                if all(x in corners or not candidates[x] & bit for cells in lines for x in cells):
                    yield _step(
                        board,
                        "Unique Rectangle type 6 (uniqueness)",
                        candidates,
                        (tl, tr, bl, br),
                        ab,
                        [(c, a), (d, a)],
                    )
                    break


__all__ = ["MAX_SUBSET", "find_unique_rectangle_3", "find_unique_rectangle_5", "find_unique_rectangle_6"]

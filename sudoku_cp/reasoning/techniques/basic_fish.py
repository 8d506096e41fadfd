"""Basic fish: a value whose places in ``k`` rows all lie in ``k`` columns leaves the other
cells of those columns, and with rows and columns swapped (X-Wing for ``k = 2``,
Swordfish for 3, Jellyfish for 4; the names of HoDoKu and of Andrew Stuart's SudokuWiki).

The rows are the *base* lines, the columns the *cover* lines: each of the ``k`` values
of the base lines must sit in a different cover line, so the ``k`` cover lines get their
value from the base lines and nowhere else. Lines are the units of origin kind row and
column (:attr:`~sudoku_cp.reasoning.techniques.board.Board.rows`), so fish work on every size and
variant that keeps its rows and columns.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques._unchanged import found_nothing, unchanged, value_planes
from sudoku_cp.reasoning.techniques.board import Board, Deduction, Finder, places

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
"""The fish the finders know, by size."""


def fish(size: int) -> Finder:
    """The finder of the fish of ``size`` lines (a key of :data:`FISH_NAMES`)."""

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        n = board.side
        memo = geometry(board).nothing
        planes = value_planes(candidates, placed, n)
        yielded = False  # after a yield the caller may have changed the candidates: record no more
        for bases, covers, axis in ((board.rows, board.columns, 1), (board.columns, board.rows, 0)):
            if len(bases) != n or len(covers) != n:
                continue
            key = ("fish", size, axis)
            for value in range(1, n + 1):
                if unchanged(memo, key, value, planes):
                    continue  # nothing there last time, and the value's places are the same
                bit = 1 << (value - 1)
                spots = {}
                lines = {}  # base index -> its places' cover lines, as a bit set
                for index, line in enumerate(bases):
                    found = places(line, candidates, bit)
                    if 2 <= len(found) <= size and not any(c in placed for c in found):
                        spots[index] = found
                        lines[index] = sum(1 << divmod(c, n)[axis] for c in found)
                for chosen in itertools.combinations(sorted(spots), size):
                    union = 0
                    for index in chosen:
                        union |= lines[index]
                    if union.bit_count() != size:
                        continue
                    cells = [c for index in chosen for c in spots[index]]
                    cover = [k for k in range(n) if union >> k & 1]
                    removed = tuple(
                        (c, value)
                        for k in cover
                        for c in covers[k].cells
                        if c not in cells and candidates[c] & bit
                    )
                    if removed:
                        yielded = True
                        yield Deduction(
                            FISH_NAMES[size],
                            (),
                            removed,
                            tuple(sorted(cells)),
                            (value,),
                            tuple((c, value) for c in sorted(cells)),
                            tuple(bases[i] for i in chosen) + tuple(covers[k] for k in cover),
                        )
                if not yielded:
                    found_nothing(memo, key, value, planes)

    find.__name__ = find.__qualname__ = FISH_NAMES[size].lower().replace("-", "_")
    return find


__all__ = ["FISH_NAMES", "fish"]

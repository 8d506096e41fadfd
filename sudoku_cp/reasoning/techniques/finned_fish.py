"""Finned and sashimi fish: X-Wing, Swordfish and Jellyfish with fins (the basic fish are
in :mod:`sudoku_cp.reasoning.techniques.basic_fish`).

Names and definitions as in HoDoKu's technique list ("Basic Fish", "Finned/Sashimi
Fish") and Andrew Stuart's SudokuWiki ("Jellyfish", "Finned X-Wing", "Finned
Swordfish", "Sashimi"). A fish of size ``k`` on one value: ``k`` *base* lines (rows, or
columns) whose places for the value lie in ``k`` *cover* lines (columns, or rows); the
value then fills the covers at the base lines' cells, so it leaves the covers' other
cells. A *finned* fish has extra places (the fins) outside the covers: either a fin holds
the value or the fish does, so only cover cells that also see every fin lose it. It is
*sashimi* when, without the fins, some base line has one place or none in the covers.

Units: base and cover lines are rows and columns (the fish needs ``n`` of each); the
fins may be seen through any AllDifferent (a box, a jigsaw region, a diagonal).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator

from sudoku_cp.reasoning.techniques._links import geometry, links, premise
from sudoku_cp.reasoning.techniques._unchanged import found_nothing, unchanged, value_planes
from sudoku_cp.reasoning.techniques.board import Board, Deduction

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _scan(
    board: Board, candidates: list[int], placed: set[int], size: int, kind: str
) -> Iterator[tuple[str, Deduction]]:
    """Every fish of ``size`` lines, ``kind`` ``"basic"`` or ``"fins"`` (finned and sashimi
    in one pass): ``(kind, deduction)``, kind ``"basic"``, ``"finned"`` or ``"sashimi"``."""
    n = board.side
    if len(board.rows) != n or len(board.columns) != n:
        return
    geo = geometry(board)
    spread = 0 if kind == "basic" else max(1, math.isqrt(n) - 1)
    memo = geo.nothing
    planes = value_planes(candidates, placed, n)
    yielded = False  # after a yield the caller may have changed the candidates: record no more
    for axis, (bases, covers, base_of, cover_of) in enumerate(
        (
            (board.rows, board.columns, geo.row_of, geo.column_of),
            (board.columns, board.rows, geo.column_of, geo.row_of),
        )
    ):
        base_bits = [sum(1 << c for c in line.cells) for line in bases]
        cover_bits = [sum(1 << c for c in line.cells) for line in covers]
        cover_cells: dict[int, int] = {}  # cover set -> its cells as a bit set
        key = ("finned fish", size, kind, axis)
        for value in range(1, n + 1):
            if unchanged(memo, key, value, planes):
                continue  # nothing there last time, and the value's places are the same
            bit = 1 << (value - 1)
            masks = {}  # base index -> bitmask of the cover lines holding its places
            places = {}
            cross = [0] * n  # cover index -> bitmask of the base lines holding the value there
            lines_of = (
                None if kind == "basic" else _base_lines(board, candidates, placed, bases, cover_of, value)
            )
            if lines_of is not None:  # the same as the loop below gives, worked out once for all sizes
                all_masks, places, value_bits = lines_of
                masks = {i: mask for i, mask in all_masks.items() if mask.bit_count() <= size + spread}
            for index, line in enumerate(bases if lines_of is None else ()):
                mask, spots = _places(line.cells, candidates, placed, bit, cover_of)
                for c in spots:
                    cross[cover_of[c]] |= 1 << index
                if mask > 0 and mask.bit_count() <= size + spread:
                    masks[index] = mask
                    places[index] = spots
            if len(masks) < size:
                if not yielded:
                    found_nothing(memo, key, value, planes)
                continue
            for chosen in itertools.combinations(sorted(masks), size):
                union = 0
                chosen_mask = 0
                for i in chosen:
                    union |= masks[i]
                    chosen_mask |= 1 << i
                width = union.bit_count()
                if kind == "basic":
                    if width != size:
                        continue
                    options: tuple[int, ...] = (union,)
                else:
                    if not size < width <= size + spread:
                        continue
                    options = _covers(union, size)
                    chosen_masks = [masks[i] for i in chosen]
                    # a cover misses a base only if the base's places all lie in the fin lines
                    # (the width - size lines of the union left out of the cover)
                    narrow = [m for m in chosen_masks if m.bit_count() <= width - size]
                    on_bases = 0
                    for i in chosen:
                        on_bases |= base_bits[i]
                    outside = value_bits & ~on_bases  # open places off the bases
                    lines = union
                    in_union = 0  # the cells of the union's lines: every target lies there
                    while lines:
                        low = lines & -lines
                        in_union |= cover_bits[low.bit_length() - 1]
                        lines ^= low
                    if not outside & in_union:
                        continue  # no cover can remove anything
                    line_peers: dict[int, int] = {}  # cover line -> cells seeing its chosen places
                    for i in chosen:
                        for c in places[i]:
                            k = cover_of[c]
                            line_peers[k] = line_peers.get(k, -1) & geo.peer_bits[c]
                for cover in options:
                    if kind == "basic":
                        if not all(masks[i] & cover for i in chosen):
                            continue
                        found = kind
                        if not any(cross[k] & ~chosen_mask for k in range(n) if cover >> k & 1):
                            continue  # nothing in the covers outside the bases
                        fins = []
                        targets = [
                            c
                            for k in range(n)
                            if cover >> k & 1
                            for c in covers[k].cells
                            if candidates[c] & bit and not chosen_mask >> base_of[c] & 1 and c not in placed
                        ]
                    else:
                        if narrow and not all(m & cover for m in narrow):
                            continue  # (an empty list needs no generator: most are)
                        seen = outside
                        fin_lines = union & ~cover
                        while fin_lines and seen:  # the cells seeing every fin
                            low = fin_lines & -fin_lines
                            seen &= line_peers[low.bit_length() - 1]
                            fin_lines ^= low
                        if not seen:
                            continue
                        in_covers = cover_cells.get(cover)
                        if in_covers is None:
                            in_covers = cover_cells[cover] = _cells_of(cover_bits, cover)
                        seen &= in_covers
                        if not seen:
                            continue
                        thin = any((m & cover).bit_count() == 1 for m in chosen_masks)
                        found = "sashimi" if thin else "finned"
                        fins = [c for i in chosen for c in places[i] if not cover >> cover_of[c] & 1]
                        targets = [c for c in range(len(candidates)) if seen >> c & 1]
                    if not targets:
                        continue
                    cells = sorted(c for i in chosen for c in places[i])
                    used = premise(
                        tuple(bases[i] for i in chosen),
                        tuple(covers[k] for k in range(n) if cover >> k & 1),
                        links(geo, [(t, f) for t in targets for f in fins]),
                    )
                    name = _NAMES[size] if found == "basic" else f"{found} {_NAMES[size]}"
                    yielded = True
                    yield (
                        found,
                        Deduction.of_digit(name, value, targets, cells, used),
                    )
            if not yielded:
                found_nothing(memo, key, value, planes)


def _places(cells, candidates: list[int], placed: set[int], bit: int, cover_of) -> tuple[int, list[int]]:
    """A base line's places for the value of ``bit``: the cover lines holding them as a
    bitmask, and the cells; the mask is ``-1`` if a placed cell holds the value (the cells
    are then those before it)."""
    mask = 0
    spots = []
    for c in cells:
        if candidates[c] & bit:
            if c in placed:
                return -1, spots
            mask |= 1 << cover_of[c]
            spots.append(c)
    return mask, spots


_LINES: dict = {}
"""The :func:`_base_lines` of the last state (its key), by the id of the base lines (rows
or columns) and the value."""


def _base_lines(board: Board, candidates: list[int], placed: set[int], bases, cover_of, value: int) -> tuple:
    """What the fins scan of every size needs from the base lines on ``value``:
    ``(masks, places, value_bits)``, ``masks`` and ``places`` by base index for the lines
    with places and no placed cell holding the value (the cover lines holding them as a
    bitmask, the cells), ``value_bits`` the open cells holding the value as a bit set;
    remembered for the last state (the finned and sashimi fish of sizes 2, 3 and 4 ask
    for the same)."""
    key = (board, tuple(candidates), frozenset(placed))
    if _LINES.get("key") != key:
        _LINES.clear()
        _LINES.update(key=key, found={})
    found = _LINES["found"].get((id(bases), value))
    if found is not None:
        return found
    bit = 1 << (value - 1)
    masks, places = {}, {}
    for index, line in enumerate(bases):
        mask, spots = _places(line.cells, candidates, placed, bit, cover_of)
        if mask > 0:
            masks[index] = mask
            places[index] = spots
    value_bits = value_planes(candidates, placed, board.side)[value - 1][0]  # (the open cells with it)
    found = _LINES["found"][(id(bases), value)] = (masks, places, value_bits)
    return found


@functools.lru_cache(maxsize=4096)
def _covers(union: int, size: int) -> tuple[int, ...]:
    """The cover sets of ``size`` lines among the lines of ``union`` (bit sets), in the
    order of :func:`itertools.combinations` over the lines ascending."""
    spots = [k for k in range(union.bit_length()) if union >> k & 1]
    return tuple(sum(1 << k for k in ks) for ks in itertools.combinations(spots, size))


def _cells_of(line_bits: list[int], chosen: int) -> int:
    """The cells of the lines whose indices are the bits of ``chosen``, as a bit set
    (``line_bits``: each line's cells as a bit set)."""
    found = 0
    for k, bits in enumerate(line_bits):
        if chosen >> k & 1:
            found |= bits
    return found


_LAST: dict = {}
"""The scan of the last candidates (a generator of ``(kind, deduction)``) and the finned
and sashimi fish it has found so far, by kind."""


def finned_fish(size: int, kind: str) -> Callable[[Board, list[int], set[int]], Iterator[Deduction]]:
    """The finder of one fish: ``size`` 2, 3 or 4 (X-Wing, Swordfish, Jellyfish) and
    ``kind`` ``"basic"``, ``"finned"`` or ``"sashimi"``. Finned and sashimi fish of a size
    are found in one pass, kept for the next call on the same candidates (the table tries
    them one after the other)."""
    name = _NAMES[size] if kind == "basic" else f"{kind} {_NAMES[size]}"

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        if kind == "basic":
            yield from (d for _, d in _scan(board, candidates, placed, size, "basic"))
            return
        key = (size, board, tuple(candidates), frozenset(placed))
        if _LAST.get("key") != key:
            # one scan, run lazily on a copy of the state (the caller may apply a step and
            # change its candidates before asking for more), shared by both finders
            scan = _scan(board, list(candidates), set(placed), size, "fins")
            _LAST.clear()
            _LAST.update(key=key, scan=scan, found={"finned": [], "sashimi": []})
        found, scan = _LAST["found"], _LAST["scan"]  # kept even if another state replaces them
        index = 0
        while True:
            if index < len(found[kind]):
                yield found[kind][index]
                index += 1
                continue
            which_deduction = next(scan, None)
            if which_deduction is None:
                return
            found[which_deduction[0]].append(which_deduction[1])

    find.__name__ = "find_" + name.lower().replace("-", "_").replace(" ", "_")
    find.__doc__ = (
        f"{name} (HoDoKu, SudokuWiki): {size} base lines whose places for a value lie in "
        f"{size} cover lines"
        + ("" if kind == "basic" else ", but for fins all seen by the removed cells")
        + ("" if kind != "sashimi" else " (a base line keeps one place or none without them)")
        + "; the value leaves the covers' other cells.\n\nUnits: rows and columns as bases and covers; "
        "the fins seen through any AllDifferent. Premises: the fish's cells (fins included), "
        "the base and cover lines, and the units through which removed cells see the fins."
    )
    return find


find_finned_x_wing = finned_fish(2, "finned")
find_sashimi_x_wing = finned_fish(2, "sashimi")
find_finned_swordfish = finned_fish(3, "finned")
find_sashimi_swordfish = finned_fish(3, "sashimi")
find_finned_jellyfish = finned_fish(4, "finned")
find_sashimi_jellyfish = finned_fish(4, "sashimi")

"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

Each looks at one value and its *strong links* (a unit where the value has exactly two
places left, so one of them holds it). Names and definitions as in HoDoKu's technique
list ("Single Digit Patterns") and Andrew Stuart's SudokuWiki ("X-Chains": Skyscraper,
2-String Kite and Turbot Fish are its shortest X-Chains, three strong links or two).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sudoku_cp.reasoning.techniques._links import (
    Geometry,
    geometry,
    links,
    open_places,
    premise,
    strong_links,
    unit_holds_value,
)
from sudoku_cp.reasoning.techniques._unchanged import per_value
from sudoku_cp.reasoning.techniques.board import Board, Deduction
from sudoku_cp.reasoning.techniques.eureka import ChainNode, alternating


def _turbots(
    board: Board, candidates: list[int], placed: set[int], value: int
) -> Iterator[tuple[str, Deduction]]:
    """Two strong links on ``value``, ``p = x`` and ``y = q``, with ``x`` seeing ``y``:
    one of ``p``, ``q`` holds the value, so no cell seeing both does."""
    geo = geometry(board)
    bit = 1 << (value - 1)
    strong = strong_links(geo, value, candidates, placed)
    for i, (a1, b1, u1) in enumerate(strong):
        for a2, b2, u2 in strong[i + 1 :]:
            if len({a1, b1, a2, b2}) < 4:
                continue
            for x, p in ((a1, b1), (b1, a1)):
                for y, q in ((a2, b2), (b2, a2)):
                    if y not in geo.peers[x] or q in geo.peers[p]:
                        continue
                    both = geo.peers[p] & geo.peers[q]
                    targets = sorted(
                        t for t in both if candidates[t] & bit and t not in placed and t not in (x, y)
                    )
                    if not targets:
                        continue
                    kind = _turbot_kind(geo, u1, u2, x, y)
                    cells = (p, x, y, q)
                    used = premise(
                        (geo.units[u1], geo.units[u2]),
                        links(geo, [(x, y)]),
                        links(geo, [(t, e) for t in targets for e in (p, q)]),
                    )
                    yield (
                        kind,
                        Deduction.of_digit(
                            kind,
                            value,
                            targets,
                            cells,
                            used,
                            chain=alternating([ChainNode((c,), (value,)) for c in cells]),
                        ),
                    )


def _turbot_kind(geo: Geometry, u1: int, u2: int, x: int, y: int) -> str:
    rows = {id(r) for r in geo.board.rows}
    lines = geo.is_line
    if lines[u1] and lines[u2]:
        same_axis = (id(geo.units[u1]) in rows) == (id(geo.units[u2]) in rows)
        joined_by = [u for u in geo.units_of[x] if u in geo.units_of[y]]
        if same_axis and any(lines[u] for u in joined_by):
            return "Skyscraper"
        if not same_axis and any(not lines[u] for u in joined_by):
            return "2-String Kite"
    return "Turbot Fish"


def _only(kind: str):
    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        yield from per_value(
            board,
            candidates,
            placed,
            kind,
            lambda value: (d for found, d in _turbots(board, candidates, placed, value) if found == kind),
        )

    return find


find_skyscraper = _only("Skyscraper")
find_skyscraper.__name__ = "find_skyscraper"
find_skyscraper.__doc__ = """Skyscraper (HoDoKu; SudokuWiki "X-Wing"'s broken cousin, an X-Chain of
two strong links): a value with two places in each of two parallel lines (rows, or
columns), one place of each in a common cross line; the two other places ``p``, ``q``
cannot both be empty of it, so it leaves every cell seeing both.

Units: the two strong links are rows (or columns), joined by a column (or row); the
cells seeing both ends may see them through any unit (boxes, jigsaw regions, diagonals).
Premises: the four cells with the value, the two lines, the joining unit and the units
through which each removed cell sees ``p`` and ``q``."""

find_two_string_kite = _only("2-String Kite")
find_two_string_kite.__name__ = "find_two_string_kite"
find_two_string_kite.__doc__ = """2-String Kite (HoDoKu; SudokuWiki): a value with two
places in a row and two in a column, one of each in a common box (or any non-line unit:
a jigsaw region, a window): the row's and column's other places ``p``, ``q`` cannot both
be empty of it, so it leaves every cell seeing both.

Units: one row and one column joined by a non-line unit; any unit for seeing the ends.
Premises: the four cells with the value, the row, the column, the box and the units
through which each removed cell sees ``p`` and ``q``."""

find_turbot_fish = _only("Turbot Fish")
find_turbot_fish.__name__ = "find_turbot_fish"
find_turbot_fish.__doc__ = """Turbot Fish (HoDoKu; SudokuWiki's 4-cell X-Chain): any
other two strong links on one value, in any units (a box, a jigsaw region, a diagonal),
joined by one weak link: the two free ends cannot both be empty of it, so it leaves every
cell seeing both.

Units: any unit of the model. Premises: the four cells, the two strong links' units, the
joining unit, and the units through which each removed cell sees the ends."""


def find_empty_rectangle(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Empty Rectangle (HoDoKu; SudokuWiki "Empty Rectangles"): in a box, a value's places
    all lie on one row and one column through it (a cross, not one line); a strong link
    ``a = b`` on that value outside the box, ``a`` seeing the box's places on one arm:
    if ``a`` holds it, the other arm does; else ``b`` does; so a cell seeing ``b`` and the
    whole other arm loses it.

    Units: the box may be any non-line unit (a jigsaw region, a window) crossed by a row
    and a column; the strong link and the seeing may use any unit. Premises: the box's
    places, ``a``, ``b``, the removed cells; the box, the strong link's unit, and the
    units through which ``a`` sees its arm and the removed cells see ``b`` and the other arm.
    """
    geo = geometry(board)
    yield from per_value(
        board,
        candidates,
        placed,
        "Empty Rectangle",
        lambda value: _empty_rectangles(geo, candidates, placed, value),
    )


def _empty_rectangles(
    geo: Geometry, candidates: list[int], placed: set[int], value: int
) -> Iterator[Deduction]:
    """The Empty Rectangles on ``value`` (:func:`find_empty_rectangle`)."""
    bit = 1 << (value - 1)
    strong = strong_links(geo, value, candidates, placed)
    if not strong:
        return
    for box in range(len(geo.unit_cells)):
        if geo.is_line[box] or unit_holds_value(geo, box, bit, candidates, placed):
            continue
        places = open_places(geo, box, bit, candidates, placed)
        if len(places) < 2 or not _is_cross(geo, places):
            continue
        inside = set(geo.unit_cells[box])
        for a1, b1, unit in strong:
            if a1 in inside or b1 in inside:
                continue
            for a, b in ((a1, b1), (b1, a1)):
                seen = [c for c in places if c in geo.peers[a]]
                rest = [c for c in places if c not in geo.peers[a]]
                if not seen or not rest:
                    continue
                targets = [
                    t
                    for t in sorted(geo.peers[b])
                    if candidates[t] & bit
                    and t not in placed
                    and t not in inside
                    and t != a
                    and all(r in geo.peers[t] for r in rest)
                ]
                if not targets:
                    continue
                cells = tuple(places) + (a, b)
                used = premise(
                    (geo.units[box], geo.units[unit]),
                    links(geo, [(a, c) for c in seen]),
                    links(geo, [(t, e) for t in targets for e in (b, *rest)]),
                )
                yield Deduction.of_digit(
                    "Empty Rectangle",
                    value,
                    targets,
                    cells,
                    used,
                    # the box's places off a's arm = those a sees - a = b
                    chain=alternating(
                        [
                            ChainNode(tuple(rest), (value,)),
                            ChainNode(tuple(seen), (value,)),
                            ChainNode((a,), (value,)),
                            ChainNode((b,), (value,)),
                        ]
                    ),
                )


def _is_cross(geo: Geometry, places: Sequence[int]) -> bool:
    """True when the places lie on one row and one column (the arms), not on one line."""
    row_of, column_of = geo.row_of, geo.column_of
    rows = {row_of[c] for c in places}
    columns = {column_of[c] for c in places}
    if -1 in rows or -1 in columns or len(rows) == 1 or len(columns) == 1:
        return False
    return any(all(row_of[c] == r or column_of[c] == k for c in places) for r in rows for k in columns)

"""Simple colouring and Multi-Colors (HoDoKu "Simple Colors", "Multi Colors"; SudokuWiki
"Simple Colouring", "Multi-Colouring"); Multi-Colors at the end of the module.

On one value, the strong links (units where it has two places) join cells into
clusters; colour each cluster with two colours, alternating along the links: one colour
holds the value everywhere, the other nowhere.

* *Colour trap*: a cell outside the cluster seeing cells of both colours loses the value.
* *Colour wrap*: two cells of one colour see each other: that colour is false, so the
  value leaves every cell of it.

Units: strong links in any unit (rows, columns, boxes, jigsaw regions, diagonals), seen
through any AllDifferent. Premises: the chain of strong links joining the two coloured
cells used (the cluster's spanning tree path), their units, and the units of the seeing.

The step's chain (:class:`~sudoku_cp.reasoning.techniques.eureka.Chain`) is that path: for a trap
an X-Chain between the two colours (every link is strong; every other one is used as a
weak link, which a strong link on one value also is); for a wrap, a discontinuous loop
from one of the two cells back to itself, ``(v)a-(v)...=(v)b-(v)a``: ``a`` is false, and
with it its colour.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import geometry, links, premise, strong_links
from sudoku_cp.reasoning.techniques._unchanged import per_value
from sudoku_cp.reasoning.techniques.board import Board, Deduction
from sudoku_cp.reasoning.techniques.eureka import ChainNode, alternating


def find_simple_colors(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Simple colouring, trap and wrap (see the module docstring)."""
    geo = geometry(board)
    yield from per_value(
        board,
        candidates,
        placed,
        "Simple Colors",
        lambda value: _simple_colors(geo, candidates, placed, value),
    )


def _simple_colors(geo, candidates: list[int], placed: set[int], value: int) -> Iterator[Deduction]:
    """The colour wraps and traps on ``value`` (:func:`find_simple_colors`)."""
    bit = 1 << (value - 1)
    for colour, parent in _clusters(geo, value, candidates, placed):
        if len(colour) < 4:
            continue

        cluster = sorted(colour)
        for i, a in enumerate(cluster):  # wrap
            for b in cluster[i + 1 :]:
                if colour[a] == colour[b] and b in geo.peers[a]:
                    false = [c for c in cluster if colour[c] == colour[a]]
                    path = alternating(_nodes(value, [*_tree_path(parent, a, b), a]), first_strong=False)
                    yield Deduction.of_digit(
                        "Simple Colors (wrap)",
                        value,
                        false,
                        cluster,
                        premise(_path_units(geo, parent, *false), links(geo, [(a, b)])),
                        chain=path,
                    )
                    break
        for t in range(len(candidates)):  # trap
            if t in colour or t in placed or not candidates[t] & bit:
                continue
            near = [c for c in geo.peers[t] if c in colour]
            zero = next((c for c in near if colour[c] == 0), None)
            one = next((c for c in near if colour[c] == 1), None)
            if zero is not None and one is not None:
                yield Deduction.of_digit(
                    "Simple Colors (trap)",
                    value,
                    [t],
                    cluster,
                    premise(_path_units(geo, parent, zero, one), links(geo, [(t, zero), (t, one)])),
                    chain=alternating(_nodes(value, _tree_path(parent, zero, one))),
                )


def _path_units(geo, parent: dict, *ends: int) -> list:
    """The units of the strong links from each end up to the cluster's root."""
    out = []
    for end in ends:
        while parent[end] is not None:
            end, unit = parent[end]
            out.append(geo.units[unit])
    return out


def _tree_path(parent: dict, a: int, b: int) -> list[int]:
    """The cells of the spanning tree's path from ``a`` to ``b``."""

    def up(cell: int) -> list[int]:
        out = [cell]
        while parent[cell] is not None:
            cell = parent[cell][0]
            out.append(cell)
        return out

    from_a, from_b = up(a), up(b)
    on_b = set(from_b)
    meet = next(c for c in from_a if c in on_b)
    return from_a[: from_a.index(meet) + 1] + from_b[: from_b.index(meet)][::-1]


def _nodes(value: int, cells: list[int]) -> list[ChainNode]:
    return [ChainNode((c,), (value,)) for c in cells]


def _clusters(geo, value: int, candidates: list[int], placed: set[int]) -> list[tuple[dict, dict]]:
    """The clusters of strong links on ``value``: each ``(colour, parent)``, ``colour`` 0 or
    1 per cell (alternating along the links), ``parent`` the spanning tree's ``(cell,
    unit)`` toward the cluster's root."""
    adjacent: dict[int, list[tuple[int, int]]] = {}
    for a, b, unit in strong_links(geo, value, candidates, placed):
        adjacent.setdefault(a, []).append((b, unit))
        adjacent.setdefault(b, []).append((a, unit))
    seen: set[int] = set()
    out = []
    for root in sorted(adjacent):
        if root in seen:
            continue
        colour = {root: 0}
        parent: dict[int, tuple[int, int] | None] = {root: None}
        queue = [root]
        for cell in queue:
            for other, unit in adjacent[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    parent[other] = (cell, unit)
                    queue.append(other)
        seen.update(colour)
        out.append((colour, parent))
    return out


def find_multi_colors(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Multi-Colors type 1 (HoDoKu "Multi-Colors 1"; SudokuWiki "Multi-Colouring"): two
    clusters of one value, a cell of colour ``a`` of the first seeing a cell of colour
    ``b`` of the second: ``a`` and ``b`` cannot both hold, so the first's other colour or
    the second's does; a cell seeing a cell of each of those loses the value. Its chain
    is an X-Chain: the first cluster's path to the cell of ``a``, the weak link to the
    cell of ``b``, the second cluster's path on."""
    geo = geometry(board)
    for found in per_value(
        board, candidates, placed, "Multi-Colors", lambda value: _multi_colors(geo, candidates, placed, value)
    ):
        yield found
        return  # the first only


def _multi_colors(geo, candidates: list[int], placed: set[int], value: int) -> Iterator[Deduction]:
    """The first Multi-Colors elimination on ``value`` (:func:`find_multi_colors`)."""
    bit = 1 << (value - 1)
    clusters = _clusters(geo, value, candidates, placed)
    for first, second in ((x, y) for x in clusters for y in clusters if x is not y):
        (ca, pa), (cb, pb) = first, second
        for q, r in ((x, y) for x in sorted(ca) for y in sorted(geo.peers[x]) if y in cb):
            ends_a = [p for p in sorted(ca) if ca[p] != ca[q]]
            ends_b = [s for s in sorted(cb) if cb[s] != cb[r]]
            for t in range(len(candidates)):
                if t in ca or t in cb or t in placed or not candidates[t] & bit:
                    continue
                p = next((p for p in ends_a if p in geo.peers[t]), None)
                s = next((s for s in ends_b if s in geo.peers[t]), None)
                if p is None or s is None:
                    continue
                cells = [*_tree_path(pa, p, q), *_tree_path(pb, r, s)]
                cluster = sorted({*ca, *cb})
                yield Deduction.of_digit(
                    "Multi-Colors",
                    value,
                    [t],
                    cluster,
                    premise(
                        _path_units(geo, pa, p, q),
                        _path_units(geo, pb, r, s),
                        links(geo, [(q, r), (t, p), (t, s)]),
                    ),
                    chain=alternating(_nodes(value, cells)),
                )
                return

"""Wings: XY-Wing, XYZ-Wing, W-Wing.

Names and definitions as in HoDoKu's technique list ("Wings") and Andrew Stuart's
SudokuWiki ("Y-Wing", "XYZ-Wing", "W-Wing"). Two cells *see* each other when an
AllDifferent of the model holds both, so every wing works on every unit (rows, columns,
boxes, jigsaw regions, diagonals, windows, a killer cage's no-repeat rule) and size.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_cp.reasoning.techniques._links import bivalue_cells, geometry, links, premise, strong_links
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of
from sudoku_cp.reasoning.techniques.eureka import ChainNode, alternating


def find_xy_wing(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """XY-Wing (HoDoKu; SudokuWiki "Y-Wing"): a pivot cell with candidates ``{x, y}`` sees
    two pincers ``{x, z}`` and ``{y, z}``; whichever value the pivot takes, one pincer
    holds ``z``, so ``z`` leaves every cell seeing both pincers.

    Units: any AllDifferent for each "sees". Premises: the three cells and their
    candidates; the units joining pivot and pincers and each removed cell to both pincers.
    """
    geo = geometry(board)
    pairs = bivalue_cells(candidates, placed)
    for pivot in pairs:
        xy = candidates[pivot]
        wings = [c for c in pairs if c in geo.peers[pivot] and (candidates[c] & xy).bit_count() == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                za, zb = candidates[a] & ~xy, candidates[b] & ~xy
                if za != zb or candidates[a] == candidates[b]:
                    continue
                z = za.bit_length()
                targets = sorted(
                    t
                    for t in geo.peers[a] & geo.peers[b]
                    if candidates[t] & za and t not in placed and t != pivot
                )
                if targets:
                    cells = (pivot, a, b)
                    x = (candidates[a] & xy).bit_length()
                    y = (candidates[b] & xy).bit_length()
                    path = [((a,), z), ((a,), x), ((pivot,), x), ((pivot,), y), ((b,), y), ((b,), z)]
                    yield Deduction(
                        "XY-Wing",
                        (),
                        tuple((t, z) for t in targets),
                        cells,
                        values_of(xy | za),
                        tuple((c, v) for c in cells for v in values_of(candidates[c])),
                        premise(
                            links(geo, [(pivot, a), (pivot, b)]),
                            links(geo, [(t, e) for t in targets for e in (a, b)]),
                        ),
                        chain=alternating([ChainNode(c, (v,)) for c, v in path]),
                    )


def find_xyz_wing(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """XYZ-Wing (HoDoKu; SudokuWiki): a pivot cell with candidates ``{x, y, z}`` sees two
    pincers ``{x, z}`` and ``{y, z}``; one of the three holds ``z``, so ``z`` leaves every
    cell seeing all three.

    Units: any AllDifferent for each "sees". Premises: the three cells and their
    candidates; the units joining pivot and pincers and each removed cell to all three.
    """
    geo = geometry(board)
    pairs = bivalue_cells(candidates, placed)
    for pivot, xyz in enumerate(candidates):
        if pivot in placed or xyz.bit_count() != 3:
            continue
        wings = [c for c in pairs if c in geo.peers[pivot] and candidates[c] & ~xyz == 0]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                common = candidates[a] & candidates[b]
                if candidates[a] == candidates[b] or not common:
                    continue
                z = common.bit_length()
                targets = sorted(
                    t
                    for t in geo.peers[a] & geo.peers[b] & geo.peers[pivot]
                    if candidates[t] & common and t not in placed
                )
                if targets:
                    cells = (pivot, a, b)
                    x = (candidates[a] & ~common).bit_length()
                    y = (candidates[b] & ~common).bit_length()
                    z = common.bit_length()
                    als = (pivot, b)
                    path = [
                        ChainNode((a,), (z,)),
                        ChainNode((a,), (x,)),
                        ChainNode(als, (x,), als=True),
                        ChainNode(als, (y, z), als=True),
                    ]
                    yield Deduction(
                        "XYZ-Wing",
                        (),
                        tuple((t, z) for t in targets),
                        cells,
                        values_of(xyz),
                        tuple((c, v) for c in cells for v in values_of(candidates[c])),
                        premise(
                            links(geo, [(pivot, a), (pivot, b)]),
                            links(geo, [(t, e) for t in targets for e in (a, b, pivot)]),
                        ),
                        chain=alternating(path),
                    )


def find_w_wing(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """W-Wing (HoDoKu; SudokuWiki): two cells with the same two candidates ``{x, y}``, not
    seeing each other, and a strong link on ``x`` (a unit where ``x`` has two places) whose
    ends see one cell each: if the first cell is not ``y`` it is ``x``, so the link's far
    end is ``x`` and the second cell is ``y``; so ``y`` leaves every cell seeing both.

    Units: any unit for the strong link, any AllDifferent for each "sees". Premises: the
    two cells, the link's two cells; the link's unit and the units joining them and each
    removed cell to both cells.
    """
    geo = geometry(board)
    pairs = bivalue_cells(candidates, placed)
    links_of = {v: strong_links(geo, v, candidates, placed) for v in range(1, board.side + 1)}
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            if candidates[a] != candidates[b] or b in geo.peers[a]:
                continue
            both = [t for t in geo.peers[a] & geo.peers[b] if t not in placed]
            for x in values_of(candidates[a]):
                y = next(v for v in values_of(candidates[a]) if v != x)
                ybit = 1 << (y - 1)
                targets = sorted(t for t in both if candidates[t] & ybit)
                if not targets:
                    continue
                for c1, c2, unit in links_of[x]:
                    if {c1, c2} & {a, b}:
                        continue
                    for e1, e2 in ((c1, c2), (c2, c1)):
                        if e1 in geo.peers[a] and e2 in geo.peers[b]:
                            cells = (a, e1, e2, b)
                            yield Deduction(
                                "W-Wing",
                                (),
                                tuple((t, y) for t in targets),
                                cells,
                                (x, y),
                                ((a, x), (a, y), (e1, x), (e2, x), (b, x), (b, y)),
                                premise(
                                    (geo.units[unit],),
                                    links(geo, [(a, e1), (e2, b)]),
                                    links(geo, [(t, e) for t in targets for e in (a, b)]),
                                ),
                                chain=alternating(
                                    [
                                        ChainNode((a,), (y,)),
                                        ChainNode((a,), (x,)),
                                        ChainNode((e1,), (x,)),
                                        ChainNode((e2,), (x,)),
                                        ChainNode((b,), (x,)),
                                        ChainNode((b,), (y,)),
                                    ]
                                ),
                            )
                            break
                    else:
                        continue
                    break

"""Kraken fish (HoDoKu "Kraken Fish"; SudokuWiki "Kraken Fish"): a finned X-Wing or
Swordfish whose fins do not all see the candidate it would remove, with a forcing chain
from each fin instead.

A fish of size ``k`` on a value: ``k`` base lines whose places lie in ``k`` cover lines
but for some *fins* (places of the bases outside the covers). Either the fish holds (no
fin is the value), and the value leaves the covers' cells outside the bases; or a fin
holds the value. A cover cell outside the bases whose value every fin removes, following
singles and the variant constraints (a forcing chain: :mod:`.forcing`'s propagation),
loses it in both cases.

The step carries the fins' chains as a net (:attr:`Deduction.net`, kind ``"fins"``: a
branch per fin), printed in full as the forcing chains' nets are.

Units: rows and columns as base and cover lines; the fins' chains through every unit.
Only on boards without variant constraints: there each fin's chain runs the variant
propagators, and the finder doubled the explanation time of published arrow and killer
puzzles (``iss/Arrow``: 7.6 s of CPU against 3.7 s) for steps a forcing chain finds next.
Premises: the base and cover lines and the constraints each
fin's chain uses, with the current candidates of their cells.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator

from sudoku_cp.reasoning.techniques._links import geometry, premise
from sudoku_cp.reasoning.techniques._unchanged import Plane, value_planes
from sudoku_cp.reasoning.techniques.board import Board, Deduction
from sudoku_cp.reasoning.techniques.forcing import _Nets
from sudoku_cp.reasoning.techniques.nets import Net, slice_branch

MAX_SIZE = 3
"""The largest fish looked for (3: Swordfish)."""

MAX_FINS = 3
"""The most fins a Kraken fish may have (each costs one forcing chain per target)."""


def find_kraken_fish(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Kraken fish (see the module docstring): the smallest fish first, rows then columns
    as bases."""
    n = board.side
    if len(board.rows) != n or len(board.columns) != n or board.others:
        return  # a fish needs rows and columns; with variant constraints its chains cost too much
    geo = geometry(board)
    engine = _Nets.of(board)
    outcome = engine.outcomes(candidates)
    after = engine.afters(candidates)  # (the same candidates, resumed from the last state's)
    planes = value_planes(candidates, placed, n)
    memo = board.memo.setdefault("kraken shapes", {})
    chains: dict[tuple, dict] = {}  # per shapes' key, fin and value: the targets its chain removes

    for size in range(2, MAX_SIZE + 1):
        for by_rows, (bases, covers) in enumerate(((board.rows, board.columns), (board.columns, board.rows))):
            for value in range(1, n + 1):
                key = (size, by_rows, value)
                plane = planes[value - 1]
                known = memo.get(key)
                if known is None or known[0] != plane:
                    shapes = _shapes(board, geo, size, by_rows, value, plane)
                    targets = functools.reduce(operator.or_, (shape[4] for shape in shapes), 0)
                    known = memo[key] = (plane, shapes, targets)
                if not known[1]:
                    continue
                # (only the shapes' targets matter: a fin's removals there)
                removes = _removals(after, value, known[2], chains.setdefault(key, {}))
                for chosen, cover, spots, fins, targets, seen_by_all in known[1]:
                    # the targets every fin's chain removes the value from (a fin's chain
                    # worked out only while a target is left)
                    gone = targets
                    for fin in fins:
                        if not gone:
                            break
                        gone &= removes(fin)
                    if not gone & ~seen_by_all:
                        continue
                    removed, used = [], []
                    for target in (c for k in cover for c in covers[k].cells if gone >> c & 1):
                        removed.append(target)
                        for fin in fins:  # the constraints each fin's chain uses
                            used += outcome(fin, value)[1]
                    net = _net(engine, candidates, fins, value, removed)
                    if net is None:
                        continue
                    cells = sorted(spots)
                    gone_names = ", ".join(board.model.cell_name(t) for t in removed)
                    digit = board.digit(value)
                    yield Deduction.of_digit(
                        f"Kraken {_NAMES[size]}",
                        value,
                        removed,
                        cells,
                        premise(tuple(bases[i] for i in chosen), tuple(covers[k] for k in cover), used),
                        f"{digit} in {_names(board, cells)}: the {_NAMES[size]} holds or a fin "
                        f"({_names(board, fins)}) does, and each fin's forcing chain (below) removes "
                        f"{digit} from {gone_names} too",
                        net=net,
                    )
                    return


def _removals(after: Callable, value: int, holding: int, removed: dict) -> Callable[[int], int]:
    """``removes(fin)``: the cells of ``holding`` (a bit set: the targets of some shapes,
    open cells holding ``value``) that lose ``value`` when ``fin`` holds it (every cell if
    that contradicts itself), as a bit set; remembered in ``removed`` by fin and value
    (``after``: the suppositions' candidates on this state, :meth:`~.forcing._Propagation.afters`)."""
    bit = 1 << (value - 1)

    def removes(fin: int) -> int:
        key = (fin, value)
        found = removed.get(key)
        if found is None:
            reached = after(fin, value)
            if reached is None:
                found = -1  # (a fin that contradicts itself removes all)
            else:
                found, left = 0, holding
                while left:
                    low = left & -left
                    if not reached[low.bit_length() - 1] & bit:
                        found |= low
                    left ^= low
            removed[key] = found
        return found

    return removes


Shape = tuple[tuple[int, ...], tuple[int, ...], list[int], list[int], int, int]
"""A fish shape a Kraken fish may rest on: ``(bases, covers, spots, fins, targets, seen)``:
the base and cover lines (indices), the value's places in the bases, the fins, the cover
cells outside the bases holding the value (a bit set) and the cells every fin sees (a bit set)."""


def _shapes(board: Board, geo, size: int, by_rows: int, value: int, plane: Plane) -> list[Shape]:
    """The fish shapes of ``size`` on ``value`` (rows as bases if ``by_rows`` is 0, else
    columns) with at most :data:`MAX_FINS` fins and a target some fin does not see, in
    the order the finder tries them: what the value's plane alone decides (its open and
    placed cells), so remembered per plane in ``board.memo`` and only the fins' chains are
    worked out per state."""
    bases, covers = (board.rows, board.columns) if by_rows == 0 else (board.columns, board.rows)
    cover_of = geo.column_of if by_rows == 0 else geo.row_of
    line_bits = [sum(1 << c for c in line.cells) for line in bases]
    cover_bits = [sum(1 << c for c in line.cells) for line in covers]
    open_bits, placed_bits = plane[0], plane[1]  # the open (placed) cells holding the value
    holding = open_bits | placed_bits
    places = {}
    reach = {}  # per base line, its places' cover lines as a bit set
    for index, line in enumerate(bases):
        spots = [c for c in line.cells if holding >> c & 1]
        if any(placed_bits >> c & 1 for c in spots) or not spots:
            continue
        places[index] = spots
        reach[index] = sum({1 << cover_of[c] for c in spots})
    found: list[Shape] = []
    for chosen in itertools.combinations(sorted(places), size):
        spread = 0
        for i in chosen:
            spread |= reach[i]
        # each cover line beyond ``size`` holds a fin at least: too many, skip early
        if not size < spread.bit_count() <= size + MAX_FINS:
            continue  # a basic fish (or less), or too many fins for any cover
        spots = [c for i in chosen for c in places[i]]
        per_line: dict[int, int] = {}  # per cover line, the spots on it as a bit set
        for c in spots:
            per_line[cover_of[c]] = per_line.get(cover_of[c], 0) | 1 << c
        most = sorted((b.bit_count() for b in per_line.values()), reverse=True)
        if len(spots) - sum(most[:size]) > MAX_FINS:
            continue  # every cover leaves too many fins
        lines = sorted(per_line)
        spot_bits = sum(per_line.values())
        outside = open_bits & ~sum(line_bits[i] for i in chosen)  # not in the bases
        for cover in itertools.combinations(lines, size):
            covered = reached = 0
            for k in cover:
                covered |= per_line[k]
                reached |= cover_bits[k]
            fin_bits = spot_bits & ~covered  # (a line outside the cover has a spot)
            targets = outside & reached
            if not targets or fin_bits.bit_count() > MAX_FINS:
                continue
            fins = [c for c in spots if fin_bits >> c & 1]
            seen_by_all = geo.peer_bits[fins[0]]
            for f in fins[1:]:
                seen_by_all &= geo.peer_bits[f]
            if not targets & ~seen_by_all:
                continue  # nothing to remove, or a plain finned fish (found before this)
            found.append((chosen, cover, spots, fins, targets, seen_by_all))
    return found


def _net(engine: _Nets, candidates: list[int], fins: list[int], value: int, removed: list[int]) -> Net | None:
    """The fins' forcing chains, written out: a branch per fin, cut to the removals (or the
    contradiction) it ends in; ``None`` if a branch's record misses a removal."""
    branches = []
    for fin in fins:
        _, record, end = engine.branch(candidates, fin, value)
        try:
            ends = [end] if end is not None else [record.facts[("<>", t, value)] for t in removed]
        except KeyError:
            return None
        branches.append(slice_branch(record.nodes, ends))
    return Net("fins", tuple(branches))


_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _names(board: Board, cells) -> str:
    return ", ".join(board.model.cell_name(c) for c in cells)


__all__ = ["MAX_FINS", "MAX_SIZE", "find_kraken_fish"]

"""The classic finders' memos across the states of a solving path (issue 32, session 16):
a finder asked on a board that remembers earlier states (Kraken fish's fish shapes per
value plane, ALS-XZ's and ALS-XY-Wing's "nothing found since") finds, at every state of
a forum-hardest puzzle's path, exactly what it finds with those memos emptied."""

from __future__ import annotations

import pytest

from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board
from sudoku_cp.reasoning.techniques.als import find_als_xy_wing, find_als_xz
from sudoku_cp.reasoning.techniques.kraken import find_kraken_fish
from sudoku_cp.reasoning.techniques.table import TECHNIQUES, apply, next_step

# the forum's hardest list (/work/briefs/s16/forum_hardest_5.txt), its first puzzle
PUZZLE = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

MEMOS = {
    find_als_xz: ("nothing since", find_als_xz),
    find_als_xy_wing: ("nothing since", find_als_xy_wing),
    find_kraken_fish: "kraken shapes",
}


def _first(finder, board, candidates, placed):
    found = next(finder(board, list(candidates), set(placed)), None)
    return None if found is None else (found.technique, found.eliminations, found.placements, found.cells)


@pytest.mark.slow
def test_finders_with_memos_find_what_they_find_without():
    board = Board(as_puzzle(PUZZLE)[0].model)  # the one board of the path: its memos grow
    candidates = board.initial()
    placed = {c for c, m in enumerate(candidates) if m and not m & (m - 1)}
    compared = skipped = 0
    while len(placed) < len(candidates):
        for finder, key in MEMOS.items():
            skipped += key in board.memo
            remembered = _first(finder, board, candidates, placed)
            kept = dict(board.memo)
            board.memo.pop(key, None)  # the same finder, its memo empty (the rest as it was)
            assert remembered == _first(finder, board, candidates, placed), finder.__name__
            board.memo.clear()
            board.memo.update(kept)
            compared += remembered is not None
        found = next_step(board, candidates, placed, TECHNIQUES)
        assert found is not None
        apply(candidates, placed, found[1])
    assert compared >= 20 and skipped >= 100  # (found on many states; the memos were used)


@pytest.mark.slow
def test_a_nested_net_stop_is_settled(monkeypatch):
    # _nested supposes from a stop as from a settled state (no unit nor constraint to scan
    # but the supposed cell's): singles and every filter have nothing left at a stop
    from sudoku_cp.reasoning.techniques import forcing

    board = Board(as_puzzle(PUZZLE)[0].model)
    candidates = board.initial()
    placed = {c for c, m in enumerate(candidates) if m and not m & (m - 1)}
    before = [t for t in TECHNIQUES if t.id not in ("nested-forcing-net", "minimal-deduction")]
    while (found := next_step(board, candidates, placed, before)) is not None:
        apply(candidates, placed, found[1])
    stops = []
    nested = forcing._Nets._nested

    def checked(self, record, cand, queue, nest):
        stops.append(self.unsettled(cand))
        return nested(self, record, cand, queue, nest)

    monkeypatch.setattr(forcing._Nets, "_nested", checked)
    assert next(forcing.find_nested_forcing_nets(board, candidates, placed), None) is not None
    assert stops and not any(stops)

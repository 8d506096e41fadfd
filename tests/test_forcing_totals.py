"""The forcing engine's place totals (issue 32, classic explanation speed): on a board whose
units hold every value, :meth:`_Propagation._settle` keeps every unit's count of places per
value in one int (:meth:`_Propagation.totals`) up to date as cells change, and reads the
units with something to find off it, instead of counting each unit changed since its last
scan. Checked against the full recomputation (the totals a propagation hands back are those
of its candidates) and against the scans (the same candidates and the same constraints used,
contradictions included), fresh and resumed, along a forum-hardest solving path."""

from __future__ import annotations

import pytest

from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board, forcing
from sudoku_cp.reasoning.techniques.board import values_of
from sudoku_cp.reasoning.techniques.table import solving_path

# the first puzzle of a 30-puzzle sample (seed 32) of the Players' Forum hardest database
# (HardestDatabase110626, ER 11.4 and below): forcing chains and nested nets on most states
FORUM = "........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........"


def engines(board: Board) -> tuple[forcing._Nets, forcing._Nets]:
    """The board's engine reading the totals, and one scanning the changed units."""
    kept = forcing._Nets(board)
    scans = forcing._Nets(board)
    scans.whole = False
    assert kept.whole
    return kept, scans


def same_outcomes(kept, scans, candidates: list[int], earlier=None, most=None) -> tuple[int, int]:
    """Every supposition on ``candidates``: the same answer both ways (fresh, and resumed
    from ``earlier``'s answers if given), the totals handed back those of the candidates;
    how many suppositions and contradictions (at most ``most`` suppositions, if given)."""
    count = contradictions = 0
    moved = None if earlier is None else [c for c, m in enumerate(candidates) if m != earlier[0][c]]
    for cell in (c for c, m in enumerate(candidates) if m & (m - 1)):
        for value in values_of(candidates[cell]):
            answer = kept.run(candidates, cell, value)
            assert answer == scans.run(candidates, cell, value)
            after = answer[0]
            if after is not None:
                assert after.totals == kept.totals(after)
            if earlier is not None and earlier[1].get((cell, value)) is not None:
                again = kept.resume(earlier[1][(cell, value)], candidates, moved)
                assert again[0] == after and again == scans.resume(
                    earlier[1][(cell, value)], candidates, moved
                )
                if again[0] is not None:
                    assert again[0].totals == kept.totals(again[0])
            count += 1
            contradictions += after is None
            if count == most:
                return count, contradictions
    return count, contradictions


def test_totals_are_the_units_places_and_the_answers_those_of_the_scans():
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    kept, scans = engines(board)
    start = board.initial()
    start = kept._settle(list(start), [c for c, m in enumerate(start) if not m & (m - 1)], kept.every_unit)[0]
    assert kept.totals(start) == sum(
        sum(map(kept.counter.spread, (start[c] for c in cells))) << (kept.block * u)
        for u, cells in enumerate(kept.scanned)
    )
    count, contradictions = same_outcomes(kept, scans, start)
    assert count > 100 and contradictions > 0
    # one supposition's state later: every supposition again, and resumed from the start's answers
    cell = next(c for c, m in enumerate(start) if m & (m - 1))
    later = next(a for v in values_of(start[cell]) if (a := kept.run(start, cell, v)[0]) is not None)
    answers = {
        (c, v): kept.run(start, c, v)[0] for c, m in enumerate(start) if m & (m - 1) for v in values_of(m)
    }
    count, _ = same_outcomes(kept, scans, list(later), (start, answers))
    assert count > 20


@pytest.mark.parametrize("name", ["gen_killer", "gen_thermo", "gen_jigsaw", "hex16"])
def test_variant_boards_give_the_scans_answers(name):
    """Cages and thermometers (their filters narrow cells inside a propagation: the totals
    follow), irregular boxes, 16 values: the same answers both ways."""
    board = Board(as_puzzle(datasets.load(name)[0])[0].model)
    kept, scans = engines(board)
    start = board.initial()  # (not settled: a run reads the units left to scan, fresh)
    count, _ = same_outcomes(kept, scans, start, most=60)
    assert count == 60


@pytest.mark.slow
def test_totals_along_a_forum_hardest_path():
    """At every state of the solving path: every supposition fresh and resumed from the
    last state's answers (as :meth:`afters` does), and a nested branch of each of the
    first open cells, the same both ways."""
    model = as_puzzle(FORUM)[0].model
    board = Board(model)
    kept, scans = engines(board)
    candidates, placed = board.initial(), set()
    earlier = None
    states = nested = 0
    for _ in solving_path(board, candidates, placed):
        state = list(candidates)
        same_outcomes(kept, scans, state, earlier)
        earlier = (
            state,
            {
                (c, v): kept.run(state, c, v)[0]
                for c, m in enumerate(state)
                if m & (m - 1)
                for v in values_of(m)
            },
        )
        for cell in [c for c, m in enumerate(state) if m & (m - 1)][:2]:
            value = values_of(state[cell])[0]
            one, two = kept.branch(state, cell, value, nest=1), scans.branch(state, cell, value, nest=1)
            assert one[0] == two[0] and one[2] == two[2] and one[1].nodes == two[1].nodes
            nested += 1
        states += 1
    assert len(placed) == 81 and states > 20 and nested > 40

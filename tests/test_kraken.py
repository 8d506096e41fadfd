"""Kraken fish (issue 32): the finder on a hand-made Kraken X-Wing (HoDoKu's "Kraken
Fish"), replayed against an exhaustive search over its premise (CP-SAT on its lines and
the constraints its fins' chains use: test_advanced's ``follows``), with its fins' chains
written out as a net."""

from __future__ import annotations

import itertools

from test_advanced import follows, state

from sudoku_cp.reasoning.techniques import BY_ID
from sudoku_cp.reasoning.techniques.kraken import find_kraken_fish


def kraken_board():
    # 1 in row 1 only at c1, c5 and the fin c9; in row 5 only at c1, c5: an X-Wing but for
    # the fin. Were r1c9 1, r1c9 would not be 3, row 1's 3 would go to r1c2 (its other
    # place), r4c2 {1, 3} would be 1: so in both cases 1 leaves r4c1 and r4c5.
    board, candidates = state({(1, 9): "13", (4, 2): "13"}, value=1, only={1: (1, 5, 9), 5: (1, 5)})
    for column in range(1, 10):
        if column not in (2, 9):
            candidates[column - 1] &= ~0b100  # 3 in row 1 only at c2, c9
    return board, candidates


def test_kraken_x_wing():
    board, candidates = kraken_board()
    found = list(itertools.islice(find_kraken_fish(board, candidates, set()), 3))
    assert found
    for step in found:
        follows(board, candidates, step)
        assert step.net is not None and step.net.kind == "fins"
    removed = {(c // 9 + 1, c % 9 + 1, v) for step in found for c, v in step.eliminations}
    assert {(4, 1, 1), (4, 5, 1)} <= removed
    assert found[0].technique == "Kraken X-Wing"


def test_no_kraken_without_the_chain():
    board, candidates = state({}, value=1, only={1: (1, 5, 9), 5: (1, 5)})
    assert not list(itertools.islice(find_kraken_fish(board, candidates, set()), 3))


def test_the_row_comes_before_forcing_chains():
    row = BY_ID["kraken-fish"]
    assert row.level == "forcing chains" and row.order == BY_ID["forcing-chain"].order - 1


def test_no_kraken_on_a_board_with_variant_constraints():
    from sudoku_cp import datasets
    from sudoku_cp.io.inputs import as_puzzle
    from sudoku_cp.reasoning.techniques import Board

    _, candidates = kraken_board()
    killer = Board(as_puzzle(datasets.load("gen_killer", limit=1)[0])[0].model)
    assert killer.others and not list(find_kraken_fish(killer, candidates, set()))

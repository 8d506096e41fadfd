"""The single-digit finders' memo (issue 32): a finder skips a value it found nothing on
while the value's plane (its open and placed cells) is unchanged, and so finds exactly
what a finder without the memo finds, at every state of a hard path."""

from __future__ import annotations

import pytest

from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board, single_digit
from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques._unchanged import value_planes
from sudoku_cp.reasoning.techniques.basic_fish import fish
from sudoku_cp.reasoning.techniques.chains import find_x_chain
from sudoku_cp.reasoning.techniques.coloring import find_multi_colors, find_simple_colors
from sudoku_cp.reasoning.techniques.finned_fish import (
    find_finned_jellyfish,
    find_finned_swordfish,
    find_finned_x_wing,
    find_sashimi_swordfish,
    find_sashimi_x_wing,
)
from sudoku_cp.reasoning.techniques.table import solving_path

# two SE 9.0 puzzles (benchmarks/data/se_diabolical_9plus_heldout.txt, lines 1 and 2)
HARD = (
    "000007084000008300700400905043005008000000000900200470306004009007500000410600000",
    "200000008630000029904000607003902400000547000000000000306871204020000060040060080",
)

FINDERS = (
    fish(2),
    fish(3),
    fish(4),
    single_digit.find_skyscraper,
    single_digit.find_two_string_kite,
    single_digit.find_turbot_fish,
    single_digit.find_empty_rectangle,
    find_finned_x_wing,
    find_sashimi_x_wing,
    find_finned_swordfish,
    find_sashimi_swordfish,
    find_finned_jellyfish,
    find_simple_colors,
    find_multi_colors,
    find_x_chain,
)


def test_memoised_finders_find_what_fresh_ones_find_on_a_hard_path():
    assert check_path(HARD[0], 15) == 15


@pytest.mark.slow
def test_memoised_finders_find_what_fresh_ones_find_at_every_state():
    for text in HARD:
        assert check_path(text, 1000) > 20


def check_path(text: str, most: int) -> int:
    """Along the solving path of ``text`` (at most ``most`` states), each finder with the
    path's memo finds what it finds with an empty one; the number of states checked."""
    model = as_puzzle(text)[0].model
    board = Board(model)  # its memo fills along the path
    candidates, placed = board.initial(), set()
    states = 0
    path = solving_path(board, candidates, placed)
    while states < most:
        for finder in FINDERS:
            fresh = Board(model)  # a new board: an empty memo
            memoised = list(finder(board, candidates, placed))
            assert memoised == list(finder(fresh, candidates, placed)), (finder.__name__, states)
        states += 1
        if next(path, None) is None:
            assert len(placed) == 81
            break
    assert geometry(board).nothing  # the memo was used
    return states


def test_an_unchanged_value_is_not_scanned_again(monkeypatch):
    model = as_puzzle(HARD[0])[0].model
    board = Board(model)
    candidates, placed = board.initial(), set()
    path = solving_path(board, candidates, placed)
    while list(single_digit.find_skyscraper(board, candidates, placed)):
        next(path)  # on to a state without a Skyscraper
    scanned = []
    real = single_digit.strong_links
    monkeypatch.setattr(
        single_digit,
        "strong_links",
        lambda geo, value, *rest: scanned.append(value) or real(geo, value, *rest),
    )
    assert list(single_digit.find_skyscraper(board, candidates, placed)) == []
    assert scanned == []  # every value found nothing before, on the same planes
    cell = next(c for c in range(81) if candidates[c].bit_count() > 2)
    low = candidates[cell] & -candidates[cell]
    candidates[cell] &= ~low  # one value's plane changes
    list(single_digit.find_skyscraper(board, candidates, placed))
    assert scanned == [low.bit_length()]


def test_value_planes_split_open_and_placed_cells():
    planes = value_planes([0b011, 0b010, 0b111], {1}, 3)
    assert planes[0] == (0b101, 0, 0)  # value 1: open in cells 0 and 2
    assert planes[1] == (0b101, 0b010, 0b010)  # value 2: placed alone in cell 1
    assert planes[2] == (0b100, 0, 0)

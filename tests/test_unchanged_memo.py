"""The finders' memos (issue 32): a single-digit finder skips a value it found nothing on
while the value's plane (its open and placed cells) is unchanged, a subset finder a unit
while its cells are; the ALS list and the AIC graph are kept for the last state. Each
finds exactly what it finds on a fresh board (empty memos), at every state of a hard
path."""

from __future__ import annotations

import itertools

import pytest

from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board, basic, forcing, single_digit
from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques._unchanged import value_planes
from sudoku_cp.reasoning.techniques.als import find_als_xy_wing, find_als_xz
from sudoku_cp.reasoning.techniques.basic_fish import fish
from sudoku_cp.reasoning.techniques.chains import find_aic, find_x_chain
from sudoku_cp.reasoning.techniques.coloring import find_multi_colors, find_simple_colors
from sudoku_cp.reasoning.techniques.finned_fish import (
    find_finned_jellyfish,
    find_finned_swordfish,
    find_finned_x_wing,
    find_sashimi_swordfish,
    find_sashimi_x_wing,
)
from sudoku_cp.reasoning.techniques.nice_loops import find_continuous_nice_loop
from sudoku_cp.reasoning.techniques.sue_de_coq import find_sue_de_coq
from sudoku_cp.reasoning.techniques.table import solving_path
from sudoku_cp.reasoning.techniques.unique_rectangles import (
    _rectangles,
    find_unique_rectangle_3,
    find_unique_rectangle_5,
    find_unique_rectangle_6,
)
from sudoku_cp.reasoning.techniques.uniqueness import find_hidden_rectangle

# two SE 9.0 puzzles (benchmarks/data/se_diabolical_9plus_heldout.txt, lines 1 and 2)
HARD = (
    "000007084000008300700400905043005008000000000900200470306004009007500000410600000",
    "200000008630000029904000607003902400000547000000000000306871204020000060040060080",
)

FINDERS = (
    basic.locked_candidates,
    basic.naked_subsets(2),
    basic.hidden_subsets(2),
    basic.naked_subsets(4),
    basic.hidden_subsets(4),
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
"""The finders with a memo across states."""

SLOW = (
    find_hidden_rectangle,
    find_unique_rectangle_3,
    find_unique_rectangle_5,
    find_unique_rectangle_6,
    find_aic,
    find_continuous_nice_loop,
    find_als_xz,
    find_als_xy_wing,
    find_sue_de_coq,
)
"""Finders with a cache for the last state or a faster scan (longer: the slow test)."""


def test_memoised_finders_find_what_fresh_ones_find_on_a_hard_path():
    assert check_path(HARD[0], 10) == 10


@pytest.mark.slow
def test_memoised_finders_find_what_fresh_ones_find_at_every_state():
    assert check_path(HARD[1], 25, FINDERS + SLOW) == 25


def check_path(text: str, most: int, finders=FINDERS) -> int:
    """Along the solving path of ``text`` (at most ``most`` states), each finder with the
    path's memo finds what it finds with an empty one; the number of states checked."""
    model = as_puzzle(text)[0].model
    board = Board(model)  # its memo fills along the path
    candidates, placed = board.initial(), set()
    states = 0
    path = solving_path(board, candidates, placed)
    while states < most:
        fresh = Board(model)  # a new board: empty memos
        for finder in finders:
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


def test_forcing_finders_share_the_suppositions_of_a_state(monkeypatch):
    board = Board(as_puzzle(HARD[0])[0].model)
    candidates = board.initial()
    runs = []
    real = forcing._Propagation.run
    monkeypatch.setattr(
        forcing._Propagation, "run", lambda self, *args: runs.append(args[1:3]) or real(self, *args)
    )
    cell = next(c for c in range(81) if candidates[c].bit_count() > 1)
    value = candidates[cell].bit_length()
    first = forcing._Nets(board).outcomes(candidates)(cell, value)
    again = forcing._Nets(board).outcomes(list(candidates))(cell, value)  # another finder, same state
    assert again is first and runs == [(cell, value)]
    candidates[cell] &= ~(1 << (value - 1))  # another state: a new run
    forcing._Nets(board).outcomes(candidates)(cell, candidates[cell].bit_length())
    assert len(runs) == 2


def test_the_constraints_a_propagation_used_are_each_once_in_order():
    engine = forcing._Nets(Board(as_puzzle(HARD[0])[0].model))
    numbers = list(range(len(engine.constraints)))[::-1] * 2
    assert engine._used(dict.fromkeys(numbers)) == list(dict.fromkeys(engine.constraints[k] for k in numbers))


def test_group_states_keep_one_answer_per_list_of_groups():
    """The naked subsets read the AllDifferents, the hidden ones the units, in turn: each
    list keeps its answer for the state, not only the last list asked."""
    from sudoku_cp.reasoning.techniques import _unchanged
    from sudoku_cp.reasoning.techniques._unchanged import group_states

    board = Board(as_puzzle(HARD[0])[0].model)
    candidates, placed = board.initial(), set()
    other = Board(as_puzzle(HARD[1])[0].model)  # lists of another board, as earlier tests leave
    for k in range(7):
        _unchanged._GROUPS[-1 - k] = ((other, (), frozenset()), (), ())
    units = group_states(board, candidates, placed, board.units)
    alldifferents = group_states(board, candidates, placed, board.alldifferents)
    assert group_states(board, candidates, placed, board.units) is units
    assert group_states(board, candidates, placed, board.alldifferents) is alldifferents
    candidates[40] &= candidates[40] - 1  # another state: worked out again
    assert group_states(board, candidates, placed, board.units) is not units


def test_the_rectangles_are_worked_out_once_per_state():
    """Unique Rectangle types 3, 5 and 6 ask for the same rectangles one after the other."""
    board = Board(as_puzzle(HARD[0])[0].model)
    candidates, placed = board.initial(), set()
    path = solving_path(board, candidates, placed)
    while not _rectangles(board, candidates, placed):
        next(path)  # on to a state with a rectangle
    found = _rectangles(board, candidates, placed)
    assert _rectangles(board, candidates, placed) is found
    assert _rectangles(Board(board.model), candidates, placed) == found  # another board: again, the same


def test_sue_de_coq_skips_a_pair_of_units_while_its_cells_are_unchanged(monkeypatch):
    from sudoku_cp.reasoning.techniques import sue_de_coq

    board = Board(as_puzzle(HARD[0])[0].model)
    candidates, placed = board.initial(), set()
    path = solving_path(board, candidates, placed)
    while list(find_sue_de_coq(board, candidates, placed)):
        next(path)  # on to a state without a Sue de Coq
    scanned = []
    real = sue_de_coq._subsets
    monkeypatch.setattr(
        sue_de_coq, "_subsets", lambda cells, *rest: scanned.append(cells) or real(cells, *rest)
    )
    assert list(find_sue_de_coq(board, candidates, placed)) == []
    assert scanned == []  # every pair found nothing before, on the same cells
    assert list(find_sue_de_coq(Board(board.model), candidates, placed)) == []  # a fresh memo: the same


def test_the_rule_of_45_finds_what_a_fresh_board_finds_at_every_state():
    # its implied sums and innie-outie differences skip what found nothing on the same
    # candidates (Board.quiet); a generated killer's whole path, each state against empty
    # memos (the first three deductions: the path takes the first)
    from sudoku_cp import datasets

    model = datasets.load("gen_killer")[1].model
    board, fresh = Board(model), Board(model)
    candidates, placed = board.initial(), set()
    path = solving_path(board, candidates, placed)
    found = states = 0
    while True:
        memoised = list(itertools.islice(basic.innies_and_outies(board, candidates, placed), 3))
        fresh.quiet.clear()  # no memo
        full = list(itertools.islice(basic.innies_and_outies(fresh, candidates, placed), 3))
        assert memoised == full, states
        found += len(memoised)
        states += 1
        if next(path, None) is None:
            break
    assert len(placed) == 81 and found and states > 40
    assert {key[0] for key in board.quiet if isinstance(key, tuple)} >= {"implied", "difference"}

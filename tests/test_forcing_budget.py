"""Nested forcing nets under a budget (issue 32, variant explanation speed): on a board with
variant constraints, a first pass gives each supposition a budget of nested suppositions
and puts the long ones aside; a second pass tries those only if the first finds no net.
The budget changes where the finder looks first, never whether it finds a net. The
passes are tried here on a classic board (``_budgets`` patched), whose nets are quick."""

from __future__ import annotations

import dataclasses
import functools

import pytest

import sudoku_cp
from sudoku_cp import datasets, explain
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.constraints import Relation
from sudoku_cp.reasoning.techniques import Board, forcing

pytestmark = pytest.mark.slow  # about 1 s of CPU: the explanation of a hardest puzzle


@functools.cache
def first_nested_state():
    puzzle = datasets.load("hardest")[5]  # its path meets a nested net at step 3
    path = explain(puzzle)
    index = next(i for i, s in enumerate(path) if s.technique_id == "nested-forcing-net")
    before = path.state(index)[1]
    board = Board(as_puzzle(puzzle)[0].model)
    board.solution = sudoku_cp.solve(puzzle).cells
    masks = [sum(1 << (v - 1) for v in values) for values in before]
    placed = {c for c, values in enumerate(before) if len(values) == 1}
    return board, masks, placed, path.steps[index]


def test_a_tiny_budget_still_finds_the_net(monkeypatch):
    board, masks, placed, _ = first_nested_state()
    monkeypatch.setattr(forcing, "_budgets", lambda board: (1, None))  # nearly all put aside at first
    found = next(forcing.find_nested_forcing_nets(board, masks, placed))
    assert found.net is not None and all(board.solution[c] != v for c, v in found.eliminations)


def test_a_budget_of_zero_leaves_everything_to_the_second_pass(monkeypatch):
    board, masks, placed, step = first_nested_state()
    monkeypatch.setattr(forcing, "_budgets", lambda board: (0, None))
    found = next(forcing.find_nested_forcing_nets(board, masks, placed))
    monkeypatch.setattr(forcing, "_budgets", lambda board: (None,))
    unlimited = next(forcing.find_nested_forcing_nets(board, masks, placed))
    assert found.eliminations == unlimited.eliminations  # the second pass is the search without a budget


def test_no_budget_finds_a_sound_net_too(monkeypatch):
    board, masks, placed, _ = first_nested_state()
    monkeypatch.setattr(forcing, "_budgets", lambda board: (None,))
    found = next(forcing.find_nested_forcing_nets(board, masks, placed))
    assert found.net is not None and all(board.solution[c] != v for c, v in found.eliminations)


def test_only_variant_boards_get_a_budget():
    board, *_ = first_nested_state()
    assert forcing._budgets(board) == (None,)
    killer = Board(as_puzzle(datasets.load("gen_killer", limit=1)[0])[0].model)
    assert forcing._budgets(killer) == (forcing.NET_BUDGET, None)


def test_the_search_gives_up_after_its_suppositions_on_a_variant_board_only(monkeypatch):
    board, masks, placed, _ = first_nested_state()
    assert forcing._supposition_limit(board) is None
    killer = Board(as_puzzle(datasets.load("gen_killer", limit=1)[0])[0].model)
    assert forcing._supposition_limit(killer) == forcing.NET_SUPPOSITIONS
    monkeypatch.setattr(forcing, "_supposition_limit", lambda board: 0)  # out at the first nested one
    assert next(forcing.find_nested_forcing_nets(board, masks, placed), None) is None
    monkeypatch.setattr(forcing, "_supposition_limit", lambda board: 10**6)
    found = next(forcing.find_nested_forcing_nets(board, masks, placed))
    assert found.net is not None and all(board.solution[c] != v for c, v in found.eliminations)


def _nested_runs_twice(monkeypatch, model, masks, placed, solution):
    """The first nested net found from ``masks`` twice on one fresh board of ``model``,
    with the suppositions each call ran."""
    runs = []
    run = forcing._Propagation.run

    def counted(self, *args):
        runs.append(1)
        return run(self, *args)

    monkeypatch.setattr(forcing._Propagation, "run", counted)
    counts, found = [], []
    board = Board(model)  # a fresh board: an empty memo
    board.solution = solution
    for _ in range(2):
        forcing._OUTCOMES = (None, None)  # no answers kept from the call before
        runs.clear()
        found.append(next(forcing.find_nested_forcing_nets(board, masks, placed)))
        counts.append(len(runs))
    return board, found, counts


def test_suppositions_known_free_are_not_run_again_and_the_net_is_the_same(monkeypatch):
    # Propagation is monotone: a supposition that once ended without a contradiction at a
    # state within the current candidates ends there again; on a board with variant
    # constraints the memo skips its run. Here the variant constraint is a pair of peers
    # that differ (r1c1, r1c2), which the row says already. (The second call may find
    # another net first: the skipped runs leave its supposition budget fuller.)
    _, masks, placed, _ = first_nested_state()
    puzzle = as_puzzle(datasets.load("hardest")[5])[0]
    pairs = frozenset((a, b) for a in range(1, 10) for b in range(1, 10) if a != b)
    differ = Relation(0, 1, pairs, label="r1c1 and r1c2 differ")
    model = dataclasses.replace(puzzle.model, constraints=(*puzzle.model.constraints, differ))
    board, found, counts = _nested_runs_twice(
        monkeypatch, model, masks, placed, sudoku_cp.solve(puzzle).cells
    )
    assert board.others  # the memo's case: a board with variant constraints
    solution = board.solution
    for deduction in found:  # each removes only candidates the solution does not hold
        assert deduction.eliminations and all(
            solution[cell] != value for cell, value in deduction.eliminations
        )
    assert counts[1] < counts[0] / 2


def test_a_classic_board_resumes_its_suppositions_and_finds_the_same_net(monkeypatch):
    # On a classic board the inner suppositions resume from their last propagation instead
    # of asking the memo (measured cheaper): the second call finds the same net, in fewer runs.
    _, masks, placed, step = first_nested_state()
    puzzle = as_puzzle(datasets.load("hardest")[5])[0]
    board, found, counts = _nested_runs_twice(
        monkeypatch, puzzle.model, masks, placed, sudoku_cp.solve(puzzle).cells
    )
    assert not board.others
    assert found[0] == found[1] and found[0].eliminations == tuple(
        (board.model.cell_at(r, c), v) for r, c, v in step.eliminations
    )
    assert counts[1] < counts[0]

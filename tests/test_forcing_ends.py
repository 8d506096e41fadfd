"""Nested forcing nets that ended with no net, remembered across steps (issue 32, variant
explanation speed): on a board with variant constraints, a supposition whose branch
ended with no net at a state within the current candidates ends so again (skipped), and
one from a state the current candidates narrow is followed from its last end and the
current candidates together (:func:`forcing._foreseen`). Both are checked here against
the branch from scratch: the same outcome, and, with no net, the same end."""

from __future__ import annotations

import functools

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.model.rules import Cage, Killer
from sudoku_cp.reasoning.techniques import Board, forcing
from sudoku_cp.reasoning.techniques.board import values_of


@functools.cache
def caged_start():
    """A variant board with no given (each row in cages of two cells and one, their totals
    from a solution: a weak killer, whose nested branches often end with no net), that
    solution and its candidates after the cages' propagation."""
    solution = sudoku_cp.solve(datasets.load("hardest")[5]).cells
    cages = tuple(
        Cage(cells=cells, total=sum(solution[r * 9 + c] for r, c in cells))
        for cells in (
            tuple((r, c) for c in range(c0, min(9, c0 + 2))) for r in range(9) for c0 in range(0, 9, 2)
        )
    )
    board = Board(as_puzzle(Puzzle("." * 81, (Killer(cages=cages),)))[0].model)
    board.solution = solution
    engine = forcing._Nets.of(board)
    start = board.initial()
    everything = (1 << (engine.other_shift + len(engine.others))) - 1  # every unit and filter
    start = engine._settle(list(start), [c for c, m in enumerate(start) if not m & (m - 1)], everything)[0]
    return board, solution, list(start)


def _narrowed(engine, start, solution, gone):
    """``start`` less the candidates ``gone`` (``(cell, value)`` pairs), propagated: a later state."""
    state = list(start)
    for c, v in gone:
        state[c] &= ~(1 << (v - 1))
    return list(
        engine._settle(state, [c for c, m in enumerate(state) if not m & (m - 1)], engine.every_unit)[0]
    )


def test_a_remembered_end_foresees_the_branch_from_scratch():
    board, solution, start = caged_start()
    engine = forcing._Nets.of(board)
    engine.left = None
    packed = forcing._packed(start, 9)
    ends: dict = {}
    tries = [(c, v) for c, m in enumerate(start) if m & (m - 1) for v in values_of(m) if v != solution[c]]
    for cell, value in tries[:40]:
        after = engine.branch(start, cell, value, nest=1)[0]
        if after is not None:
            forcing._remember_end(ends, cell, value, packed, after, 9)
    assert len(ends) > 10
    seen = {"skipped": 0, "resumed": 0}
    _, first_end, _ = next(iter(ends.values()))
    outside = [(c, v) for c, v in tries if not first_end[c] >> (v - 1) & 1]  # gone in the first end
    for gone in (outside[:1], tries[:6], tries[:20]):
        later = _narrowed(engine, start, solution, gone)
        here = forcing._packed(later, 9)
        for (cell, value), (_, end, _) in list(ends.items()):
            if not later[cell] >> (value - 1) & 1 or not later[cell] & (later[cell] - 1):
                continue  # no longer a supposition to try there
            within = not forcing._packed(end, 9) & ~here
            mine = dict(ends)
            foreseen = forcing._foreseen(engine, mine, later, here, cell, value)
            truth = engine.branch(later, cell, value, nest=1)[0]
            assert foreseen is (truth is None)
            if truth is not None:  # the same end: the greatest fixpoint below the state
                assert list(mine[(cell, value)][1]) == list(truth)
            seen["skipped" if within else "resumed"] += 1
    assert all(seen.values()), seen


def test_not_within_the_state_it_came_from_is_unknown():
    board, solution, start = caged_start()
    engine = forcing._Nets.of(board)
    tries = [(c, v) for c, m in enumerate(start) if m & (m - 1) for v in values_of(m) if v != solution[c]]
    later = _narrowed(engine, start, solution, tries[40:46])
    here = forcing._packed(later, 9)
    wider = forcing._packed(start, 9)  # holds candidates ``later`` lost: no bound from an end there
    for cell, value in tries[:40]:
        if not later[cell] >> (value - 1) & 1 or not later[cell] & (later[cell] - 1):
            continue
        after = engine.branch(later, cell, value, nest=1)[0]
        if after is not None and forcing._packed(after, 9) & ~wider & ~here:
            ends: dict = {}
            forcing._remember_end(ends, cell, value, here, after, 9)
            assert forcing._foreseen(engine, ends, start, wider, cell, value) is None
            return


def test_an_end_the_candidates_empty_foresees_a_contradiction():
    # the candidates lose the digit a branch's end placed in another cell: the branch from
    # them contradicts itself (its end bounds where it ends now)
    board, solution, start = caged_start()
    engine = forcing._Nets.of(board)
    engine.left = None
    packed = forcing._packed(start, 9)
    tries = [(c, v) for c, m in enumerate(start) if m & (m - 1) for v in values_of(m) if v != solution[c]]
    checked = 0
    for cell, value in tries[:40]:
        end = engine.branch(start, cell, value, nest=1)[0]
        if end is None:
            continue
        placed = [
            (c, m.bit_length())
            for c, m in enumerate(end)
            if c != cell and start[c] & (start[c] - 1) and not m & (m - 1)
        ]
        for gone in placed:
            state = list(start)
            state[gone[0]] &= ~(1 << (gone[1] - 1))
            later = engine._settle(state, [], engine.every_unit)[0]
            if later is not None and later[cell] >> (value - 1) & 1 and later[cell] & (later[cell] - 1):
                break
        else:
            continue
        ends: dict = {}
        forcing._remember_end(ends, cell, value, packed, end, 9)
        here = forcing._packed(later, 9)
        assert forcing._foreseen(engine, ends, later, here, cell, value) is True
        assert engine.branch(later, cell, value, nest=1)[0] is None
        checked += 1
    assert checked > 3

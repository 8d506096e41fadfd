"""The nested forcing nets' memo of contradiction-free suppositions (issue 32, variant
explanation speed): inside a branch, a nested supposition whose last propagation (at an
earlier stop) lies within the current stop ends there again, found from the cells moved
since, with no propagation and no packed state; the board's memo (:func:`forcing._free_states`)
keeps states as reached and packs them on their first check, a resumed state replacing the
one it came from. Checked at every stop of the branches against a propagation from scratch.
A recorded branch rescans, after a filter's removals, only the units of the cells it narrowed:
it ends where the propagation does, with no unit left to scan."""

from __future__ import annotations

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.model.rules import Cage, Killer
from sudoku_cp.reasoning.techniques import Board, forcing
from sudoku_cp.reasoning.techniques.board import values_of


def test_a_state_is_packed_on_its_first_check_and_a_resumed_one_replaces_its_source():
    free: dict = {}
    wide = [0b111, 0b011, 0b110]
    narrow = [0b001, 0b011, 0b100]
    forcing._remember_free(free, 0, 1, wide)
    forcing._remember_free(free, 0, 1, narrow, wide)  # resumed from wide: within it, wide dropped
    assert free[(0, 1)] == [narrow]
    here = forcing._packed([0b001, 0b011, 0b110], 3)
    assert forcing._is_free(free, 0, 1, here, 3)
    assert free[(0, 1)] == [forcing._packed(narrow, 3)]  # packed once checked
    assert not forcing._is_free(free, 0, 1, forcing._packed([0b001, 0b001, 0b110], 3), 3)
    assert not forcing._is_free(free, 0, 2, here, 3)  # nothing known
    forcing._remember_free(free, 0, 1, wide)
    assert not forcing._is_free(free, 0, 1, forcing._packed([0b011, 0b011, 0b010], 3), 3, known=wide)
    for _ in range(forcing.FREE_STATES + 2):
        forcing._remember_free(free, 0, 1, list(wide))
    assert len(free[(0, 1)]) == forcing.FREE_STATES


def caged_hard_start(rows=(8,)):
    """A variant board (a hard classic grid with a cage of two cells in each of ``rows``:
    nested nets) and its state after the givens' propagation."""
    hard = datasets.load("hardest")[5]
    solution = sudoku_cp.solve(hard).cells
    cages = tuple(Cage(cells=((r, 7), (r, 8)), total=solution[r * 9 + 7] + solution[r * 9 + 8]) for r in rows)
    board = Board(as_puzzle(Puzzle(hard, (Killer(cages=cages),)))[0].model)
    assert board.others  # a variant board: the free memo is on
    engine = forcing._Nets(board)
    start = board.initial()
    everything = (1 << (engine.other_shift + len(engine.others))) - 1  # every unit and filter
    start = engine._settle(list(start), [c for c, m in enumerate(start) if not m & (m - 1)], everything)[0]
    return engine, start


def test_a_recorded_branch_ends_where_the_propagation_does():
    engine, start = caged_hard_start((3, 8))
    compared = contradictions = 0
    for cell in (c for c, m in enumerate(start) if m & (m - 1)):
        for value in values_of(start[cell]):
            after, record, end = engine.branch(start, cell, value)
            assert after == engine.run(start, cell, value)[0]
            if after is None:
                contradictions += 1
            else:  # no unit left with a hidden single or a value with no place
                assert not engine.unsettled(after) & engine.every_unit
            compared += 1
    assert compared > 100 and contradictions > 0


def test_every_stop_agrees_with_a_propagation_from_scratch(monkeypatch):
    engine, start = caged_hard_start()
    checked = {"stops": 0, "reached": 0, "free": 0}
    nested, is_free = forcing._Nets._nested, forcing._is_free

    def spied_free(free, cell, value, here, values, known=None):
        answer = is_free(free, cell, value, here, values, known)
        if answer:  # a supposition skipped as free: a fresh run from here is free too
            state = [here >> (16 * c) & 0xFFFF for c in range(len(start))]
            assert engine.run(state, cell, value)[0] is not None
            checked["free"] += 1
        return answer

    def checked_nested(self, record, cand, queue, nest):
        found = nested(self, record, cand, queue, nest)
        stop = len(record.stops) - 1
        checked["stops"] += 1
        for (c, w), (after, k) in record.reached.items():
            if k == stop:  # reached here (resumed, or found within this stop): the fixpoint from it
                assert list(after) == engine.run(record.stops[k], c, w)[0]
                checked["reached"] += 1
        return found

    monkeypatch.setattr(forcing, "_is_free", spied_free)
    monkeypatch.setattr(forcing._Nets, "_nested", checked_nested)
    tries = [(c, v) for c, m in enumerate(start) if m & (m - 1) for v in values_of(m)][:40]
    for cell, value in tries:
        engine.budget = 400
        try:
            engine.branch(start, cell, value, nest=1)
        except forcing._OverBudget:
            pass
    assert checked["stops"] > 10 and checked["reached"] > 200 and checked["free"] > 0

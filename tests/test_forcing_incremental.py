"""The nested forcing nets' incremental propagation (issue 32, classic explanation speed):
inside a branch, a nested supposition found consistent at one stop is propagated again at
the next stop from what it led to (less the candidates removed since), not from scratch
(:meth:`_Propagation.resume`). Singles only remove, so both reach the same candidates, or
both a contradiction (but for the rare one only the earlier start reaches)."""

from __future__ import annotations

from sudoku_cp import datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import Board, forcing
from sudoku_cp.reasoning.techniques.board import values_of


def singles_fixed_point(engine, candidates):
    """The candidates with every single followed, as on the states the nets start from
    (an explanation tries them once no single is left)."""
    singles = [c for c, m in enumerate(candidates) if not m & (m - 1)]
    after = engine._settle(list(candidates), singles, engine.every_unit)[0]
    assert after is not None and any(m & (m - 1) for m in after)
    return after


def test_resume_matches_a_propagation_from_scratch():
    puzzle = datasets.load("hardest")[5]
    board = Board(as_puzzle(puzzle)[0].model)
    engine = forcing._Nets(board)
    start = singles_fixed_point(engine, board.initial())
    opened = [c for c, m in enumerate(start) if m & (m - 1)]
    later_states = []  # states with fewer candidates: what a consistent supposition leads to
    for cell in opened[:6]:
        for value in values_of(start[cell]):
            after = engine.run(start, cell, value)[0]
            if after is not None:
                later_states.append(after)
    assert later_states
    compared = contradictions = gaps = 0
    for later in later_states[:8]:
        for cell in (c for c, m in enumerate(later) if m & (m - 1)):
            for value in values_of(later[cell]):
                before = engine.run(start, cell, value)[0]
                if before is None:
                    continue  # only consistent suppositions are remembered
                fresh = engine.run(later, cell, value)[0]
                moved = [c for c, m in enumerate(later) if m != start[c]]
                again = engine.resume(before, later, moved)[0]
                if fresh is None or again is not None:
                    assert again == fresh
                else:  # a contradiction only the earlier start reaches
                    gaps += 1
                compared += 1
                contradictions += fresh is None
    assert compared > 100 and contradictions > 0 and gaps <= compared // 50


def test_a_settled_state_needs_a_scan_of_the_changed_units_only():
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    engine = forcing._Nets(board)
    start = singles_fixed_point(engine, board.initial())
    assert engine.unsettled(start) == 0 and engine.unsettled(board.initial())  # the givens leave singles
    for cell in (c for c, m in enumerate(start) if m & (m - 1)):
        for value in values_of(start[cell]):
            fast = engine.run(start, cell, value)
            supposed = list(start)
            supposed[cell] = 1 << (value - 1)
            full = engine._settle(supposed, [cell], engine.every_unit)
            assert fast[0] == full[0] and fast[1] == engine._used(full[1])


def test_nested_nets_first_tries_are_those_of_the_full_order():
    """A nested net supposes the first :data:`forcing.NET_TRIES` candidates in the order
    (fewest candidates in the cell, farthest reach, cell, value): the reach is now worked out
    only for the cells of as few candidates as fill them, the same first ones."""
    puzzle = datasets.load("hardest")[5]
    board = Board(as_puzzle(puzzle)[0].model)
    engine = forcing._Nets(board)
    start = singles_fixed_point(engine, board.initial())
    tries = [(c, v) for c, m in enumerate(start) if m & (m - 1) for v in values_of(m)]
    outcome = engine.afters(start)
    whole = sorted(tries, key=lambda cv: (start[cv[0]].bit_count(), -forcing._reach(outcome, start, *cv), cv))
    assert len(tries) > forcing.NET_TRIES
    assert forcing._first_tries(tries, start, outcome) == whole[: forcing.NET_TRIES]
    # a branch resumes its stops from what afters worked out on its start: known_afters hands it out
    known = engine.known_afters(start)
    assert known and all(known[cv] == outcome(*cv) for cv in tries)


def test_place_counter_reads_a_unit_as_a_pass_over_its_cells():
    """A net's unit scan counts each value's places with :class:`forcing._PlaceCounter` (the
    masks spread to one field per value and summed): a value with no place, the values of
    one place and those placed there are those a pass over the cells finds, on random
    states of units of 4 to 25 cells, 16x16 and 25x25 included (masks past 16 values are
    spread one by one, not from a table), and where a unit has fewer cells than values."""
    import random

    rng = random.Random(32)
    for values, size in ((4, 4), (6, 6), (9, 9), (9, 6), (16, 16), (25, 25)):
        counter = forcing._PlaceCounter.of(values, size)
        for _ in range(400):
            masks = [rng.randrange(1, 1 << values) for _ in range(size)]
            for i in rng.sample(range(size), rng.randrange(size)):
                masks[i] = 1 << rng.randrange(values)  # some placed cells
            placed = 0
            for m in masks:
                placed |= m if not m & (m - 1) else 0
            # after the peers' propagation: a placed digit is in no other cell of the unit
            masks = [m if not m & (m - 1) else m & ~placed or m for m in masks]
            once = twice = placed = 0
            for m in masks:
                twice |= once & m
                once |= m
            for m in masks:
                placed |= m if not m & (m - 1) and not m & twice else 0
            total = sum(map(counter.spread, masks))
            present = (total + counter.one) & counter.high
            one_place = present & ~((total + counter.two) & counter.high)
            assert counter.values(present) == once
            assert counter.values(one_place) == once & ~twice
            assert counter.values(one_place & ~(total >> counter.placed_shift)) == once & ~twice & ~placed


def test_the_propagations_of_a_board_share_one_set_up():
    """A finder builds its propagation at every step of a path: the set-up (the
    constraints numbered, the marks, each cell's peers) is worked out on the board's first
    and reused, and the next one propagates alike."""
    board = Board(datasets.load("gen_thermo")[0].model)
    first, second = forcing._Nets(board), forcing._Nets(board)
    assert second.unit_marks is first.unit_marks and second.others is first.others
    start = board.initial()
    cell = next(c for c, m in enumerate(start) if m & (m - 1))
    for value in values_of(start[cell]):
        assert second.run(start, cell, value)[0] == first.run(start, cell, value)[0]

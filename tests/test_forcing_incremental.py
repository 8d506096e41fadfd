"""The nested forcing nets' incremental propagation (issue 32, classic explanation speed):
inside a branch, a nested supposition found consistent at one stop is propagated again at
the next stop from what it led to (less the candidates removed since), not from scratch
(:meth:`_Propagation.resume`). Singles only remove, so both reach the same candidates, or
both a contradiction (a cell holding only two values of one place each contradicts, fresh or
resumed)."""

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
    compared = contradictions = 0
    for later in later_states[:8]:
        for cell in (c for c, m in enumerate(later) if m & (m - 1)):
            for value in values_of(later[cell]):
                before = engine.run(start, cell, value)[0]
                if before is None:
                    continue  # only consistent suppositions are remembered
                fresh = engine.run(later, cell, value)[0]
                moved = [c for c, m in enumerate(later) if m != start[c]]
                again = engine.resume(before, later, moved)[0]
                assert again == fresh
                compared += 1
                contradictions += fresh is None
    assert compared > 100 and contradictions > 0


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
            # the scans' first test: every value in two places or placed, so nothing to find
            quiet = ((total + counter.two) | total >> counter.placed_shift) & counter.high == counter.high
            assert quiet == (once == (1 << values) - 1 and not once & ~twice & ~placed)


def test_a_fresh_run_follows_the_naked_singles_the_state_leaves_unplaced():
    """At a state holding a naked single whose value a peer still has (a propagation
    stopped early, or a person's pencil marks), a fresh run follows it as a run resumed from
    an earlier state does: the answer does not depend on which was asked first."""
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    engine = forcing._Nets(board)
    start = singles_fixed_point(engine, board.initial())
    # make a single of the first open cell without removing its value from its peers
    single = next(c for c, m in enumerate(start) if m & (m - 1))
    state = list(start)
    state[single] &= -state[single]
    assert engine.unplaced(state) == (single,)
    full_queue = [c for c, m in enumerate(state) if not m & (m - 1)]
    compared = 0
    for cell in (c for c, m in enumerate(state) if m & (m - 1)):
        for value in values_of(state[cell]):
            supposed = list(state)
            supposed[cell] = 1 << (value - 1)
            full = engine._settle(supposed, [cell, *full_queue], engine.every_unit)[0]
            assert engine.run(state, cell, value)[0] == full
            branch = engine.branch(state, cell, value)
            assert (branch[0] is None) == (full is None) and (full is None or branch[0] == full)
            compared += 1
    assert compared > 50


def test_a_cell_holding_only_two_values_of_one_place_each_is_a_contradiction():
    """Values 1 and 2 have their one place in row 1 at r1c1, which holds only them: no
    filling places both, so the propagation (fresh, settled, resumed) and a recorded branch
    stop there with a contradiction. (They passed the cell over, as a cell whose candidates
    are all hidden singles "has nothing to remove", and a resumed propagation from an earlier
    state then reached a contradiction that a fresh one and the branch's record missed.)"""
    board = Board(as_puzzle("." * 81)[0].model)
    engine = forcing._Nets(board)
    full = (1 << 9) - 1
    state = [full] * 81
    state[0] = 0b11  # r1c1: 1 or 2
    for c in range(1, 9):
        state[c] = full & ~0b11  # the rest of row 1: neither 1 nor 2
    assert engine.unsettled(state) & 1  # row 1 (scanned unit 0) is left to settle
    assert engine._settle(list(state), [], engine.every_unit)[0] is None
    # a supposition away from row 1 meets it, resumed or fresh, and its branch records why
    assert engine.run(state, 80, 5)[0] is None
    earlier = list(state)
    earlier[1] |= 0b1  # r1c2 may hold 1 too: no contradiction there
    before = engine.run(earlier, 80, 5)[0]
    assert before is not None
    moved = [1]
    assert engine.resume(before, state, moved)[0] is None
    after, record, end = engine.branch(state, 80, 5)
    assert after is None and record.nodes[end].kind == "no place"


def test_a_board_makes_its_engine_once():
    """Kraken fish, forcing chains and nested nets ask for the board's engine at every step:
    it is made once per board, with no budget left from a nested net's pass."""
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    engine = forcing._Nets.of(board)
    engine.budget = 3
    assert forcing._Nets.of(board) is engine and engine.budget is None
    assert forcing._Nets.of(Board(as_puzzle(datasets.load("hardest")[5])[0].model)) is not engine


def test_a_slices_size_is_read_off_the_record():
    """The forcing chains and nested nets compare their candidates' sizes before building
    the smallest: :func:`nets.slice_size` is the size of :func:`nets.slice_branch`'s
    branch, nested branches included."""
    from sudoku_cp.reasoning.techniques.nets import slice_branch, slice_size

    compared = nested = 0
    for record, ends in _recorded_branches(12):
        assert slice_size(record.nodes, ends) == slice_branch(record.nodes, ends).size
        compared += 1
        nested += any(node.nested is not None for node in record.nodes)
    assert compared > 20 and nested


def _recorded_branches(cells: int):
    """``(record, ends)`` of the branches (unnested and nested) from each candidate of the
    first ``cells`` open cells of a hardest puzzle at its singles' fixed point: ``ends`` the
    contradiction's node, or the record's last three nodes."""
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    engine = forcing._Nets.of(board)
    start = singles_fixed_point(engine, board.initial())
    for cell in [c for c, m in enumerate(start) if m & (m - 1)][:cells]:
        for value in values_of(start[cell]):
            for nest in (0, 1):
                _, record, end = engine.branch(start, cell, value, nest=nest)
                yield record, [end] if end is not None else list(range(len(record.nodes)))[-3:]


def test_a_contradiction_its_record_does_not_reach_is_not_a_step(monkeypatch):
    """A forcing chain's step is the net of a branch that contradicts itself: were a
    propagation to report a contradiction the branch's record does not reach (the two
    follow the same filters to the same fixpoint), its net would be the supposition alone,
    the smallest of all; it is passed over instead."""
    board = Board(as_puzzle(datasets.load("hardest")[5])[0].model)
    engine = forcing._Nets.of(board)
    start = singles_fixed_point(engine, board.initial())
    cell, truth = next(  # a supposition that reaches no contradiction
        (c, v)
        for c, m in enumerate(start)
        if m & (m - 1)
        for v in values_of(m)
        if engine.run(start, c, v)[0] is not None
    )
    afters = forcing._Propagation.afters

    def lying(self, candidates):
        after = afters(self, candidates)
        return lambda c, v: None if (c, v) == (cell, truth) else after(c, v)

    monkeypatch.setattr(forcing._Propagation, "afters", lying)
    for deduction in forcing.find_forcing_chains(board, list(start), set()):
        branch = deduction.net.branches[0]
        assert (branch.cell, branch.value) != (cell, truth)
        if deduction.technique == "forcing chain (contradiction)":
            assert branch.contradiction is not None


def test_a_record_of_tuples_slices_to_the_nodes_a_record_of_net_nodes_does():
    """A branch records its implications as named tuples (:class:`nets.RecordNode`, a
    quarter of a :class:`nets.NetNode`'s cost) and its slice makes net nodes of those it
    keeps: the same branch as the slice of the same record made of net nodes, nested
    branches included."""
    from sudoku_cp.reasoning.techniques.nets import NetNode, RecordNode, as_net_node, slice_branch

    compared = nested = 0
    for record, ends in _recorded_branches(8):
        assert all(type(node) is RecordNode for node in record.nodes)
        sliced = slice_branch(record.nodes, ends)
        assert sliced == slice_branch([as_net_node(node) for node in record.nodes], ends)
        assert all(type(node) is NetNode for node in sliced.nodes)
        compared += 1
        nested += any(node.nested is not None for node in sliced.nodes)
    assert compared > 15 and nested

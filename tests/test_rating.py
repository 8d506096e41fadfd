"""The hardest-puzzle rating (Grade.rating): on Sudoku Explainer's scale, the largest step
rating of the path, forcing steps rated by their nets (kind, depth, size)."""

from __future__ import annotations

import pytest

from sudoku_cp import datasets, explain, grade, solve
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.grading import (
    DYNAMIC_FORCING_CHAIN,
    RATING_TECHNIQUES,
    SE_LENGTH_OFFSET,
    SE_MULTIPLE_BASE,
    STATIC_FORCING_CHAIN,
    find_dynamic_forcing_chains,
    find_static_forcing_chains,
    se_complexity,
    se_nested_rating,
    se_nesting_level,
    se_rating,
    se_step_rating,
)
from sudoku_cp.reasoning.techniques.board import Board, Deduction
from sudoku_cp.reasoning.techniques.forcing import find_forcing_chains
from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode
from sudoku_cp.reasoning.techniques.table import (
    BY_ID,
    NET_RATINGS,
    RATINGS,
    SE_ABSENT,
    TECHNIQUES,
    apply,
    length_bonus,
    next_step,
    solving_path,
    step_rating,
)

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDEST = datasets.load("hardest")


def test_singles_rate_as_in_se():
    assert grade(EASY).rating == RATINGS["naked-single"] == 2.3


@pytest.mark.slow
def test_a_nested_net_rates_above_every_plain_forcing_step():
    graded = grade(HARDEST[1])
    assert "nested forcing net" in graded.steps
    assert graded.rating >= NET_RATINGS["nested"]


def test_forcing_chains_rate_between_chains_and_nested_nets():
    puzzle = HARDEST[2]  # forcing steps (forcing chains, Kraken fish), no nested net
    ids = {s.technique_id for s in explain(puzzle)}
    assert ids & {"forcing-chain", "kraken-fish"} and "nested-forcing-net" not in ids
    assert NET_RATINGS["chain"] <= grade(puzzle).rating < NET_RATINGS["nested"]


def test_length_bonus_grows_with_length():
    bonuses = [length_bonus(n) for n in range(1, 300)]
    assert bonuses == sorted(bonuses) and bonuses[0] == 0.0 and bonuses[-1] >= 1.0


def test_every_row_below_the_forcing_steps_has_an_se_rating():
    for technique in TECHNIQUES:
        if technique.level not in ("naked singles", "forcing chains", "minimal deduction"):
            assert technique.id in RATINGS or technique.id == "rule-of-45", technique.id
    assert RATINGS["minimal-deduction"] > RATINGS["nested-forcing-net"] > RATINGS["forcing-chain"]
    assert BY_ID["minimal-deduction"].search_backed


def _net(
    size: int,
    *,
    depth: int = 1,
    first: int = 0,
    value: int = 5,
    dynamic: bool = False,
    inner: int = 3,
    inner_dynamic: bool = False,
) -> Net:
    """A contradiction net of ``size`` nodes over cells ``first``, ``first + 1``...: a chain
    of removals (one premise each; the last node's premises are two earlier nodes when
    ``dynamic``), its first removal proven by a nested branch ``depth - 1`` levels deep (of
    ``inner`` nodes, dynamic when ``inner_dynamic``, nesting the same way)."""
    nodes = [NetNode("=", first, value, "suppose")]
    nested = None
    if depth > 1:
        nested = _net(
            inner, depth=depth - 1, first=first + 40, value=value, dynamic=inner_dynamic, inner=inner
        ).branches[0]
    for i in range(1, size - 1):
        because = (i - 1, 0) if dynamic and i == size - 2 and i > 1 else (i - 1,)
        rule = "nested" if nested is not None and i == 1 else "peer"
        nodes.append(
            NetNode("<>", first + i, value, rule, because=because, nested=nested if i == 1 else None)
        )
    nodes.append(NetNode("no candidate", first + size - 2, None, "no candidate", because=(size - 2,)))
    return Net("contradiction", (Branch(first, value, tuple(nodes)),))


# the rule of explain's steps (the net's whole size) and the rating path's (SE's length)
RULES = pytest.mark.parametrize("rule, offset", [(step_rating, 0), (se_step_rating, SE_LENGTH_OFFSET)])


def _rate(net: Net, rule=step_rating) -> float:
    branch = net.branches[0]
    deduction = Deduction(
        "forcing chain", (), ((branch.cell, branch.value),), (branch.cell,), (branch.value,), (), (), net=net
    )
    return rule(BY_ID["forcing-chain"], deduction)


@RULES
def test_a_step_rates_by_its_structure_alone(rule, offset):
    # the same kind, depth and size on other cells and values: the same rating
    for size in (3, 7, 20, 60):
        for depth in (1, 2, 3):
            ratings = {
                _rate(_net(size, depth=depth, first=f, value=v), rule) for f in (0, 9, 30) for v in (1, 5, 9)
            }
            assert len(ratings) == 1, (size, depth, ratings)


@RULES
def test_a_step_rating_is_monotone_in_size_and_depth(rule, offset):
    for depth in (1, 2, 3):
        ratings = [_rate(_net(size, depth=depth), rule) for size in range(3, 200)]
        assert ratings == sorted(ratings)
        # the rating path rates a nested net by what it nests (se_nested_rating), not its size
        assert ratings[-1] > ratings[0] or (rule is se_step_rating and depth > 1)
    for size in (5, 30, 100):
        by_depth = [_rate(_net(size, depth=depth), rule) for depth in (1, 2, 3, 4)]
        assert by_depth == sorted(by_depth) and len(set(by_depth)) == 4
        # a net (a node needing several others) rates above the chain of the same size
        assert _rate(_net(size, dynamic=True), rule) > _rate(_net(size), rule)
    # SE's length: the net's size less the supposition and the target
    assert _rate(_net(7), rule) == round(NET_RATINGS["chain"] + length_bonus(7 - offset), 1)


def test_a_nested_net_rates_by_ses_nesting_level_and_the_size_of_what_it_nests():
    nested = NET_RATINGS["nested"]  # SE's nested forcing chains, level 2: 9.5
    for inner in (3, 6, 12, 40):
        bonus = length_bonus(inner - SE_LENGTH_OFFSET)  # one nested branch: its size is the mean
        for size in (3, 10, 60):  # the outer size does not count
            chains = _net(size, depth=2, inner=inner)  # chains nested: SE's level 2
            assert se_nesting_level(chains) == 2
            assert _rate(chains, se_step_rating) == round(nested + bonus, 1)
            # a net nested (a node needing two others): SE's nested dynamic chains, level 4
            if inner >= 4:
                dynamic = _net(size, depth=2, inner=inner, inner_dynamic=True)
                assert se_nesting_level(dynamic) == 4
                assert _rate(dynamic, se_step_rating) == round(nested + 1.0 + bonus, 1)
    # deeper: SE's level 5 and up, half a point each; the nested branch's size counts its own nesting
    deeper = _net(10, depth=3, inner=5)
    assert se_nesting_level(deeper) == 5
    assert _rate(deeper, se_step_rating) == round(nested + 1.5 + length_bonus(10 - SE_LENGTH_OFFSET), 1)
    # monotone in depth, and in the size of what is nested
    for inner in (3, 8, 30):
        by_depth = [_rate(_net(20, depth=depth, inner=inner), se_step_rating) for depth in (1, 2, 3, 4)]
        assert by_depth == sorted(by_depth) and len(set(by_depth)) == 4
    by_size = [_rate(_net(20, depth=2, inner=inner), se_step_rating) for inner in range(3, 200)]
    assert by_size == sorted(by_size) and by_size[-1] > by_size[0]


def test_the_nested_nets_of_a_path_rate_together_by_the_mean_size_they_nest():
    small, large = _net(50, depth=2, inner=6), _net(5, depth=2, inner=30, inner_dynamic=True)
    # the deepest level (4), the mean nested size (18 nodes)
    assert se_nested_rating([small, large]) == round(10.5 + length_bonus(18 - SE_LENGTH_OFFSET), 1)
    assert se_nested_rating([small]) < se_nested_rating([small, large]) < se_nested_rating([large])
    with pytest.raises(ValueError):
        se_nested_rating([_net(5)])


@pytest.mark.slow
def test_grade_rates_the_nested_nets_of_its_rating_path_together():
    puzzle = as_puzzle(HARDEST[1])[0]
    board = Board(puzzle.model)
    candidates = board.initial()
    placed = {c for c, v in enumerate(puzzle.grid.cells) if v}
    steps = list(solving_path(board, candidates[:], set(placed), RATING_TECHNIQUES))
    nets = [d.net for _, d in steps if d.net is not None and d.net.depth > 1]
    others = [se_step_rating(t, d) for t, d in steps if d.net is None or d.net.depth == 1]
    assert nets and len(placed) < len(candidates)
    expected = max(max(others), se_nested_rating(nets))
    assert grade(HARDEST[1]).rating == se_rating(board, candidates, placed) == expected >= 10.5


def test_the_rating_path_leaves_out_what_se_lacks_and_compares_every_contradiction():
    ids = {row.id for row in RATING_TECHNIQUES}
    assert not ids & set(SE_ABSENT) and "forcing-chain" in ids and "x-wing" in ids
    puzzle = as_puzzle(HARDEST[2])[0]
    board = Board(puzzle.model)
    candidates = board.initial()
    placed = {c for c, v in enumerate(puzzle.grid.cells) if v}
    # at the first forcing step of the rating path, every contradiction compared gives a
    # net no larger than the first few (explain's choice)
    forcing = (STATIC_FORCING_CHAIN, DYNAMIC_FORCING_CHAIN, "forcing-chain")
    while (found := next_step(board, candidates, placed, RATING_TECHNIQUES))[0].id not in forcing:
        apply(candidates, placed, found[1])
    row = next(row for row in RATING_TECHNIQUES if row.id == "forcing-chain")
    few = next(find_forcing_chains(board, candidates, placed)).net
    every = next(find_forcing_chains(board, candidates, placed, choices=0)).net
    assert every == next(row.find(board, candidates, placed)).net and every.size <= few.size


def test_grade_rates_on_the_path_se_would_take():
    puzzle = HARDEST[2]  # its solving path uses Kraken fish, which SE has not
    graded = grade(puzzle)
    assert "Kraken Fish" in graded.steps
    parsed = as_puzzle(puzzle)[0]
    board = Board(parsed.model)
    placed = {c for c, v in enumerate(parsed.grid.cells) if v}
    assert graded.rating == se_rating(board, board.initial(), placed) >= NET_RATINGS["chain"]


def test_band_is_the_grades_band_without_the_rating_path(monkeypatch):
    from sudoku_cp.reasoning import grading

    kraken = "....1....49.....13..1...6.....6.3.....68791..9.......6.6.354.2..2.....6.5.9...8.4"
    puzzles = [EASY, HARDEST[0], kraken]  # grade rates the last on SE's path (Kraken fish)
    expected = [grade(puzzle).band for puzzle in puzzles]

    def no_second_path(*args):
        raise AssertionError("band() ran the rating's second path")

    monkeypatch.setattr(grading, "se_rating", no_second_path)
    assert [grading.band(puzzle) for puzzle in puzzles] == expected


def _first_static_chain(puzzle: str):
    """The state where the rating path of ``puzzle`` first takes a static forcing chain, and it."""
    parsed = as_puzzle(puzzle)[0]
    board = Board(parsed.model)
    candidates = board.initial()
    placed = {c for c, v in enumerate(parsed.grid.cells) if v}
    while (found := next_step(board, candidates, placed, RATING_TECHNIQUES))[0].id != STATIC_FORCING_CHAIN:
        apply(candidates, placed, found[1])
    return parsed, board, candidates, placed, found[1]


KRAKEN = "....1....49.....13..1...6.....6.3.....68791..9.......6.6.354.2..2.....6.5.9...8.4"


@pytest.mark.parametrize("puzzle", [KRAKEN, HARDEST[2]])
def test_a_static_forcing_chain_is_sound_and_every_node_has_one_premise(puzzle):
    parsed, board, candidates, placed, step = _first_static_chain(puzzle)
    solution = solve(puzzle).cells
    assert step.eliminations and all(solution[c] != v for c, v in step.eliminations)
    net = step.net
    assert net.kind in ("cell", "unit") and net.depth == 1
    # one branch per candidate of the cell (place of the value in the unit), each a chain
    assert len(net.branches) == len(step.candidates) >= 2
    for branch in net.branches:
        assert all(len(node.because) == 1 for node in branch.nodes[1:])
        assert all(node.because == (i,) for i, node in enumerate(branch.nodes[1:]))
    # rated as SE rates its multiple forcing chains: 8.0 plus the length increment
    row = next(row for row in RATING_TECHNIQUES if row.id == STATIC_FORCING_CHAIN)
    assert se_step_rating(row, step) == round(SE_MULTIPLE_BASE + length_bonus(net.size - SE_LENGTH_OFFSET), 1)
    # the smallest: no other static chain of this state is shorter
    assert next(find_static_forcing_chains(board, candidates, placed)).net.size == net.size


def test_the_rating_path_takes_a_static_chain_before_a_dynamic_net():
    rows = [row.id for row in RATING_TECHNIQUES]
    static, dynamic = rows.index(STATIC_FORCING_CHAIN), rows.index(DYNAMIC_FORCING_CHAIN)
    assert static + 1 == dynamic == rows.index("forcing-chain") - 1
    # Sudoku Explainer rates this one 8.3: a static region forcing chain
    assert grade(KRAKEN).rating == 8.3


def _cell_net(size: int, *, dynamic: bool = False) -> Net:
    """A cell forcing net of two branches of ``size // 2`` nodes each (a chain of removals;
    with ``dynamic``, one node needs two earlier ones)."""
    branches = []
    for value in (1, 2):
        net = _net(size // 2 + 1, value=value, dynamic=dynamic)
        branches.append(Branch(0, value, net.branches[0].nodes[:-1]))
    return Net("cell", tuple(branches))


def test_a_static_cell_chain_rates_by_its_size_from_se_base_and_below_a_dynamic_one():
    row = next(row for row in RATING_TECHNIQUES if row.id == STATIC_FORCING_CHAIN)

    def rate(net: Net) -> float:
        return se_step_rating(
            row, Deduction("static forcing chain", (), ((5, 1),), (0,), (1, 2), (), (), net=net)
        )

    ratings = [rate(_cell_net(size)) for size in range(4, 200, 2)]
    assert ratings == sorted(ratings) and ratings[0] == SE_MULTIPLE_BASE and ratings[-1] > ratings[0]
    for size in (6, 20, 60):
        net = _cell_net(size)
        assert rate(net) == round(SE_MULTIPLE_BASE + length_bonus(net.size - SE_LENGTH_OFFSET), 1)
        assert rate(_cell_net(size, dynamic=True)) > rate(net)


# A top1465 puzzle (Sukaku Explainer rates it 9.2), and its candidates where SE's rating
# path takes its second dynamic step, as SE prints them (``serate --before=%m``: 9 characters
# a cell, a candidate's digit or "."): there SE's easiest hint is the contradiction
# "r9c3.4 on ==> r1c3.3 both on & off", complexity 18, rated 8.9.
SE_PUZZLE = "........7.2..854..8.5..92.....1.867.....4....7.....3.8..9.1...23......1..6..5...."
SE_STATE = (
    "...4.6..9..34....9..34.6....234.6....23..6...1............5..8.....5..8.......7.."
    "1....6....2.......1.....7....3..67.........8.....5.......4.......3..6..91.3..6..9"
    ".......8.1.34..7......5......34.67....3..67..........9.2.........3..6...1.3..6..."
    ".2.45...9..345...9.234.....1.........23.....9.......8......6.........7.....45...9"
    ".2..56..9..3.5..89.23..6.8..23.567.9...4......23..67..1.........2..5...9....5...9"
    "......7..1..4....912.4.6....2..56..9.2...6..9.2...6.....3.......2.45...9.......8."
    "...45.......45.78.........9..3..678.1..........34.67......5.78...3456.8..2......."
    "..3.........45.78..2.4...8..2...6789.2...67.9.2.4.67......5.7891...........456..."
    "12.4..........6...12.4..78..23...789....5.....234..7........789..34...8...34....."
)


def _se_state():
    board = Board(as_puzzle(SE_PUZZLE)[0].model)
    candidates = [
        sum(1 << (int(d) - 1) for d in SE_STATE[9 * cell : 9 * cell + 9] if d != ".") for cell in range(81)
    ]
    placed = {cell for cell, mask in enumerate(candidates) if not mask & (mask - 1)}
    return board, candidates, placed


def test_the_dynamic_level_finds_ses_easiest_hint_with_ses_complexity():
    board, candidates, placed = _se_state()
    step = next(find_dynamic_forcing_chains(board, candidates, placed))
    row = next(row for row in RATING_TECHNIQUES if row.id == DYNAMIC_FORCING_CHAIN)
    assert se_step_rating(row, step) == 8.9  # SE's rating of its easiest hint here
    assert se_complexity(step.net) <= 18
    solution = solve(SE_PUZZLE).cells
    assert all(solution[c] != v for c, v in step.eliminations)
    assert all(solution[c] == v for c, v in step.placements)
    # a contradiction's complexity counts the ancestors of its on and of its off, as SE's
    if step.net.kind == "contradiction":
        nodes = step.net.branches[0].nodes
        assert nodes[-1].ends and len(nodes[-1].because) == 2


def test_a_dynamic_step_rates_from_se_dynamic_base_by_its_complexity():
    row = next(row for row in RATING_TECHNIQUES if row.id == DYNAMIC_FORCING_CHAIN)

    def contradiction(n: int) -> Net:  # a chain of n implications; its last on and off conflict
        nodes = [NetNode("=", 0, 1, "suppose")]
        nodes += [NetNode("<>", i, 1, "peer", because=(i - 1,)) for i in range(1, n)]
        nodes.append(NetNode("no candidate", 0, 1, "no candidate", because=(0, n - 1)))
        return Net("contradiction", (Branch(0, 1, tuple(nodes)),))

    def rate(net: Net) -> float:
        return se_step_rating(
            row, Deduction("dynamic forcing chain", (), ((0, 1),), (0,), (1,), (), (), net=net)
        )

    # on: the supposition alone (1); off: the whole chain (n): SE's complexity n + 1
    assert [se_complexity(contradiction(n)) for n in (3, 10)] == [4, 11]
    ratings = [rate(contradiction(n)) for n in range(2, 120)]
    assert ratings == sorted(ratings) and ratings[0] == NET_RATINGS["net"]
    assert rate(contradiction(20)) == round(NET_RATINGS["net"] + length_bonus(21 - SE_LENGTH_OFFSET), 1)
    # a cell or unit net: the ancestors of its target in every branch (its size)
    assert se_complexity(_cell_net(20)) == _cell_net(20).size


@pytest.mark.slow
def test_the_rating_path_rates_a_dynamic_puzzle_as_se_and_its_dynamic_steps_are_sound():
    parsed = as_puzzle(SE_PUZZLE)[0]
    board = Board(parsed.model)
    candidates = board.initial()
    placed = {c for c, v in enumerate(parsed.grid.cells) if v}
    solution = solve(SE_PUZZLE).cells
    rows = set()
    for row, step in solving_path(board, candidates, placed, RATING_TECHNIQUES):
        rows.add(row.id)
        assert all(solution[c] != v for c, v in step.eliminations)
        assert all(solution[c] == v for c, v in step.placements)
    assert DYNAMIC_FORCING_CHAIN in rows and len(placed) == 81
    assert grade(SE_PUZZLE).rating == 9.2  # Sukaku Explainer's rating


def test_the_dynamic_level_leaves_a_variant_board_to_the_forcing_chain():
    killer = datasets.load("gen_killer")[0]  # cages: SE's chaining knows houses only
    board = Board(killer.model)
    placed = {c for c, v in enumerate(killer.grid.cells) if v}
    assert board.others and list(find_dynamic_forcing_chains(board, board.initial(), placed)) == []

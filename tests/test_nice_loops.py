"""Continuous nice loops (issue 32): the finder on hand-made loops from its definition
(HoDoKu's "Continuous Nice Loop"), each step replayed against an exhaustive search over its
premise (CP-SAT on its units and the current candidates: test_advanced's ``follows``),
and its loop written link by link in Eureka notation."""

from __future__ import annotations

from test_advanced import follows, state

from sudoku_cp.reasoning.techniques import BY_ID
from sudoku_cp.reasoning.techniques.nice_loops import find_continuous_nice_loop


def found_loop(board, candidates):
    steps = list(find_continuous_nice_loop(board, candidates, set()))
    assert len(steps) == 1
    follows(board, candidates, steps[0])
    return steps[0], {(c // 9 + 1, c % 9 + 1, v) for c, v in steps[0].eliminations}


def test_a_loop_through_two_cells():
    # 1 and 2 lie in row 1 only at r1c1 and r1c5: (1)r1c1 = (1)r1c5 - (2)r1c5 = (2)r1c1 - (1)r1c1;
    # the weak links inside the two cells become strong: each keeps only 1 and 2
    board, candidates = state({(1, 1): "1234", (1, 5): "1259"})
    for column in (2, 3, 4, 6, 7, 8, 9):
        candidates[column - 1] &= ~0b11
    step, out = found_loop(board, candidates)
    assert out == {(1, 1, 3), (1, 1, 4), (1, 5, 5), (1, 5, 9)}
    assert step.chain.nodes[0] == step.chain.nodes[-1]  # a loop: back to where it starts
    assert step.chain.strong == (True, False, True, False)


def test_an_x_cycle():
    # 1 in row 1 only at c1, c5 and in row 5 only at c1, c5: the loop r1c1 = r1c5 - r5c5 =
    # r5c1 - r1c1 makes each column link strong, so 1 leaves the rest of columns 1 and 5
    board, candidates = state({}, value=1, only={1: (1, 5), 5: (1, 5)})
    _, out = found_loop(board, candidates)
    assert out == {(r, c, 1) for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)}


def test_no_loop_on_a_blank_board():
    board, candidates = state({})
    assert not list(find_continuous_nice_loop(board, candidates, set()))


def test_the_row_precedes_aic():  # HoDoKu's order: AIC, tried first, would leave it no loop
    row = BY_ID["continuous-nice-loop"]
    assert row.level == "chains" and row.order == BY_ID["aic"].order - 1


def test_a_state_without_an_aic_has_no_loop():
    # the row asks AIC's search first and skips its own where AIC finds nothing: checked
    # against the loop search run anyway, at every state of a forum-hardest path; and the
    # row's search from every start at once (sharing AIC's) finds the loop and the chain
    # the per-start searches find
    from sudoku_cp.io.inputs import as_puzzle
    from sudoku_cp.reasoning.stepwise import explain
    from sudoku_cp.reasoning.techniques.board import Board

    puzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
    path = explain(puzzle)
    board = Board(as_puzzle(puzzle)[0].model)
    loops = 0
    for index in range(len(path)):
        digits, values = path.state(index)
        candidates = [sum(1 << (v - 1) for v in vs) for vs in values]
        placed = {c for c, digit in enumerate(digits) if digit}
        loops += _same_as_per_start(board, candidates, placed)
    assert loops > 0  # the check is not vacuous


def _same_as_per_start(board, candidates, placed) -> bool:
    """Whether the per-start loop search finds a loop on this state, having checked that
    an AIC is found there too, and that the row's search (``shortest_aic_with`` and the loop
    check: one search from every start for both) finds the same loop and chain, on a
    fresh graph and on one whose AIC is known."""
    from sudoku_cp.reasoning.techniques.chains import _Graph, _shortest_chain, shortest, shortest_aic_with
    from sudoku_cp.reasoning.techniques.nice_loops import _loop, _loop_check

    def fresh():
        return _Graph(board, candidates, placed, "aic")

    # (_shortest_chain: the per-start chain search's answer, test_chain_search)
    loop, chain = shortest(fresh(), _loop), _shortest_chain(fresh())
    assert loop is None or chain is not None
    graph = fresh()
    assert shortest_aic_with(graph, _loop_check(graph)) == (chain, loop)
    assert shortest_aic_with(graph, _loop_check(graph)) == (chain, loop if chain else None)
    return loop is not None


def test_the_search_at_once_finds_the_per_start_loop_on_a_jigsaw():
    # grouped nodes where a jigsaw region meets a row or column, on the states of
    # generated jigsaws' paths (one AIC at a time)
    from test_chain_search import _states

    assert sum(_same_as_per_start(*state) for state in _states(6, "gen_jigsaw")) > 0

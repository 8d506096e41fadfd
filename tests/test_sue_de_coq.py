"""Sue de Coq (issue 32): the finder on hand-made patterns from its definition (HoDoKu's
"Sue de Coq"), each step replayed against an exhaustive search over its premise (CP-SAT on
its two units and the current candidates: test_advanced's ``follows``)."""

from __future__ import annotations

from test_advanced import follows, state

from sudoku_cp import datasets, explain
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import BY_ID, Board
from sudoku_cp.reasoning.techniques.sue_de_coq import find_sue_de_coq


def removed(board, candidates) -> set[tuple[int, int, int]]:
    out = set()
    for found in find_sue_de_coq(board, candidates, set()):
        follows(board, candidates, found)
        out.update((c // 9 + 1, c % 9 + 1, v) for c, v in found.eliminations)
    return out


def test_basic_sue_de_coq():
    # r1c1, r1c2 hold {1, 2, 3, 4}; r1c6 {1, 2} (row 1, outside box 1); r3c1 {3, 4} (box 1,
    # outside row 1): 1 and 2 leave the rest of row 1, 3 and 4 the rest of box 1
    marks = {(1, 1): "1234", (1, 2): "1234", (1, 6): "12", (3, 1): "34"}
    board, candidates = state(marks)
    out = removed(board, candidates)
    assert {(1, c, v) for c in (3, 4, 5, 7, 8, 9) for v in (1, 2)} <= out
    assert {(r, c, v) for r in (2, 3) for c in (1, 2, 3) if (r, c) != (3, 1) for v in (3, 4)} <= out
    assert not {(r, 4, v) for r in (2, 3) for v in (3, 4)} & out  # outside box 1: untouched by 3, 4


def test_sue_de_coq_with_a_value_only_the_crossing_holds():
    # r1c1..r1c3 hold {1, 2, 3, 4, 5}; r1c7 {1, 2}, r2c2 {3, 4}: 5 lies only in the
    # crossing, so it leaves both the rest of row 1 and the rest of box 1
    marks = {(1, 1): "12345", (1, 2): "12345", (1, 3): "12345", (1, 7): "12", (2, 2): "34"}
    board, candidates = state(marks)
    out = removed(board, candidates)
    assert (1, 9, 5) in out and (3, 3, 5) in out
    assert (1, 9, 3) not in out and (3, 3, 1) not in out


def test_no_sue_de_coq_when_the_two_sides_share_a_value():
    marks = {(1, 1): "1234", (1, 2): "1234", (1, 6): "12", (3, 1): "24"}
    board, candidates = state(marks)
    assert not [f for f in find_sue_de_coq(board, candidates, set()) if 1 in (c for c, _ in f.eliminations)]


def test_sue_de_coq_is_a_row_of_the_table():
    row = BY_ID["sue-de-coq"]
    assert row.find is find_sue_de_coq and row.level == "ALS" and not row.needs_unique


def test_sue_de_coq_on_a_real_path():
    # a top1465 puzzle whose path meets a Sue de Coq (explain checks each step too)
    puzzle = datasets.load("top1465", sample=100)[28]
    path = explain(puzzle)
    board = Board(as_puzzle(puzzle)[0].model)
    checked = 0
    for i, step in enumerate(path):
        if step.technique_id != "sue-de-coq":
            continue
        _, before = path.state(i)
        masks = [sum(1 << (v - 1) for v in values) for values in before]
        placed = {c for c, values in enumerate(before) if len(values) == 1}
        found = next(
            d
            for d in find_sue_de_coq(board, masks, placed)
            if {(c // 9, c % 9, v) for c, v in d.eliminations} == set(step.eliminations)
        )
        follows(board, masks, found)
        assert all(path.solution.cells[r * 9 + c] != v for r, c, v in step.eliminations)
        checked += 1
    assert checked

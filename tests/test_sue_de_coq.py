"""Sue de Coq (issue 32): the finder on hand-made patterns from its definition (HoDoKu's
"Sue de Coq"), each step replayed against an exhaustive search over its premise (CP-SAT on
its two units and the current candidates: test_advanced's ``follows``)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from test_advanced import follows, state

from sudoku_cp import datasets, explain, solve
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.techniques import BY_ID, Board, sue_de_coq
from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques.sue_de_coq import find_sue_de_coq
from sudoku_cp.reasoning.techniques.table import solving_path

HEX16 = Path(sue_de_coq.__file__).parents[2] / "data" / "hex16.txt"


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


def by_definition(board, candidates, placed) -> list:
    """Every Sue de Coq as the module docstring defines it, each choice of core, ``L`` and
    ``B`` tried in turn (no grouping by counts, no bounds): pairs of units in the finder's
    order, cores of two then three cells, then ``L`` and ``B`` by size and position; each
    set of cells once, as the finder gives them."""
    found, seen = [], set()
    for i, j, crossing, line_cells, box_cells, _ in sue_de_coq._crossings(geometry(board)):
        cross = [c for c in crossing if c not in placed]
        line, box = (
            [
                (group, _union(candidates, group))
                for k in range(1, sue_de_coq.MAX_SIDE + 1)
                for group in itertools.combinations([c for c in cells if c not in placed], k)
            ]
            for cells in (line_cells, box_cells)
        )
        for n in (2, 3):
            for core in itertools.combinations(cross, n):
                v = _union(candidates, core)
                if v.bit_count() < n + 2:
                    continue
                for (group_l, mask_l), (group_b, mask_b) in itertools.product(line, box):
                    if not mask_l & v or not mask_b & v or mask_l & mask_b:
                        continue  # each side holds a value of the core; no value on both sides
                    if (v | mask_l | mask_b).bit_count() != n + len(group_l) + len(group_b):
                        continue  # as many values as cells
                    cells = frozenset((*core, *group_l, *group_b))
                    if cells in seen:
                        continue
                    step = sue_de_coq._step(
                        board, candidates, placed, (i, j), core, group_l, group_b, v, mask_l, mask_b
                    )
                    if step is not None:
                        seen.add(cells)
                        found.append(step)
    return found


def _union(candidates, cells) -> int:
    mask = 0
    for c in cells:
        mask |= candidates[c]
    return mask


def test_the_finder_finds_what_the_definition_finds_at_every_state_of_a_path():
    # the finder groups B by its values outside the core and bounds them (session 18: three
    # times faster on 16x16 grids): the same steps, in the same order, as trying every choice
    puzzle = datasets.load("top1465", sample=100)[28]
    model = as_puzzle(puzzle)[0].model
    board = Board(model)  # its memo fills along the path
    candidates, placed = board.initial(), set()
    states = with_steps = 0
    for _ in solving_path(board, candidates, placed):
        expected = by_definition(board, candidates, placed)
        assert list(find_sue_de_coq(Board(model), candidates, placed)) == expected, states
        assert list(find_sue_de_coq(board, candidates, placed)) == expected, states  # the memo's
        states += 1
        with_steps += bool(expected)
    assert len(placed) == 81 and with_steps >= 10


def test_the_finder_finds_what_the_definition_finds_on_a_16x16_grid(monkeypatch):
    # a near-empty 16x16 grid: every eighth pair of units alone (one of them, row 10 and box 9,
    # holds 228 Sue de Coqs), each elimination checked against the solution
    text = HEX16.read_text().splitlines()[0]
    model = as_puzzle(text)[0].model
    board = Board(model)
    candidates = board.initial()
    pairs = sue_de_coq._crossings(geometry(board))
    monkeypatch.setattr(sue_de_coq, "_crossings", lambda geo: pairs[4::8])
    expected = by_definition(board, candidates, set())
    assert len(expected) >= 10
    assert list(find_sue_de_coq(board, candidates, set())) == expected
    solution = solve(text).cells
    assert all(solution[c] != v for step in expected for c, v in step.eliminations)


@pytest.mark.slow
def test_the_finder_finds_what_the_definition_finds_along_a_16x16_path():
    # every pair of units, at the first states of a 16x16 path (a few seconds each)
    model = as_puzzle(HEX16.read_text().splitlines()[1])[0].model
    board = Board(model)
    candidates, placed = board.initial(), set()
    path = solving_path(board, candidates, placed)
    for states in range(3):
        expected = by_definition(board, candidates, placed)
        assert list(find_sue_de_coq(Board(model), candidates, placed)) == expected, states
        assert list(find_sue_de_coq(board, candidates, placed)) == expected, states
        next(path)

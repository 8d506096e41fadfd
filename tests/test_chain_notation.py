"""Chain steps in Eureka notation: each chain-like technique keeps its path as data
(:class:`sudoku_cp.reasoning.techniques.eureka.Chain`), the notation written from it is well formed
and alternates strong and weak links, and every link it claims is true of the candidates
at that state, checked here independently of the finders (rows, columns and boxes
computed from scratch): a strong link's two nodes are the only places of a value in a
unit, or the only two candidates of a cell, or an almost locked set less one value; a
weak link's nodes are one value in cells that all see each other, or two candidates of
one cell. Each removed candidate is weakly linked to both ends of its chain."""

from __future__ import annotations

import math
import re

from sudoku_cp import Puzzle, datasets
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.grid import Grid
from sudoku_cp.model.multigrid import Board as MultiBoard
from sudoku_cp.model.multigrid import MultiGrid
from sudoku_cp.pictures.svg import CHAIN_COLOUR
from sudoku_cp.reasoning.stepwise import _step, explain
from sudoku_cp.reasoning.techniques import BY_ID, Board, chains, single_digit, wings
from sudoku_cp.reasoning.techniques.als import find_als_xz
from sudoku_cp.reasoning.techniques.coloring import find_simple_colors
from sudoku_cp.reasoning.techniques.eureka import Chain

NODE = r"\((\d+(?:,\d+)*)(?:([=-])(\d+(?:,\d+)*))?\)(r\d+c\d+(?:\|r\d+c\d+)*)"
EUREKA = re.compile(rf"{NODE}(?:[=-]{NODE})* => (?:r\d+c\d+(?:,r\d+c\d+)*(?:<>|=)\d+)(?:, r[^ ]+)*")


def blank(n: int = 9, marks: dict[tuple[int, int], str] | None = None):
    """A blank ``n x n`` board, every candidate open but for ``marks`` ((row, column)
    1-based -> candidates)."""
    board = Board(as_puzzle(Grid.parse("." * n * n))[0].model)
    candidates = [(1 << n) - 1] * (n * n)
    for (row, column), text in (marks or {}).items():
        candidates[(row - 1) * n + column - 1] = sum(1 << (int(v) - 1) for v in text)
    return board, candidates


def drop(candidates, n: int, value: int, where) -> None:
    """Remove ``value`` from every cell ``(row, column)`` (0-based) where ``where`` holds."""
    for cell in range(n * n):
        if where(*divmod(cell, n)):
            candidates[cell] &= ~(1 << (value - 1))


def units(n: int) -> list[set[tuple[int, int]]]:
    """Rows, columns and boxes of a classic ``n x n`` grid, from scratch."""
    b = math.isqrt(n)
    rows = [{(r, c) for c in range(n)} for r in range(n)]
    columns = [{(r, c) for r in range(n)} for c in range(n)]
    boxes = [
        {(r, c) for r in range(R, R + b) for c in range(C, C + b)}
        for R in range(0, n, b)
        for C in range(0, n, b)
    ]
    return rows + columns + boxes


def sees(a, b, n: int) -> bool:
    return a != b and any(a in u and b in u for u in units(n))


def check_chain(chain: Chain, has, n: int, eliminations=(), *, ends_strong: bool = True) -> None:
    """The chain's links hold for ``has(cell, value)`` (a candidate is open); each removed
    ``(row, column, value)`` is weakly linked to both ends."""
    assert chain.alternates
    if ends_strong:
        assert chain.strong[0] and chain.strong[-1], "an AIC starts and ends with a strong link"
    for a, strong, b in chain.links():
        if set(a.cells) == set(b.cells) and (a.als or b.als):
            assert len(a.values) == 1 and a.values[0] not in b.values
            union = {v for cell in a.cells for v in range(1, n + 1) if has(cell, v)}
            if strong:  # an ALS less one value is locked: it holds the rest
                assert len(union) == len(a.cells) + 1 and union == set(a.values) | set(b.values)
                assert any(set(a.cells) <= u for u in units(n))
        elif set(a.cells) == set(b.cells):
            (cell,) = a.cells
            (x,), (y,) = a.values, b.values
            assert x != y and has(cell, x) and has(cell, y)
            if strong:
                assert {v for v in range(1, n + 1) if has(cell, v)} == {x, y}, f"{cell} is not bivalue"
        else:
            x, y = a.values[-1], b.values[0]
            assert x == y, "a link between cells joins one value"
            left = [c for c in a.cells if has(c, x)]
            right = [c for c in b.cells if has(c, y)]
            if not a.als:
                assert len(left) == len(a.cells)
            if not b.als:
                assert len(right) == len(b.cells)
            if strong:
                both = set(left) | set(right)
                assert not set(left) & set(right)
                assert any(both == {c for c in u if has(c, x)} for u in units(n)), (
                    "not the only places in a unit"
                )
            else:
                assert all(sees(p, q, n) for p in left for q in right), "a weak link's cells see each other"
    if ends_strong:
        for r, c, v in eliminations:
            for end, value in (
                (chain.nodes[0], chain.nodes[0].values[0]),
                (chain.nodes[-1], chain.nodes[-1].values[-1]),
            ):
                holders = [p for p in end.cells if has(p, value)]
                if v == value:
                    assert (r, c) not in holders and all(sees((r, c), p, n) for p in holders)
                else:
                    assert tuple(end.cells) == ((r, c),) and has((r, c), v)


def check_step(finder, technique_id: str, board: Board, candidates, *, ends_strong: bool = True) -> str:
    """The first deduction of ``finder``: its chain checked, its step's text returned."""
    n = board.side
    found = next(finder(board, candidates, set()))
    step = _step(found, board.model, BY_ID[technique_id])
    assert step.chain is not None, technique_id

    def has(cell, value):
        return bool(candidates[cell[0] * n + cell[1]] >> (value - 1) & 1)

    check_chain(step.chain, has, n, step.eliminations, ends_strong=ends_strong)
    text = str(step)
    chain_text = step.notation.split(" => ")[0]
    symbols = re.sub(r"r\d+c\d+|\||,|\d|\(|\)", "", chain_text)
    assert len(symbols) == len(step.chain.strong)
    assert all(a != b for a, b in zip(symbols, symbols[1:], strict=False)), chain_text
    assert EUREKA.fullmatch(step.notation), step.notation
    assert text == f"{step.technique}: {step.notation}"
    return step.notation


def skyscraper_state():
    board, candidates = blank()
    drop(candidates, 9, 1, lambda r, c: (r == 0 and c not in (0, 4)) or (r == 4 and c not in (0, 5)))
    return board, candidates


def test_x_chain_skyscraper_and_aic():
    for finder, tid in [
        (chains.find_x_chain, "x-chain"),
        (single_digit.find_skyscraper, "skyscraper"),
        (chains.find_aic, "aic"),
    ]:
        notation = check_step(finder, tid, *skyscraper_state())
        assert notation == "(1)r1c5=(1)r1c1-(1)r5c1=(1)r5c6 => r46c5,r23c6<>1"


def test_grouped_aic():
    # 1 in column 3 only at r1c3, r2c3 (a group in box 1) and r7c3; in row 3 only at r3c1, r3c8
    board, candidates = blank()
    drop(candidates, 9, 1, lambda r, c: (c == 2 and r not in (0, 1, 6)) or (r == 2 and c not in (0, 7)))
    assert (
        check_step(chains.find_aic, "aic", board, candidates) == "(1)r3c8=(1)r3c1-(1)r12c3=(1)r7c3 => r7c8<>1"
    )


def test_xy_chain_and_wings():
    marks = {(1, 1): "12", (1, 5): "23", (5, 5): "34", (5, 2): "41"}
    notation = check_step(chains.find_xy_chain, "xy-chain", *blank(9, marks))
    assert notation.startswith("(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c2 => ")
    notation = check_step(
        wings.find_xy_wing, "xy-wing", *blank(9, {(1, 1): "12", (1, 5): "13", (3, 2): "23"})
    )
    assert notation == "(3=1)r1c5-(1=2)r1c1-(2=3)r3c2 => r1c23,r3c456<>3"
    notation = check_step(
        wings.find_xyz_wing, "xyz-wing", *blank(9, {(1, 1): "123", (1, 5): "13", (3, 2): "23"})
    )
    assert notation == "(3=1)r1c5-(1=23)r1c1|r3c2 => r1c23<>3"
    board, candidates = blank(9, {(1, 1): "12", (5, 6): "12"})
    drop(candidates, 9, 1, lambda r, c: c == 8 and r not in (0, 4))
    assert check_step(wings.find_w_wing, "w-wing", board, candidates).startswith(
        "(2=1)r1c1-(1)r1c9=(1)r5c9-(1=2)r5c6"
    )


def test_empty_rectangle_kite_colours_and_als():
    board, candidates = blank()
    drop(
        candidates, 9, 1, lambda r, c: (r < 3 and c < 3 and r != 1 and c != 1) or (c == 6 and r not in (1, 5))
    )
    assert check_step(single_digit.find_empty_rectangle, "empty-rectangle", board, candidates) == (
        "(1)r13c2=(1)r2c123-(1)r2c7=(1)r6c7 => r6c2<>1"
    )
    board, candidates = blank()
    drop(candidates, 9, 1, lambda r, c: (r == 0 and c not in (1, 6)) or (c == 0 and r not in (2, 7)))
    check_step(single_digit.find_two_string_kite, "2-string-kite", board, candidates)
    board, candidates = blank()
    drop(
        candidates,
        9,
        1,
        lambda r, c: (
            (r == 0 and c not in (0, 4)) or (3 <= c < 6 and r < 3 and (r, c) not in ((0, 4), (2, 5)))
        ),
    )
    drop(candidates, 9, 1, lambda r, c: c == 5 and r not in (2, 6))
    check_step(find_simple_colors, "simple-colors", board, candidates)
    board, candidates = blank(9, {(1, 1): "12", (1, 2): "123", (2, 3): "13"})
    assert check_step(find_als_xz, "als-xz", board, candidates).startswith("(2=1)r1c1-(1=32)r1c2|r2c3 => ")


def test_colour_wrap_is_a_loop_back_to_its_start():
    # 1: r1c1 = r1c5 (row 1) = r5c5 (column 5) = r5c2 (row 5) = r2c2 (column 2); r2c2 sees r1c1
    board, candidates = blank()
    drop(candidates, 9, 1, lambda r, c: r in (0, 4) and c not in ((0, 4) if r == 0 else (4, 1)))
    drop(candidates, 9, 1, lambda r, c: (c == 4 and r not in (0, 4)) or (c == 1 and r not in (1, 4)))
    found = next(d for d in find_simple_colors(board, candidates, set()) if "wrap" in d.technique)
    chain = found.chain
    assert chain.nodes[0] == chain.nodes[-1] and not chain.strong[0] and not chain.strong[-1]
    step = _step(found, board.model, BY_ID["simple-colors"])

    def has(cell, value):
        return bool(candidates[cell[0] * 9 + cell[1]] >> (value - 1) & 1)

    check_chain(step.chain, has, 9, ends_strong=False)
    assert str(step).startswith("Simple Colors (wrap): (1)r1c1-")


def test_sixteen_by_sixteen_names_each_cell():
    # 1 in row 10 only at c1, c12; in row 14 only at c1, c11: a skyscraper on column 1
    board, candidates = blank(16)
    drop(candidates, 16, 1, lambda r, c: (r == 9 and c not in (0, 11)) or (r == 13 and c not in (0, 10)))
    notation = check_step(chains.find_x_chain, "x-chain", board, candidates)
    assert notation == (
        "(1)r10c12=(1)r10c1-(1)r14c1=(1)r14c11 => r9c11,r11c11,r12c11,r13c12,r15c12,r16c12<>1"
    )


def test_path_steps_hold_and_are_drawn():
    # top95 #19 meets an AIC, an ALS-XZ and an Empty Rectangle on its path
    path = explain(datasets.load("top95")[19])
    chained = [i for i, step in enumerate(path) if step.chain is not None]
    assert {path[i].technique_id for i in chained} >= {"aic", "als-xz", "empty-rectangle"}
    for index in chained:
        step = path[index]
        _, before = path.state(index)

        def has(cell, value, before=before):
            return value in before[cell[0] * 9 + cell[1]]

        check_chain(step.chain, has, 9, step.eliminations)
        assert EUREKA.fullmatch(step.notation)
    svg = path.to_svg(chained[0])
    assert svg.count('class="link strong"') == sum(path[chained[0]].chain.strong)
    assert svg.count('class="link weak"') == len(path[chained[0]].chain.strong) - sum(
        path[chained[0]].chain.strong
    )
    assert CHAIN_COLOUR in svg


def test_multi_grid_board_names_its_cells():
    # samurai, the lower right grid (board rows and columns 13-21): 1 in board row 14 only
    # at c13, c20 and in row 18 only at c13, c21 (within that grid)
    model = Puzzle(MultiGrid.empty(MultiBoard.named("samurai"))).model
    board = Board(model)
    candidates = [(1 << 9) - 1] * model.cell_count
    for cell in range(model.cell_count):
        r, c = model.position(cell)
        if c >= 12 and ((r == 13 and c not in (12, 19)) or (r == 17 and c not in (12, 20))):
            candidates[cell] &= ~1
    step = _step(next(chains.find_x_chain(board, candidates, set())), model, BY_ID["x-chain"])
    assert str(step) == "X-Chain: (1)r14c20=(1)r14c13-(1)r18c13=(1)r18c21 => r13c21,r15c21,r16c20,r17c20<>1"
    assert EUREKA.fullmatch(step.notation) and not step.chain.compact

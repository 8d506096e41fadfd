"""Explanations on grids of other digits (issue 32, target (a): the ISS "0-indexed" puzzles).

A grid of digits ``0..8`` is solved over the digits' positions ``1..9``
(:mod:`sudoku_cp.model.digits`), so a classic puzzle relabelled ``d -> d - 1`` has the very
same steps; only what is printed changes: every value is the puzzle's digit, and every sum
(a cage's combinations, the rule of 45's arithmetic, an arrow's totals) is a sum of those
digits. Each check here is independent of the code that writes the text: the solution's
digits, the arithmetic redone, the classic puzzle's steps.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re

import pytest
from test_cli import run
from test_interactive import _open, _shown_candidates, browser  # noqa: F401  (a fixture: Chromium)
from test_nets import check_step

import sudoku_cp
from sudoku_cp import Grid, Puzzle, datasets, explain, grade, hint
from sudoku_cp.engine.trace import propagate, trace_search
from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.interactive import explanation_data, propagation_data, trace_data, write_html
from sudoku_cp.model.constraints import Linear
from sudoku_cp.reasoning.search_tree import to_svg as search_tree_svg
from sudoku_cp.reasoning.techniques.arguments import Combinations, Totals, in_digits, totals_of

ZERO_TO_EIGHT = tuple(range(9))


def zero_based(puzzle: Puzzle | Grid) -> Puzzle:
    """The puzzle with every digit ``d`` written ``d - 1``: its givens, and its cages' totals
    less one per cell (the only rules these tests relabel)."""
    puzzle = Puzzle(puzzle) if isinstance(puzzle, Grid) else puzzle
    record = {k: v for k, v in puzzle.to_dict().items() if k not in ("id", "solution", "generator")}
    record["digits"] = list(range(puzzle.side))
    record["grid"] = "".join(c if c == "." else str(int(c) - 1) for c in record["grid"])
    cages = record["rules"].get("cages")
    if cages:
        lower = [{**cage, "sum": cage["sum"] - len(cage["cells"])} for cage in cages]
        record["rules"] = {**record["rules"], "cages": lower}
    return Puzzle.from_dict(record)


_VALUE = re.compile(r"(?:=|<>|\()(\d+)")
"""A value in a step's text: placed (``r1c1=5``), removed (``r1c1<>5``, ``r5c6<>459``), a
chain node's (``(4)r1c2``)."""


def _values(text: str) -> list[str]:
    return _VALUE.findall(text)


def _removed(text: str) -> set[int]:
    """The values of a plain step's ``removes 1, 2 from r1c1; 3 from ...`` clause."""
    clause = text.split("\n")[0].rsplit("removes ", 1)[1]
    return {int(v) for group in clause.split("; ") for v in group.split(" from ")[0].split(", ")}


def _lower(token: str) -> str:
    return "".join(str(int(ch) - 1) for ch in token)


def assert_relabelled(classic, digits) -> None:
    """``digits`` (the explanation of the puzzle relabelled ``d -> d - 1``) has the classic
    steps, each naming every value one lower."""
    assert digits.solved and classic.solved
    assert digits.grid.values == tuple(v - 1 for v in classic.grid.values)
    assert digits.grid == sudoku_cp.solve(digits.puzzle)
    assert len(digits) == len(classic)
    for before, after in zip(classic, digits, strict=True):
        # the same step over the positions: only the digits (and texts made from them) differ
        assert after.digits == ZERO_TO_EIGHT
        kept = {"reason": before.reason, "units": before.units, "origins": before.origins}
        assert dataclasses.replace(after, digits=(), **kept) == before
        assert [o.kind for o in after.origins] == [o.kind for o in before.origins]
        text, was = str(after), str(before)
        assert _values(text) == [_lower(t) for t in _values(was)], (was, text)
        assert _values(after.reason) == [_lower(t) for t in _values(before.reason)]
        for r, c, v in after.placements[:1]:
            assert f"r{r + 1}c{c + 1}={v - 1}" in text
        if after.chain is None and not after.placements:
            assert _removed(text) == {v - 1 for _, _, v in after.eliminations}
        assert not re.search(r"(=|<>)9", text), text  # no digit 9 on a grid of 0..8


HARDEST = datasets.load("hardest")


def test_a_relabelled_hard_puzzle_has_the_classic_steps_in_its_digits():
    """Chains (2-String Kite, AIC), an Empty Rectangle, an XYZ-Wing and a Kraken fish's net."""
    classic, digits = explain(HARDEST[2]), explain(zero_based(HARDEST[2]))
    assert {"aic", "kraken-fish"} <= {s.technique_id for s in digits}
    assert_relabelled(classic, digits)
    assert str(digits[0]) == "hidden single: r1c9=8 (the only place for 8 in row 1)"  # classic: r1c9=9
    first = next(step for step in digits if step.placements and step.placements[0][2] == 1)
    row, column, _ = first.placements[0]
    assert f"r{row + 1}c{column + 1}=0" in str(first)  # the position 1 is the digit 0
    for index, step in enumerate(digits):
        if step.net is not None:
            check_step(digits, index)  # its net replays, over the positions


@pytest.mark.slow
def test_forcing_chains_and_nested_nets_print_the_digits():
    classic, digits = explain(HARDEST[5]), explain(zero_based(HARDEST[5]))
    assert {"forcing-chain", "nested-forcing-net"} <= {s.technique_id for s in digits}
    assert_relabelled(classic, digits)
    for index, step in enumerate(digits):
        if step.net is not None:
            check_step(digits, index)
            assert step.net_text in str(step).replace("\n    ", "\n")


KILLER = datasets.load("gen_killer")[0]


@pytest.fixture(scope="module")
def killer():
    return explain(KILLER), explain(zero_based(KILLER))


def test_a_relabelled_killer_has_the_classic_steps_in_its_digits(killer):
    assert_relabelled(*killer)


def test_cage_combinations_are_the_digits_combinations(killer):
    _, path = killer
    solution = path.solution.values
    totals = {number: c["sum"] for number, c in enumerate(path.puzzle.to_dict()["rules"]["cages"], 1)}
    argued = 0
    for step in path:
        if step.technique_id != "cage-combinations" or step.argument is None:
            continue
        found = re.search(r": (\d+) in (\d+) cells?(?: without [\d, ]+)?: (.*?); removes", str(step))
        total, size, sets = int(found[1]), int(found[2]), re.findall(r"\{([\d,]+)\}", found[3])
        combinations = [tuple(map(int, s.split(","))) for s in sets]
        assert total == totals[step.origins[0].number]  # the clue's own total, in digits
        assert size == len(step.cells) and all(sum(c) == total for c in combinations)
        held = tuple(sorted(solution[path.puzzle.model.cell_at(r, c)] for r, c in step.cells))
        assert held in combinations
        argued += 1
    assert argued >= 10


def test_the_rule_of_45_adds_up_the_digits(killer):
    _, path = killer
    solution = path.solution.values
    seen = 0
    for step in path:
        if not step.technique.startswith("rule of 45"):
            continue
        arithmetic, conclusion = step.reason.rsplit(", so ", 1)
        numbers = [int(re.search(r"(\d+)$", part)[1]) for part in arithmetic.split("; ")]
        cells, total = re.fullmatch(r"([r\dc +]+) = (\d+)", conclusion).groups()
        if "meeting" in arithmetic:  # outies: the cages meeting the units less the units
            held, whole = numbers
            assert int(total) == held - whole
        else:  # innies: the units less the cages inside them
            whole, held = numbers if len(numbers) == 2 else (numbers[0], 0)
            assert int(total) == whole - held
        assert whole and whole % 36 == 0  # a unit of 0..8 holds 36
        named = [tuple(int(x) - 1 for x in re.findall(r"\d+", name)) for name in cells.split(" + ")]
        assert sum(solution[path.puzzle.model.cell_at(r, c)] for r, c in named) == int(total)
        seen += 1
    assert seen >= 3


ARROW = Puzzle.from_dict(
    {
        "size": 4,
        "digits": [0, 1, 2, 3],
        "grid": "0....3..1......0",
        "rules": {"arrows": [{"circle": [[0, 3]], "arrow": [[1, 3], [2, 3]]}]},
    }
)


def test_an_arrows_totals_are_the_digits_totals():
    path = explain(ARROW)
    assert path.solved and path.grid.values == sudoku_cp.solve(ARROW).values
    (step,) = [s for s in path if s.technique_id == "arrow"]
    # r2c4 + r3c4 = r1c4 holds 1 + 2 = 3 in digits (its positions 2 + 3 = 5 = 4 + 1)
    assert "r2c4 + r3c4 (= r1c4; r1c4, r2c4, r3c4 differ) can total only 3;" in str(step)
    assert "removes 2 from r1c4; 3 from r3c4" in str(step)


def test_totals_in_digits_are_the_totals_a_brute_force_gives():
    # 2·a + b - 10·c - d == rhs over digits 0..8, from the same equation over positions
    digits = ZERO_TO_EIGHT
    masks = [0b101010110, 0b000111100, 0b000000011, 0b111000000]
    coefficients, rhs = (2, 1, -10, -1), -6
    positions = Linear((0, 1, 2, 3), coefficients, "==", rhs - (-1) * sum(coefficients), label="sum")
    argument = in_digits(totals_of(positions, masks), digits)
    options = [[digits[v] for v in range(9) if m >> v & 1] for m in masks]
    expected = sorted(
        {2 * a + b for a, b, c, d in itertools.product(*options) if 2 * a + b - 10 * c - d == rhs}
    )
    assert isinstance(argument, Totals) and list(argument.totals) == expected and expected
    assert argument.text(["a", "b", "c", "d"]).startswith("2·a + b (= 10·c + d) can total only ")


def test_an_argument_over_digits_that_are_not_consecutive_is_left_out():
    combinations = Combinations(12, 3, True, (1,), ((2, 3, 7),))
    assert in_digits(combinations, (1, 2, 4, 6, 8, 9, 10, 11, 12)) is None
    assert in_digits(combinations, None) is combinations


def test_hint_and_grade_on_a_grid_of_0_to_8():
    puzzle = zero_based(HARDEST[2])
    step = hint(puzzle)
    assert step == explain(puzzle, max_steps=1)[0]
    assert hint(puzzle, level=4) == str(step) == "hidden single: r1c9=8 (the only place for 8 in row 1)"
    assert hint(puzzle, level=3) == "Next technique: hidden single, in row 1; look at r1c9."
    classic, graded = grade(HARDEST[7]), grade(zero_based(HARDEST[7]))  # names of digits do not count
    assert (graded.band, graded.technique, graded.score, graded.rating) == (
        classic.band,
        classic.technique,
        classic.score,
        classic.rating,
    )


def test_pictures_of_a_step_draw_the_digits():
    path = explain(zero_based(KILLER), max_steps=3)
    picture = path.to_svg(2)
    assert ">0<" in picture or "0</text>" in picture


def test_the_explanation_page_names_the_digits():
    data = explanation_data(explain(zero_based(KILLER), max_steps=3))
    assert data["board"]["chars"] == list("012345678")  # the widget draws value v as chars[v - 1]
    assert data["steps"][0]["text"].startswith(
        "cage combinations: cage 2 (sum 8, at r3c5): 8 in 3 cells: {0,1,7}"
    )
    assert "chars" not in explanation_data(explain(KILLER, max_steps=1))["board"]


@pytest.mark.slow
def test_the_explanation_page_shows_the_digits_in_chromium(browser, tmp_path):  # noqa: F811
    path = explain(zero_based(HARDEST[2]), max_steps=2)
    page = _open(browser, write_html(explanation_data(path), tmp_path / "digits.html"))
    assert page.inner_text("[data-cell='0,1'] .digit") == "1"  # the given 2 of the classic puzzle
    _, candidates = path.state(0)
    assert _shown_candidates(page, 0, 2) == [v - 1 for v in candidates[2]] == [5, 6, 7]  # r1c3: 678 classic
    assert (
        page.inner_text("[data-testid=step-text]")
        == "1. hidden single: r1c9=8 (the only place for 8 in row 1)"
    )


def test_hint_reads_pencil_marks_written_in_the_puzzles_digits():
    puzzle = zero_based(HARDEST[2])
    path = explain(puzzle, max_steps=12)
    _, candidates = path.state(11)
    rows = [candidates[row * 9 : row * 9 + 9] for row in range(9)]
    text = "\n".join(" ".join("".join(str(v - 1) for v in cell) for cell in row) for row in rows)
    assert "0" in text and "9" not in text
    assert hint(puzzle, candidates=text) == path[11]
    string = "".join(str(v - 1) if v in cell else "." for cell in candidates for v in range(1, 10))
    assert hint(puzzle, candidates=string) == path[11]
    with pytest.raises(InvalidPuzzleError, match="'9' is not one of 012345678"):
        hint(puzzle, candidates=text.replace("8", "9", 1))


def test_the_cli_explains_and_hints_in_the_digits():
    record = json.dumps(zero_based(HARDEST[2]).to_dict())
    code, out, err = run(["explain", "--max-steps", "2"], record)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "  1. hidden single: r1c9=8 (the only place for 8 in row 1)"
    code, out, _ = run(["hint"], record)
    assert (code, out) == (0, "hidden single: r1c9=8 (the only place for 8 in row 1)\n")


def test_a_recorded_search_names_the_digits():
    classic, digits = trace_search(HARDEST[2], max_nodes=5), trace_search(zero_based(HARDEST[2]), max_nodes=5)
    assert [digits.describe(i) for i in range(len(digits.nodes))] == [
        re.sub(r"=(\d)", lambda m: f"={int(m[1]) - 1}", classic.describe(i))
        for i in range(len(classic.nodes))
    ]
    assert digits.describe(1).startswith("r2c1=2:")  # the classic puzzle's r2c1=3
    assert ">r2c1=2</text>" in search_tree_svg(digits)


@pytest.mark.slow
def test_the_search_and_propagation_pages_name_the_digits_in_chromium(browser, tmp_path):  # noqa: F811
    puzzle = zero_based(HARDEST[2])
    trace = trace_search(puzzle, max_nodes=5)
    page = _open(browser, write_html(trace_data(trace, puzzle.model), tmp_path / "tree.html"))
    assert page.inner_text("[data-node='1'] .label") == "r2c1=2"  # the classic puzzle's r2c1=3
    page.click("[data-node='1'] .label")
    assert page.inner_text("[data-testid=node-text]").startswith("node 1: r2c1=2, ")
    first = trace.nodes[1].removals[0]
    listed = page.locator("[data-testid=removals] li").all_inner_texts()[0]
    assert listed.startswith(f"{first.value - 1} from {trace.cell_name(first.cell)}: ")
    propagation = propagate(puzzle, "forward")
    page = _open(
        browser, write_html(propagation_data(propagation, puzzle.model), tmp_path / "propagation.html")
    )
    page.click("[data-testid=next]")
    removal = propagation.removals[0]  # a given's value leaving a peer: forward checking
    assert f" removes {removal.value - 1} from " in page.inner_text("[data-testid=step-text]")
    row, column = puzzle.model.position(removal.cell)
    mark = page.locator(f"[data-cell='{row},{column}'] .cand.removed[data-value='{removal.value}']")
    assert mark.inner_text() == str(removal.value - 1)


def test_digits_that_are_not_consecutive_are_named_and_their_sums_not_argued():
    record = {"size": 4, "digits": "1246", "grid": "1..............1"}
    cages = [{"cells": [[0, 1], [0, 2]], "sum": 8}, {"cells": [[1, 0], [2, 0]], "sum": 6}]
    puzzle = Puzzle.from_dict({**record, "rules": {"cages": cages}})
    path = explain(puzzle)
    assert path.stalled and path.proper is False  # two solutions
    assert path.summary().endswith("a search would branch on r1c2 (candidates 2, 6)")  # positions 2, 4
    caged = [step for step in path if step.origins[0].kind.value == "cage"]
    assert caged and all(
        step.argument is None or in_digits(step.argument, step.digits) is None for step in caged
    )
    # 6 + 0 is no sum of two digits of 1246; 8 is 2 + 6, not 4 + 4 (the cage's digits differ)
    assert [str(step).split("; ")[1] for step in caged[:2]] == [
        "removes 4 from r1c2, r1c3",
        "removes 6 from r2c1, r3c1",
    ]
    for step in path:
        assert {int(ch) for token in _values(str(step)) for ch in token} <= {1, 2, 4, 6}, str(step)

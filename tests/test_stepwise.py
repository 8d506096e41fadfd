"""Solving paths: every step is checked independently of the code that found it (CP-SAT,
on exactly the step's constraints and the candidates before it), agrees with the
solution, and the path ends honestly (solved, or stalled at a cell with fewest candidates)."""

from __future__ import annotations

import dataclasses
import functools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import has_solution

import sudoku_cp
from sudoku_cp import NoSolutionError, Puzzle, datasets, explain, hint
from sudoku_cp.cli import EXIT_SOLVED, main
from sudoku_cp.model.constraints import Model, OriginKind, ValueIn
from sudoku_cp.model.rules import Cage, Killer
from sudoku_cp.reasoning.techniques import BY_ID, LEVELS, TECHNIQUES

VARIANT_CASES = json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())
SINGLES = TECHNIQUES[:2]


def assert_sound(path, only: str | None = None) -> None:
    """Each step: its conclusions follow from its constraints and the candidates before it
    (CP-SAT finds no assignment against them), and agree with an independent solution.
    ``only``: check just the steps whose technique starts with it."""
    puzzle = path.puzzle
    n = puzzle.side
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    by_origin: dict = {}
    for constraint in puzzle.model.constraints:
        by_origin.setdefault(constraint.origin, []).append(constraint)
    for index, step in enumerate(path):
        if only is not None and not step.technique.startswith(only):
            continue
        digits, candidates = path.state(index)
        # a sum the rule of 45 implies (innies, outies) is cited beside the houses and cages
        # it comes from, which the premise holds
        derived = [o for o in step.origins if o.kind in (OriginKind.INNIES, OriginKind.OUTIES)]
        assert all(set(o.parts) <= set(step.origins) for o in derived)
        premise = [c for origin in step.origins if origin not in derived for c in by_origin[origin]]
        assert [c.label for c in premise] == [c.label for c in premise if c.label in step.units]
        cells = {c for constraint in premise for c in constraint.cells}
        for row, column, value in step.placements:
            assert solution[row, column] == value, step
            assert digits[row * n + column] == 0
        for row, column, value in step.eliminations:
            assert solution[row, column] != value, step
            assert value in candidates[row * n + column], step  # it removes something
        if step.technique_id in BY_ID and BY_ID[step.technique_id].needs_unique:
            continue  # rests on uniqueness (Unique Rectangles, BUG+1): checked against the solution only
        contrary = [(r * n + c, {v}) for r, c, v in step.eliminations]
        contrary += [(r * n + c, set(candidates[r * n + c]) - {v}) for r, c, v in step.placements]
        for cell, values in contrary:
            domains = {c: set(candidates[c]) for c in cells}
            domains[cell] &= values
            fixed = tuple(0 if c in cells else 1 for c in range(n * n))
            model = Model(
                n,
                fixed,
                tuple(premise) + tuple(ValueIn(c, frozenset(v), origin="") for c, v in domains.items()),
            )
            assert not has_solution(model), f"step {index + 1} ({step}) does not follow at cell {cell}"
    if path.solved:
        assert path.grid == solution
    else:
        row, column = path.branch_cell
        open_cells = [c for c, v in enumerate(path.grid.cells) if not v]
        fewest = min(len(path.candidates[c]) for c in open_cells)
        assert path.grid[row, column] == 0 and len(path.candidates[row * n + column]) == fewest


def test_easy_puzzles_are_solved_by_singles_alone():
    puzzles = datasets.load("easy50")[:20]  # all of them: test_every_easy50_path_is_sound
    solved = [p for p in puzzles if explain(p, techniques=SINGLES).solved]
    assert len(solved) > len(puzzles) // 2  # most of them
    for puzzle in solved[:4]:
        path = explain(puzzle)
        assert path.solved
        assert {step.technique for step in path} <= {"naked single", "hidden single"}
        assert_sound(path)


@pytest.mark.slow
def test_every_easy50_path_is_sound():
    for puzzle in datasets.load("easy50"):
        path = explain(puzzle)
        assert_sound(path)
        if explain(puzzle, techniques=SINGLES).solved:
            assert path.solved and {s.technique for s in path} <= {"naked single", "hidden single"}


@pytest.mark.parametrize(
    ("index", "technique"),
    [(0, "locked candidates (pointing)"), (3, "naked pair"), (3, "hidden pair"), (19, "hidden triple"),
     (28, "Swordfish"), (70, "X-Wing")],
)  # fmt: skip
def test_harder_techniques_are_sound(index, technique):
    path = explain(datasets.load("top95")[index])
    assert technique in {step.technique for step in path}
    assert_sound(path)


def test_a_stalled_path_says_where_a_search_would_branch():
    puzzle = datasets.load("top95")[6]
    basic = [t for t in TECHNIQUES if t.level_index <= LEVELS.index("fish")]
    path = explain(puzzle, techniques=basic)  # up to the basic fish: it stalls
    assert path.stalled and not path.solved
    assert "a search would branch on" in path.summary()
    assert_sound(path)
    stuck = puzzle.with_cells(path.grid.cells)
    assert hint(stuck) is None or hint(stuck).technique != "naked single"


def test_hint_is_the_first_step():
    puzzle = datasets.load("top95")[0]
    assert hint(puzzle) == explain(puzzle)[0]
    assert hint(explain(puzzle).solution) is None


def test_killer_steps_use_cage_combinations():
    path = explain(datasets.load("gen_killer")[0])
    assert path[0].technique == "cage combinations"
    assert path[0].units[0].startswith("cage ")
    assert_sound(path)
    cages = Killer([Cage([(0, 0), (0, 1)], 3)])
    step = hint(Puzzle(sudoku_cp.Grid.empty(4), (cages,)))
    assert step.technique == "cage combinations"
    assert {(r, c) for r, c, _ in step.eliminations} == {(0, 0), (0, 1)}
    assert {v for _, _, v in step.eliminations} == {3, 4}


def test_rule_of_45_places_the_innie_a_unit_leaves():
    row_one = [(0, c) for c in range(9)]
    cages = Killer([Cage(row_one[:4], 20), Cage(row_one[4:8], 18)])
    path = explain(Puzzle(sudoku_cp.Grid.empty(9), (cages,)), max_steps=1)  # hint()'s step
    step = path[0]
    assert step.technique == "rule of 45 (innies)"
    assert step.placements == ((0, 8, 7),)
    assert str(step) == (
        "rule of 45 (innies): r1c9=7 (row 1 holds 45; cages 1, 2 inside it hold 38, so r1c9 = 7)"
    )
    assert step.units[:3] == ("row 1", "cage 1 (sum 20, at r1c1)", "cage 2 (sum 18, at r1c5)")
    assert_sound(path)


def test_rule_of_45_outies_restrict_the_cells_sticking_out():
    # Two cages cover row 1 and stick out into row 2 by one cell each: those two add up to
    # 13 + 40 - 45 = 8, and being in one row, they are two different digits: 1+7, 2+6, 3+5.
    row_one = [(0, c) for c in range(9)]
    cages = Killer([Cage([*row_one[:2], (1, 0)], 13), Cage([*row_one[2:], (1, 8)], 40)])
    puzzle = Puzzle(sudoku_cp.Grid.empty(9), (cages,))
    path = explain(puzzle, max_steps=3)
    step = next(s for s in path if s.technique == "rule of 45 (outies)")
    assert step.reason == "cages 1, 2 meeting row 1 hold 53; row 1 holds 45, so r2c1 + r2c9 = 8"
    assert {v for _, _, v in step.eliminations} == {4, 8, 9}
    assert_sound(path)


def test_generated_killers_are_solved_with_the_rule_of_45():
    from sudoku_cp.model.constraints import OriginKind
    from sudoku_cp.reasoning.stepwise import check_implied_sum
    from sudoku_cp.reasoning.techniques import Board

    path = explain(datasets.load("gen_killer")[0])
    assert path.solved
    techniques = {step.technique for step in path}
    assert {"rule of 45 (innies)", "rule of 45 (outies)"} <= techniques
    assert_sound(path, only="rule of 45")
    # sums over a band of rows are offered too (the cage steps of this path no longer need
    # one), each proven by the arithmetic of the rule of 45
    board = Board(path.puzzle.model)
    bands = [
        implied
        for implied, _ in board.implied
        if len(implied.units) > 1 and all(u.origin.kind is OriginKind.ROW for u in implied.units)
    ]
    assert bands
    for implied in bands:
        check_implied_sum(implied, 9)


@pytest.mark.slow
def test_every_generated_killer_path_is_sound():
    for puzzle in datasets.load("gen_killer"):
        assert_sound(explain(puzzle))


def test_a_wrong_rule_of_45_sum_fails_its_check():
    from sudoku_cp.engine.sums import implied_sum_sources
    from sudoku_cp.errors import SudokuError
    from sudoku_cp.reasoning.stepwise import check_implied_sum

    row_one = [(0, c) for c in range(9)]
    model = Puzzle(sudoku_cp.Grid.empty(9), (Killer([Cage(row_one[:4], 20), Cage(row_one[4:8], 18)]),)).model
    implied = next(s for s in implied_sum_sources(model) if s.sum.cells == (8,))
    check_implied_sum(implied, 9)
    wrong = dataclasses.replace(implied, sum=dataclasses.replace(implied.sum, total=8))
    with pytest.raises(SudokuError, match="rule of 45 does not give"):
        check_implied_sum(wrong, 9)
    with pytest.raises(SudokuError, match="overlap"):
        check_implied_sum(dataclasses.replace(implied, cages=implied.cages * 2), 9)


def test_variant_paths_are_sound():
    seen = set()  # one case of each combination of rules, up to 6x6
    for case in VARIANT_CASES:
        kinds = tuple(sorted(case["rules"]))
        if case["lexmin"] is not None and case["size"] <= 6 and kinds and kinds not in seen:
            seen.add(kinds)
            assert_sound(explain(Puzzle.from_dict(case)))
    assert len(seen) >= 8


@pytest.mark.slow
def test_every_variant_path_is_sound():
    for case in VARIANT_CASES:
        if case["lexmin"] is not None:
            assert_sound(explain(Puzzle.from_dict(case)))


def test_no_solution_is_an_error_with_its_conflict():
    with pytest.raises(NoSolutionError) as raised:
        explain("..214.....1.....")
    assert raised.value.conflict == ((0, 2, 2), (0, 3, 1), (1, 0, 4))


def test_a_step_is_drawn_with_its_premises_and_conclusion():
    path = explain(datasets.load("top95")[3])
    index = next(i for i, step in enumerate(path) if step.technique == "naked pair")
    root = ET.fromstring(path.to_svg(index).encode())
    fills = [e.get("fill") for e in root.iter() if e.get("class") == "mark"]
    assert len(fills) == len(path[index].eliminations) + len(
        {t for t in path[index].candidates} - set(path[index].eliminations)
    )
    highlighted = [e for e in root.iter() if "highlight" in (e.get("class") or "").split()]
    assert len(highlighted) == len(path[index].cells)


def test_cli_explain_and_hint():
    def run(args, stdin):
        with CliRunner().isolation(input=stdin) as (out, _, _):
            code = main(args)
            return code, out.getvalue().decode()

    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
    code, out = run(["explain"], easy)
    lines = out.splitlines()
    assert code == EXIT_SOLVED
    assert lines[0] == "  1. naked single: r5c6=4 (the only candidate left in r5c6)"
    assert lines[-1] == f"solved in {len(lines) - 1} steps"
    code, out = run(["hint"], easy)
    assert out == "naked single: r5c6=4 (the only candidate left in r5c6)\n"


def test_help_shows_readable_defaults():
    import pydoc

    assert {"Explanation", "Step", "unregister_backend"} <= set(sudoku_cp.__all__)
    for name in sudoku_cp.__all__:
        exported = getattr(sudoku_cp, name)
        if callable(exported):
            text = pydoc.render_doc(exported, renderer=pydoc.plaintext)
            assert "<function" not in text and "locals>" not in text and " at 0x" not in text, name


def test_steps_are_worded_by_their_table_row():
    from sudoku_cp.reasoning.techniques import BY_ID

    path = explain(datasets.load("top95")[0])
    for step in path:
        row = BY_ID[step.technique_id]
        assert step.technique.startswith(row.name)  # "locked candidates (pointing)"
        assert str(step).startswith(f"{step.technique}: ")


MODERN_SETS = {
    "gen_arrow": "arrow",
    "gen_little_killer": "little killer",
    "gen_sandwich": "sandwich",
    "gen_skyscraper": "skyscraper",
    "gen_outside_sum": "outside sum",
    "gen_between": "between line",
    "gen_region_sum": "region-sum line",
    "gen_quadruple": "quadruple",
    "gen_xv": "XV",
    "gen_whispers": "whispers",
    "gen_renban": "renban",
    "gen_palindrome": "palindrome",
}


SLOW_MODERN = {"gen_skyscraper", "gen_xv", "gen_quadruple", "gen_outside_sum"}  # seconds each: the slow pass


@pytest.mark.parametrize(
    "name, technique",
    [pytest.param(*i, marks=pytest.mark.slow) if i[0] in SLOW_MODERN else i for i in MODERN_SETS.items()],
)
def test_modern_kinds_make_steps_named_after_their_rule_and_sound(name, technique):
    path = explain(datasets.load(name)[0])
    steps = [step for step in path if step.technique == technique]
    assert steps, [step.technique for step in path]
    names = {"XV": ("X ", "V "), "whispers": "whispers line", "renban": "renban line"}
    kind = names.get(technique, technique)
    assert all(any(u.startswith(kind) for u in step.units) for step in steps), steps[0]
    assert_sound(path, only=technique)


@pytest.mark.parametrize(
    "name",
    ["gen_sandwich", "gen_little_killer", pytest.param("gen_outside_sum", marks=pytest.mark.slow)],
)
def test_modern_puzzles_are_explained_to_the_end_with_every_step_checked(name):
    puzzle = datasets.load(name)[0]
    path = sudoku_cp.explain(puzzle)  # checks every step's premises (SudokuError otherwise)
    assert path.solved
    assert any(step.technique == MODERN_SETS[name] for step in path)


# -- hints from a state with candidates -------------------------------------------------------

REPLAYED = [("top95", 6), ("top95", 40), ("gen_killer", 1), ("gen_jigsaw", 2)]


@pytest.mark.parametrize(("name", "index"), REPLAYED)
def test_hint_makes_sound_progress_at_the_states_of_a_path(name, index):
    puzzle = datasets.load(name)[index]
    path = explain(puzzle)
    assert path.solved
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    n = puzzle.side
    for at in range(0, len(path), 5):
        _, candidates = path.state(at)
        step = hint(puzzle, candidates=candidates)
        if step is None:  # solved: one candidate left in each cell (the solution's)
            assert [values for values in candidates] == [(v,) for v in solution.cells]
            continue
        assert step.placements or step.eliminations
        for row, column, value in step.eliminations:
            assert value in candidates[row * n + column] and solution[row, column] != value, step
        for row, column, value in step.placements:
            assert solution[row, column] == value, step
    assert hint(puzzle, candidates=path.state(len(path))[1]) is None  # solved


def test_hint_reads_both_candidate_layouts_and_refuses_malformed_ones():
    from sudoku_cp import InvalidPuzzleError
    from sudoku_cp.model.candidates import format_candidates, parse_candidates

    puzzle = datasets.load("top95")[6]
    path = explain(puzzle)
    _, candidates = path.state(40)
    masks = [sum(1 << (v - 1) for v in values) for values in candidates]
    grid_text = format_candidates(masks)
    string = "".join(str(v) if mask >> (v - 1) & 1 else "." for mask in masks for v in range(1, 10))
    assert parse_candidates(grid_text) == parse_candidates(string) == masks
    bordered = "\n".join(
        line if i % 3 else "------+------+------\n" + line for i, line in enumerate(grid_text.splitlines())
    )
    assert parse_candidates(bordered.replace("  ", " | ", 1)) == masks
    assert hint(puzzle, candidates=grid_text) == hint(puzzle, candidates=string) == path[40]
    lines = grid_text.splitlines()
    with pytest.raises(InvalidPuzzleError, match="line 3, column 2: '0' is not a digit 1-9"):
        parse_candidates("\n".join(lines[:2] + [lines[2].replace(lines[2].split()[1], "0", 1)] + lines[3:]))
    with pytest.raises(InvalidPuzzleError, match="line 5: 8 cells, expected 9"):
        parse_candidates("\n".join(lines[:4] + [" ".join(lines[4].split()[:8])] + lines[5:]))
    with pytest.raises(InvalidPuzzleError, match="character 10 \\(r1c2, value 1\\)"):
        parse_candidates(string[:9] + "x" + string[10:])
    with pytest.raises(InvalidPuzzleError, match="729 characters"):
        parse_candidates(string[:700])


def test_hint_says_when_candidates_exclude_the_solution_or_the_puzzle_is_not_proper():
    from sudoku_cp import NotProperError

    puzzle = datasets.load("top95")[6]
    path = explain(puzzle)
    _, candidates = path.state(10)
    cell = next(c for c, values in enumerate(candidates) if len(values) > 1)
    wrong = list(candidates)
    wrong[cell] = tuple(v for v in candidates[cell] if v != path.solution.cells[cell])
    with pytest.raises(NoSolutionError, match="exclude the solution: a candidate you removed") as caught:
        hint(puzzle, candidates=wrong)
    assert f"r{cell // 9 + 1}c{cell % 9 + 1}" not in str(caught.value)  # no cell, no digit: issue 32
    with pytest.raises(NotProperError, match="several solutions"):
        hint("1234" + "." * 12)
    assert "several solutions" in explain("1234" + "." * 12).summary()


def test_cli_hint_with_candidates(tmp_path):
    from sudoku_cp.model.candidates import format_candidates

    puzzle = datasets.load("top95")[6]
    path = explain(puzzle)
    _, candidates = path.state(40)
    text = format_candidates([sum(1 << (v - 1) for v in values) for values in candidates])
    (tmp_path / "marks.txt").write_text(text)
    line = "".join(str(v) if v else "." for v in puzzle.cells)

    def run(args, stdin=""):
        with CliRunner().isolation(input=stdin) as (out, err, _):
            code = main(args)
            return code, out.getvalue().decode(), err.getvalue().decode()

    assert run(["hint", line, "--candidates", str(tmp_path / "marks.txt")])[1] == f"{path[40]}\n"
    assert run(["hint", line, "--candidates", "-"], text)[1] == f"{path[40]}\n"
    code, out, _ = run(["hint", "--candidates", "-"], text)  # the puzzle read from the candidates
    assert code == EXIT_SOLVED and out.startswith(path[40].technique)
    solved = "".join(map(str, path.solution.cells))
    assert run(["hint", solved])[1] == "solved: every cell is filled\n"
    code, _, err = run(["hint", line, "--candidates", "-"], text.replace("\n", "\n\n", 1)[:-3])
    assert code == 2 and "candidates" in err


ARTO = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("by", ["search", "sat"])
def test_the_premise_check_rejects_a_step_that_does_not_follow(monkeypatch, by):
    """``check_deduction`` splits a one-cell pattern into one search per candidate and hands
    a search past ``CHECK_NODES`` decisions to the SAT solver (``"sat"``: at once): either
    way a removal its premise does not imply is refused, and one it implies is accepted."""
    from sudoku_cp.engine.search import Restart
    from sudoku_cp.reasoning import stepwise
    from sudoku_cp.reasoning.techniques.board import Board, Deduction

    if by == "sat":

        class Busy(stepwise.BitmaskSearch):
            def count_solutions(self, *args, **options):
                raise Restart

        monkeypatch.setattr(stepwise, "BitmaskSearch", Busy)
        fresh = functools.lru_cache(maxsize=8)(stepwise._premise_search.__wrapped__)
        monkeypatch.setattr(stepwise, "_premise_search", fresh)  # one compiled before is not Busy
    puzzle = explain(ARTO, max_steps=0).puzzle
    board = Board(puzzle.model)
    candidates = board.initial()
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    row = next(u for u in board.units if u.origin.kind.value == "row" and u.origin.number == 1)
    open_cells = [c for c in row.cells if candidates[c] & (candidates[c] - 1)]
    pattern, target = open_cells[0], open_cells[1]
    wrong = next(v for v in range(1, 10) if candidates[target] >> (v - 1) & 1 and v != solution.cells[target])

    def step(eliminations):
        return Deduction("forcing chain (cell)", (), eliminations, (pattern,), (), (), (row,))

    with pytest.raises(sudoku_cp.SudokuError, match="does not follow"):
        stepwise.check_deduction(puzzle, candidates, step(((target, wrong),)), solution)
    narrowed = list(candidates)
    for c in row.cells:  # the rest of row 1 decided: the row leaves the wrong digit no place
        if c != target:
            narrowed[c] = 1 << (solution.cells[c] - 1)
    stepwise.check_deduction(puzzle, narrowed, step(((target, wrong),)), solution)


def test_a_one_digit_pattern_is_checked_on_its_plane_without_a_search(monkeypatch):
    # An X-Wing on 1 (rows 1 and 5, columns 1 and 6) on an empty grid: the search over every
    # value of two rows and two columns is long there (a finned Swordfish's took 18 s); the
    # plane of 1 proves it at once. A removal the plane does not give still fails its check.
    from sudoku_cp.errors import SudokuError
    from sudoku_cp.model.constraints import OriginKind
    from sudoku_cp.reasoning import stepwise
    from sudoku_cp.reasoning.techniques.board import Deduction

    puzzle = Puzzle(sudoku_cp.Grid.empty(9), ())
    solution = sudoku_cp.Grid([(r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)])
    assert solution.cells[0] == 1 and solution.cells[4 * 9 + 5] == 1
    candidates = [0b111111111] * 81
    for r in (0, 4):
        for c in range(9):
            if c not in (0, 5):
                candidates[r * 9 + c] &= ~1
    units = {(u.origin.kind, u.origin.number): u for u in puzzle.model.units}
    premise = tuple(units[k] for k in [(OriginKind.ROW, 1), (OriginKind.ROW, 5)])
    premise += tuple(units[k] for k in [(OriginKind.COLUMN, 1), (OriginKind.COLUMN, 6)])
    removed = [r * 9 + c for c in (0, 5) for r in range(9) if r not in (0, 4)]
    x_wing = Deduction.of_digit("X-Wing", 1, removed, (0, 5, 36, 41), premise)

    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    with monkeypatch.context() as patched:
        patched.setattr(stepwise, "BitmaskSearch", no_search)
        stepwise.check_deduction(puzzle, candidates, x_wing, solution)
    wrong = Deduction.of_digit("X-Wing", 2, [2 * 9], (0, 5, 36, 41), premise)  # 2 from r3c1: it may be there
    assert solution.cells[2 * 9] != 2
    with pytest.raises(SudokuError, match="does not follow from its premises"):
        stepwise.check_deduction(puzzle, candidates, wrong, solution)


def test_innie_outie_differences_hold_in_every_solution():
    # every 4x4 grid whose cages' sums are those of one grid: each difference holds in each
    import itertools

    from sudoku_cp.engine.sums import implied_difference_sources

    rows = [p for p in itertools.permutations(range(1, 5))]
    grids = [
        g
        for g in itertools.product(rows, repeat=4)
        if all(len({g[r][c] for r in range(4)}) == 4 for c in range(4))
        and all(len({g[r][c] for r in b for c in k}) == 4 for b in ((0, 1), (2, 3)) for k in ((0, 1), (2, 3)))
    ]
    assert len(grids) == 288
    shapes = [[(0, 0), (0, 1)], [(0, 2), (1, 2)], [(0, 3), (1, 3), (2, 3)]]
    shapes += [[(1, 0), (2, 0)], [(2, 1), (3, 1)]]
    found = 0
    for grid in grids[::37]:
        cages = Killer([Cage(shape, sum(grid[r][c] for r, c in shape)) for shape in shapes])
        model = Puzzle(sudoku_cp.Grid.empty(4), (cages,)).model
        sums = [(s.cells, s.total) for s in model.constraints if type(s).__name__ == "Sum"]
        fitting = [g for g in grids if all(sum(g[c // 4][c % 4] for c in cells) == t for cells, t in sums)]
        for implied in implied_difference_sources(model):
            found += 1
            linear = implied.difference
            assert implied.innies and implied.outies
            for g in fitting:
                values = [g[c // 4][c % 4] for c in linear.cells]
                assert sum(a * v for a, v in zip(linear.coefficients, values, strict=True)) == linear.rhs
    assert found > 10


def test_rule_of_45_difference_of_an_innie_and_an_outie():
    # row 1 less cage 1 (20) and cage 2 (30, sticking out into r2c9): r1c9 - r2c9 = -5
    row_one = [(0, c) for c in range(9)]
    cages = Killer([Cage(row_one[:4], 20), Cage([*row_one[4:8], (1, 8)], 30)])
    path = explain(Puzzle(sudoku_cp.Grid.empty(9), (cages,)), max_steps=4)
    step = next(s for s in path if s.technique == "rule of 45 (innies minus outies)")
    assert step.reason == (
        "row 1 holds 45; cage 1 inside it holds 20; cage 2 crossing it holds 30, so r1c9 - r2c9 = -5"
    )
    assert {(r, c, v) for r, c, v in step.eliminations} >= {(0, 8, v) for v in range(5, 10)} | {
        (1, 8, v) for v in range(1, 6)
    }
    assert_sound(path)


def test_a_wrong_innie_outie_difference_fails_its_check():
    from sudoku_cp.engine.sums import implied_difference_sources
    from sudoku_cp.errors import SudokuError
    from sudoku_cp.reasoning.stepwise import check_implied_difference

    row_one = [(0, c) for c in range(9)]
    cages = Killer([Cage(row_one[:4], 20), Cage([*row_one[4:8], (1, 8)], 30)])
    model = Puzzle(sudoku_cp.Grid.empty(9), (cages,)).model
    implied = next(d for d in implied_difference_sources(model) if d.difference.cells == (8, 17))
    check_implied_difference(implied, 9)
    wrong = dataclasses.replace(implied, difference=dataclasses.replace(implied.difference, rhs=-4))
    with pytest.raises(SudokuError, match="does not give that difference"):
        check_implied_difference(wrong, 9)
    with pytest.raises(SudokuError, match="overlap"):
        check_implied_difference(dataclasses.replace(implied, inside=implied.inside * 2), 9)


def test_a_sum_over_a_region_of_all_nine_digits_on_a_7x7_leaves_its_other_cells():
    # a 7x7 of digits 1..9 (Squishdoku): a 9-cell region holds 45, so a sum of 55 over it and
    # two cells leaves those two 10; the premise check reads that too (it keeps SAT short)
    from sudoku_cp.engine.sums import unit_reduced
    from sudoku_cp.model.constraints import AllDifferent, Linear
    from sudoku_cp.reasoning.stepwise import _reduced_clues

    region = AllDifferent(tuple(r * 7 + c for r in range(3) for c in range(3)), label="region 1")
    clue = Linear((*region.cells, 21, 22), (1,) * 11, "==", 55, label="sum 1")
    model = Model(7, (0,) * 49, (region, clue), digits=tuple(range(1, 10)))
    found = unit_reduced(clue, model)
    assert (found.left.cells, found.left.coefficients, found.left.rhs) == ((21, 22), (1, 1), 10)
    assert found.units == (region,)
    assert _reduced_clues([clue, region], model) == [found.left]
    assert _reduced_clues([clue], model) == []  # the region is not a premise: nothing added

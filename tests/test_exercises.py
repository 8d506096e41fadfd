"""The notebooks' exercise checks (notebooks/exercises.py) fail on wrong answers; the
worked answers in notebooks/solutions/ pass them (those notebooks run with the others)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "notebooks"))

import exercises  # noqa: E402


def test_unanswered_exercises_only_say_so(capsys):
    exercises.check_order_prediction(None)
    exercises.check_weakest_level(None)
    exercises.check_proof_questions(None)
    assert capsys.readouterr().out.count("not answered yet") == 3


def test_a_wrong_prediction_fails_with_a_hint():
    with pytest.raises(AssertionError, match="count the decisions"):
        exercises.check_order_prediction("row-major")
    with pytest.raises(AssertionError):
        exercises.check_order_prediction("alphabetical")


def test_a_wrong_weakest_level_function_fails_naming_the_puzzle():
    with pytest.raises(AssertionError, match="puzzle 0"):
        exercises.check_weakest_level(lambda puzzle: "hall")


def test_a_wrong_question_count_fails():
    with pytest.raises(AssertionError, match="not 3"):
        exercises.check_proof_questions(3)


def test_unanswered_exercises_of_notebooks_1_to_5_only_say_so(capsys):
    for check in (
        exercises.check_windoku_model,
        exercises.check_anti_king_model,
        exercises.check_most_searched,
        exercises.check_solution_count,
        exercises.check_one_more_given,
        exercises.check_hint,
        exercises.check_breaking_digit,
        exercises.check_at_least_one,
        exercises.check_at_most_one,
    ):
        check(None)
    exercises.check_fastest_backend(None, None, "top95")
    assert capsys.readouterr().out.count("not answered yet") == 10


def test_a_model_without_the_windows_fails():
    with pytest.raises(AssertionError, match="break the rule"):
        exercises.check_windoku_model(lambda model, x: None)


def test_windows_in_the_wrong_place_fail():
    def corner_windows(model, x):  # the boxes of the corners, not the windows
        for top, left in ((0, 0), (0, 6), (6, 0), (6, 6)):
            model.add_all_different(x[r][c] for r in range(top, top + 3) for c in range(left, left + 3))

    with pytest.raises(AssertionError):
        exercises.check_windoku_model(corner_windows)


def test_an_anti_king_rule_on_one_pair_only_fails():
    with pytest.raises(AssertionError, match="break the rule"):
        exercises.check_anti_king_model(lambda model, x: model.add(x[0][2] != x[1][3]))


def test_a_wrong_fastest_backend_fails_on_the_table_given():
    import pandas as pd

    table = pd.DataFrame(
        {
            "dataset": ["top95"] * 4,
            "puzzle": [0, 0, 1, 1],
            "backend": ["a", "b", "a", "b"],
            "status": ["solved", "solved", "solved", "timeout"],
            "wall_time": [0.2, 0.1, 0.3, 5.0],
        }
    )
    exercises.check_fastest_backend("a", table, "top95")  # b timed out on puzzle 1: median inf
    with pytest.raises(AssertionError, match="not b"):
        exercises.check_fastest_backend("b", table, "top95")
    with pytest.raises(AssertionError, match="answer one of"):
        exercises.check_fastest_backend("c", table, "top95")


def test_a_wrong_most_searched_puzzle_fails():
    with pytest.raises(AssertionError, match="nodes"):
        exercises.check_most_searched(2)  # top95 #2 needs few nodes


def test_a_wrong_solution_count_fails():
    with pytest.raises(AssertionError, match="not 12: it has more"):
        exercises.check_solution_count(12)


def test_a_given_that_leaves_several_solutions_fails():
    from sudoku_cp import count_solutions

    puzzle = exercises.not_proper_puzzle()
    blank = next(i for i, v in enumerate(puzzle.cells) if not v)
    row, column = divmod(blank, 9)
    free = [v for v in range(1, 10) if all(puzzle.cells[p] != v for p in puzzle.geometry.peers[blank])]
    weak = next(v for v in free if count_solutions(puzzle.with_cell(row, column, v), limit=2) == 2)
    with pytest.raises(AssertionError, match="2 or more solutions"):
        exercises.check_one_more_given((row, column, weak))
    given = next(i for i, v in enumerate(puzzle.cells) if v)
    with pytest.raises(AssertionError, match="already holds a given"):
        exercises.check_one_more_given((*divmod(given, 9), 1))
    with pytest.raises(AssertionError, match="repeats the given"):
        exercises.check_one_more_given((row, column, next(v for v in range(1, 10) if v not in free)))


def test_a_wrong_hint_fails():
    with pytest.raises(AssertionError, match="technique"):
        exercises.check_hint(("naked single", (2, 0, 1)))
    with pytest.raises(AssertionError, match="placements"):
        exercises.check_hint(("hidden single", (0, 0, 1)))


def test_the_solutions_digit_does_not_break_the_puzzle():
    from sudoku_cp import datasets, solve

    puzzle = datasets.load("easy50")[0]
    cell = next(i for i, v in enumerate(puzzle.cells) if not v)
    with pytest.raises(AssertionError, match="still leaves a solution"):
        exercises.check_breaking_digit((*divmod(cell, 9), solve(puzzle).cells[cell]))


def test_wrong_cell_clauses_fail():
    from sudoku_cp.backends.sat_encoding import variable

    cell = 11  # r2c3
    with pytest.raises(AssertionError, match="not clauses"):
        exercises.check_at_least_one([[variable(cell, v, 9) for v in range(1, 9)]])
    with pytest.raises(AssertionError, match="not clauses"):
        exercises.check_at_least_one([[variable(0, v, 9) for v in range(1, 10)]])  # r1c1, not r2c3
    with pytest.raises(AssertionError, match="missing"):
        exercises.check_at_most_one([[-variable(cell, 1, 9), -variable(cell, 2, 9)]])
    with pytest.raises(AssertionError, match="not clauses"):
        exercises.check_at_most_one([[variable(cell, 1, 9), variable(cell, 2, 9)]])


def test_unanswered_exercises_of_notebook_7_only_say_so(capsys):
    exercises.check_cover_row(None)
    exercises.check_cage_row(None)
    assert capsys.readouterr().out.count("not answered yet") == 2


def test_a_wrong_exact_cover_row_fails():
    cell, box_1 = 11, 81 + 18 * 9 + 4  # r2c3; box 1, value 5
    with pytest.raises(AssertionError, match="missing"):
        exercises.check_cover_row([cell, box_1])
    with pytest.raises(AssertionError, match="no 1 in that row"):
        exercises.check_cover_row([cell, 81 + 0 * 9 + 4, 81 + 11 * 9 + 4, box_1])  # row 1, not row 2
    with pytest.raises(AssertionError, match="twice"):
        exercises.check_cover_row([cell, cell, box_1, box_1])


def test_a_wrong_cage_row_fails():
    right = {c * 9 + v - 1: v for c in (0, 1) for v in range(1, 10)}
    with pytest.raises(AssertionError, match="weighs 1"):
        exercises.check_cage_row(dict.fromkeys(right, 1))  # counts the cells, not their values
    with pytest.raises(AssertionError, match="missing"):
        exercises.check_cage_row({v - 1: v for v in range(1, 10)})  # r1c1 only
    with pytest.raises(AssertionError, match="not a cell of the cage"):
        exercises.check_cage_row({**right, 18: 1})  # r1c3 = 1


def test_the_hints_of_2_2_and_6_2_do_not_give_the_answer_away():
    # issue 33: both hints used to name the right answer
    from sudoku_cp.engine.trace import PROPAGATIONS, propagate

    puzzles = exercises.datasets.load("easy50")[:8] + exercises.datasets.load("top95")[:4]
    expected = next((level for level in PROPAGATIONS if propagate(puzzles[0], level).solved), None)
    wrong = next(level for level in PROPAGATIONS if level != expected)
    with pytest.raises(AssertionError, match="puzzle 0") as raised:
        exercises.check_weakest_level(lambda puzzle: wrong)
    assert repr(expected) not in str(raised.value) and f"is {expected}" not in str(raised.value)
    with pytest.raises(AssertionError, match="nodes") as raised:
        exercises.check_most_searched(2)
    table = exercises.datasets.load("top95")[:10]
    from sudoku_cp import compare

    nodes = compare(table, backends=["backtracking"], processes=1, progress=False)["nodes"]
    most = int(nodes.idxmax())
    assert f"puzzle {most}" not in str(raised.value) and f"{nodes[most]:.0f}" not in str(raised.value)


def test_unanswered_exercises_of_notebooks_8_and_9_only_say_so(capsys):
    exercises.check_circle_value(None)
    exercises.check_arrow_breaker(None)
    exercises.check_eliminate(None, None)
    exercises.check_search(None, None)
    exercises.check_thermo_bounds(None)
    assert capsys.readouterr().out.count("not answered yet") == 5


def test_wrong_answers_of_notebook_8_fail():
    with pytest.raises(AssertionError, match="arrow 1"):
        exercises.check_circle_value(lambda constraint, values: values[constraint.cells[0]] + 1)
    with pytest.raises(AssertionError, match="breaks a unit"):
        exercises.check_arrow_breaker((0, 0, 7))
    from sudoku_cp import solve

    digits = solve(exercises.arrow_puzzle()).cells
    empty = exercises.arrow_puzzle().grid.cells.index(0)
    with pytest.raises(AssertionError, match="still has a solution"):
        exercises.check_arrow_breaker((*divmod(empty, 9), digits[empty]))


def _no_hidden_singles(problem, domains, cell, value):
    """Forward checking only: a wrong 9.1 answer (it misses hidden singles)."""
    if value not in domains[cell]:
        return True
    domains[cell].discard(value)
    if not domains[cell]:
        return False
    if len(domains[cell]) == 1:
        (last,) = domains[cell]
        return all(_no_hidden_singles(problem, domains, peer, last) for peer in problem.peers[cell])
    return True


def test_wrong_answers_of_notebook_9_fail():
    def assign(problem, domains, cell, value):
        return all(_no_hidden_singles(problem, domains, cell, v) for v in domains[cell] - {value})

    with pytest.raises(AssertionError, match="no other cell of row 1 can hold 2"):
        exercises.check_eliminate(_no_hidden_singles, assign)

    def off_by_one(problem, domains, thermometer):
        for a, b in zip(thermometer, thermometer[1:], strict=False):
            domains[b].difference_update(range(1, min(domains[a])))  # lets equal digits through
        return True

    with pytest.raises(AssertionError, match="thermo|r\\dc\\d"):
        exercises.check_thermo_bounds(off_by_one)

    def first_value_only(problem, domains, order, stats, assign):
        stats["decisions"] += 1
        return domains

    with pytest.raises(AssertionError):
        exercises.check_search(first_value_only, assign)


def test_a_cpmpy_model_without_boxes_fails_and_none_only_says_so(capsys):
    cp = pytest.importorskip("cpmpy")
    exercises.check_cpmpy_model(None)
    assert "not answered yet" in capsys.readouterr().out

    def rows_and_columns_only(grid):
        n = grid.side
        cells = cp.intvar(1, n, shape=(n, n), name="x")
        model = cp.Model([cp.AllDifferent(cells[i, :]) for i in range(n)])
        model += [cp.AllDifferent(cells[:, i]) for i in range(n)]
        model += [cells[i // n, i % n] == v for i, v in enumerate(grid.cells) if v]
        return model, cells

    with pytest.raises(AssertionError, match="box|package"):
        exercises.check_cpmpy_model(rows_and_columns_only)

"""The ``"auto"`` portfolio: its routes, its budgeted first attempt and fallback, and what
its stats say (its answers are checked by the contract suite, for every route taken)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from test_sat import without_pysat  # noqa: F401  (a fixture: PySAT made unimportable)

import sudoku_cp
from sudoku_cp import Grid, Puzzle, compare, datasets  # compare: the function, before its module
from sudoku_cp.backends import auto
from sudoku_cp.compare import usable_backends

TOP95 = datasets.load("top95", limit=2)


def test_small_grids_and_variants_go_to_the_budgeted_backtracker_then_sat():
    for puzzle in (Grid.empty(9), Grid.empty(16), datasets.load("gen_x")[0], datasets.load("gen_thermo")[0]):
        plan = auto.route(puzzle)
        assert (plan.first, plan.fallback) == ("backtracking", "sat")
        assert plan.budget > 0


def test_jigsaws_fall_back_to_cpsat_unless_they_have_few_givens():
    jigsaw = datasets.load("gen_jigsaw")[0]
    assert auto.route(jigsaw).fallback == "cpsat"
    assert auto.route(jigsaw.with_grid(Grid.empty(9, box=None))).fallback == "sat"


def test_few_given_little_killers_fall_back_to_cpsat_other_few_given_variants_to_sat():
    little_killer, killer = datasets.load("gen_little_killer")[0], datasets.load("gen_killer")[0]
    assert auto.route(little_killer).fallback == "sat"  # enough givens: the backtracker answers
    assert auto.route(little_killer.with_grid(Grid.empty(9))).fallback == "cpsat"
    assert auto.route(killer.with_grid(Grid.empty(9))).fallback == "sat"


def test_large_grids_go_by_their_share_of_givens():
    sparse = auto.route(Grid.empty(25))
    assert (sparse.label, sparse.first, sparse.fallback) == ("large, sparse", "backtracking", "sat")
    hard = auto.route(datasets.load("sudoku25")[0])  # 43% given, one solution: SAT's clause learning
    assert (hard.label, hard.first, hard.budget, hard.fallback) == ("large", "sat", None, None)


def test_the_stats_say_who_answered_and_whether_it_was_a_fallback():
    # solved by propagation, no node: the budget is looked at only every CHECK_EVERY nodes
    result = sudoku_cp.solve_with_stats(datasets.load("easy50", limit=1)[0], backend="auto")
    assert auto.answered_by(result.stats) == "backtracking"
    assert result.stats["fallback"] == result.stats["budget_nodes"] == 0
    assert result.stats["chose_backtracking"] + result.stats["chose_cpsat"] + result.stats["chose_sat"] == 1


def test_past_its_budget_the_first_attempt_gives_way_to_the_fallback(monkeypatch):
    expected = sudoku_cp.solve(TOP95[1], backend="backtracking")
    monkeypatch.setitem(auto.BUDGETS, "classic", 0)  # over budget at the first look (CHECK_EVERY nodes)
    result = sudoku_cp.solve_with_stats(TOP95[1], backend="auto")
    assert result.solution == expected
    assert auto.answered_by(result.stats) == "sat"
    assert result.stats["fallback"] == 1 and result.stats["budget_nodes"] >= auto.CHECK_EVERY
    assert sudoku_cp.count_solutions(TOP95[1], backend="auto") == 1
    with pytest.raises(sudoku_cp.NoSolutionError):
        sudoku_cp.backends.auto.next_solution(TOP95[1], expected)


def test_past_its_conflicts_sat_gives_way_to_cpsat_with_the_same_smallest_solution(monkeypatch):
    puzzle = datasets.load("gen_killer")[0].with_grid(Grid.empty(9))  # no givens: SAT's proof conflicts
    expected = sudoku_cp.solve(puzzle, backend="sat")
    monkeypatch.setattr(auto, "route", lambda model: auto.Route("to SAT", "sat"))
    monkeypatch.setattr(auto, "SAT_CONFLICTS", 1)
    result = sudoku_cp.solve_with_stats(puzzle, backend="auto")
    assert result.solution == expected and auto.answered_by(result.stats) == "cpsat"
    assert result.stats["fallback"] == 1 and result.stats["budget_conflicts"] >= 1
    monkeypatch.setattr(auto, "SAT_CONFLICTS", 0)  # over at SAT's first look: its count has few conflicts
    count, stats = auto.count_solutions(puzzle, limit=2)
    assert (
        count == sudoku_cp.count_solutions(puzzle, backend="sat", limit=2)
        and auto.answered_by(stats) == "cpsat"
    )


def test_a_sat_answer_within_its_conflicts_is_kept(monkeypatch):
    monkeypatch.setitem(auto.BUDGETS, "classic", 0)
    result = sudoku_cp.solve_with_stats(TOP95[1], backend="auto")
    assert auto.answered_by(result.stats) == "sat" and result.stats["budget_conflicts"] == 0
    assert result.stats["conflicts"] < auto.SAT_CONFLICTS


def test_a_few_given_latin_square_with_anti_knight_and_anti_king_is_answered():
    record = {
        "size": 9,
        "box": None,
        "grid": "1" + "." * 79 + "2",
        "rules": {"anti_knight": True, "anti_king": True},
    }
    puzzle = Puzzle.from_dict(record)
    assert auto.route(puzzle).label == "variant, few givens"
    result = sudoku_cp.solve_with_stats(puzzle, backend="auto", time_limit=60)
    assert puzzle.is_solved_by(result.solution)
    assert result.solution == sudoku_cp.solve(puzzle, backend="sat")


def test_without_pysat_auto_falls_back_to_cpsat_and_compare_skips_sat(without_pysat, monkeypatch):  # noqa: F811
    monkeypatch.setitem(auto.BUDGETS, "classic", 0)
    monkeypatch.setattr(auto, "COLD_NODES", {})  # no larger first budget while PySAT is not loaded
    result = sudoku_cp.solve_with_stats(TOP95[1], backend="auto")
    assert auto.answered_by(result.stats) == "cpsat"
    with pytest.warns(UserWarning, match=r"backend 'sat' skipped: .*pip install"):
        assert usable_backends(["backtracking", "sat"]) == ["backtracking"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        frame = compare(TOP95[:1], backends=["backtracking", "sat"], time_limit={"sat": 5})
    assert list(frame["backend"]) == ["backtracking"]


def test_a_jigsaw_past_its_budget_is_counted_and_listed_by_cpsat(monkeypatch):
    jigsaw = datasets.load("gen_jigsaw")[0]
    monkeypatch.setitem(auto.BUDGETS, "jigsaw", 0)
    count, stats = auto.count_solutions(jigsaw, limit=2)
    assert count == 1 and auto.answered_by(stats) == "cpsat" and stats["fallback"] == 1
    solution, stats = auto.solve(jigsaw)
    assert solution.to_string() == jigsaw.metadata["solution"] and auto.answered_by(stats) == "cpsat"
    with pytest.raises(sudoku_cp.NoSolutionError):
        auto.next_solution(jigsaw, solution)


def test_the_budget_counts_nodes_so_the_route_does_not_depend_on_the_clock(monkeypatch):
    import time

    sudoku_cp.solve(TOP95[0], backend="sat")  # the fallback loaded: no cold budget
    easy, hard = TOP95[0], TOP95[1]  # 23 and 295 backtracking nodes
    assert sudoku_cp.solve_with_stats(hard, backend="backtracking").stats["nodes"] > auto.BUDGETS["classic"]
    clock = iter(range(0, 10**9, 1000))  # every read of the CPU clock 1000 s later: a very busy machine
    monkeypatch.setattr(time, "process_time", lambda: float(next(clock)))
    quick = sudoku_cp.solve_with_stats(easy, backend="auto")
    assert auto.answered_by(quick.stats) == "backtracking" and quick.stats["fallback"] == 0
    slow = sudoku_cp.solve_with_stats(hard, backend="auto")
    assert auto.answered_by(slow.stats) == "sat" and slow.stats["fallback"] == 1
    budget = auto.BUDGETS["classic"]
    assert budget <= slow.stats["budget_nodes"] < budget + auto.CHECK_EVERY
    assert slow.solution == sudoku_cp.solve(hard, backend="backtracking")


def test_a_classic_route_gets_more_nodes_while_its_fallback_is_not_loaded(monkeypatch):
    plan = auto.route(TOP95[1])
    sudoku_cp.solve(TOP95[0], backend="sat")
    assert auto._cold_nodes(plan) == 0
    monkeypatch.delitem(sys.modules, "sudoku_cp.backends.sat")
    assert auto._cold_nodes(plan) == auto.COLD_NODES["sat"]
    assert auto._cold_nodes(auto.route(datasets.load("gen_thermo")[0])) == 0  # not a classic route


def test_warm_up_loads_the_fallback_on_a_helper_thread():
    code = (
        "import sys\n"
        "from sudoku_cp.backends import auto\n"
        "from sudoku_cp.engine import imports\n"
        "assert 'pysat.solvers' not in sys.modules\n"
        "auto.warm_up('sat', delay=0)\n"
        "imports._IMPORT_THREAD.submit(int).result()  # the jobs before it are done\n"
        "print('pysat.solvers' in sys.modules, 'sudoku_cp.backends.sat' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True"]


def test_any_solution_takes_the_first_solution_sat_or_cpsat_finds(monkeypatch):
    # explain's solve: on a puzzle with one solution, solve's (SAT's first model, unproven)
    values, stats = auto.BACKEND.any_solution(Puzzle(TOP95[1]).model)
    assert values == list(sudoku_cp.solve(TOP95[1], backend="backtracking").cells)
    assert auto.answered_by(stats) == "sat"  # past the backtracker's budget (the test above)
    # where CP-SAT answers, its first solution: a solution (the grid as givens: SAT counts
    # one), of a puzzle with many, and no enumeration or lexicographic chain after it
    puzzle = datasets.load("gen_killer")[0].with_grid(Grid.empty(9))
    monkeypatch.setattr(auto, "route", lambda model: auto.Route("to CP-SAT", "cpsat"))
    values, stats = auto.BACKEND.any_solution(puzzle.model)
    assert auto.answered_by(stats) == "cpsat" and stats["solver_calls"] == 1
    assert sudoku_cp.count_solutions(puzzle.with_grid(Grid(values)), backend="sat", limit=2) == 1

"""The python-constraint backend: the model, the smallest solution, time limits, errors."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import constraint
import pytest
from conftest import LEXMIN_CASES, assert_solves

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, SolveTimeoutError, datasets
from sudoku_cp import pyconstraint as pc
from sudoku_cp.backends.pyconstraint import worker as pc_worker

BACKEND = "python-constraint"

PUZZLE_4X4 = "1...\n..2.\n.3..\n...4"


def _reference(puzzle: Grid) -> Grid:
    return sudoku_cp.solve(puzzle, backend="backtracking")


# -- the model ------------------------------------------------------------------------


@pytest.mark.parametrize("text", [PUZZLE_4X4, datasets.load("top95")[0].to_string()], ids=["4x4", "9x9"])
def test_build_problem_has_a_variable_per_cell_and_an_alldifferent_per_unit(text: str) -> None:
    grid = Grid.parse(text)
    n = grid.side
    problem = pc.build_problem(grid)
    names = pc.variable_names(n)
    assert names[0] == "r1c1" and names[-1] == f"r{n}c{n}"
    domains = problem._variables  # python-constraint keeps no public accessor
    assert list(domains) == list(names)
    for name, given in zip(names, grid.cells, strict=True):
        assert sorted(domains[name]) == ([given] if given else list(range(1, n + 1)))
    units = problem._constraints
    assert len(units) == 3 * n
    assert all(isinstance(c, constraint.AllDifferentConstraint) for c, _ in units)
    expected = {frozenset(names[cell] for cell in unit.cells) for unit in grid.geometry.units}
    assert {frozenset(variables) for _, variables in units} == expected


def test_build_problem_other_forms_and_solver() -> None:
    grid = Grid.parse(PUZZLE_4X4)
    plain = pc.build_problem(grid, "optimized", constraints="alldifferent")
    assert type(plain.getSolver()) is constraint.OptimizedBacktrackingSolver
    assert all(type(c) is constraint.AllDifferentConstraint for c, _ in plain._constraints)
    pairwise = pc.build_problem(grid, constraints="pairwise")
    assert len(pairwise._constraints) == 3 * 4 * (4 * 3 // 2)  # 3n units, n(n-1)/2 pairs each
    with pytest.raises(ValueError, match="unknown constraint form"):
        pc.build_problem(grid, constraints="nope")
    with pytest.raises(ValueError, match="unknown python-constraint solver"):
        pc.build_problem(grid, "nope")


@pytest.mark.parametrize("form", pc.CONSTRAINT_FORMS)
def test_open_problem_states_the_open_cells_only_with_the_same_solutions(form: str) -> None:
    # issue 34: python-constraint's solver sorts and copies every variable's domain at each
    # node, so the fixed cells of a sparse grid's late questions made each node cost x2
    from sudoku_cp.backends.pyconstraint.model import open_problem

    grid = Grid.parse("12..\n....\n..4.\n....")
    model = sudoku_cp.Puzzle(grid).model
    domains = [list(domain) for domain in model.domains()]
    problem, cells = open_problem(model, domains, None, form)
    names = pc.variable_names(4)
    assert cells == [i for i, value in enumerate(grid.cells) if not value]
    assert list(problem._variables) == [names[cell] for cell in cells]
    assert sorted(problem._variables[names[2]]) == [3]  # r1c3 sees the givens 1, 2 and 4
    full = pc.build_problem(grid, constraints=form).getSolutions()
    expected = sorted(tuple(solution[name] for name in names) for solution in full)
    found = sorted(
        tuple(solution.get(name, grid.cells[i]) for i, name in enumerate(names))
        for solution in problem.getSolutions()
    )
    assert found == expected and len(found) > 1


def test_open_problem_answers_none_when_the_fixed_cells_break_a_unit() -> None:
    from sudoku_cp.backends.pyconstraint.model import open_problem

    model = sudoku_cp.Puzzle(Grid.parse("....\n" * 4)).model
    domains = [[1], [1]] + [[1, 2, 3, 4]] * 14  # two 1s in the first row
    assert open_problem(model, domains, None) is None
    domains = [[1], [2], [3]] + [[1, 2, 3]] + [[1, 2, 3, 4]] * 12  # r1c4 has no value left
    assert open_problem(model, domains, None) is None
    record = {"size": 4, "box": [2, 2], "grid": "." * 16, "rules": {"thermos": [[[0, 0], [0, 1]]]}}
    thermo = sudoku_cp.Puzzle.from_dict(record)
    with pytest.raises(ValueError, match="classic"):
        open_problem(thermo.model, [[1, 2, 3, 4]] * 16, None)


@pytest.mark.parametrize("form", pc.CONSTRAINT_FORMS)
def test_first_solution_is_valid_and_keeps_the_givens(form: str) -> None:
    for puzzle in [Grid.parse(PUZZLE_4X4), Grid.empty(9), datasets.load("top95")[0]]:
        assert_solves(puzzle, pc.first_solution(puzzle, constraints=form))


def test_first_solution_is_not_always_the_smallest() -> None:
    case = LEXMIN_CASES[0]  # several solutions; the search meets another one first
    puzzle = Grid.parse(case["puzzle"])
    first = pc.first_solution(puzzle)
    assert_solves(puzzle, first)
    assert first != Grid.parse(case["lexmin"]) == sudoku_cp.solve(puzzle, backend=BACKEND)


# -- the smallest solution ------------------------------------------------------------


@pytest.mark.parametrize("name", [pytest.param("easy50", marks=pytest.mark.slow), "hardest"])
def test_data_sets_match_the_reference_backtracker(name: str) -> None:
    for puzzle in datasets.load(name):
        result = sudoku_cp.solve_with_stats(puzzle, backend=BACKEND)
        assert_solves(puzzle, result.solution)
        assert result.solution == _reference(puzzle)
        assert result.stats["solver_calls"] >= 1


@pytest.mark.parametrize("form", ["alldifferent", pytest.param("pairwise", marks=pytest.mark.slow)])
def test_every_constraint_form_gives_the_same_smallest_solution(form: str) -> None:
    for case in LEXMIN_CASES[:40:4]:  # top1465-minus: several solutions each, quick for every form
        puzzle = Grid.parse(case["puzzle"])
        solution, _ = pc.solve(puzzle, constraints=form, restarts=form == "pairwise")
        assert solution == Grid.parse(case["lexmin"])


@pytest.mark.slow  # about 3 s
@pytest.mark.parametrize("solver", ["recursive", "optimized"])
def test_other_complete_solvers_give_the_same_smallest_solution(solver: str) -> None:
    for case in LEXMIN_CASES[:40:8]:
        solution, stats = pc.solve(Grid.parse(case["puzzle"]), solver=solver)
        assert solution == Grid.parse(case["lexmin"])
        assert stats["solver_calls"] >= 1


def test_min_conflicts_cannot_drive_the_guarantee() -> None:
    with pytest.raises(ValueError, match="cannot prove"):
        pc.solve(Grid.parse(PUZZLE_4X4), solver="minconflicts")


def test_unknown_option_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="does not take"):
        sudoku_cp.solve(PUZZLE_4X4, backend=BACKEND, workers=2)


# -- time limit -----------------------------------------------------------------------


def test_time_limit_kills_the_search_and_the_next_solve_works() -> None:
    hard = datasets.load("hex16")[0]  # python-constraint's plain AllDifferent needs many seconds
    limit = 0.5
    pc.solve(datasets.load("easy50")[0], time_limit=30)  # start the worker, to watch it die
    (worker,) = pc_worker.pool.pids
    start = time.perf_counter()
    with pytest.raises(SolveTimeoutError, match="0.5 s"):
        sudoku_cp.solve(hard, backend=BACKEND, time_limit=limit, constraints="alldifferent", preprocess=False)
    assert (
        time.perf_counter() - start < limit + 5
    )  # wall time (the search is in a child): far below the search
    assert pc_worker.pool.pids == []
    assert not _process_exists(worker)
    puzzle = datasets.load("top95")[1]
    assert sudoku_cp.solve(puzzle, backend=BACKEND) == _reference(puzzle)
    result = sudoku_cp.solve_with_stats(puzzle, backend=BACKEND, time_limit=30)
    assert result.solution == _reference(puzzle)
    assert result.stats["worker_started"] == 1.0


def test_worker_is_reused_and_passes_errors_back() -> None:
    puzzle = datasets.load("easy50")[0]
    sudoku_cp.solve(puzzle, backend=BACKEND, time_limit=30)
    again = sudoku_cp.solve_with_stats(puzzle, backend=BACKEND, time_limit=30)
    assert again.stats["worker_started"] == 0.0
    unsolvable = next(Grid.parse(c["puzzle"]) for c in LEXMIN_CASES if c["lexmin"] is None)
    with pytest.raises(NoSolutionError):
        sudoku_cp.solve(unsolvable, backend=BACKEND, time_limit=30)
    workers = pc_worker.pool.pids
    assert workers
    pc.shutdown_worker()
    assert pc_worker.pool.pids == []
    assert not any(_process_exists(worker) for worker in workers)


def test_time_limit_works_from_a_script_without_a_main_guard(tmp_path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(
        "import sudoku_cp\n"
        f"print(sudoku_cp.solve({PUZZLE_4X4!r}, backend='python-constraint', time_limit=30).to_string())\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == sudoku_cp.solve(PUZZLE_4X4, backend="backtracking").to_string()


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(("side", "share"), [(16, 0.1), (20, 0.0)])
def test_a_sparse_large_grid_starts_from_the_engine_witness(side: int, share: float) -> None:
    # issue 34: python-constraint's first solution and descent timed out on such grids
    from test_exact_cover import _sparse

    from sudoku_cp.backends import pyconstraint

    grid = _sparse(side, share, 1)
    solution, stats = pyconstraint.solve(grid)
    assert solution == sudoku_cp.solve(grid, backend="exact-cover", proof="row-major")
    assert stats["nodes"] < 10_000

"""compare() and summarize(): one row per (puzzle, backend), verdicts checked against
each other and against the known smallest solutions."""

from __future__ import annotations

import math
import subprocess
import sys

import pandas as pd
import pytest
from conftest import LEXMIN_CASES, assert_solves

from sudoku_cp import (
    Grid,
    NoSolutionError,
    SolveTimeoutError,
    UnknownBackendError,
    compare,
    datasets,
    summarize,
)
from sudoku_cp import backends as registry
from sudoku_cp.cli import main
from sudoku_cp.compare import LEADING_COLUMNS, SUMMARY_COLUMNS, TRAILING_COLUMNS

SEVERAL_SOLUTIONS = next(c for c in LEXMIN_CASES if c["tag"] == "top1465-minus" and c["count_ge"] >= 2)
UNSOLVABLE = next(c for c in LEXMIN_CASES if c["lexmin"] is None)
EMPTY = "." * 81


@pytest.fixture(autouse=True, scope="module")
def _stop_worker_processes():
    """Stop joblib's reusable worker processes after this module, so that no test after it
    finds child processes it did not start."""
    yield
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


def _handful() -> tuple[list[Grid], list[str | None]]:
    """Two easy puzzles, one with several solutions, one without: puzzles and expected answers."""
    easy = datasets.load("easy50")[:2]
    expected = [backend_answer(p) for p in easy] + [SEVERAL_SOLUTIONS["lexmin"], None]
    puzzles = [*easy, Grid.parse(SEVERAL_SOLUTIONS["puzzle"]), Grid.parse(UNSOLVABLE["puzzle"])]
    return puzzles, expected


def backend_answer(puzzle: Grid) -> str:
    """Each easy50 puzzle has one solution; the reference backtracker finds it."""
    solution, _ = registry.get_backend("backtracking").solve(puzzle)
    return solution.to_string()


@pytest.fixture(scope="module")
def all_backends_table() -> tuple[pd.DataFrame, list[Grid], list[str | None]]:
    puzzles, expected = _handful()
    return compare(puzzles, time_limit=120, progress=False), puzzles, expected


def test_every_backend_solves_and_agrees(all_backends_table):
    frame, puzzles, expected = all_backends_table
    names = registry.backend_names()
    assert len(frame) == len(puzzles) * len(names)
    assert list(frame["backend"]) == names * len(puzzles)
    assert list(frame["puzzle"]) == [i for i in range(len(puzzles)) for _ in names]
    for row in frame.itertuples():
        puzzle = puzzles[row.puzzle]
        assert row.dataset == "custom"
        assert (row.size, row.givens) == (9, puzzle.givens)
        assert row.wall_time > 0
        if expected[row.puzzle] is None:
            assert row.status == "no solution", row
            assert pd.isna(row.solution) and row.error.startswith("NoSolutionError")
        else:
            assert row.status == "solved", row
            assert row.solution == expected[row.puzzle]
            assert_solves(puzzle, Grid.parse(row.solution))
            assert row.solver_calls >= 1
        assert bool(row.agrees)  # bool(<NA>) would raise


def test_columns_hold_every_backends_counters(all_backends_table):
    frame, _, _ = all_backends_table
    columns = list(frame.columns)
    assert columns[: len(LEADING_COLUMNS)] == LEADING_COLUMNS
    assert columns[-len(TRAILING_COLUMNS) :] == TRAILING_COLUMNS
    assert "solver_calls" in columns
    assert frame["agrees"].dtype == "boolean"
    counters = columns[len(LEADING_COLUMNS) : -len(TRAILING_COLUMNS)]
    for counter in counters:
        assert pd.api.types.is_numeric_dtype(frame[counter]), counter


def test_summary_of_all_backends(all_backends_table):
    frame, puzzles, _ = all_backends_table
    summary = summarize(frame)
    assert list(summary.columns) == ["dataset", "backend", *SUMMARY_COLUMNS]
    assert list(summary["backend"]) == registry.backend_names()
    assert (summary["count"] == len(puzzles)).all()
    assert (summary["solved"] == len(puzzles) - 1).all()
    assert (summary["no_solution"] == 1).all()
    assert (summary["timeouts"] == 0).all() and (summary["errors"] == 0).all()
    assert (summary["agreement"] == 1.0).all()


def test_timeouts_and_failures_are_rows_not_exceptions(monkeypatch):
    def always_timeout(grid, *, time_limit=None):
        raise SolveTimeoutError(f"gave up after {time_limit} s")

    def crashes(grid, *, time_limit=None):
        raise RuntimeError("segfault averted")

    monkeypatch.setitem(registry._BACKENDS, "always-timeout", always_timeout)
    monkeypatch.setitem(registry._BACKENDS, "crashes", crashes)
    puzzles, expected = _handful()
    frame = compare(
        puzzles,
        backends=["backtracking", "always-timeout", "crashes"],
        time_limit={"always-timeout": 0.5},
        processes=2,
        progress=False,
    )
    by_backend = {name: rows for name, rows in frame.groupby("backend")}
    reference = by_backend["backtracking"]
    assert list(reference["status"]) == ["solved", "solved", "solved", "no solution"]
    assert list(reference["solution"].fillna("none")) == [e or "none" for e in expected]
    assert list(reference["agrees"]) == [True] * 4  # the only verdicts: nothing contradicts them
    timeouts = by_backend["always-timeout"]
    assert set(timeouts["status"]) == {"timeout"}
    assert set(timeouts["error"]) == {"SolveTimeoutError: gave up after 0.5 s"}
    assert timeouts["agrees"].isna().all() and timeouts["solver_calls"].isna().all()
    failures = by_backend["crashes"]
    assert set(failures["status"]) == {"error"} and set(failures["error"]) == {
        "RuntimeError: segfault averted"
    }

    summary = summarize(frame).set_index("backend")
    assert summary.loc["always-timeout", "timeouts"] == 4 and summary.loc["crashes", "errors"] == 4
    assert summary.loc["backtracking", ["solved", "no_solution"]].tolist() == [3, 1]
    assert math.isnan(summary.loc["crashes", "agreement"])


def test_a_wrong_answer_is_flagged_on_both_sides(monkeypatch):
    solve = registry.get_backend("backtracking").solve

    def swaps_ones_and_twos(grid, *, time_limit=None):
        """A valid but not the smallest solution of a puzzle without 1s and 2s."""
        solution, stats = solve(grid, time_limit=time_limit)
        return Grid([{1: 2, 2: 1}.get(v, v) for v in solution.cells]), stats

    def claims_no_solution(grid, *, time_limit=None):
        raise NoSolutionError("none, trust me")

    monkeypatch.setitem(registry._BACKENDS, "swapper", swaps_ones_and_twos)
    monkeypatch.setitem(registry._BACKENDS, "defeatist", claims_no_solution)
    frame = compare([EMPTY], backends=["backtracking", "swapper", "defeatist"], progress=False)
    assert list(frame["status"]) == ["solved", "solved", "no solution"]
    assert list(frame["agrees"]) == [False, False, False]
    assert summarize(frame)["agreement"].tolist() == [0.0, 0.0, 0.0]


def test_data_set_by_name():
    frame = compare("hardest", backends=["backtracking"], progress=False)
    assert len(frame) == datasets.count("hardest")
    assert set(frame["dataset"]) == {"hardest"} and set(frame["status"]) == {"solved"}
    summary = summarize(frame)
    assert summary[["dataset", "backend", "count", "solved"]].values.tolist() == [
        ["hardest", "backtracking", 11, 11]
    ]
    assert summary["median_s"][0] == pytest.approx(frame["wall_time"].median())
    assert summary["max_s"][0] == pytest.approx(frame["wall_time"].max())
    assert summary["mean_s"][0] == pytest.approx(frame["wall_time"].mean())


def test_summary_keeps_data_sets_apart():
    first = compare(datasets.load("easy50")[:3], backends=["backtracking"], dataset="easy", progress=False)
    second = compare(datasets.load("top95")[:2], backends=["backtracking"], dataset="top", progress=False)
    summary = summarize(pd.concat([first, second], ignore_index=True))
    assert summary[["dataset", "count"]].values.tolist() == [["easy", 3], ["top", 2]]


def test_malformed_puzzle_is_an_error_row():
    frame = compare(["1234", EMPTY], backends=["backtracking"], progress=False)
    assert list(frame["status"]) == ["error", "solved"]
    assert frame["size"].isna()[0] and frame["size"][1] == 9
    assert frame["error"][0].startswith("InvalidPuzzleError")


def test_nothing_to_compare_is_an_empty_table():
    for frame in (compare([], backends=["backtracking"], progress=False), compare([EMPTY], backends=[])):
        assert frame.empty and list(frame.columns) == [*LEADING_COLUMNS, *TRAILING_COLUMNS]
        assert summarize(frame).empty


def test_caller_errors():
    with pytest.raises(UnknownBackendError, match="nope"):
        compare([EMPTY], backends=["backtracking", "nope"], progress=False)
    with pytest.raises(TypeError, match="cpsat"):
        compare([EMPTY], backends=["backtracking"], time_limit={"cpsat": 1}, progress=False)
    with pytest.raises(ValueError, match="unknown data set"):
        compare("top96", progress=False)


def test_bench_command_prints_a_table_and_writes_csv(tmp_path, capsys):
    csv_path = tmp_path / "bench.csv"
    code = main(
        ["bench", "--dataset", "easy50", "--limit", "3", "-b", "backtracking,cpsat", "--csv", str(csv_path)]
    )
    out = capsys.readouterr().out
    assert code == 0
    header, *rows, wrote = out.strip().splitlines()
    assert header.split()[:2] == ["dataset", "backend"] and "agreement" in header
    assert [row.split()[:4] for row in rows] == [
        ["easy50", "backtracking", "3", "3"],
        ["easy50", "cpsat", "3", "3"],
    ]
    assert all(row.endswith("100%") for row in rows)
    assert wrote == f"wrote 6 rows to {csv_path}"
    table = pd.read_csv(csv_path, dtype={"solution": str})
    assert list(table["backend"]) == ["backtracking", "cpsat"] * 3
    assert set(table["status"]) == {"solved"} and table["agrees"].all()
    assert table["solution"].str.len().eq(81).all()


def test_bench_command_repeated_backends_and_time_limit(capsys):
    code = main(["bench", "-d", "hardest", "-n", "2", "-b", "backtracking", "-b", "cpsat", "-t", "30"])
    rows = capsys.readouterr().out.strip().splitlines()[1:]
    assert code == 0 and [row.split()[1] for row in rows] == ["backtracking", "cpsat"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["-d", "top96"], "unknown data set 'top96'"),
        (["-d", "top95", "-b", "cpsat,nope"], "unknown backend 'nope'"),
    ],
)
def test_bench_command_rejects_unknown_names(arguments, message, capsys):
    assert main(["bench", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err


def test_workers_is_the_deprecated_name_of_processes():
    puzzles, _ = _handful()
    with pytest.warns(DeprecationWarning, match="processes"):
        frame = compare(puzzles[:2], backends=["backtracking"], workers=1, progress=False)
    assert list(frame["status"]) == ["solved", "solved"]


def test_compare_stays_callable_once_its_module_is_imported():
    """``import sudoku_cp.compare`` binds the package attribute to the module; it must still call."""
    code = (
        "import sudoku_cp.compare, sudoku_cp\n"
        "table = sudoku_cp.compare(['1234341221434321'], backends=['backtracking'], progress=False)\n"
        "print(table['status'].tolist())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['solved']"

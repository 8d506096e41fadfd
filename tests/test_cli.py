"""The sudoku-cp command line: exact output for the Baekjoon samples and the other layouts,
files and standard input, data-set summaries, and exit codes 0/1/2/3 with exactly one
'sudoku-cp: ...' line on standard error for every failure."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner
from conftest import LEXMIN_CASES

from sudoku_cp import Grid, backend_names, datasets
from sudoku_cp.cli import EXIT_FAILED, EXIT_INVALID, EXIT_NO_SOLUTION, EXIT_SOLVED, EXIT_TIMEOUT, main

BAEKJOON_2239_INPUT = """103000509
002109400
000704000
300502006
060000050
700803004
000401000
009205800
804000107
"""
BAEKJOON_2239_OUTPUT = """143628579
572139468
986754231
391542786
468917352
725863914
237481695
619275843
854396127
"""
BAEKJOON_2580_INPUT = """0 3 5 4 6 9 2 7 8
7 8 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
8 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
"""
BAEKJOON_2580_OUTPUT = """1 3 5 4 6 9 2 7 8
7 8 2 1 3 5 6 4 9
4 6 9 2 7 8 1 3 5
3 2 1 5 4 6 8 9 7
8 7 4 9 1 3 5 2 6
5 9 6 8 2 7 4 1 3
9 1 7 6 5 2 3 8 4
6 4 3 7 8 1 9 5 2
2 5 8 3 9 4 7 6 1
"""

SOLVABLE = [case for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"] is not None][:5]
UNSOLVABLE = next(case for case in LEXMIN_CASES if case["lexmin"] is None)


def run(args: list[str], stdin: str | bytes = "") -> tuple[int, str, str]:
    """Run sudoku_cp.cli.main in-process with the given standard input; return
    (exit code, stdout, stderr)."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        code = main(args)
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode(), err.getvalue().decode()


def assert_one_error_line(stderr: str, *fragments: str) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("sudoku-cp: "), stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, stderr)


@pytest.fixture
def write(tmp_path):
    def write_file(text: str | bytes, name: str = "puzzle.txt") -> str:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return str(path)

    return write_file


# -- solving ------------------------------------------------------------------------------


def test_baekjoon_2239_from_stdin():
    assert run(["solve"], BAEKJOON_2239_INPUT) == (EXIT_SOLVED, BAEKJOON_2239_OUTPUT, "")


def test_baekjoon_2239_from_a_file(write):
    assert run(["solve", write(BAEKJOON_2239_INPUT)]) == (EXIT_SOLVED, BAEKJOON_2239_OUTPUT, "")


def test_baekjoon_2239_with_windows_line_endings(write):
    path = write(BAEKJOON_2239_INPUT.replace("\n", "\r\n").encode())
    assert run(["solve", path]) == (EXIT_SOLVED, BAEKJOON_2239_OUTPUT, "")


def test_baekjoon_2580_from_stdin():
    assert run(["solve"], BAEKJOON_2580_INPUT) == (EXIT_SOLVED, BAEKJOON_2580_OUTPUT, "")


def test_baekjoon_2580_from_a_file(write):
    assert run(["solve", write(BAEKJOON_2580_INPUT)]) == (EXIT_SOLVED, BAEKJOON_2580_OUTPUT, "")


def test_one_line_puzzle_gives_one_line():
    case = SOLVABLE[0]
    assert run(["solve"], case["puzzle"] + "\n") == (EXIT_SOLVED, case["lexmin"] + "\n", "")


def test_file_of_one_line_puzzles_gives_one_solution_per_line(write):
    path = write("\n".join(case["puzzle"] for case in SOLVABLE) + "\n")
    expected = "".join(case["lexmin"] + "\n" for case in SOLVABLE)
    assert run(["solve", path]) == (EXIT_SOLVED, expected, "")


def test_16x16_one_line():
    case = next(c for c in LEXMIN_CASES if c["k"] == 4 and c["lexmin"] is not None)
    assert run(["solve"], case["puzzle"]) == (EXIT_SOLVED, case["lexmin"] + "\n", "")


def test_pretty_input_gives_pretty_output():
    solution = Grid.parse(BAEKJOON_2239_OUTPUT)
    puzzle = Grid.parse(BAEKJOON_2239_INPUT).format("pretty")
    assert run(["solve"], puzzle) == (EXIT_SOLVED, solution.format("pretty") + "\n", "")


@pytest.mark.parametrize("layout", ["line", "rows", "spaced", "pretty"])
@pytest.mark.parametrize("flag", ["--layout", "-l"])
def test_layout_option(layout, flag):
    solution = Grid.parse(BAEKJOON_2239_OUTPUT)
    code, out, err = run(["solve", flag, layout], BAEKJOON_2239_INPUT)
    assert (code, out, err) == (EXIT_SOLVED, solution.format(layout) + "\n", "")


def test_layout_pretty_for_a_file_of_puzzles(write):
    path = write("\n".join(case["puzzle"] for case in SOLVABLE[:2]))
    code, out, err = run(["solve", "--layout", "pretty", path])
    expected = "".join(Grid.parse(case["lexmin"]).format("pretty") + "\n" for case in SOLVABLE[:2])
    assert (code, out, err) == (EXIT_SOLVED, expected, "")


@pytest.mark.parametrize("flag", ["--backend", "-b"])
def test_backend_option(flag, write):
    path = write(BAEKJOON_2239_INPUT)
    assert run(["solve", flag, "backtracking", path]) == (EXIT_SOLVED, BAEKJOON_2239_OUTPUT, "")


def test_generous_time_limit(write):
    path = write(BAEKJOON_2580_INPUT)
    assert run(["solve", "-t", "30", path]) == (EXIT_SOLVED, BAEKJOON_2580_OUTPUT, "")


# -- data sets ----------------------------------------------------------------------------

SUMMARY = re.compile(
    r"^hardest: 11/11 solved by auto in \d+\.\d\d s "
    r"\(median \d+\.\d\d ms, mean \d+\.\d\d ms, max \d+\.\d ms per puzzle\)\n$"
)


def test_dataset_prints_the_solutions_and_the_summary_on_standard_error():
    """Issue 22 item 6: ``solve --dataset`` prints the solutions; ``--summary`` only the summary."""
    code, out, err = run(["solve", "--dataset", "hardest"])
    assert code == EXIT_SOLVED
    puzzles = datasets.load("hardest")
    solutions = [Grid.parse(line) for line in out.splitlines()]
    assert len(solutions) == len(puzzles)
    assert all(s.is_solution_of(p) for s, p in zip(solutions, puzzles, strict=True))
    assert SUMMARY.match(err), err
    code, out, err = run(["solve", "--dataset", "hardest", "--summary"])
    assert code == EXIT_SOLVED and err == ""
    assert SUMMARY.match(out), out


def test_dataset_with_limit_backend_and_layout():
    code, out, err = run(["solve", "-d", "easy50", "-n", "3", "-b", "backtracking", "--summary"])
    assert code == EXIT_SOLVED
    assert out.startswith("easy50: 3/3 solved by backtracking in ")
    assert out.count("\n") == 1
    assert err == ""
    code, out, err = run(["solve", "-d", "easy50", "-n", "2", "-b", "backtracking", "-l", "rows"])
    lines = out.splitlines()
    assert code == EXIT_SOLVED and len(lines) == 18  # two grids of nine rows, as the splitter reads them
    assert Grid.parse("\n".join(lines[:9])).is_solution_of(datasets.load("easy50")[0])


def test_dataset_timeouts_are_counted_and_exit_3():
    code, out, err = run(["solve", "--dataset", "sudoku25", "--limit", "1", "-t", "0.1"])
    assert code == EXIT_TIMEOUT
    assert out == "\n"  # no solution: an empty line in its place
    assert err.startswith("sudoku25: 0/1 solved, 1 timeout by auto in ")


def test_datasets_command_lists_every_set():
    code, out, err = run(["datasets"])
    assert code == EXIT_SOLVED and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == datasets.names()
    assert lines[0].split() == ["easy50", "9x9", "49", "puzzles", "classic"]
    assert lines[6].split() == ["sudoku25", "25x25", "12", "puzzles", "classic"]
    assert lines[7].split() == ["anti_knight", "9x9", "4", "puzzles", "anti_knight"]
    assert ["gen_6x6", "6x6", "50", "puzzles", "classic"] in [line.split() for line in lines]
    assert ["gen_killer", "9x9", "20", "puzzles", "cages"] in [line.split() for line in lines]


def test_backends_command_marks_the_default():
    code, out, err = run(["backends"])
    assert code == EXIT_SOLVED and err == ""
    assert [line[2:] for line in out.splitlines()] == backend_names()
    assert "* auto\n" in out


# -- failures: exit code and one line on stderr -------------------------------------------


def test_unsolvable_puzzle_exits_1():
    code, out, err = run(["solve"], UNSOLVABLE["puzzle"])
    assert (code, out) == (EXIT_NO_SOLUTION, "")
    assert_one_error_line(err, "no solution")


def test_file_with_an_unsolvable_puzzle_prints_the_others_and_exits_1(write):
    puzzles = [SOLVABLE[0]["puzzle"], UNSOLVABLE["puzzle"], SOLVABLE[1]["puzzle"]]
    code, out, err = run(["solve", write("\n".join(puzzles))])
    assert code == EXIT_NO_SOLUTION
    assert out == SOLVABLE[0]["lexmin"] + "\n\n" + SOLVABLE[1]["lexmin"] + "\n"
    assert_one_error_line(err, "line 2:", "no solution")


INVALID_INPUTS = {
    "wrong-count": ("12345", ["line 1 has 5 cells"]),
    "repeat": ("55" + "." * 79, ["row 1 has two 5s: columns 1 and 2"]),
    "unknown-character": (BAEKJOON_2239_INPUT.replace("060000050", "06000x050"), ["line 5, column 6", "'x'"]),
    "out-of-range": (BAEKJOON_2580_INPUT.replace("0 6 0 2", "0 6 12 2"), ["value 12 is out of range"]),
    "short-row": (BAEKJOON_2239_INPUT.replace("060000050", "06000005"), ["line 5 has 8 cells"]),
    "empty": ("", ["empty"]),
}


@pytest.mark.parametrize("text, fragments", INVALID_INPUTS.values(), ids=INVALID_INPUTS.keys())
def test_invalid_input_exits_2(text, fragments):
    code, out, err = run(["solve"], text)
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, *fragments)


def test_bad_line_in_a_file_of_puzzles_names_it_and_the_others_are_solved(write):
    lines = [case["puzzle"] for case in SOLVABLE[:3]]
    lines[1] = "11" + "." * 79
    code, out, err = run(["solve", write("\n".join(lines))])
    assert code == EXIT_INVALID
    assert out == SOLVABLE[0]["lexmin"] + "\n\n" + SOLVABLE[2]["lexmin"] + "\n"
    assert_one_error_line(err, "line 2:", "two 1s")


def test_file_that_is_not_utf8_exits_2(write):
    code, out, err = run(["solve", write(b"\xff\xfe\x00garbage")])
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, "not UTF-8")


FAILING_ARGUMENTS = {
    "unknown-backend": (["solve", "--backend", "gurobi"], ["unknown backend 'gurobi'", "'backtracking'"]),
    "unknown-dataset": (["solve", "--dataset", "top96"], ["unknown data set 'top96'", "top95"]),
    "unknown-option": (["solve", "--colour", "red"], ["--colour"]),
    "unknown-command": (["unsolve"], ["unsolve"]),
    "missing-file": (["solve", "no/such/puzzle.txt"], ["no/such/puzzle.txt"]),
    "zero-time-limit": (["solve", "-t", "0"], ["--time-limit"]),
    "text-time-limit": (["solve", "-t", "soon"], ["soon"]),
    "bad-layout": (["solve", "--layout", "fancy"], ["fancy"]),
    "file-and-dataset": (["solve", "--dataset", "hardest", "x.txt"], ["--dataset takes no PUZZLE"]),
    "stats-and-dataset": (["solve", "--dataset", "hardest", "--stats"], ["no --one-per-line or --stats"]),
    "summary-without-dataset": (["solve", "--summary"], ["--summary goes with --dataset"]),
    "limit-without-dataset": (["solve", "--limit", "3"], ["--limit goes with --dataset"]),
    "bench-zero-processes": (["bench", "-d", "hardest", "-j", "0"], ["--processes"]),
    "solve-nan": (["solve", "-t", "nan"], ["--time-limit", "nan"]),
    "dataset-nan": (["solve", "-d", "hardest", "-t", "nan"], ["--time-limit"]),
    "bench-nan": (["bench", "-d", "hardest", "-t", "nan"], ["--time-limit"]),
    "csv-in-missing-folder": (
        ["bench", "-d", "hardest", "--csv", "/nonexistent/dir/x.csv"],
        ["/nonexistent/dir"],
    ),
    "bench-file-and-dataset": (["bench", "-d", "hardest", "x.txt"], ["PUZZLE file or --dataset"]),
    "bench-nothing": (["bench"], ["PUZZLE file or --dataset"]),
    "sample-without-dataset": (["solve", "--sample", "3"], ["--sample goes with --dataset"]),
}


@pytest.mark.parametrize("args, fragments", FAILING_ARGUMENTS.values(), ids=FAILING_ARGUMENTS.keys())
def test_usage_errors_are_one_line_and_exit_2(args, fragments, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text(BAEKJOON_2239_INPUT)
    code, out, err = run(args, BAEKJOON_2239_INPUT)
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, *fragments)


def test_no_command_shows_the_usage_and_exits_2():
    code, out, err = run([])
    assert code == EXIT_INVALID
    assert out == ""
    assert "Usage:" in err and "solve" in err


def test_25x25_with_a_tenth_of_a_second_exits_3(write):
    path = write(datasets.load("sudoku25")[0].to_string())
    code, out, err = run(["solve", "-t", "0.1", path])
    assert (code, out) == (EXIT_TIMEOUT, "")
    assert_one_error_line(err, "ran out of time")


# -- the installed command, as a separate process -----------------------------------------


def run_module(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_cp", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_python_m_sudoku_cp_solves_baekjoon_2239():
    process = run_module(["solve"], BAEKJOON_2239_INPUT)
    assert (process.returncode, process.stdout, process.stderr) == (0, BAEKJOON_2239_OUTPUT, "")


def test_python_m_sudoku_cp_failures():
    process = run_module(["solve"], UNSOLVABLE["puzzle"])
    assert (process.returncode, process.stdout) == (1, "")
    assert_one_error_line(process.stderr, "no solution")
    process = run_module(["solve", "-t", "0.1"], datasets.load("sudoku25")[1].to_string())
    assert (process.returncode, process.stdout) == (3, "")
    assert_one_error_line(process.stderr, "ran out of time")
    process = run_module(["solve", "--backend", "nope"], BAEKJOON_2239_INPUT)
    assert (process.returncode, process.stdout) == (2, "")
    assert_one_error_line(process.stderr, "unknown backend 'nope'")


def test_version():
    code, out, err = run(["--version"])
    assert code == EXIT_SOLVED
    assert "0.1.0" in out


# -- hardening (issue 9) ------------------------------------------------------------------


def test_solve_help_names_the_default_backend_exit_codes_and_how_a_file_is_split():
    code, out, err = run(["solve", "--help"])
    assert code == EXIT_SOLVED
    text = " ".join(out.split())
    assert "default: auto" in text
    for fragment in ("0 solved", "1 no solution", "2 invalid input or usage", "3 time limit", "130"):
        assert fragment in text, fragment
    assert "blank lines separate puzzles" in text and "--one-per-line" in text
    assert "empty line" in text  # what a failed puzzle of many leaves on stdout


def test_a_failed_puzzle_leaves_an_empty_line_so_output_stays_aligned(write):
    lines = [case["puzzle"] for case in SOLVABLE[:4]]
    lines[1] = "11" + "." * 79
    lines[2] = UNSOLVABLE["puzzle"]
    code, out, err = run(["solve", write("\n".join(lines))])
    assert code == EXIT_INVALID  # the first failure's
    assert out.split("\n") == [SOLVABLE[0]["lexmin"], "", "", SOLVABLE[3]["lexmin"], ""]
    assert [line.split(":")[1].strip() for line in err.splitlines()] == ["line 2", "line 3"]


def test_one_short_line_among_one_line_puzzles_is_reported_and_the_rest_solved(write):
    lines = [case["puzzle"] for case in SOLVABLE[:3]]
    lines[1] = lines[1][:80]
    code, out, err = run(["solve", write("\n".join(lines))])
    assert code == EXIT_INVALID
    assert out == SOLVABLE[0]["lexmin"] + "\n\n" + SOLVABLE[2]["lexmin"] + "\n"
    assert_one_error_line(err, "line 2 has 80 cells")


def test_comments_headers_and_several_grids_in_one_file(write):
    grids = [Grid.parse(case["puzzle"]) for case in SOLVABLE[:3]]
    solutions = [Grid.parse(case["lexmin"]) for case in SOLVABLE[:3]]
    euler = "# Project Euler 96 layout\n" + "".join(
        f"Grid {i:02d}\n{grid.format('rows')}\n" for i, grid in enumerate(grids, 1)
    )
    code, out, err = run(["solve", write(euler)])
    assert (code, err) == (EXIT_SOLVED, "")
    assert out == "".join(solution.format("rows") + "\n" for solution in solutions)
    pretty = "\n".join(grid.format("pretty") for grid in grids)  # as --layout pretty prints them
    code, out, err = run(["solve", "--layout", "line", write(pretty, "pretty.txt")])
    assert (code, out, err) == (EXIT_SOLVED, "".join(s.to_string() + "\n" for s in solutions), "")


def test_one_per_line_reads_sixteen_4x4_puzzles(write):
    puzzles = [Grid.parse(f"{i % 4 + 1}" + "." * 15) for i in range(16)]
    path = write("\n".join(p.to_string() for p in puzzles))
    expected = "".join(sudoku_cp_solve(p).to_string() + "\n" for p in puzzles)
    assert run(["solve", "--one-per-line", path]) == (EXIT_SOLVED, expected, "")
    assert run(["solve", path]) == (EXIT_SOLVED, expected, "")


def sudoku_cp_solve(grid: Grid) -> Grid:
    from sudoku_cp import solve

    return solve(grid, backend="backtracking")


def test_an_enormous_line_is_refused_in_bounded_memory(write):
    import tracemalloc

    path = write("1" * 20_000_000)
    tracemalloc.start()
    try:
        code, out, err = run(["solve", path])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, "line 1 is longer than")
    assert peak < 5_000_000


def test_puzzles_are_solved_as_they_are_read():
    """A pipe of puzzles gets its first answers before the input ends (nothing reads it all first)."""
    puzzles = [case["puzzle"] for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"]][:70]
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku_cp", "solve", "-b", "backtracking"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, process.kill)  # if the whole input were read first
    watchdog.start()
    try:
        process.stdin.write("".join(p + "\n" for p in puzzles))
        process.stdin.flush()
        first = process.stdout.readline()
        process.stdin.close()
        rest = process.stdout.read()
        process.wait(60)
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()
    solutions = [case["lexmin"] for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"]][:70]
    assert [first.strip(), *rest.split()] == solutions


def test_a_closed_pipe_ends_quietly(write):
    path = write("\n".join(case["puzzle"] for case in LEXMIN_CASES if case["lexmin"] and case["k"] == 3))
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku_cp", "solve", "-b", "backtracking", path],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.readline()
    process.stdout.close()  # as 'head -1' does
    _, err = process.communicate(timeout=120)
    assert err == b""
    assert process.returncode == 141


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The texts the text reader parses during the test, in order."""
    from sudoku_cp.io import readers

    texts = []
    real_parse = readers.read_text_grid

    def counting_parse(text, *args, **kwargs):
        texts.append(text)
        return real_parse(text, *args, **kwargs)

    monkeypatch.setattr(readers, "read_text_grid", counting_parse)
    return texts


def test_dataset_limit_parses_only_what_it_solves(parsed):
    code, out, err = run(["solve", "-d", "sudoku17", "-n", "5", "-b", "backtracking", "--summary"])
    assert code == EXIT_SOLVED and out.startswith("sudoku17: 5/5 solved")
    assert len(parsed) == 5


def test_dataset_sample_with_seed(parsed, monkeypatch):
    code, out, err = run(
        ["solve", "-d", "sudoku17", "--sample", "4", "--seed", "3", "-b", "backtracking", "--summary"]
    )
    assert (code, err) == (EXIT_SOLVED, "")
    assert out.startswith("sudoku17: 4/4 solved")
    monkeypatch.undo()
    assert [Grid.parse(text) for text in parsed] == datasets.load("sudoku17", sample=4, seed=3)


def test_bench_csv_to_standard_output(tmp_path, monkeypatch):
    import csv
    import io

    monkeypatch.chdir(tmp_path)
    code, out, err = run(["bench", "-d", "hardest", "-n", "2", "-b", "backtracking", "--csv", "-"])
    assert code == EXIT_SOLVED
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["backend"] for row in rows] == ["backtracking", "backtracking"]
    assert "agreement" in err  # the summary table goes to standard error
    assert not (tmp_path / "-").exists()


def test_bench_takes_a_puzzle_file(write):
    path = write("\n".join(case["puzzle"] for case in SOLVABLE[:3]), "mine.txt")
    code, out, err = run(["bench", path, "-b", "backtracking,cpsat"])
    assert code == EXIT_SOLVED, err
    rows = out.splitlines()[1:]
    assert [row.split()[:4] for row in rows] == [
        ["mine", "backtracking", "3", "3"],
        ["mine", "cpsat", "3", "3"],
    ]


def test_datasets_columns_are_aligned():
    code, out, err = run(["datasets"])
    lines = out.splitlines()
    assert len({line.index(" puzzles") for line in lines}) == 1, out  # counts right-aligned
    columns = [[m.start() for m in re.finditer(r"\S+", line)] for line in lines]  # where each word starts
    assert len({starts[1] for starts in columns}) == 1, out  # sizes start in one column
    assert len({starts[4] for starts in columns}) == 1, out  # so do the rules


def test_stats_go_to_standard_error(write):
    path = write("\n".join(case["puzzle"] for case in SOLVABLE[:2]))
    code, out, err = run(["solve", "--stats", path])
    assert code == EXIT_SOLVED
    assert out == SOLVABLE[0]["lexmin"] + "\n" + SOLVABLE[1]["lexmin"] + "\n"
    lines = err.splitlines()
    assert len(lines) == 2
    assert all(
        re.match(r"^stats: line \d: auto, \d+\.\d\d ms, solver_calls=\d+, ", line) for line in lines
    ), err


def test_at_a_terminal_it_says_it_reads_standard_input(monkeypatch):
    import sudoku_cp.cli as cli

    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    code, out, err = run(["solve"], BAEKJOON_2239_INPUT)
    assert (code, out) == (EXIT_SOLVED, BAEKJOON_2239_OUTPUT)
    assert err.startswith("sudoku-cp: reading puzzles from standard input")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the child in /proc")
def test_a_killed_python_constraint_child_is_one_line_and_exit_4(tmp_path):
    """Issue 22 item 7: a killed worker is a backend failure (4), not invalid input (2)."""
    import signal
    import time

    from test_subprocess_timeout import children_of, wait_for

    puzzle = tmp_path / "big25.txt"
    puzzle.write_text(datasets.load("sudoku25")[0].to_string())
    script = (
        "import sys; from sudoku_cp.cli import run; sys.argv[0] = 'sudoku-cp'; "
        "print('ready', file=sys.stderr, flush=True); run()"
    )
    command = [sys.executable, "-c", script, "solve", "-b", "python-constraint", "-t", "300", str(puzzle)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr.readline() == "ready\n"
        assert wait_for(lambda: bool(children_of(process.pid)), 60)
        time.sleep(0.3)
        for child in children_of(process.pid):
            os.kill(child, signal.SIGKILL)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, out) == (EXIT_FAILED, "")
    assert_one_error_line(err, "killed by signal 9")

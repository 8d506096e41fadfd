"""Issue 22, the CLI items: every path safe to script. Each test names its item. In-process
(CliRunner) where possible; a subprocess only where a real pipe, device or signal is needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import LEXMIN_CASES
from test_cli import UNSOLVABLE, assert_one_error_line, run

from sudoku_cp import Grid, datasets
from sudoku_cp.cli import (
    EXIT_CODES,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_NO_SOLUTION,
    EXIT_OUTPUT,
    EXIT_PIPE_CLOSED,
    EXIT_SOLVED,
    EXIT_TIMEOUT,
    main,
)

NINE = next(case for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"] is not None)


def module(args: list[str], **options) -> subprocess.CompletedProcess:
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "sudoku_cp", *args], stderr=subprocess.PIPE, timeout=120, **options
    )


def test_item_1_long_json_reads_back_whole(tmp_path):
    """A JSON list on one line of more than 20 KB (the old cut) is read whole."""
    puzzles = datasets.load("gen_killer", limit=2)
    records = [p.to_dict() for p in puzzles]
    records[0]["notes"] = "x" * 30_000
    path = tmp_path / "k.json"
    path.write_text(json.dumps(records))
    code, out, err = run(["solve", str(path)])
    assert (code, err) == (EXIT_SOLVED, "")
    solutions = [Grid.parse(line, p.box) for line, p in zip(out.split(), puzzles, strict=True)]
    assert all(p.is_solved_by(s) for p, s in zip(puzzles, solutions, strict=True))
    lines = tmp_path / "k.jsonl"  # JSON Lines too
    lines.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    assert run(["solve", str(lines)]) == (code, out, err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["solve", NINE["puzzle"]], ["datasets"], ["generate", "--seed", "1"]])
def test_item_2_standard_output_that_cannot_be_written(args):
    with open("/dev/full", "w") as full:
        process = module(args, stdout=full)
    assert process.returncode == EXIT_OUTPUT
    assert_one_error_line(process.stderr.decode(), "cannot write standard output")


def test_item_2_files_that_cannot_be_written_leave_nothing(tmp_path):
    code, out, err = run(["render", "-o", "/nonexistent/x.svg", NINE["puzzle"]])
    assert (code, out) == (EXIT_OUTPUT, "")
    assert_one_error_line(err, "cannot write /nonexistent/x.svg")
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "x.csv").mkdir()  # a name that cannot be replaced by a file
    code, out, err = run(["encode", "-o", str(folder / "x.csv"), NINE["puzzle"]])
    assert code == EXIT_OUTPUT
    assert_one_error_line(err, "cannot write")
    assert sorted(p.name for p in folder.iterdir()) == ["x.csv"]  # no temporary left behind
    good = tmp_path / "p.svg"
    assert run(["render", "-o", str(good), NINE["puzzle"]])[0] == EXIT_SOLVED
    assert good.read_text().startswith("<?xml") or "<svg" in good.read_text()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_item_2_bench_csv_where_no_file_can_be_made():
    """/proc passes the up-front writability check as root, but no file can be made there."""
    code, out, err = run(["bench", "-d", "hardest", "-n", "1", "-b", "backtracking", "--csv", "/proc/x.csv"])
    if code == EXIT_INVALID:  # not root: refused up front, before solving
        assert_one_error_line(err, "cannot write")
        return
    assert code == EXIT_OUTPUT
    assert_one_error_line(err, "cannot write /proc/x.csv")


def test_item_3_ctrl_c_while_naming_a_conflict_is_an_interruption(monkeypatch):
    import sudoku_cp.reasoning.conflict

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sudoku_cp.reasoning.conflict, "explain_conflict", interrupted)
    code, out, err = run(["solve", UNSOLVABLE["puzzle"]])
    assert (code, out) == (EXIT_INTERRUPTED, "")
    assert "Traceback" not in err and err.strip().endswith("sudoku-cp: aborted")


def test_item_3_the_conflict_search_stays_within_the_time_limit(monkeypatch):
    import sudoku_cp.reasoning.conflict

    limits = []
    real = sudoku_cp.reasoning.conflict.explain_conflict

    def recording(puzzle, *, time_limit=None, **kwargs):
        limits.append(time_limit)
        return real(puzzle, time_limit=time_limit, **kwargs)

    monkeypatch.setattr(sudoku_cp.reasoning.conflict, "explain_conflict", recording)
    code, out, err = run(["solve", "-t", "5", UNSOLVABLE["puzzle"]])
    assert code == EXIT_NO_SOLUTION
    assert_one_error_line(err, "no solution")
    assert len(limits) == 1 and 0 < limits[0] < 5


def test_item_4_dev_zero_is_refused_at_once():
    code, out, err = run(["solve", "/dev/zero"])
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, "line 1 is longer than")
    with open("/dev/zero", "rb") as zeros:  # cat /dev/zero | sudoku-cp solve
        process = module(["solve"], stdin=zeros)
    assert process.returncode == EXIT_INVALID
    assert_one_error_line(process.stderr.decode(), "line 1 is longer than")


def test_item_5_the_puzzle_itself_as_the_argument(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["solve", NINE["puzzle"]]) == (EXIT_SOLVED, NINE["lexmin"] + "\n", "")
    record = json.dumps({"grid": NINE["puzzle"]})
    assert run(["solve", record]) == (EXIT_SOLVED, NINE["lexmin"] + "\n", "")
    assert run(["count", "-k", "1", NINE["puzzle"]])[:2] == (
        EXIT_SOLVED,
        "1 (the limit: there may be more)\n",
    )
    code, out, err = run(["solve", "my-puzzles.txt"])
    assert (code, out) == (EXIT_INVALID, "")
    assert_one_error_line(err, "no such file: 'my-puzzles.txt'", "standard input")


def test_item_7_bench_exits_3_when_puzzles_time_out():
    code, out, err = run(["bench", "-d", "sudoku25", "-n", "1", "-b", "backtracking", "-t", "0.05"])
    assert code == EXIT_TIMEOUT
    assert "timeouts" in out


def test_item_7_a_count_that_runs_out_of_time_says_so():
    code, out, err = run(["count", "-t", "0.05", "-b", "backtracking", "." * 81])
    assert (code, out) == (EXIT_TIMEOUT, "")
    assert_one_error_line(err, "the count did not finish within the time limit")
    assert "no solution" not in err


def test_item_7_encode_into_a_closed_pipe_exits_141():
    twentyfive = datasets.load("sudoku25", limit=1)[0].to_string()
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku_cp", "encode", "--dimacs", twentyfive],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout.read(10) == b"c sudoku_c"  # as 'head -c 10' does
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (EXIT_PIPE_CLOSED, b"")


def test_item_8_a_record_id_is_quoted_never_raw(tmp_path):
    records = [{"id": "\u001b[2J\u0007evil", "grid": "55"}, {"grid": "." * 16}]
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(records))
    code, out, err = run(["solve", str(path)])
    assert code == EXIT_INVALID
    assert "\x1b" not in err and "\x07" not in err
    assert_one_error_line(err, r"record 0 (id '\x1b[2J\x07evil')")


def test_the_exit_codes_are_in_the_main_help():
    code, out, err = run(["--help"])
    text = " ".join(out.split())
    assert code == EXIT_SOLVED
    assert " ".join(EXIT_CODES.split()) in text


def test_generate_side_size_and_variant_spellings():
    first = run(["generate", "--side", "4", "--seed", "3"])
    assert first[0] == EXIT_SOLVED
    assert run(["generate", "--size", "4", "--seed", "3"]) == first
    spellings = ("anti_knight", "AntiKnight", "anti-knight")
    records = [json.loads(run(["generate", "-v", v, "--seed", "2", "-s", "4"])[1]) for v in spellings]
    assert records[0] == records[1] == records[2] and records[0]["rules"] == {"anti_knight": True}
    assert main(["generate", "--variant", "sandwhich"]) == EXIT_INVALID

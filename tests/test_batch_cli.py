"""``sudoku-cp solve FILE --processes N`` (issue 34): the output of the one-process run, in
input order, failures included; a progress bar when asked; Ctrl-C ends the command and its
worker processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import LEXMIN_CASES, default_sigint
from test_batch import _children, _running
from test_cli import run

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.cli import EXIT_INTERRUPTED, EXIT_INVALID, EXIT_NO_SOLUTION

SOLVABLE = [case["puzzle"] for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"] is not None][:3]
UNSOLVABLE = next(case["puzzle"] for case in LEXMIN_CASES if case["lexmin"] is None)


@pytest.fixture(autouse=True, scope="module")
def _stop_worker_processes():
    yield
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


def _mixed_file(tmp_path) -> str:
    """Solvable puzzles around a line that does not read, a repeated given and a puzzle
    with no solution (one per line, so that each failure has its line number)."""
    lines = [SOLVABLE[0], "12345", SOLVABLE[1], "11" + SOLVABLE[2][2:], UNSOLVABLE, SOLVABLE[2]]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_processes_print_what_one_process_prints_in_input_order(tmp_path):
    path = _mixed_file(tmp_path)
    alone = run(["solve", path, "--backend", "backtracking"])
    assert alone[0] == EXIT_INVALID and alone[1].count("\n") == 6
    assert alone[1].splitlines()[1] == "" and alone[1].splitlines()[0]
    assert "line 5: no solution" in alone[2]  # the conflicting givens named, as without --processes
    for processes in ("2", "1"):
        options = ["--processes", processes, "--no-progress"] if processes == "2" else ["--progress"]
        code, out, err = run(["solve", path, "--backend", "backtracking", *options])
        assert (code, out) == alone[:2]
        assert [line for line in err.splitlines() if line.startswith("sudoku-cp:")] == alone[2].splitlines()


@pytest.mark.slow
def test_a_data_set_file_gives_the_same_solutions(tmp_path):
    puzzles = datasets.load("sudoku17", limit=30)
    path = tmp_path / "many.txt"
    path.write_text("".join(p.to_string() + "\n" for p in puzzles))
    code, out, err = run(["solve", str(path), "--processes", "2"])
    assert (code, err) == (0, "")
    assert out.splitlines() == [sudoku_cp.solve(p).to_string() for p in puzzles]


def test_a_bundled_set_with_processes_gives_the_same_solutions():
    alone = run(["solve", "--dataset", "easy50", "--limit", "6", "--backend", "backtracking"])
    code, out, _ = run(["solve", "-d", "easy50", "-n", "6", "-b", "backtracking", "--processes", "2"])
    assert (code, out) == alone[:2] and out.count("\n") == 6


def test_one_puzzle_fails_as_without_processes():
    alone = run(["solve", UNSOLVABLE])
    assert alone[0] == EXIT_NO_SOLUTION
    assert run(["solve", UNSOLVABLE, "--processes", "2"]) == alone


def test_progress_bar_and_processes_checked():
    code, out, err = run(["solve", SOLVABLE[0], "--progress"])
    assert code == 0 and out.count("\n") == 1
    assert "1puzzle" in err.replace(" ", "")  # tqdm's bar counts the puzzle
    code, _, err = run(["solve", SOLVABLE[0], "--processes", "0"])
    assert code == EXIT_INVALID and "0 processes" in err


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, sends SIGINT")
@pytest.mark.parametrize("whom", ["the command", "its process group"])
def test_ctrl_c_ends_the_command_and_its_workers(tmp_path, whom):
    """Ctrl-C (SIGINT to the terminal's process group, or to the command alone) while two
    workers solve: exit 130 with 'aborted', and no worker process outlives the command."""
    path = tmp_path / "two.txt"
    path.write_text("".join(p.to_string() + "\n" for p in datasets.load("easy50", limit=4)))
    script = textwrap.dedent(
        f"""
        import sys
        from sudoku_cp import backends, cli

        def endless(grid, *, time_limit=None):
            print("solving", file=sys.stderr, flush=True)  # a worker's stderr is the command's
            while True:
                sum(range(1000))

        backends.register_backend("endless", endless)
        sys.exit(cli.main(["solve", {str(path)!r}, "--backend", "endless", "--processes", "2"]))
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=default_sigint,
    )
    try:
        seen = ""
        while seen.count("solving") < 2:  # both workers are solving
            line = process.stderr.readline()
            assert line, f"the command ended early: {seen!r}"
            seen += line
        children = _children(process.pid)
        assert len(children) >= 2
        if whom == "the command":
            process.send_signal(signal.SIGINT)
        else:
            os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)  # generous: the machine may be loaded
    finally:
        process.kill()
        process.wait()
    assert process.returncode == EXIT_INTERRUPTED, err
    assert "sudoku-cp: aborted" in err
    alive = children
    for _ in range(600):  # up to a minute, however loaded the machine; usually at once
        alive = [pid for pid in alive if _running(pid)]
        if not alive:
            break
        time.sleep(0.1)
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "these worker processes outlived the command"

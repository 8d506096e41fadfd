"""Ctrl-C (SIGINT) stops a solve within moments, for every backend: Python gets a
KeyboardInterrupt, and the command line prints 'aborted' and exits 130 (issue 9)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import default_sigint

import sudoku_cp

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")

LONG_SOLVES = {  # puzzles that take each backend far longer than the test waits
    "cpsat": 'datasets.load("sudoku25")[6]',  # over 8 s (#0 took 1.4 s of CPU: a race on a busy machine)
    "auto": 'datasets.load("sudoku25")[6]',  # auto sends it to SAT (CaDiCaL): about 10 s of CPU
    "sat": 'datasets.load("sudoku25")[6]',  # CaDiCaL (the 25x25 choice) proves #2 in under 6 s
    "backtracking": 'datasets.load("sudoku25")[0]',
    "python-constraint": 'datasets.load("hex16")[0], constraints="alldifferent", preprocess=False',
}
# A backend with no entry gets the bundled 25x25 that has taken the CDCL solvers longest;
# if a backend ever solves its puzzle before the signal, the test fails and says so.
LONGEST = 'datasets.load("sudoku25")[2]'
WORK = {"sat": 6.0}  # seconds before the signal: the SAT backend first writes and loads 752,500 clauses
PROMPT = 10.0  # seconds from the signal to the end of the process, however loaded the machine


def interrupt_when_ready(
    command: list[str], work: float = 1.0, **options
) -> tuple[subprocess.Popen, float, str, str]:
    """Start ``command``, wait for 'ready' on its standard error, let it work for ``work``
    seconds, send SIGINT; return the process, the seconds it took to end, and its stdout
    and stderr."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
        **options,
    )
    try:
        assert process.stderr.readline() == "ready\n"
        time.sleep(work)
        assert process.poll() is None, "the solve ended before the signal"
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=60)
        return process, time.monotonic() - sent, out, err
    finally:
        process.kill()
        process.wait()


def long_solve_backends() -> list:
    """Every backend; those that always stopped on Ctrl-C (their search runs Python code)
    are slow cases, CP-SAT (which catches SIGINT itself) runs in the main suite."""
    slow = pytest.mark.slow
    return [name if name == "cpsat" else pytest.param(name, marks=slow) for name in sudoku_cp.backend_names()]


@pytest.mark.parametrize("backend", long_solve_backends())
def test_ctrl_c_raises_keyboard_interrupt_in_python(backend):
    script = textwrap.dedent(
        f"""
        import sys
        import sudoku_cp
        from sudoku_cp import backends, datasets
        backends.get_backend({backend!r})
        try:
            print("ready", file=sys.stderr, flush=True)  # inside: the signal may land before it returns
            sudoku_cp.solve({LONG_SOLVES.get(backend, LONGEST)}, backend={backend!r})
        except KeyboardInterrupt:
            print("interrupted")
        else:
            print("finished")
        """
    )
    process, seconds, out, err = interrupt_when_ready([sys.executable, "-c", script], WORK.get(backend, 1.0))
    assert out == "interrupted\n", err
    assert seconds < PROMPT


def test_ctrl_c_in_the_command_line_prints_aborted_and_exits_130(tmp_path):
    puzzle = tmp_path / "big25.txt"
    puzzle.write_text(sudoku_cp.datasets.load("sudoku25")[6].to_string() + "\n")  # CP-SAT: over 8 s
    script = (
        "import sys; from sudoku_cp.backends import cpsat; from sudoku_cp.cli import run; "
        "print('ready', file=sys.stderr, flush=True); sys.argv[0] = 'sudoku-cp'; run()"
    )
    command = [sys.executable, "-c", script, "solve", "--backend", "cpsat", str(puzzle)]
    process, seconds, out, err = interrupt_when_ready(command)
    assert process.returncode == 130, err
    assert out == ""
    assert err.strip() == "sudoku-cp: aborted"
    assert seconds < PROMPT


def test_ctrl_c_stops_finding_a_conflicts_constraints():
    script = textwrap.dedent(
        """
        import sys
        import sudoku_cp
        from sudoku_cp import Puzzle, datasets
        from sudoku_cp.reasoning.conflict import Conflict

        grid = datasets.load("hex16")[0]
        solution = sudoku_cp.solve(grid)
        cell = next(c for c, v in enumerate(grid.cells) if not v)
        held = {grid.cells[p] for p in grid.geometry.peers[cell]} | {solution.cells[cell]}
        wrong = min(set(range(1, 17)) - held)
        givens = [(*divmod(c, 16), v) for c, v in enumerate(grid.cells) if v]
        conflict = Conflict(tuple([*givens, (*divmod(cell, 16), wrong)]), Puzzle(grid).model)
        try:
            print("ready", file=sys.stderr, flush=True)  # inside: the signal may land before it returns
            conflict.constraints  # seconds of QuickXplain checks, backtracker and CP-SAT
        except KeyboardInterrupt:
            print("interrupted")
        else:
            print("finished")
        """
    )
    process, seconds, out, err = interrupt_when_ready([sys.executable, "-c", script])
    assert out == "interrupted\n", err
    assert seconds < PROMPT


HARD_9X9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FIRST_IMPORT = textwrap.dedent(
    f"""
    import faulthandler
    import sys
    import time
    faulthandler.dump_traceback_later(100, exit=True)  # a hang shows every thread's stack
    import sudoku_cp
    puzzle = {HARD_9X9!r}
    outcome = "interrupted"
    try:
        print("ready", file=sys.stderr, flush=True)
        sudoku_cp.solve(puzzle, backend="cpsat")  # imports OR-Tools, numpy and pandas first
        outcome = "finished"
        time.sleep(2)  # a fast machine ends the solve first: the signal, sent within 0.8 s, lands here
    except KeyboardInterrupt:
        print(outcome)
    # the same process goes on working: no module was left half imported
    print(sudoku_cp.solve(puzzle, backend="cpsat").to_string())
    print(sudoku_cp.explain_conflict("..214.....1....."))
    from sudoku_cp.compare import compare
    print(len(compare([puzzle], backends=["backtracking"], progress=False)))
    """
)


def _interrupt_first_import(delay: float) -> tuple[str, str]:
    """Run FIRST_IMPORT, send SIGINT ``delay`` seconds after 'ready'; its stdout and stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", FIRST_IMPORT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        assert process.stderr.readline() == "ready\n"
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
        assert "Timeout (0:01:40)!" not in err, err  # faulthandler's dump of a hang
        return out, err
    finally:
        process.kill()
        process.wait()


def _check_after_interrupt(delay: float) -> None:
    out, err = _interrupt_first_import(delay)
    lines = out.splitlines()
    assert len(lines) == 4, (delay, out, err)
    assert lines[0] in ("interrupted", "finished"), err  # finished: the signal came after the solve
    assert lines[1] == sudoku_cp.solve(HARD_9X9, backend="backtracking").to_string()
    assert lines[2] == "r1c3=2, r1c4=1 and r2c1=4 cannot all hold"
    assert lines[3] == "1"


@pytest.mark.parametrize("delay", [0.0, 0.15, 0.3])
def test_ctrl_c_during_the_first_or_tools_import_leaves_the_process_usable(delay):
    """Issue 22.9: an interrupt inside the first import of OR-Tools (numpy, pandas) raised
    ImportError or left pandas half imported, so every later solve failed."""
    _check_after_interrupt(delay)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.02 * i for i in range(1, 40, 2)])
def test_ctrl_c_at_many_moments_of_the_first_import_leaves_the_process_usable(delay):
    _check_after_interrupt(delay)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.2, 0.5, 1.0, 2.0, 3.5])
def test_ctrl_c_in_the_command_line_during_a_cadical_solve_exits_130(tmp_path, delay):
    """Issue 21: PySAT's own SIGINT handler jumped out of CaDiCaL mid-search, which could
    leave its heap corrupt, so the process sometimes aborted on exit ("malloc_consolidate():
    invalid chunk size", exit -6). The file's first puzzle is a 9x9 whose solution is
    printed at once: from then on the process is writing, loading or solving the 25x25
    (CaDiCaL, about 20 s), and a signal ``delay`` seconds later lands in one of those."""
    puzzles = tmp_path / "mixed.txt"
    puzzles.write_text(f"{HARD_9X9}\n{sudoku_cp.datasets.load('sudoku25')[6].to_string()}\n")
    command = [sys.executable, "-m", "sudoku_cp", "solve", "--backend", "sat", str(puzzles)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint
    )
    try:
        assert process.stdout.readline().strip() == sudoku_cp.solve(HARD_9X9, backend="sat").to_string()
        time.sleep(delay)
        assert process.poll() is None, "the 25x25 was solved before the signal"
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130, err
    assert (out, err.strip()) == ("", "sudoku-cp: aborted")
    assert time.monotonic() - sent < PROMPT

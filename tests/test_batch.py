"""solve_many: results in input order, every failure recorded, the same answers in
one process, in worker processes and on a Dask cluster."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import LEXMIN_CASES, assert_solves

from sudoku_cp import (
    BatchItem,
    Grid,
    SolveTimeoutError,
    UnknownBackendError,
    datasets,
    solve_many,
)
from sudoku_cp import backends as registry

SOLVABLE = [case for case in LEXMIN_CASES if case["k"] == 3 and case["lexmin"] is not None][:6]
UNSOLVABLE = next(case for case in LEXMIN_CASES if case["lexmin"] is None)
MALFORMED = "12345"


@pytest.fixture(autouse=True, scope="module")
def _stop_worker_processes():
    """Stop joblib's reusable worker processes after this module, so that no test after it
    finds child processes it did not start."""
    yield
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


def _mixed_batch() -> list[str]:
    """Two solvable puzzles, an unsolvable one, a malformed one, then a solvable one."""
    first, second, third = (case["puzzle"] for case in SOLVABLE[:3])
    return [first, second, UNSOLVABLE["puzzle"], MALFORMED, third]


def _check_mixed(items: list[BatchItem]) -> None:
    assert [item.index for item in items] == [0, 1, 2, 3, 4]
    assert [item.status for item in items] == ["solved", "solved", "no solution", "error", "solved"]
    for item, case in zip([items[0], items[1], items[4]], SOLVABLE[:3], strict=True):
        assert item.solved and item.error is None
        assert_solves(Grid.parse(case["puzzle"]), item.result.solution)
        assert item.result.solution.to_string() == case["lexmin"]
    assert items[2].result is None and items[2].error.startswith("NoSolutionError")
    assert items[3].result is None and items[3].error.startswith("InvalidPuzzleError")
    assert all(item.wall_time >= 0 for item in items)


def test_in_process_batch_records_every_outcome_in_input_order():
    items = solve_many(_mixed_batch(), backend="backtracking", processes=1, progress=False)
    _check_mixed(items)


def test_worker_processes_give_the_same_items():
    items = solve_many(_mixed_batch(), backend="backtracking", processes=2, progress=False)
    _check_mixed(items)


def test_parallel_run_of_a_data_set_matches_the_sequential_one():
    puzzles = datasets.load("top95")[:40]
    sequential = solve_many(puzzles, processes=1, progress=False)
    parallel = solve_many(puzzles, processes=2, progress=False)
    assert [i.result.solution for i in parallel] == [i.result.solution for i in sequential]
    for puzzle, item in zip(puzzles, parallel, strict=True):
        assert_solves(puzzle, item.result.solution)


def test_timeout_and_backend_failure_do_not_stop_the_batch(monkeypatch):
    solve = registry.get_backend("backtracking").solve

    def fussy(grid, *, time_limit=None):
        """Times out on puzzles with fewer than 25 givens, fails on 30, else solves."""
        if grid.givens < 25:
            raise SolveTimeoutError("ran out of time")
        if grid.givens == 30:
            raise RuntimeError("solver crashed")
        return solve(grid, time_limit=time_limit)

    monkeypatch.setitem(registry._BACKENDS, "fussy", fussy)
    puzzles = datasets.load("easy50")
    expected = ["timeout" if p.givens < 25 else "error" if p.givens == 30 else "solved" for p in puzzles]
    assert {"timeout", "error", "solved"} <= set(expected)
    for workers in (1, 2):  # a run-time backend reaches worker processes too
        items = solve_many(puzzles, backend="fussy", processes=workers, progress=False)
        assert [item.status for item in items] == expected
        assert all(item.error == "RuntimeError: solver crashed" for item in items if item.status == "error")
        assert all(item.result.puzzle.is_solved_by(item.result.solution) for item in items if item.solved)


def test_real_time_limit_is_recorded_as_timeout():
    hard = datasets.load("sudoku25")[:2]
    items = solve_many(hard, backend="backtracking", time_limit=0.001, processes=1, progress=False)
    assert [item.status for item in items] == ["timeout", "timeout"]
    assert all(item.error.startswith("SolveTimeoutError") for item in items)


def test_caller_errors_are_raised_before_solving():
    with pytest.raises(UnknownBackendError, match="no-such-backend"):
        solve_many(["." * 81], backend="no-such-backend", progress=False)
    with pytest.raises(TypeError, match="colour"):
        solve_many(["." * 81], backend="backtracking", colour="red", progress=False)
    for bad_limit in (0, -1.0, float("nan")):
        with pytest.raises(ValueError, match="time_limit must be a positive number"):
            solve_many(["." * 81], time_limit=bad_limit, progress=False)
    for bad_limit in ("1", True):
        with pytest.raises(TypeError, match="time_limit must be a number"):
            solve_many(["." * 81], time_limit=bad_limit, progress=False)


def test_empty_batch():
    assert solve_many([], progress=False) == []


def test_progress_bar_counts_every_puzzle(capsys):
    solve_many([SOLVABLE[0]["puzzle"]] * 3, processes=1, progress=True)
    assert "3/3" in capsys.readouterr().err


def test_dask_cluster_runs_the_same_call(monkeypatch):
    """The documented recipe: joblib's Dask backend around an unchanged solve_many call."""
    pytest.importorskip("distributed", reason="dask is an optional extra: pip install 'sudoku_cp[dask]'")
    import joblib
    from distributed import Client, LocalCluster

    solve = registry.get_backend("backtracking").solve

    def on_dask_worker(grid, *, time_limit=None):
        from distributed import get_worker

        get_worker()  # raises ValueError outside a Dask worker
        return solve(grid, time_limit=time_limit)

    monkeypatch.setitem(registry._BACKENDS, "on-dask-worker", on_dask_worker)
    with (
        LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster),
        joblib.parallel_config(backend="dask"),
    ):
        items = solve_many(_mixed_batch(), backend="on-dask-worker", progress=False)
    _check_mixed(items)


def test_backend_that_starts_its_own_process_works_in_worker_processes():
    """python-constraint enforces a time limit in a child process of its own, which must
    start from a joblib worker too (multiprocessing children failed there: joblib#1204)."""
    puzzles = [case["puzzle"] for case in SOLVABLE[:2]]
    items = solve_many(puzzles, backend="python-constraint", time_limit=60, processes=2, progress=False)
    assert [item.status for item in items] == ["solved", "solved"], [item.error for item in items]
    assert [item.result.solution.to_string() for item in items] == [case["lexmin"] for case in SOLVABLE[:2]]


def test_processes_and_cpsat_workers_are_two_options():
    puzzles = [case["puzzle"] for case in SOLVABLE[:2]]
    items = solve_many(puzzles, backend="cpsat", processes=1, workers=2, progress=False)
    assert all(item.solved for item in items)
    with pytest.raises(ValueError, match="workers must be a positive int"):  # CP-SAT's option, checked
        solve_many(puzzles, backend="cpsat", processes=1, workers=0, progress=False)
    with pytest.raises(TypeError, match="does not take 'workers'"):
        solve_many(puzzles, backend="backtracking", processes=1, workers=2, progress=False)
    with pytest.warns(DeprecationWarning, match="processes"):
        items = solve_many(puzzles, backend="backtracking", workers=1, progress=False)
    assert all(item.solved for item in items)


def register_deadly(monkeypatch, doomed) -> None:
    """Register (for this test) the backend ``"deadly"``: the backtracker, but a worker
    process that meets the puzzle ``doomed`` kills itself (never the test's own process)."""
    solve = registry.get_backend("backtracking").solve
    caller = os.getpid()

    def deadly(grid, *, time_limit=None):
        if getattr(grid, "grid", grid) == doomed and os.getpid() != caller:
            os.kill(os.getpid(), signal.SIGKILL)
        return solve(grid, time_limit=time_limit)

    monkeypatch.setitem(registry._BACKENDS, "deadly", deadly)


def test_a_worker_that_dies_costs_only_its_puzzle(monkeypatch):
    """Issue 22.11: a worker process killed mid-batch raised joblib's TerminatedWorkerError
    and lost every answer; now only the puzzle whose worker dies (twice) is an error."""
    from sudoku_cp.batch import WORKER_DIED

    puzzles = datasets.load("easy50")[:12]
    register_deadly(monkeypatch, puzzles[5])
    items = solve_many(puzzles, backend="deadly", processes=2, progress=False)
    assert [item.index for item in items] == list(range(12))
    assert [item.status for item in items] == ["error" if i == 5 else "solved" for i in range(12)]
    assert items[5].error.startswith(WORKER_DIED) and items[5].result is None
    for puzzle, item in zip(puzzles, items, strict=True):
        if item.solved:
            assert_solves(puzzle, item.result.solution)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_worker_processes_end_when_their_caller_is_killed():
    """Issue 22.10: kill -9 of a process inside solve_many(workers=2) left its workers (and
    joblib's resource tracker) running at full CPU; they now end with it."""
    script = textwrap.dedent(
        """
        import sys, time
        from sudoku_cp import backends, datasets, solve_many

        def endless(grid, *, time_limit=None):
            print("solving", file=sys.stderr, flush=True)  # a worker's stderr is the caller's
            while True:
                sum(range(1000))

        backends.register_backend("endless", endless)
        solve_many(datasets.load("easy50")[:4], backend="endless", processes=2, progress=False)
        """
    )
    process = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE, text=True)
    try:
        seen = ""
        while seen.count("solving") < 2:  # both workers are solving (their lines may interleave)
            line = process.stderr.readline()
            assert line, f"the batch ended early: {seen!r}"
            seen += line
        children = _children(process.pid)
        assert len(children) >= 2
    finally:
        process.kill()
        process.wait()
        process.stderr.close()
    alive = children
    for _ in range(600):  # up to a minute, however loaded the machine; usually under a second
        alive = [pid for pid in alive if _running(pid)]
        if not alive:
            break
        time.sleep(0.1)
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "these processes outlived their parent"


def _children(parent: int) -> list[int]:
    """The pids of the running processes whose parent is ``parent`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (a dead process not yet reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_puzzle_is_pickled_without_its_compiled_model():
    # workers send each puzzle back with its answer: the model is rebuilt on use, not sent
    import pickle

    from sudoku_cp import Puzzle

    puzzle = Puzzle(datasets.load("top95")[0])
    assert puzzle.model.cell_count == 81
    data = pickle.dumps(puzzle)
    copy = pickle.loads(data)
    assert copy == puzzle and "model" not in vars(copy) and copy.model.cell_count == 81
    assert len(data) < 1000  # with the model: about 6,500 bytes


def _proof_fields(proof) -> tuple:
    """A proof's fields but its time (wall seconds differ from one solve to the next)."""
    return (proof.method, proof.questions, proof.answers)


def test_a_batch_answer_is_the_one_puzzle_solve_field_by_field():
    """Issue 34: workers send answers compactly (the grids as bytes, the proof packed and
    unpacked when read); the caller sees what solve_with_stats gives, proof included."""
    from sudoku_cp import solve_with_stats

    # many solutions too: "any solution" is then the search's first, the same in every process
    # (every backend's pickled result keeps its proof: tests/test_proof_record.py)
    puzzles = [*datasets.load("sudoku17", limit=6), "1" + "." * 79 + "2", "." * 16]
    items = solve_many(puzzles, backend="backtracking", processes=2, progress=False)
    for puzzle, item in zip(puzzles, items, strict=True):
        alone = solve_with_stats(puzzle, backend="backtracking")
        got = item.result
        assert (got.puzzle, got.solution, got.backend) == (alone.puzzle, alone.solution, alone.backend)
        assert got.stats.keys() == alone.stats.keys()
        assert type(got.proof) is type(alone.proof)
        assert _proof_fields(got.proof) == _proof_fields(alone.proof)
        assert all(
            type(q) is type(r) for q, r in zip(got.proof.questions, alone.proof.questions, strict=True)
        )


def test_a_pickled_result_unpacks_its_proof_when_read():
    import pickle

    from sudoku_cp import solve_with_stats
    from sudoku_cp.result import Proof, SolveResult, pack_proof, unpack_proof

    result = solve_with_stats(datasets.load("sudoku17", limit=1)[0], backend="backtracking")
    copy = pickle.loads(pickle.dumps(result))
    assert "proof" not in vars(copy)  # still packed
    assert copy.proof == result.proof and "proof" in vars(copy)
    assert copy == result and pickle.loads(pickle.dumps(copy)) == result  # pickled again once read
    assert len(pickle.dumps(copy.proof)) > len(pickle.dumps(pack_proof(copy.proof)))
    no_proof = SolveResult(result.puzzle, result.solution, "backtracking", 0.1)
    assert no_proof.proof is None and pickle.loads(pickle.dumps(no_proof)).proof is None

    class Foreign:  # a question of a backend registered from outside: kept as it is
        pass

    odd = Proof("not recorded", (Foreign(),), ((300,),), 0.0)
    assert pack_proof(odd) is odd and unpack_proof(pack_proof(odd)) is odd
    big = Proof("search order", result.proof.questions[:0], ((1, 999),), 0.0)  # beyond a byte
    assert pack_proof(big) is big

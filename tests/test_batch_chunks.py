"""Chunks (issue 34): a batch's workers get puzzles in chunks sized by their CPU seconds and
cut small at the end of the input, and answer each chunk with one packed reply that the
caller unpickles only when a result is read; the command's workers write the answers' text.
What the caller sees is what one process gives."""

from __future__ import annotations

import copy
import itertools
import pickle
import re

import pytest
from conftest import LEXMIN_CASES, assert_solves
from test_batch import register_deadly
from test_cli import run

import sudoku_cp
from sudoku_cp import Puzzle, batch, datasets, solve_many, solve_with_stats
from sudoku_cp.cli import EXIT_FAILED, EXIT_INVALID

PUZZLES = datasets.load("easy50")[:12]
UNSOLVABLE = next(case["puzzle"] for case in LEXMIN_CASES if case["lexmin"] is None)


@pytest.fixture(autouse=True, scope="module")
def _stop_worker_processes():
    yield
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


def _cut_all(chunker: batch._Chunker, seconds_per_puzzle: float) -> list[list[int]]:
    """Every chunk the chunker cuts, each answered at once in ``seconds_per_puzzle`` a puzzle."""
    chunks = []
    while chunk := chunker.cut():
        chunks.append([index for index, _ in chunk])
        chunker.record(len(chunk), seconds_per_puzzle * len(chunk))
    return chunks


def test_chunks_start_small_aim_at_their_seconds_and_shrink_at_the_end():
    chunks = _cut_all(batch._Chunker(enumerate(range(3000)), workers=2), 0.001)
    sizes = [len(chunk) for chunk in chunks]
    assert [index for chunk in chunks for index in chunk] == list(range(3000))  # each once, in order
    assert sizes[:4] == [1, 2, 4, 8]  # slow start: at most twice the previous chunk
    aimed = round(batch.CHUNK_SECONDS / 0.001)
    assert max(sizes) == aimed and sizes.count(aimed) > 10
    tail = sizes[sizes.index(aimed) :]
    assert tail == sorted(tail, reverse=True) and tail[-1] == 1  # guided: shrinking to the end
    assert sum(sizes[-8:]) < aimed / 2  # the last chunks are small: the workers end together


def test_slow_puzzles_come_one_a_chunk_and_chunks_hold_consecutive_indices():
    assert {len(chunk) for chunk in _cut_all(batch._Chunker(enumerate(range(50)), 2), 1.0)} == {1}
    gaps = iter([*enumerate("abc"), *zip(range(10, 30), itertools.repeat("d"))])
    chunker = batch._Chunker(gaps, workers=1)
    chunker.size = 100  # as after a run of large chunks
    first, second = chunker.cut(), chunker.cut()
    assert [index for index, _ in first] == [0, 1, 2]  # not across the gap
    assert [index for index, _ in second] == list(range(10, 16))  # twice the last chunk, at most


def test_the_caller_unpickles_an_answer_only_when_its_result_is_read():
    mixed = [*PUZZLES[:3], "12345", Puzzle(PUZZLES[3])]
    alone = [batch._solve_one(index, puzzle, "backtracking", None, {}) for index, puzzle in enumerate(mixed)]
    reply = pickle.loads(pickle.dumps(batch._pack_items(alone, mixed)))  # as the worker sends it
    items = batch._unpack_items("backtracking", 0, mixed, reply)
    assert [item.status for item in items] == ["solved"] * 3 + ["error", "solved"]
    assert all("result" not in vars(item) for item in items if item.solved)  # still packed
    assert items[3].result is None and items[3].error == alone[3].error
    assert items == alone  # reads them
    assert all(
        item.result.proof == one.result.proof for item, one in zip(items, alone, strict=True) if item.solved
    )
    assert items[4].result.puzzle is mixed[4]  # the caller's own puzzle, not a copy sent back
    unread = batch._unpack_items("backtracking", 0, mixed, reply)
    for item, one in zip(unread, alone, strict=True):  # an item not read yet pickles and copies whole
        assert pickle.loads(pickle.dumps(item)) == one and copy.copy(item) == one


def test_a_parallel_batch_of_many_chunks_is_the_one_process_batch():
    puzzles = datasets.load("easy50")  # chunks of 1, 2, 4, ... and the guided end
    parallel = solve_many(puzzles, backend="backtracking", processes=2, progress=False)
    assert [item.index for item in parallel] == list(range(len(puzzles)))
    for puzzle, item in zip(puzzles[::7], parallel[::7], strict=True):
        alone = solve_with_stats(puzzle, backend="backtracking")
        assert (item.result.puzzle, item.result.solution) == (alone.puzzle, alone.solution)
        assert item.result.proof.answers == alone.proof.answers
    for puzzle, item in zip(puzzles, parallel, strict=True):
        assert_solves(puzzle, item.result.solution)


def _mixed_file(tmp_path) -> str:
    lines = (
        [p.to_string() for p in PUZZLES[:3]] + ["12345", UNSOLVABLE] + [p.to_string() for p in PUZZLES[3:]]
    )
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _timeless(err: str) -> str:
    return re.sub(r"\d+\.\d+ ms", "T ms", err)


@pytest.mark.parametrize("layout", ["pretty", "line"])
def test_the_command_s_workers_write_what_one_process_writes(tmp_path, layout):
    """Answers of several lines, failures and --stats lines (on standard error, each before
    its answer): the same text, in the same order, from the workers' chunks."""
    path = _mixed_file(tmp_path)
    command = ["solve", path, "--backend", "backtracking", "--layout", layout, "--stats"]
    alone = run(command)
    assert alone[0] == EXIT_INVALID and alone[1].count("\n") > len(PUZZLES)
    code, out, err = run([*command, "--processes", "2", "--no-progress"])
    assert (code, out) == alone[:2]
    assert _timeless(err) == _timeless(alone[2]) and err.count("stats: line") == len(PUZZLES)


@pytest.mark.slow
def test_a_worker_that_dies_costs_the_command_only_its_line(tmp_path, monkeypatch):
    register_deadly(monkeypatch, PUZZLES[5])
    path = tmp_path / "twelve.txt"
    path.write_text("".join(p.to_string() + "\n" for p in PUZZLES))
    code, out, err = run(["solve", str(path), "--backend", "deadly", "--processes", "2", "--no-progress"])
    assert code == EXIT_FAILED
    lines = out.splitlines()
    assert len(lines) == 12 and lines[5] == ""
    assert [line for index, line in enumerate(lines) if index != 5] == [
        sudoku_cp.solve(p, backend="backtracking").to_string()
        for index, p in enumerate(PUZZLES)
        if index != 5
    ]
    assert err.startswith("sudoku-cp: line 6: WorkerDiedError") and err.count("\n") == 1


def test_an_endless_stream_is_read_a_few_chunks_ahead():
    read = itertools.count()
    puzzles = (PUZZLES[next(read) % len(PUZZLES)] for _ in itertools.count())
    items = batch.solve_iter(puzzles, backend="backtracking", processes=2, progress=False)
    first = list(itertools.islice(items, 40))
    items.close()
    assert [item.index for item in first] == list(range(40))
    assert next(read) < 40 + 2 * 2 * 2 * batch.MAX_CHUNK  # bounded: never the whole input

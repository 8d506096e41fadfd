"""solve_iter (issue 34): the input read lazily, the items yielded in input order as they
come, the same items as solve_many, a dying worker costing only its puzzle."""

from __future__ import annotations

import itertools
import warnings

import pytest
from conftest import assert_solves
from test_batch import register_deadly

from sudoku_cp import backends as registry
from sudoku_cp import datasets, solve_iter, solve_many
from sudoku_cp.batch import WORKER_DIED

PUZZLES = datasets.load("easy50")[:12]


@pytest.fixture(autouse=True, scope="module")
def _stop_worker_processes():
    yield
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


def _recording(puzzles, read: list[int]):
    """The puzzles, one at a time, counting in ``read[0]`` how many were taken."""
    for puzzle in puzzles:
        read[0] += 1
        yield puzzle


def test_in_process_the_input_is_read_one_puzzle_ahead_at_most():
    read = [0]
    items = solve_iter(_recording(PUZZLES, read), backend="backtracking", processes=1, progress=False)
    assert read == [0]  # nothing read before the first item is asked for
    first = next(items)
    assert first.index == 0 and first.solved
    assert read[0] <= 2 < len(PUZZLES)  # not the whole input before the first answer
    rest = list(items)
    assert read[0] == len(PUZZLES)
    assert [item.index for item in [first, *rest]] == list(range(len(PUZZLES)))


def test_worker_processes_read_an_endless_input_lazily():
    """An endless input: an eager reader would never yield; the first items come in order."""
    endless = itertools.cycle(PUZZLES)
    items = solve_iter(endless, backend="backtracking", processes=2, progress=False)
    first = list(itertools.islice(items, 30))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no joblib warning about the tasks cancelled
        items.close()  # stops the workers' current work
    assert [item.index for item in first] == list(range(30))
    for index, item in enumerate(first):
        assert item.solved
        assert_solves(PUZZLES[index % len(PUZZLES)], item.result.solution)


def test_the_items_are_solve_many_s():
    mixed = [*PUZZLES[:3], "12345", PUZZLES[3]]
    for processes in (1, 2):
        streamed = list(solve_iter(iter(mixed), backend="backtracking", processes=processes, progress=False))
        listed = solve_many(mixed, backend="backtracking", processes=processes, progress=False)
        assert [(i.index, i.status, i.error) for i in streamed] == [
            (i.index, i.status, i.error) for i in listed
        ]
        assert [i.result.solution for i in streamed if i.solved] == [
            i.result.solution for i in listed if i.solved
        ]
        assert [item.status for item in streamed] == ["solved"] * 3 + ["error", "solved"]


def test_caller_errors_are_raised_when_called():
    read = [0]
    with pytest.raises(registry.UnknownBackendError):
        solve_iter(_recording(PUZZLES, read), backend="no such backend")
    with pytest.raises(ValueError):
        solve_iter(_recording(PUZZLES, read), processes=0)
    assert read == [0]


def test_a_worker_that_dies_costs_only_its_puzzle_of_a_stream(monkeypatch):
    register_deadly(monkeypatch, PUZZLES[5])
    items = list(solve_iter(iter(PUZZLES), backend="deadly", processes=2, progress=False))
    assert [item.index for item in items] == list(range(12))
    assert [item.status for item in items] == ["error" if i == 5 else "solved" for i in range(12)]
    assert items[5].error.startswith(WORKER_DIED)


def test_the_command_keeps_the_slot_of_lines_that_do_not_read(tmp_path):
    """Unreadable lines first, between and last (after the last answer): each keeps its
    place and its reason, as in one process."""
    from test_cli import run

    lines = ["12345", "", PUZZLES[0].to_string(), "x" * 81, PUZZLES[1].to_string(), "1" * 5, "9" * 3]
    path = tmp_path / "holes.txt"
    path.write_text("\n".join(lines) + "\n")
    alone = run(["solve", str(path), "--backend", "backtracking"])
    code, out, err = run(
        ["solve", str(path), "--backend", "backtracking", "--processes", "2", "--no-progress"]
    )
    assert (code, out) == alone[:2] and alone[0] != 0
    assert err == alone[2] and err.count("sudoku-cp:") == out.count("\n") - 2


def test_a_file_that_fails_to_read_midway_prints_the_answers_before(tmp_path, monkeypatch):
    """An error reading the file itself (EIO after 7 puzzles): the 7 answers, then the
    one-line failure (exit 2), as in one process."""
    from test_cli import run

    from sudoku_cp import cli

    path = tmp_path / "twelve.txt"
    path.write_text("".join(p.to_string() + "\n" for p in PUZZLES))
    entries = cli._entries

    def failing(argument, *, one_per_line=False):
        def read():
            for count, entry in enumerate(entries(argument, one_per_line=one_per_line)):
                if count == 7:
                    raise cli._Failure(cli.EXIT_INVALID, "cannot read the file: Input/output error")
                yield entry

        return read()

    monkeypatch.setattr(cli, "_entries", failing)
    alone = run(["solve", str(path), "--backend", "backtracking"])
    assert alone[0] == cli.EXIT_INVALID and alone[1].count("\n") == 7
    assert (
        run(["solve", str(path), "--backend", "backtracking", "--processes", "2", "--no-progress"]) == alone
    )

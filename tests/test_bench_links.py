"""The outcome classifier of benchmarks/bench_links.py, on synthetic records (no corpus needed)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import lzstring
import pytest

from sudoku_cp.errors import InvalidPuzzleError, NoSolutionError, SolveTimeoutError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench():
    saved = list(sys.path)  # the script puts the cwd and benchmarks/ first: undone after loading it
    try:
        spec = importlib.util.spec_from_file_location("bench_links", ROOT / "benchmarks" / "bench_links.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module


SOLUTION = "1234341221434321"
RECORD = {"id": "t/1", "source": "t", "solution": SOLUTION}


def test_classify_each_outcome(bench):
    assert bench.classify(RECORD, answer=SOLUTION) == ("right", "")
    assert bench.classify(RECORD, answer="1234341243212143")[0] == "wrong"
    assert bench.classify(RECORD, error=NoSolutionError("no"))[0] == "no solution (wrong)"
    assert bench.classify(RECORD, error=SolveTimeoutError("late")) == ("timeout", "SolveTimeoutError")
    outcome, reason = bench.classify(
        RECORD, error=InvalidPuzzleError("SudokuPad cage 3 (at r1c2) has no total (None)")
    )
    assert (outcome, reason) == ("refused", "InvalidPuzzleError: SudokuPad cage has no total")
    assert bench.classify(RECORD, error=KeyError("x"))[0] == "crash"


def test_reasons_of_two_puzzles_agree(bench):
    first = InvalidPuzzleError(
        "SudokuPad line 2 (colour #f067f0ff, pink) has no rule the package can tell (the rules"
    )
    second = InvalidPuzzleError(
        "SudokuPad line 7 (colour #fa37fcff, pink) has no rule the package can tell (the rules"
    )
    assert bench.normalise_reason(first) == bench.normalise_reason(second)


def test_a_link_solved_end_to_end(bench, tmp_path):
    """A 4x4 f-puzzles link: right with its solution, wrong with another, refused with a double arrow."""
    grid = [
        [{"value": int(SOLUTION[r * 4 + c]), "given": True} if c < 2 and r < 3 else {} for c in range(4)]
        for r in range(4)
    ]
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(
        json.dumps({"size": 4, "grid": grid})
    )
    assert bench.solve_one({**RECORD, "link": link}, None, 5.0)["outcome"] == "right"
    assert (
        bench.solve_one({**RECORD, "link": link, "solution": "1234341221434312"}, None, 5.0)["outcome"]
        == "wrong"
    )
    cloned = {
        "size": 4,
        "grid": grid,
        "doublearrow": [{"cells": ["R1C1", "R1C2"], "lines": [["R1C1", "R1C2"]]}],
    }
    refused = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(cloned))
    row = bench.solve_one({**RECORD, "link": refused}, None, 5.0)
    assert row["outcome"] == "refused" and "doublearrow" in row["reason"]
    assert bench.payload_kinds(refused) == ["f-puzzles:doublearrow"]
    assert bench.reader_kinds(link) == ["classic"] and bench.reader_kinds(refused) is None


def test_report_counts(bench):
    records = [
        {"id": "a/1", "source": "a", "payload_kinds": ["k"], "reader_kinds": ["classic"]},
        {"id": "a/2", "source": "a", "payload_kinds": ["k"], "reader_kinds": None},
        {
            "id": "a/3",
            "source": "a",
            "payload_kinds": ["k"],
            "reader_kinds": ["classic"],
            "outside_vocabulary": ["snake"],
        },
    ]
    rows = [
        {"outcome": "right", "reason": ""},
        {"outcome": "refused", "reason": "R"},
        {"outcome": "wrong", "reason": ""},
    ]
    tables, summary = bench.build_report(records, rows)
    assert summary.startswith("3 puzzles: 1 right (33%), 1 wrong")
    overall = tables[1].set_index("source")
    assert overall.loc["all", "refused"] == 1 and overall.loc["all", "wrong"] == 1
    in_vocabulary, read = tables[4].set_index("source"), tables[6].set_index("source")
    assert in_vocabulary.loc["all", "puzzles"] == 1 and in_vocabulary.loc["all", "right"] == 1
    assert read.loc["all", "puzzles"] == 2

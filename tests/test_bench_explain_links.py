"""The per-row timing of benchmarks/bench_explain_links.py (``--rows``): the timed table
explains as the table does, and counts what the path shows."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

import sudoku_cp

ROOT = Path(__file__).resolve().parent.parent
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(scope="module")
def bench():
    saved = list(sys.path)  # the script puts benchmarks/ first when run: undone after loading it
    try:
        spec = importlib.util.spec_from_file_location(
            "bench_explain_links", ROOT / "benchmarks" / "bench_explain_links.py"
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module


def test_timed_rows_give_the_same_path_and_count_it(bench):
    times: dict[str, list] = {}
    first: list[float] = []
    timed = sudoku_cp.explain(EASY, techniques=bench.timed_rows(times, first))
    plain = sudoku_cp.explain(EASY)
    assert [str(s) for s in timed] == [str(s) for s in plain]
    assert timed.solved and first
    # the first row is tried once a step; each step is the first deduction its row yields
    assert times["naked-single"][1] == len(timed.steps)
    found = {key: n for key, (_, _, n) in times.items() if n}
    assert found == dict(Counter(str(s.technique_id) for s in timed))
    assert all(seconds >= 0 for seconds, _, _ in times.values())


def test_where_it_went_adds_up(bench):
    row = {
        "before": 1.0,
        "spent": 10.0,
        "rows": {"forcing-chain": [2.0, 5, 4], "aic": [0.5, 9, 0], "hidden-single": [0.25, 20, 11]},
    }
    line = bench.where_it_went(row, top=2)
    assert line == (
        "before the first step 1.00 s; forcing-chain 2.00 s (5 calls, 4 found); "
        "aic 0.50 s (9 calls, 0 found); other rows 0.25 s; the rest (step checks) 6.25 s"
    )

"""Property tests (hypothesis) of every public reader and of the command line (issue 35):
random bytes, random JSON (records with random rule values among them) and random
candidate texts either read or raise a :class:`sudoku_cp.SudokuError` (exit 2 in the
CLI), never another exception, within a bound of CPU time and of memory per input."""

from __future__ import annotations

import contextlib
import io
import json
import resource
import string
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudoku_cp
from sudoku_cp import Grid, Puzzle, SudokuError
from sudoku_cp.cli import main
from sudoku_cp.io import readers
from sudoku_cp.io.inputs import as_puzzle, build, puzzles_from_json
from sudoku_cp.model.candidates import as_masks, parse_candidates
from sudoku_cp.model.rules import RULE_TYPES

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CLI = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CPU_SECONDS = 5.0
"""CPU seconds one input may take to be read (or refused), however malformed."""
MEMORY_MB = 300
"""Megabytes the process may grow by on one input."""

HARD_9X9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
RULE_KEYS = sorted({key for rule_type in RULE_TYPES for key in rule_type.keys})


def _max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def bounded(call) -> object:
    """``call()``; a :class:`SudokuError` counts as an answer. Any other exception fails the
    test, as does more than :data:`CPU_SECONDS` of CPU or :data:`MEMORY_MB` of growth."""
    rss, cpu = _max_rss_mb(), time.process_time()
    try:
        answer = call()
    except SudokuError as error:
        answer = error
    assert time.process_time() - cpu < CPU_SECONDS
    assert _max_rss_mb() - rss < MEMORY_MB
    return answer


def read_all(data: bytes) -> list:
    """Every puzzle of ``data`` read as a file is, built."""
    return [build(entry)[0] for entry in readers.read(io.BytesIO(data))]


# -- strategies ------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=30,
)
cells = st.lists(st.integers(0, 8), min_size=2, max_size=2)
rule_values = st.one_of(
    json_values,
    st.lists(cells, max_size=6),
    st.lists(st.lists(cells, max_size=5), max_size=4),
    st.lists(
        st.dictionaries(st.sampled_from(["sum", "cells", "clue", "direction", "side", "index"]), json_values)
    ),
)
records = st.fixed_dictionaries(
    {"size": st.sampled_from([4, 9, 9, 0, "9"]), "grid": st.sampled_from(["." * 16, "." * 81, HARD_9X9, 5])},
    optional={
        "rules": st.dictionaries(st.sampled_from(RULE_KEYS), rule_values, max_size=3) | json_values,
        "box": json_values,
        "id": json_values,
    },
)
grid_characters = st.text(alphabet=string.digits + ".|-+ \n\t²ⅨA#{}[],:x", max_size=300)
candidate_texts = st.one_of(
    st.text(alphabet="123456789.0 |-+\n²", max_size=800),
    st.builds(
        lambda cells: "\n".join(" ".join(row) for row in cells),
        st.lists(
            st.lists(st.text("1234567890²", min_size=1, max_size=4), min_size=9, max_size=9),
            min_size=1,
            max_size=9,
        ),
    ),
)


# -- readers ---------------------------------------------------------------------------------------


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_read_or_raise_a_sudoku_error(data):
    bounded(lambda: read_all(data))
    bounded(lambda: [build(entry) for entry in readers.read_text(data)])
    text = data.decode("utf-8", "replace")
    bounded(lambda: as_puzzle(text))
    bounded(lambda: Grid.parse(text))
    bounded(lambda: puzzles_from_json(data))


@FUZZ
@given(grid_characters)
def test_random_grid_texts_read_or_raise_a_sudoku_error(text):
    bounded(lambda: read_all(text.encode("utf-8")))
    bounded(lambda: as_puzzle(text))


@FUZZ
@given(json_values)
def test_random_json_reads_or_raises_a_sudoku_error(value):
    data = json.dumps(value).encode("utf-8")
    bounded(lambda: read_all(data))
    bounded(lambda: puzzles_from_json(data))
    bounded(lambda: Puzzle.from_dict(value))


@FUZZ
@given(records)
def test_random_records_read_and_compile_or_raise_a_sudoku_error(record):
    bounded(lambda: Puzzle.from_dict(record).model)
    bounded(lambda: [p.model for p in read_all(json.dumps(record).encode("utf-8"))])


@FUZZ
@given(candidate_texts)
def test_random_candidate_texts_give_a_hint_or_raise_a_sudoku_error(text):
    bounded(lambda: parse_candidates(text, 9))
    bounded(lambda: as_masks(text, 9))
    bounded(lambda: sudoku_cp.hint(HARD_9X9, candidates=text))


cell_values = st.one_of(
    st.none(),
    st.integers(-3, 12),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.sets(st.integers(-2, 12), max_size=4),
    st.lists(st.integers(1, 9), min_size=1, max_size=9),
)
candidate_values = st.lists(cell_values, min_size=81, max_size=81) | json_values


@FUZZ
@given(candidate_values)
def test_random_candidate_values_are_read_or_refused_with_a_sudoku_error(candidates):
    bounded(lambda: as_masks(candidates, 9))


@pytest.mark.slow
@FUZZ
@given(candidate_values)
def test_random_candidate_values_give_a_hint_or_raise_a_sudoku_error(candidates):
    bounded(lambda: sudoku_cp.hint(HARD_9X9, candidates=candidates))  # a valid state: a real hint


@FUZZ
@given(
    st.sampled_from(["https://f-puzzles.com/?load=", "https://sudokupad.app/", "https://sudokupad.app/scl"]),
    st.text(alphabet=string.ascii_letters + string.digits + "+/=-_%", max_size=200),
)
def test_random_links_read_or_raise_a_sudoku_error(prefix, payload):
    bounded(lambda: as_puzzle(prefix + payload))


def test_a_damaged_scl_link_raises_a_sudoku_error():
    with pytest.raises(SudokuError):
        as_puzzle("https://sudokupad.app/scl=Qo")


# -- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [["solve", "--time-limit", "2"], ["count", "--time-limit", "2"], ["grade"]]
)
@CLI
@given(
    data=st.binary(max_size=600)
    | grid_characters.map(str.encode)
    | json_values.map(lambda v: json.dumps(v).encode())
)
def test_the_cli_exits_2_with_one_line_on_random_input(tmp_path_factory, command, data):
    path = tmp_path_factory.mktemp("fuzz") / "input"
    path.write_bytes(data)
    errors, output = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(output):
        code = bounded(lambda: main([*command, str(path)]))
    err = errors.getvalue()
    assert code in (0, 1, 2, 3), err  # solved, no solution, invalid, out of time
    if code == 2:  # one line per puzzle it could not read (a file may hold several)
        assert all(line.startswith("sudoku-cp: ") for line in err.strip().splitlines()), err

"""A fast start: ``import sudoku_cp`` loads none of the heavy libraries, which load on first use
(timings are in benchmarks/bench_startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku_cp
from sudoku_cp.io import readers

HEAVY = [
    "ortools",
    "pandas",
    "joblib",
    "constraint",
    "click",
    "numpy",
    "importlib.metadata",
    "pysat",
    "highspy",
]

NOT_FOR_A_CLASSIC_SOLVE = {
    "sudoku_cp.reasoning.generator",  # the generator, the grades and the technique table
    "sudoku_cp.reasoning.grading",
    "sudoku_cp.reasoning.techniques",
    "sudoku_cp.model.rules",  # the rule classes and the community's kinds
    "sudoku_cp.model.community_rules",
    "sudoku_cp.model.community_kinds",
    "sudoku_cp.io.links",  # the link readers: patterns and tables read only for a link
    "sudoku_cp.io.account",
    "sudoku_cp.io.sudokupad",
    "sudoku_cp.io.iss",
    "concurrent.futures",  # (and the logging it imports): the import thread needs neither
    "hashlib",  # only a Table constraint's name needs it
}
"""Modules that a one-shot ``sudoku-cp solve`` of a classic grid does not need (issue 34)."""


def modules_after(code: str, stdin: str = "") -> set[str]:
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], input=stdin, capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_import_loads_no_heavy_library():
    loaded = modules_after("import sudoku_cp")
    assert not loaded & set(HEAVY)
    assert not loaded & NOT_FOR_A_CLASSIC_SOLVE


def test_solving_with_the_backtracker_loads_no_heavy_library():
    loaded = modules_after("import sudoku_cp; sudoku_cp.solve('.' * 16, backend='backtracking')")
    assert not loaded & set(HEAVY)


def test_lazy_names_still_resolve():
    assert sudoku_cp.__version__.count(".") >= 1
    assert callable(sudoku_cp.compare) and callable(sudoku_cp.solve_many)
    assert sudoku_cp.datasets.names() and sudoku_cp.model.rules.Diagonals
    assert {"compare", "datasets", "__version__"} <= set(dir(sudoku_cp))


def test_cli_option_names_equal_the_real_ones():
    from sudoku_cp import cli
    from sudoku_cp.reasoning import generator, grading

    assert cli.SYMMETRIES == generator.SYMMETRIES
    assert cli.VARIANTS == generator.VARIANTS
    assert cli.BAND_NAMES == grading.BAND_NAMES


def test_cli_solve_of_a_classic_grid_loads_no_generator_rules_or_techniques():
    puzzle = sudoku_cp.datasets.load("top95")[0].to_string()
    code = (
        "from sudoku_cp.cli import app\n"
        f"sys.argv = ['sudoku-cp', 'solve', {puzzle!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    loaded = modules_after(code)
    assert not loaded & {
        "sudoku_cp.reasoning.generator",
        "sudoku_cp.model.rules",
        "sudoku_cp.reasoning.grading",
        "sudoku_cp.reasoning.techniques",
    }
    assert not loaded & set(HEAVY) - {"click"}


@pytest.mark.parametrize("backend", ["auto", "backtracking"])
def test_cli_solve_from_standard_input_loads_only_what_a_classic_grid_needs(backend):
    """``echo PUZZLE | sudoku-cp solve`` (what benchmarks/bench_startup.py times) solves, and
    loads none of the modules it does not need: an outcome, not a timing."""
    puzzle = sudoku_cp.datasets.load("top95")[0]
    code = (
        "from sudoku_cp.cli import app\n"
        f"sys.argv = ['sudoku-cp', 'solve', '--backend', {backend!r}]\n"
        "try:\n    app()\nexcept SystemExit as exit:\n    assert not exit.code, exit.code"
    )
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script],
        input=puzzle.to_string() + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.splitlines()[0] == sudoku_cp.solve(puzzle, backend="backtracking").to_string().replace(".", "")
    loaded = set(json.loads(out.splitlines()[-1]))
    assert not loaded & NOT_FOR_A_CLASSIC_SOLVE
    assert not loaded & set(HEAVY) - {"click"}


# The readers tell a link and an ISS string from a grid without importing their modules; the
# shortcuts must never say "no" where the module's own sniff test says "yes".
SNIFFED = st.text(alphabet="0123456789.-_|+* \n\t~RCrcx:,<v>^`'/?ahtps", max_size=200)


@settings(max_examples=150, deadline=None)
@given(SNIFFED)
def test_the_link_shortcut_is_the_link_sniff(head):
    from sudoku_cp.io import links

    assert readers._is_link(head) == links.is_link(head)


@settings(max_examples=150, deadline=None)
@given(st.one_of(SNIFFED, st.text(alphabet="0123456789.", min_size=160, max_size=165)))
def test_the_iss_shortcut_never_refuses_an_iss_string(head):
    from sudoku_cp.io import iss

    if readers.cannot_be_iss(head):
        assert not iss.looks_like_iss(head)


def test_the_iss_shortcut_on_grids_and_iss_strings():
    from sudoku_cp.io import iss

    grids = [p.to_string() for p in sudoku_cp.datasets.load("top95")[:5]]
    pretty = str(sudoku_cp.datasets.load("top95")[0])  # with box lines
    zero_based = "".join(str(i % 9) for i in range(81))  # digits 0-8: still a text grid
    for text in [*grids, pretty, "\n".join(grids), zero_based, "0" * 81]:
        assert readers.cannot_be_iss(text)
        assert not iss.looks_like_iss(text)  # the sniff agrees, whatever it learns later
    givens_and_jigsaw = "0" * 81 + "".join(str(i // 9) for i in range(81))  # ISS's 2*n*n format
    killer = ".~R1C1_5.Thermo~R2C2~R2C3"
    for text in (givens_and_jigsaw, killer, "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_5"):
        assert not readers.cannot_be_iss(text)
    assert iss.looks_like_iss(killer)


def _choices(command: str, option: str) -> tuple[str, ...]:
    from sudoku_cp import cli

    (param,) = [p for p in cli.app.commands[command].params if p.name == option]
    return tuple(param.type.choices)


def test_cli_option_lists_written_as_plain_strings_equal_their_registries():
    """The choices cli.py writes out (so that it starts without importing their modules)
    drift from none of the real lists."""
    from sudoku_cp.backends.sat_encoding import ENCODINGS
    from sudoku_cp.engine.trace import ORDERS, PROPAGATIONS

    assert _choices("encode", "encoding") == ENCODINGS
    assert _choices("trace", "order") == ORDERS
    assert _choices("trace", "propagation") == PROPAGATIONS


def test_the_helper_thread_call_returns_raises_and_runs_on_the_thread():
    """HelperThread.call, what the Ctrl-C-safe import waits on without concurrent.futures."""
    import threading

    from sudoku_cp.engine.runtime import HelperThread

    helper = HelperThread("sudoku_cp-test")
    assert helper.call(sum, [1, 2, 3]) == 6
    assert helper.call(lambda: threading.current_thread().name) == "sudoku_cp-test"
    with pytest.raises(ValueError, match="invalid literal"):
        helper.call(int, "x")
    done = threading.Event()
    helper.post(done.set)
    assert helper.call(done.is_set)  # one job at a time, in order


def test_a_submitted_call_ends_even_when_its_waiter_still_holds_the_lock():
    """HelperThread.submit's Call: done() and wait() report the end; a waiter interrupted
    between taking and giving back the lock (here: one that never gives it back) cannot
    stall the helper thread, as a Future's Condition could."""
    import threading

    from sudoku_cp.engine.runtime import HelperThread

    helper = HelperThread("sudoku_cp-test-submit")
    go = threading.Event()
    call = helper.submit(go.wait)
    assert not call.done()
    assert not call.wait(0.01)
    go.set()
    assert call.result() is True and call.done()
    stuck = helper.submit(int, "7")
    stuck._lock.acquire()  # as a result() interrupted right after its acquire
    assert stuck.done() and stuck._value == 7
    assert stuck.wait(0.01)  # done, though the lock is held
    assert helper.call(sum, [1, 2]) == 3  # the helper thread was not stalled
    with pytest.raises(ValueError, match="invalid literal"):
        helper.submit(int, "x").result()

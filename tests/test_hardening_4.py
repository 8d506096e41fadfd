"""Issue 35 (hardening, round 4): each finding's reproducer, which failed before its fix."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import default_sigint

import sudoku_cp
from sudoku_cp.cli import main

HARD_9X9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture
def python_sigint():
    """Python's own SIGINT handler (KeyboardInterrupt) for the test, whatever an earlier test
    or a solver's native library left installed; the previous one is put back after."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def _interrupt_main_thread_after(seconds: float) -> threading.Timer:
    main = threading.main_thread().ident
    timer = threading.Timer(seconds, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()
    return timer


# -- 2. Ctrl-C on mip while HiGHS calls no interrupt callback (presolve, the root LP) ----------


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_item_2_ctrl_c_on_mip_returns_while_highs_calls_no_callback(monkeypatch, python_sigint):
    from sudoku_cp.backends import mip

    real = mip.highspy._Highs
    release, finished = threading.Event(), threading.Event()

    class Deaf:
        """A HiGHS whose run ignores every interrupt for 5 s, as its root LP did."""

        def __init__(self):
            self.real = real()

        def __getattr__(self, name):
            return getattr(self.real, name)

        def run(self):
            release.wait(5.0)
            finished.set()
            return self.real.run()

    monkeypatch.setattr(mip.highspy, "_Highs", Deaf)
    timer = _interrupt_main_thread_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            sudoku_cp.solve(HARD_9X9, backend="mip")
        assert not finished.is_set(), "Ctrl-C waited for the run to end"
    finally:
        timer.cancel()
        release.set()
    monkeypatch.undo()
    assert sudoku_cp.solve(HARD_9X9, backend="mip") == sudoku_cp.solve(HARD_9X9, backend="backtracking")


# -- 1. Ctrl-C during a backend's first import ----------------------------------------------------

SLOW_BACKEND = """
import builtins
import time

builtins.SLOW_BACKEND_STARTS = getattr(builtins, "SLOW_BACKEND_STARTS", 0) + 1
time.sleep(0.6)  # a heavy import (CPMpy with pandas, highspy): C extensions initialising
DONE = True


def solve(puzzle, time_limit=None):
    raise NotImplementedError
"""


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_item_1_ctrl_c_during_a_backends_first_import_leaves_no_half_import(
    tmp_path, monkeypatch, python_sigint
):
    """The import of a backend ran in the main thread: Ctrl-C stopped it half way (pandas
    then said 'partially initialized module' on every later call). It now runs to its end
    in the background, once, and the next call finds it complete."""
    import builtins

    from sudoku_cp import backends

    (tmp_path / "slow_backend_35.py").write_text(SLOW_BACKEND)
    monkeypatch.syspath_prepend(str(tmp_path))
    backends.register_backend("slow-35", "slow_backend_35")
    timer = _interrupt_main_thread_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            backends.get_backend("slow-35")
        module = backends.get_backend("slow-35")  # waits for the import under way
        assert module.DONE
        assert builtins.SLOW_BACKEND_STARTS == 1  # never started again over a half-done one
    finally:
        timer.cancel()
        backends.unregister_backend("slow-35")
        sys.modules.pop("slow_backend_35", None)
        if hasattr(builtins, "SLOW_BACKEND_STARTS"):
            del builtins.SLOW_BACKEND_STARTS


FIRST_CALL = """
import sys, time
import sudoku_cp
puzzle = {puzzle!r}
try:
    print("ready", file=sys.stderr, flush=True)  # inside: the signal may land before print returns
    sudoku_cp.solve(puzzle, backend={backend!r})
    time.sleep(3)  # the signal lands here on a fast machine
except KeyboardInterrupt:
    pass
print(sudoku_cp.solve(puzzle, backend={backend!r}).to_string())
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
@pytest.mark.parametrize("backend", ["cpmpy", "mip"])
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.4])
def test_item_1_ctrl_c_during_the_first_cpmpy_or_mip_call_leaves_the_backend_working(backend, delay):
    if backend == "cpmpy":
        pytest.importorskip("cpmpy")
    script = FIRST_CALL.format(puzzle=HARD_9X9, backend=backend)
    process = subprocess.Popen(
        [sys.executable, "-c", script],
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
    finally:
        process.kill()
        process.wait()
    assert out.strip() == sudoku_cp.solve(HARD_9X9, backend="backtracking").to_string(), err


# -- 5. every error a SudokuError ----------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: sudoku_cp.solve(HARD_9X9, backend="cpsat", wrkers=2),  # a misspelt option
        lambda: sudoku_cp.solve(HARD_9X9, time_limit=-1),
        lambda: sudoku_cp.solve(HARD_9X9, time_limit="soon"),
        lambda: sudoku_cp.solve(HARD_9X9, backend="sat", solver="nope"),
        lambda: sudoku_cp.count_solutions(HARD_9X9, limit=0),
        lambda: sudoku_cp.datasets.load("no-such-set"),
        lambda: sudoku_cp.Puzzle(HARD_9X9).to_link("nowhere"),
        lambda: sudoku_cp.datasets.load("top95", limit="a"),
        lambda: sudoku_cp.Puzzle(HARD_9X9).to_svg(cell_size="a"),
        lambda: sudoku_cp.solve_many([HARD_9X9], processes=0),
        lambda: sudoku_cp.solve_many(5),
        lambda: sudoku_cp.compare([HARD_9X9], backends=5, progress=False),
    ],
)
def test_item_5_a_wrong_argument_is_a_sudoku_error(call):
    with pytest.raises(sudoku_cp.InvalidArgumentError) as caught:
        call()
    assert isinstance(caught.value, sudoku_cp.SudokuError)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, TypeError)  # as before


@pytest.mark.parametrize(
    "call",
    [
        lambda: sudoku_cp.Grid.empty("a"),
        lambda: sudoku_cp.Puzzle(HARD_9X9, 5),
        lambda: sudoku_cp.Puzzle(HARD_9X9).to_svg(values=5),
    ],
)
def test_item_5_a_wrong_shape_is_an_invalid_puzzle_error(call):
    with pytest.raises(sudoku_cp.InvalidPuzzleError):
        call()


# -- 6. one rule for every rule key; a little killer's clue ---------------------------------------

EMPTY_9 = "." * 81


@pytest.mark.parametrize("clue", ["ab", [1, "a"], [None, None], [-1, 2, 3], {"row": -1}, [True, 2]])
def test_item_6_a_little_killer_clue_that_is_not_two_integers_is_refused(clue):
    record = {
        "size": 9,
        "grid": EMPTY_9,
        "rules": {"little_killers": [{"sum": 5, "clue": clue, "direction": [1, 1]}]},
    }
    with pytest.raises(sudoku_cp.InvalidPuzzleError, match="clue is two integers"):
        sudoku_cp.Puzzle.from_dict(record)


def test_item_6_a_little_killer_clue_in_the_cli_is_one_line_exit_2(tmp_path, capsys):
    record = {
        "size": 9,
        "grid": EMPTY_9,
        "rules": {"little_killers": [{"sum": 5, "clue": "ab", "direction": [1, 1]}]},
    }
    path = tmp_path / "lk.json"
    path.write_text(json.dumps(record))
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "clue is two integers" in err, err


MODERN_LIST_KEYS = [
    "arrows",
    "little_killers",
    "sandwiches",
    "skyscrapers",
    "outside_sums",
    "x",
    "v",
    "german_whispers",
    "dutch_whispers",
    "renban",
    "palindromes",
    "between_lines",
    "region_sum_lines",
    "quadruples",
]


@pytest.mark.parametrize("key", ["cages", "thermos", *MODERN_LIST_KEYS])
@pytest.mark.parametrize("empty", [0, False, {}])
def test_item_6_every_list_key_refuses_0_false_and_an_object_as_cages_does(key, empty):
    with pytest.raises(sudoku_cp.InvalidPuzzleError, match=f"rules.{key} is a list"):
        sudoku_cp.Puzzle.from_dict({"size": 9, "grid": EMPTY_9, "rules": {key: empty}})


@pytest.mark.parametrize("key", ["cages", *MODERN_LIST_KEYS])
def test_item_6_an_empty_list_is_no_rule(key):
    assert sudoku_cp.Puzzle.from_dict({"size": 9, "grid": EMPTY_9, "rules": {key: []}}).rules == ()


# -- 13. a rule's key outside 'rules' -------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [("thermos", [[[0, 0], [0, 1]]]), ("anti_knight", True), ("Anti-King", True), ("cages", [])],
)
def test_item_13_a_rule_key_at_the_top_level_is_refused_naming_rules(key, value):
    record = {"size": 9, "grid": EMPTY_9, key: value}
    with pytest.raises(sudoku_cp.InvalidPuzzleError, match="belongs under 'rules'"):
        sudoku_cp.Puzzle.from_dict(record)
    assert sudoku_cp.Puzzle.from_dict({"size": 9, "grid": EMPTY_9, "id": "kept"}).metadata == {"id": "kept"}


# -- 7. hint's candidates -------------------------------------------------------------------------

SUPERSCRIPT_ROWS = "1² 2 3 4 5 6 7 8 9\n" * 9  # '²'.isdigit() is True, int('²') fails


@pytest.mark.parametrize(
    "candidates",
    [SUPERSCRIPT_ROWS, [None] * 81, 5, [1.5] * 81, [True] * 81, b"123", {1: 2}, [[10**5000]] * 81],
)
def test_item_7_hint_refuses_malformed_candidates_with_invalid_puzzle_error(candidates):
    with pytest.raises(sudoku_cp.InvalidPuzzleError):
        sudoku_cp.hint(HARD_9X9, candidates=candidates)


def test_item_7_hint_candidates_in_the_cli_is_one_line_exit_2(tmp_path, capsys):
    puzzle, marks = tmp_path / "p.txt", tmp_path / "c.txt"
    puzzle.write_text(HARD_9X9 + "\n")
    marks.write_text(SUPERSCRIPT_ROWS)
    assert main(["hint", "--candidates", str(marks), str(puzzle)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "sudoku-cp: candidates line 1, column 1: '²' is not a digit 1-9"


# -- 8. the CLI's last tracebacks: closed or failing standard streams -----------------------------


def _shell(command: str, tmp_path) -> tuple[int, str]:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(HARD_9X9 + "\n")
    cli = f"{sys.executable} -m sudoku_cp"
    done = subprocess.run(
        ["sh", "-c", command.format(cli=cli, puzzle=puzzle)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(sudoku_cp.__file__).parents[1])},  # this checkout
    )
    return done.returncode, done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full and /proc are Linux's")
@pytest.mark.parametrize(
    ("command", "code", "message"),
    [
        (
            "{cli} solve <&-",
            2,
            "sudoku-cp: standard input is closed: give the puzzle as an argument or a file",
        ),
        ("{cli} solve /proc/self/mem", 2, "sudoku-cp: cannot read /proc/self/mem: Input/output error"),
        ("{cli} --help > /dev/full", 5, "sudoku-cp: cannot write standard output: No space left on device"),
        (
            "{cli} --version > /dev/full",
            5,
            "sudoku-cp: cannot write standard output: No space left on device",
        ),
        ("{cli} solve {puzzle} >&-", 5, "sudoku-cp: cannot write standard output: it is closed"),
    ],
)
def test_item_8_closed_or_failing_standard_streams_are_one_line_and_their_exit_code(
    tmp_path, command, code, message
):
    returncode, err = _shell(command, tmp_path)
    assert (returncode, err.strip()) == (code, message)


# -- 10. messages that mislead ---------------------------------------------------------------------


def test_item_10_a_line_of_cells_with_one_bad_character_is_read_not_called_a_missing_file(capsys):
    assert main(["solve", HARD_9X9[:-1] + "x"]) == 2
    err = capsys.readouterr().err
    assert "no such file" not in err and "unknown character 'x'" in err, err


def test_item_10_ragged_rows_on_standard_input_are_one_error_as_in_the_api(tmp_path):
    text = "123\n45\n6789\n"
    with pytest.raises(sudoku_cp.InvalidPuzzleError) as caught:
        sudoku_cp.solve(text)
    (tmp_path / "ragged.txt").write_text(text)
    code, err = _shell("{cli} solve < " + str(tmp_path / "ragged.txt"), tmp_path)
    assert (code, err.strip()) == (2, f"sudoku-cp: {caught.value}")


def test_item_10_a_constraints_origin_and_label_are_keyword_only():
    from sudoku_cp.model.constraints import Less, Sum

    with pytest.raises(TypeError):
        Sum((0, 1), 5, "my cage")
    assert Sum((0, 1), 5, label="my cage").label == "my cage"
    assert Less(0, 1, origin="my thermometer").origin.text == "my thermometer"


def test_item_10_generate_size_7_writes_what_solve_reads(tmp_path, capsys):
    assert main(["generate", "--size", "7", "--seed", "1"]) == 0
    record = capsys.readouterr().out
    assert json.loads(record)["box"] is None  # a text line cannot say 'no boxes'
    (tmp_path / "seven.json").write_text(record)
    assert main(["solve", str(tmp_path / "seven.json")]) == 0


def test_item_10_datasets_lists_a_samurai_board_as_such(capsys):
    assert main(["datasets"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("gen_samurai"))
    assert "21x21" in line and "samurai" in line.split("puzzles")[1] and "classic" not in line


# -- 4. a cpmpy solver that gives up before the call's limit ---------------------------------------


def test_item_4_cpmpy_goes_on_when_its_solver_gives_up_with_time_left(monkeypatch):
    """CP-SAT under CPMpy sometimes stopped (status unknown) up to 0.9 s before the limit,
    and the call timed out early: a limit is a promise in both directions."""
    cpmpy_bridge = pytest.importorskip("sudoku_cp.backends.cpmpy_bridge")
    from cpmpy.solvers.solver_interface import ExitStatus, SolverStatus

    real_get = cpmpy_bridge.SolverLookup.get
    gave_up = []

    class GivesUpOnce:
        def __init__(self, real):
            self.real = real

        def __getattr__(self, name):
            return getattr(self.real, name)

        def __iadd__(self, expression):
            self.real += expression
            return self

        def solve(self, **options):
            if not gave_up:
                gave_up.append(True)
                return False
            return self.real.solve(**options)

        def status(self):
            if len(gave_up) == 1:
                gave_up.append(True)
                unknown = SolverStatus("gives up")
                unknown.exitstatus, unknown.runtime = ExitStatus.UNKNOWN, 0.01
                return unknown
            return self.real.status()

    monkeypatch.setattr(cpmpy_bridge.SolverLookup, "get", lambda *a, **k: GivesUpOnce(real_get(*a, **k)))
    found = sudoku_cp.solve(HARD_9X9, backend="cpmpy", time_limit=60)
    assert gave_up and found == sudoku_cp.solve(HARD_9X9, backend="backtracking")


# -- 3. the generator's searches stop at its limit -------------------------------------------------


def test_item_3_a_search_reasoning_with_hall_sets_reads_the_clock_at_every_node():
    """With Hall sets on, a node of a 16x16 jigsaw search costs milliseconds, and the clock
    was read every 64 nodes: generate(16, variant="jigsaw", minimal=True, time_limit=3)
    raised its SolveTimeoutError after 4.97 s."""
    import random

    from sudoku_cp import Grid, Puzzle
    from sudoku_cp.engine.runtime import Deadline
    from sudoku_cp.engine.search import BitmaskSearch
    from sudoku_cp.reasoning.generator import random_jigsaw

    puzzle = Puzzle(Grid([0] * 256, None), (random_jigsaw(16, random.Random(1)),))
    search = BitmaskSearch(puzzle.model, Deadline(1e-9))  # passed by the first node
    search.hall_sets = True
    with pytest.raises(sudoku_cp.SolveTimeoutError):
        search.find_solution()
    assert search.nodes == 1


# -- 11. generate --variant for the modern rules ---------------------------------------------------

MODERN_VARIANTS = {
    "arrow": "Arrow",
    "little_killer": "LittleKiller",
    "sandwich": "Sandwich",
    "skyscraper": "Skyscraper",
    "outside_sum": "OutsideSum",
    "xv": "XV",
    "german_whispers": "GermanWhispers",
    "dutch_whispers": "DutchWhispers",
    "renban": "Renban",
    "palindrome": "Palindrome",
    "between_line": "BetweenLine",
    "region_sum_line": "RegionSumLine",
    "quadruple": "Quadruple",
}


@pytest.mark.parametrize(
    "variant",
    [pytest.param(v, marks=pytest.mark.slow) if v == "little_killer" else v for v in MODERN_VARIANTS],
)
def test_item_11_generate_makes_every_modern_variant_proper(variant):
    puzzle = sudoku_cp.generate(9, variant=variant, seed=1, time_limit=60)
    assert [type(rule).__name__ for rule in puzzle.rules] == [MODERN_VARIANTS[variant]]
    assert sudoku_cp.count_solutions(puzzle, limit=2, backend="backtracking") == 1
    assert puzzle.is_solved_by(sudoku_cp.Grid.parse(puzzle.metadata["solution"]))


@pytest.mark.slow
def test_item_11_the_bundled_sets_clues_are_the_generators():
    """scripts/make_modern_sets.py draws its clues with the generator's drawers: puzzle 0 of
    a bundled set is made again, clue for clue."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import make_modern_sets
    finally:
        sys.path.pop(0)
    remade = make_modern_sets.make_one("gen_arrow", 0)
    bundled = sudoku_cp.datasets.load("gen_arrow")[0]
    assert remade.to_dict()["rules"] == bundled.to_dict()["rules"] and remade.grid == bundled.grid


def test_item_11_generate_variant_sandwich_in_the_cli_writes_what_solve_reads(tmp_path, capsys):
    assert main(["generate", "--variant", "sandwich", "--seed", "1"]) == 0
    (tmp_path / "s.json").write_text(capsys.readouterr().out)
    assert main(["solve", str(tmp_path / "s.json")]) == 0


# -- 12. newcomer traps -----------------------------------------------------------------------------


def test_item_12_run_notebooks_writes_elsewhere_unless_asked():
    import importlib.util

    script = Path(__file__).resolve().parent.parent / "scripts" / "run_notebooks.py"
    spec = importlib.util.spec_from_file_location("run_notebooks", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    notebooks = sorted(module.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert notebooks
    for path, target in module.targets(notebooks, None, in_place=False):
        assert target != path and module.NOTEBOOKS not in target.resolve().parents
    assert all(path == target for path, target in module.targets(notebooks, None, in_place=True))


def test_item_12_the_readme_says_how_long_the_tests_take_and_to_keep_the_venv():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up")[1].split("## Solve")[0]
    assert "minutes" in setup and "venv" in setup and "active" in setup
    assert '"out.png"' not in readme

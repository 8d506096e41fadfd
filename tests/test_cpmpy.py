"""The "cpmpy" backend on every CPMpy solver installed here: each returns the same proven
smallest solution as the expected answers (the independent model's, for the variants;
the lex-min cases' for classic puzzles), counts as a brute force does, and an unknown,
unusable or missing solver is refused clearly. The default solver (OR-Tools) also runs
the whole contract suite (``tests/test_backend_contract.py``)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest
from conftest import LEXMIN_CASES

import sudoku_cp
from sudoku_cp import Grid, NoSolutionError, NotSupportedError, Puzzle, count_solutions, datasets
from sudoku_cp.backends import unavailable
from sudoku_cp.errors import BackendUnavailableError

bridge = pytest.importorskip("sudoku_cp.backends.cpmpy_bridge", exc_type=BackendUnavailableError)

SOLVERS = bridge.available_solvers()
LICENCE_LIMITS = ("size-limited", "Promotional version")
"""Words of the errors of solvers whose free licence is too small for a 9x9 model
(Gurobi's pip licence: 2000 variables; CPLEX's community edition: 1000)."""

VARIANT_CASES = json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())


def _variant(tag: str) -> dict:
    return next(case for case in VARIANT_CASES if case["tag"] == tag)


def _lexmin_case(tag: str) -> tuple[Grid, str]:
    case = next(case for case in LEXMIN_CASES if case["tag"] == tag and case["lexmin"])
    return Grid.parse(case["puzzle"]), case["lexmin"]


TOP95_FIRST = datasets.load("top95")[0]

CASES = {
    # name: (puzzle, expected smallest solution as a string, None for no solution)
    "classic": (TOP95_FIRST, sudoku_cp.solve(TOP95_FIRST, backend="backtracking").to_string()),
    "classic, several solutions": _lexmin_case("sparse"),
    "top1465 minus givens": _lexmin_case("top1465-minus"),
    **{
        tag: (Puzzle.from_dict(_variant(tag)), _variant(tag)["lexmin"])
        for tag in (
            "classic8x8-24g",  # several solutions
            "killer9x9-20g",  # Sum
            "thermo9x9-49g",  # Less
            "thermo-kropki6x6-7g",  # Relation and Less
            "evenodd9x9-28g",  # ValueIn
            "killer6x6-unsolvable-13g",  # no solution
        )
    },
}
MAIN = ("classic",)
"""The cases every solver runs in the main suite; the others run with ``pytest -m slow``
(the MIP solvers and Z3 take seconds on the several-solution cases)."""

MAIN_SOLVERS = ("ortools", "choco")
"""The solvers that run the main cases in the main suite: OR-Tools in this process, Choco
in a child process (the bridge runs every solver but OR-Tools and SCIP in one); every
other solver's cases run in the slow pass (seconds each: a child process's imports, Z3,
the MIP solvers, Gurobi's and CPLEX's licence checks)."""


def _is_slow(solver: str, name: str) -> bool:
    return name not in MAIN or solver not in MAIN_SOLVERS


def _params():
    return [
        pytest.param(
            solver, name, id=f"{solver}-{name}", marks=[pytest.mark.slow] if _is_slow(solver, name) else []
        )
        for solver in SOLVERS
        for name in CASES
    ]


def _solve_or_skip_licence(puzzle, solver: str):
    try:
        return sudoku_cp.solve(puzzle, backend="cpmpy", solver=solver, time_limit=300)
    except NotSupportedError as error:
        if any(words in str(error) for words in LICENCE_LIMITS):
            pytest.skip(f"{solver}'s licence here is too small: {error}")
        raise


@pytest.mark.parametrize("solver, name", _params())
def test_every_solver_proves_the_expected_smallest_solution(solver: str, name: str) -> None:
    puzzle, expected = CASES[name]
    if expected is None:
        with pytest.raises(NoSolutionError):
            _solve_or_skip_licence(puzzle, solver)
        return
    solution = _solve_or_skip_licence(puzzle, solver)
    assert (puzzle if isinstance(puzzle, Puzzle) else Puzzle(puzzle)).is_solved_by(solution)
    assert solution.to_string() == expected


@pytest.mark.slow  # a count per solver: seconds for the MIP solvers
@pytest.mark.parametrize("solver", SOLVERS)
def test_every_solver_counts_like_the_independent_answer(solver: str) -> None:
    puzzle = Puzzle.from_dict(_variant("classic4x4-1g"))  # 4x4, one given: several solutions
    expected = count_solutions(puzzle, backend="backtracking")
    assert count_solutions(puzzle, backend="cpmpy", solver=solver, limit=3) == min(3, expected)
    try:
        assert count_solutions(puzzle, backend="cpmpy", solver=solver) == expected
    except NotSupportedError as error:  # Gurobi and CPLEX enumerate only up to a limit
        assert "all solutions" in str(error)


def test_the_chain_proof_agrees_with_the_hybrid_one() -> None:
    puzzle, expected = CASES["classic8x8-24g"]
    solution, stats = bridge.solve(puzzle, proof="chain")
    assert solution.to_string() == expected and stats["solver_calls"] >= 2


def test_an_unknown_solver_is_refused_naming_it_and_the_installed_ones() -> None:
    with pytest.raises(NotSupportedError, match=r"no solver 'no-such-solver'; installed here: ortools"):
        sudoku_cp.solve(CASES["classic"][0], backend="cpmpy", solver="no-such-solver")


def test_a_solver_that_cannot_solve_puzzles_is_refused_saying_why() -> None:
    with pytest.raises(NotSupportedError, match="'rc2'.*MaxSAT"):
        sudoku_cp.solve(CASES["classic"][0], backend="cpmpy", solver="rc2")


def test_a_constraint_outside_the_vocabulary_is_refused_naming_backend_and_kind() -> None:
    from dataclasses import dataclass, replace

    @dataclass(frozen=True)
    class Parity:
        cells: tuple[int, ...] = (0, 1)
        label: str = "parity of r1c1 and r1c2"

    model = Puzzle(Grid.empty(4)).model
    model = replace(model, constraints=(*model.constraints, Parity()))
    with pytest.raises(NotSupportedError, match="'cpmpy' does not support the constraint kind Parity"):
        bridge.compile_model(model)


def test_without_cpmpy_the_backend_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "cpmpy", None)  # import cpmpy now fails
    monkeypatch.delitem(sys.modules, "sudoku_cp.backends.cpmpy_bridge")
    with pytest.raises(BackendUnavailableError, match=r'pip install "sudoku_cp\[cpmpy\]"'):
        importlib.import_module("sudoku_cp.backends.cpmpy_bridge")
    assert unavailable("cpmpy") is None  # the registry keeps the module it already loaded


def test_available_solvers_include_the_default() -> None:
    assert bridge.DEFAULT_SOLVER in SOLVERS
    assert not set(SOLVERS) & set(bridge.UNUSABLE)


@pytest.mark.parametrize("side", [16, 20])
def test_a_sparse_large_grid_is_proven_from_the_engine_witness_in_one_solve(side: int) -> None:
    # one question from the engine's witness, not the solver's first solution and a descent
    # (65 solves on the empty 16x16 grid before WITNESS_SIDE went from 20 to 15)
    grid = sudoku_cp.Grid.empty(side)
    result = sudoku_cp.solve_with_stats(grid, backend="cpmpy")
    assert result.solution == sudoku_cp.solve(grid, backend="backtracking")
    assert result.stats["solver_calls"] == 1  # x <_lex witness: UNSAT


BUILDING_INTERRUPTED = """
import signal, sys, threading
from sudoku_cp.backends import cpmpy_bridge as bridge
signal.signal(signal.SIGINT, signal.default_int_handler)
seen = threading.Event()

class Building:  # a run that has not made its solver yet
    name = bridge.DEFAULT_SOLVER

    def __init__(self):
        self.cancelled = bridge._CANCELLED[-1]

def call():
    run = Building()
    bridge._RUNS[:] = [run]
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    if run.cancelled.wait(timeout=60):
        seen.set()

try:
    bridge._interruptibly(call)
except KeyboardInterrupt:  # the helper thread sees its run cancelled: wait for it, not race it
    print("interrupted", seen.wait(timeout=60))
"""


def test_ctrl_c_before_the_run_has_made_its_solver_stops_the_call():
    """Ctrl-C can land while a call is still building (no ``solver`` yet): the caller gets
    its KeyboardInterrupt (not an AttributeError from the clean-up), and the run on the
    helper thread is told to stop. In a fresh process (the main thread is the one Python
    delivers signals to), the call itself sends that thread SIGINT, so the interrupt lands
    once the call is under way, whatever the machine's load."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", BUILDING_INTERRUPTED], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "interrupted True", done.stderr

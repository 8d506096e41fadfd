"""The SAT backend: the encodings' sizes, DIMACS, the proof of the smallest solution, variants,
options, time limits, and a clear message when PySAT is missing."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from math import comb

import pytest
from conftest import LEXMIN_CASES, assert_solves, case_id
from pysat.formula import CNF
from pysat.solvers import Solver

import sudoku_cp
from sudoku_cp import Grid, Puzzle, datasets, sat
from sudoku_cp.backends import backtracking, sat_encoding, sat_runner
from sudoku_cp.errors import BackendUnavailableError, NoSolutionError, SolveTimeoutError, SudokuError
from sudoku_cp.model import rules

TOP95 = datasets.load("top95")


# -- the encodings -------------------------------------------------------------------------


@pytest.mark.parametrize("side", [4, 9, 16])
def test_minimal_encoding_of_an_empty_grid_has_the_textbook_size(side: int) -> None:
    # n*n "cell has a value" clauses; 3n units x n values x C(n,2) pairs "at most once".
    cnf = sat.encode(Grid.empty(side), encoding="minimal")
    assert cnf.nv == side**3
    assert len(cnf.clauses) == side * side + 3 * side * side * comb(side, 2)


@pytest.mark.parametrize("side", [4, 9, 16])
def test_extended_encoding_adds_one_value_per_cell_and_each_value_per_unit(side: int) -> None:
    minimal = sat.formula(Grid.empty(side), encoding="minimal").sizes()
    extended = sat.formula(Grid.empty(side), encoding="extended").sizes()
    assert extended == minimal | {
        "at most one value per cell": side * side * comb(side, 2),
        "each value at least once per unit": 3 * side * side,
    }
    if side == 9:
        assert sum(minimal.values()) == 8829 and sum(extended.values()) == 11988


def test_givens_are_unit_clauses_of_the_variable_cell_times_n_plus_value() -> None:
    puzzle = TOP95[0]
    givens = sat.formula(puzzle).parts["givens"]
    expected = [[cell * 9 + value] for cell, value in enumerate(puzzle.cells) if value]
    assert givens == expected
    assert sat.variable(0, 1, 9) == 1 and sat.variable(80, 9, 9) == 729


def test_a_cardinality_encoding_trades_clauses_for_auxiliary_variables() -> None:
    pairwise = sat.encode(Grid.empty(9), amo="pairwise")
    counter = sat.encode(Grid.empty(9), amo="seqcounter")
    assert len(counter.clauses) < len(pairwise.clauses)
    assert counter.nv > pairwise.nv == 729


@pytest.mark.parametrize("encoding", sat.ENCODINGS)
@pytest.mark.parametrize("amo", ["pairwise", "seqcounter", "ladder", "totalizer"])
def test_every_encoding_gives_the_same_smallest_solution(encoding: str, amo: str) -> None:
    for grid in TOP95[:5] + [Grid.empty(9)]:
        expected = sudoku_cp.solve(grid, backend="backtracking")
        assert sat.solve(grid, encoding=encoding, amo=amo)[0] == expected


# -- DIMACS and decoding ---------------------------------------------------------------------


def test_dimacs_round_trip_solves_with_any_solver() -> None:
    puzzle = TOP95[3]
    text = sat.to_dimacs(puzzle)
    assert text.startswith("c sudoku_cp: 9x9 grid")
    read = CNF(from_string=text)
    assert read.clauses == sat.encode(puzzle).clauses and read.nv == 729
    with Solver(name="minisat22", bootstrap_with=read.clauses) as solver:
        assert solver.solve()
        solution = sat.decode(puzzle, solver.get_model())
    assert_solves(puzzle, solution)


def test_decode_refuses_a_model_that_leaves_a_cell_empty() -> None:
    with pytest.raises(SudokuError, match="r1c1"):
        sat.decode(Grid.empty(4), [sat.variable(cell, 1, 4) for cell in range(1, 16)])


def test_encode_writes_dimacs_from_the_command_line(tmp_path) -> None:
    from test_cli import run

    path = tmp_path / "puzzle.json"
    puzzle = Puzzle(Grid.parse(TOP95[0].to_string()), (rules.Diagonals(),))
    path.write_text(puzzle.to_json())
    code, out, err = run(["encode", str(path), "--dimacs", "--encoding", "minimal"])
    assert (code, err) == (0, "")
    assert CNF(from_string=out).clauses == sat.encode(puzzle, encoding="minimal").clauses
    code, out, err = run(["encode"], TOP95[0].to_string())
    assert code == 0 and "729 variables, 12005 clauses" in out.splitlines()[0]
    code, out, err = run(["encode", "--amo", "nonsense"], TOP95[0].to_string())
    assert code == 2 and "amo must be one of" in err


# -- the lexicographic chain ----------------------------------------------------------------


def _all_4x4_solutions() -> list[tuple[int, ...]]:
    """Every 4x4 Sudoku, by plain enumeration cell by cell (independent of the SAT code)."""
    peers = Puzzle(Grid.empty(4)).model.peers
    found: list[tuple[int, ...]] = []

    def fill(cells: list[int]) -> None:
        if len(cells) == 16:
            found.append(tuple(cells))
            return
        taken = {cells[p] for p in peers[len(cells)] if p < len(cells)}
        for value in range(1, 5):
            if value not in taken:
                fill(cells + [value])

    fill([])
    return found


def _grids_of(clauses: list[list[int]]) -> set[tuple[int, ...]]:
    """Every 4x4 grid of a formula's models (PySAT's enum_models would also tell apart the
    models that differ only in the chain's auxiliary variables)."""
    grids = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            cells = sat.decode(Grid.empty(4), solver.get_model()).cells
            grids.add(cells)
            solver.add_clause([-sat.variable(cell, value, 4) for cell, value in enumerate(cells)])
    return grids


def test_the_chain_admits_exactly_the_solutions_below_its_bound() -> None:
    solutions = _all_4x4_solutions()
    assert len(solutions) == 288
    formula = sat.formula(Grid.empty(4))
    givens, lowest = (0,) * 16, [1] * 16
    for bound in random.Random(1).sample(solutions, 4) + [min(solutions)]:
        top = [formula.variables]

        def new_variable(top=top):
            top[0] += 1
            return top[0]

        chain = sat.lex_less_clauses(bound, givens, lowest, new_variable)
        assert _grids_of(formula.clauses + chain) == {s for s in solutions if s < bound}


def test_the_greater_chain_admits_exactly_the_grids_above_its_bound() -> None:
    solutions = _all_4x4_solutions()
    formula = sat.formula(Grid.empty(4))
    rng = random.Random(2)
    any_grids = [tuple(rng.randint(1, 4) for _ in range(16)) for _ in range(3)]  # not solutions
    for bound in rng.sample(solutions, 4) + [min(solutions), max(solutions)] + any_grids:
        top = [formula.variables]

        def new_variable(top=top):
            top[0] += 1
            return top[0]

        chain = sat.lex_greater_clauses(bound, (0,) * 16, new_variable)
        if chain is None:  # nothing can be greater
            assert not any(s > bound for s in solutions)
            continue
        assert _grids_of(formula.clauses + chain) == {s for s in solutions if s > bound}
    assert sat.lex_greater_clauses((4,) * 16, (0,) * 16, iter(range(100, 200)).__next__) is None


def test_next_solution_after_any_grid_is_the_smallest_solution_above_it() -> None:
    puzzle = Grid.parse("12..............")
    solutions = [s for s in _all_4x4_solutions() if s[:2] == (1, 2)]
    rng = random.Random(3)
    for after in [tuple(rng.randint(1, 4) for _ in range(16)) for _ in range(6)] + [(1,) * 16]:
        above = [s for s in solutions if s > after]
        if above:
            assert sat.next_solution(puzzle, after)[0].cells == min(above)
        else:
            with pytest.raises(NoSolutionError):
                sat.next_solution(puzzle, after)
    with pytest.raises(NoSolutionError):
        sat.next_solution(puzzle, max(solutions))
    with pytest.raises(ValueError, match="complete 4x4 grid"):
        sat.next_solution(puzzle, [1, 2, 3])


@pytest.mark.parametrize(("encoding", "amo"), [("minimal", "pairwise"), ("extended", "seqcounter")])
@pytest.mark.parametrize("proof", ["chain", "witness"])
def test_counting_and_listing_agree_with_every_encoding_and_proof(
    encoding: str, amo: str, proof: str
) -> None:
    solutions = _all_4x4_solutions()
    puzzle = Grid.parse("1..............4")
    expected = sorted(s for s in solutions if s[0] == 1 and s[15] == 4)
    counting = {"encoding": encoding, "amo": amo}  # a count proves no minimum: no proof option
    assert sat.count_solutions(puzzle, **counting)[0] == len(expected)
    assert sat.count_solutions(Grid.empty(4), limit=300, **counting)[0] == 288
    with pytest.raises(TypeError, match="does not take 'proof'"):
        sat.count_solutions(puzzle, proof=proof, **counting)
    listed = [g.cells for g in sudoku_cp.solutions(puzzle, backend="sat", proof=proof, **counting)]
    assert listed == expected


def test_counting_a_complete_grid_and_its_stats() -> None:
    solved = sudoku_cp.solve(TOP95[0], backend="backtracking")
    count, stats = sat.count_solutions(solved)
    assert count == 1 and stats["solver_calls"] == 1
    count, stats = sat.count_solutions(TOP95[0])
    assert count == 1 and stats["solver_calls"] == 2  # the solution, then UNSAT with it blocked


# The default proof ("hybrid") runs on every lex-min case in tests/test_backend_contract.py.
@pytest.mark.parametrize("proof", ["chain", "witness"])
@pytest.mark.parametrize("case", LEXMIN_CASES[::10], ids=case_id)
def test_every_proof_gives_the_smallest_solution(case: dict, proof: str) -> None:
    grid = Grid.parse(case["puzzle"])
    if case["lexmin"] is None:
        with pytest.raises(NoSolutionError):
            sat.solve(grid, proof=proof)
    else:
        assert sat.solve(grid, proof=proof)[0].to_string() == case["lexmin"]


SLOW_SETS = [pytest.param(name, marks=pytest.mark.slow) for name in ("easy50", "hardest", "hex16")]


@pytest.mark.parametrize("name", ["top95", *SLOW_SETS])
def test_agrees_with_the_reference_backtracker_on_bundled_sets(name: str) -> None:
    for grid in datasets.load(name):
        assert sat.solve(grid)[0] == sudoku_cp.solve(grid, backend="backtracking")


def test_empty_grids_of_every_small_size() -> None:
    for side in (4, 6, 8, 9):
        empty = Grid.empty(side)
        assert sat.solve(empty)[0] == sudoku_cp.solve(empty, backend="backtracking")


def test_first_solution_is_a_solution_without_the_guarantee() -> None:
    for grid in TOP95[:5]:
        solution, stats = sat.first_solution(grid)
        assert_solves(grid, solution)
        assert stats["solver_calls"] == 1
    with pytest.raises(NoSolutionError):
        sat.first_solution(Grid.parse(next(c for c in LEXMIN_CASES if c["lexmin"] is None)["puzzle"]))


# -- variants ------------------------------------------------------------------------------


def _variants_of(solution: Grid, seed: int) -> list[Puzzle]:
    """Variant puzzles built around a known solution, so each has at least that one: cages,
    thermometers, inequalities, Kropki dots with the negative constraint, parity."""
    n, rng = solution.side, random.Random(seed)
    value = {(r, c): solution[r, c] for r in range(n) for c in range(n)}
    cells = sorted(value)
    givens = Grid.parse("".join(str(v) if rng.random() < 0.25 else "." for v in solution.cells), solution.box)
    unused, cages = set(cells), []
    for start in cells:
        if start in unused:
            cage = [start]
            unused.discard(start)
            while len(cage) < rng.randint(1, 4):
                options = [
                    (r + dr, c + dc)
                    for r, c in cage
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if (r + dr, c + dc) in unused and value[r + dr, c + dc] not in {value[x] for x in cage}
                ]
                if not options:
                    break
                cage.append(rng.choice(options))
                unused.discard(cage[-1])
            cages.append(rules.Cage(tuple(cage), sum(value[x] for x in cage)))
    thermos = []
    for r, c in rng.sample(cells, 4):
        path = [(r, c)]
        for _ in range(3):
            bigger = [
                (path[-1][0] + dr, path[-1][1] + dc)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if value.get((path[-1][0] + dr, path[-1][1] + dc), 0) > value[path[-1]]
                and (path[-1][0] + dr, path[-1][1] + dc) not in path
            ]
            if bigger:
                path.append(rng.choice(bigger))
        if len(path) > 1:
            thermos.append(tuple(path))
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    less = [(a, b) if value[a] < value[b] else (b, a) for a, b in rng.sample(pairs, 6)]
    neighbours = pairs + [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    white = [(a, b) for a, b in neighbours if abs(value[a] - value[b]) == 1]
    evens = [x for x in rng.sample(cells, 8) if value[x] % 2 == 0]
    odds = [x for x in rng.sample(cells, 8) if value[x] % 2 == 1 and x not in evens]
    return [
        Puzzle(Grid.empty(n, solution.box), (rules.Killer(tuple(cages)),)),
        Puzzle(givens, (rules.Thermo(tuple(thermos)), rules.GreaterThan(tuple(less)))),
        Puzzle(Grid.empty(n, solution.box), (rules.Kropki(white=tuple(white), all_white_given=True),)),
        Puzzle(givens, (rules.EvenOdd(tuple(evens), tuple(odds)),)),
    ]


VARIANTS = [
    *_variants_of(Grid.parse(LEXMIN_CASES[0]["lexmin"]), seed=1),
    *_variants_of(Grid.parse(LEXMIN_CASES[5]["lexmin"]), seed=2),
    Puzzle(Grid.empty(9), (rules.Diagonals(),)),
    Puzzle(Grid.empty(9), (rules.Windows(),)),
    Puzzle(Grid.empty(9), (rules.AntiKnight(),)),
    Puzzle(Grid.empty(9), (rules.AntiKing(),)),
    Puzzle(Grid.empty(6), (rules.AntiKing(),)),
    Puzzle(Grid.empty(4, None), (rules.Jigsaw("aaabcabbccdbcddd"),)),
]


@pytest.mark.parametrize("index", range(len(VARIANTS)))
@pytest.mark.parametrize("encoding", sat.ENCODINGS)
def test_variants_agree_with_the_backtracker(index: int, encoding: str) -> None:
    puzzle = VARIANTS[index]
    solution = sat.solve(puzzle, encoding=encoding)[0]
    assert puzzle.is_solved_by(solution)
    assert solution == sudoku_cp.solve(puzzle, backend="backtracking")


def test_cage_sums_by_pseudo_boolean_encoding_agree_with_combinations() -> None:
    for puzzle in VARIANTS[0:1] + VARIANTS[4:5]:
        assert sat.solve(puzzle, sum_encoding="pb")[0] == sat.solve(puzzle)[0]


def test_a_cage_has_a_variable_per_digit_it_may_hold() -> None:
    from sudoku_cp.model.constraints import AllDifferent, Model, Sum

    # a 4x4 grid with one cage "5 in two cells" (1+4 or 2+3): two selectors and four h_d
    units = Puzzle(Grid.empty(4)).model.constraints
    cage = (AllDifferent((0, 1), origin="cage"), Sum((0, 1), 5, origin="cage"))
    formula = sat.rules_formula(Model(4, (0,) * 16, units + cage), "extended", "pairwise", "combinations")
    assert formula.variables == 4**3 + 2 + 4
    h = {v: 4**3 + 2 + v for v in range(1, 5)}  # after the selectors
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        # holding 1 is holding 4, and excludes 2 and 3, by unit propagation alone
        status, implied = solver.propagate(assumptions=[h[1]])
        assert status and {h[4], -h[2], -h[3]} <= set(implied)
        assert solver.solve(assumptions=[h[2], -sat.variable(0, 2, 4)])
        assert sat.values_of(solver.get_model(), 4)[:2] == [3, 2]


def test_a_sum_over_cells_that_may_repeat_uses_the_pseudo_boolean_encoding() -> None:
    from sudoku_cp.model.constraints import AllDifferent, Model, Sum

    # A 4x4 Latin square whose cells 0 and 5 (no shared unit) add up to 8: both are 4.
    units = Puzzle(Grid.empty(4, None)).model.constraints
    model = Model(4, (0,) * 16, units + (Sum((0, 5), 8, origin="pair"),))
    formula = sat.rules_formula(model, "extended", "pairwise", "combinations")
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        values = sat.values_of(solver.get_model(), 4)
    assert values[0] == values[5] == 4 and model.holds(values)
    assert any(isinstance(c, AllDifferent) for c in units)


def test_minimal_encoding_adds_at_most_one_for_cells_outside_every_unit() -> None:
    from sudoku_cp.model.constraints import AllDifferent, Model

    model = Model(4, (0,) * 16, (AllDifferent((0, 1, 2, 3), origin="row 1"),))
    sizes = sat.rules_formula(model, "minimal", "pairwise", "combinations").sizes()
    assert sizes["at most one value per cell"] == 12 * comb(4, 2)


# -- options, stats, time limits, threads ------------------------------------------------------


@pytest.mark.slow  # a few seconds for the 17 solvers
@pytest.mark.parametrize("solver", sat.solver_names())
def test_every_usable_pysat_solver_gives_the_smallest_solution(solver: str) -> None:
    grid = Grid.parse(LEXMIN_CASES[70]["puzzle"])
    assert sat.solve(grid, solver=solver)[0] == sudoku_cp.solve(grid, backend="backtracking")


def test_solver_aliases_and_refusals() -> None:
    assert sat.solve(TOP95[0], solver="g4")[0] == sat.solve(TOP95[0])[0]
    with pytest.raises(ValueError, match="not incremental"):
        sat.solve(TOP95[0], solver="kissat404")
    with pytest.raises(ValueError, match="unknown PySAT solver"):
        sat.solve(TOP95[0], solver="nosuch")


@pytest.mark.parametrize(
    "options", [{"encoding": "short"}, {"amo": "native"}, {"sum_encoding": "x"}, {"proof": "trust"}]
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(ValueError):
        sat.solve(TOP95[0], **options)


def test_options_pass_through_the_api() -> None:
    result = sudoku_cp.solve_with_stats(TOP95[1], backend="sat", encoding="minimal", solver="minisat22")
    assert result.solution == sudoku_cp.solve(TOP95[1], backend="backtracking")
    with pytest.raises(TypeError, match="encoding"):
        sudoku_cp.solve(TOP95[1], backend="sat", workers=2)


def test_stats_report_every_counter() -> None:
    _, stats = sat.solve(Grid.empty(9))
    assert set(stats) == {
        "solver_calls",
        "conflicts",
        "decisions",
        "propagations",
        "restarts",
        "clauses",
        "variables",
        "encode_time",
    }
    assert stats["solver_calls"] >= 2
    assert stats["clauses"] > 11988 and stats["variables"] > 729  # the formula plus the proof's


def test_a_tiny_time_limit_raises_and_leaves_the_kept_solver_usable() -> None:
    for solver in ("cadical195", "glucose4"):
        with pytest.raises(SolveTimeoutError):
            sudoku_cp.solve(datasets.load("hex16")[0], backend="sat", solver=solver, time_limit=1e-6)
        assert sat.solve(TOP95[2], solver=solver)[0] == sudoku_cp.solve(TOP95[2], backend="backtracking")


MARGIN = 1.5  # CPU seconds past the time limit: far less than the whole encoding or solve


def _times_out(puzzle: Puzzle, time_limit: float) -> float:
    """CPU seconds this process spent in a solve until it raised SolveTimeoutError: CPU
    time, so that other processes on a busy machine cannot stretch it past the margin."""
    started = time.process_time()
    with pytest.raises(SolveTimeoutError):
        sat.solve(puzzle, time_limit=time_limit)
    return time.process_time() - started


def test_a_tiny_time_limit_on_25x25_stops_while_the_clauses_are_written(monkeypatch) -> None:
    monkeypatch.setattr(sat_encoding, "_FORMULAS", OrderedDict())  # nothing written yet
    puzzle = Puzzle(datasets.load("sudoku25")[0])
    puzzle.model  # noqa: B018 - built before the clock starts
    assert _times_out(puzzle, 0.05) < 0.05 + MARGIN
    assert not sat_encoding._FORMULAS  # a formula cut short is not kept


@pytest.mark.slow  # writes the 752,500 clauses of a 25x25 grid (a second or two), then solves
@pytest.mark.parametrize("time_limit", [0.05, 2.0])
def test_a_time_limit_on_25x25_stops_loading_and_solving(monkeypatch, time_limit: float) -> None:
    monkeypatch.setattr(sat_encoding, "_FORMULAS", OrderedDict())  # dropped after the test
    hard_25 = Puzzle(datasets.load("sudoku25")[2])  # MiniSat needs far more than 2 s for it
    sat.rules_formula(
        hard_25.model, "extended", "pairwise", "combinations"
    )  # written: loading and solving remain
    assert _times_out(hard_25, time_limit) < time_limit + MARGIN


def test_threads_each_get_the_right_answer() -> None:
    grids = TOP95[10:30]
    expected = [sudoku_cp.solve(g, backend="backtracking") for g in grids]
    answers: dict[int, Grid] = {}

    def work(offset: int) -> None:
        for index in range(offset, len(grids), 2):
            answers[index] = sat.solve(grids[index])[0]

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answers[i] for i in range(len(grids))] == expected


def test_a_kept_solver_is_replaced_once_worn(monkeypatch) -> None:
    monkeypatch.setattr(sat_runner, "_RETIRED_VARIABLES", 100)
    for grid in TOP95[40:50]:
        assert sat.solve(grid)[0] == sudoku_cp.solve(grid, backend="backtracking")


def test_a_kept_solver_reuses_auxiliary_variables_and_keeps_every_answer() -> None:
    # sparse grids (half the givens gone) make the chain proof add several x <_lex w chains
    grids = [Grid([v if i % 2 else 0 for i, v in enumerate(g.cells)], box=g.box) for g in TOP95[:4]]
    calls = [(grid, proof) for grid in grids + TOP95[4:8] for proof in ("chain", "hybrid")]
    expected = [sudoku_cp.solve(grid, backend="backtracking") for grid, _ in calls]
    following = backtracking.next_solution(grids[0], expected[0])[0]
    sat_runner.forget_solvers()
    for round_ in range(2):
        for (grid, proof), smallest in zip(calls, expected, strict=True):
            assert sat.solve(grid, proof=proof)[0] == smallest
        assert sat.next_solution(grids[0], expected[0])[0] == following
        (loaded,) = sat_runner._KEPT.values()
        if round_ == 0:
            top = loaded.top
    assert loaded.spare and loaded.top - top <= 2 * (len(calls) + 1)  # two guards a call, the rest reused


# -- without PySAT ---------------------------------------------------------------------------


@pytest.fixture
def without_pysat(monkeypatch):
    """Make ``import pysat`` fail and the sat backend load afresh."""
    from sudoku_cp import backends

    for name in list(sys.modules):
        if name == "pysat" or name.startswith("pysat.") or name.startswith("sudoku_cp.backends.sat"):
            monkeypatch.delitem(sys.modules, name)
    for module in ("sat", "sat_encoding", "sat_runner"):
        monkeypatch.delattr(backends, module, raising=False)
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(backends._BACKENDS, "sat", "sudoku_cp.backends.sat")
    yield
    monkeypatch.undo()
    importlib.import_module("sudoku_cp.backends.sat")


def test_without_pysat_solving_says_how_to_install_it(without_pysat) -> None:
    with pytest.raises(BackendUnavailableError, match=r'pip install "sudoku_cp\[sat\]"') as error:
        sudoku_cp.solve(TOP95[0], backend="sat")
    assert isinstance(error.value, SudokuError)


def test_without_pysat_the_backends_command_says_so(without_pysat) -> None:
    from test_cli import run

    code, out, _ = run(["backends"])
    assert code == 0
    line = next(line for line in out.splitlines() if line[2:].startswith("sat"))
    assert "not installed" in line and 'pip install "sudoku_cp[sat]"' in line
    code, _, err = run(["encode", "--dimacs"], TOP95[0].to_string())
    assert code == 2 and 'pip install "sudoku_cp[sat]"' in err


def test_importing_the_package_does_not_import_pysat() -> None:
    code = "import sys, sudoku_cp; sudoku_cp.solve('1...........4..3'); print('pysat' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_large_grids_configuration_is_applied_and_keeps_the_answer(monkeypatch) -> None:
    """Formulas over SHARE_UP_TO clauses get a solver of their own, configured by
    LARGE_CONFIGURATION (CaDiCaL's options: a search heuristic, not the proof)."""
    seen = []
    configure = Solver.configure

    def record(self, parameters):
        seen.append(dict(parameters))
        return configure(self, parameters)

    monkeypatch.setattr(Solver, "configure", record)
    monkeypatch.setattr(sat_runner, "SHARE_UP_TO", 0)  # a 9x9 formula gets its own solver, too
    puzzle = datasets.load("top95")[0]
    grid, _ = sat.solve(puzzle, solver="cadical195")
    assert seen == [sat_runner.LARGE_CONFIGURATION["cadical195"]]
    assert grid == sudoku_cp.solve(puzzle, backend="backtracking")


def test_a_sparse_large_grid_is_proven_from_the_engine_witness_in_one_question():
    # from SAT's own first solution the descent took 8 s on this grid (minutes on 25x25)
    grid = sudoku_cp.Grid.empty(20)
    result = sudoku_cp.solve_with_stats(grid, backend="sat")
    assert result.solution == sudoku_cp.solve(grid, backend="backtracking")
    assert result.stats["solver_calls"] == 1  # "is anything smaller than the witness?": UNSAT


def test_satisfiable_reads_the_excluded_values_as_unit_clauses():
    from sudoku_cp.backends.sat import satisfiable

    model = sudoku_cp.Puzzle(sudoku_cp.Grid.empty(4)).model
    assert satisfiable(model, [(0, 1), (0, 2)])
    # r1c1 and r1c2 both without 1, 2, 3: two cells left only 4 in one row
    assert not satisfiable(model, [(c, v) for c in (0, 1) for v in (1, 2, 3)])


def test_selectors_name_a_core_of_the_constraints_switched_on():
    """Each constraint is switched on by its own selector: a question over some of them
    answers None when they allow the values, else the indices of a core among them (cells
    0 and 1 share row 1 and box 1, so either alone refutes both holding 1); the removed
    candidates are unit clauses, added for good."""
    from sudoku_cp.backends.sat import Selectors

    model = sudoku_cp.Puzzle(sudoku_cp.Grid.empty(4)).model
    everything = list(range(len(model.constraints)))
    with Selectors(model) as solver:
        assert solver.core(everything, [(0, 1)]) is None
        core = solver.core(everything, [(0, 1), (1, 1)])
        assert len(core) == 1 and {0, 1} <= set(model.constraints[core[0]].cells)
        apart = [i for i, c in enumerate(model.constraints) if len({0, 1} & set(c.cells)) == 1]
        assert solver.core(apart, [(0, 1), (1, 1)]) is None  # their columns alone: both may hold 1
        solver.exclude([(c, v) for c in (0, 1) for v in (2, 3, 4)])
        assert solver.core(apart) is None
        core = solver.core(everything)
        assert len(core) == 1 and {0, 1} <= set(model.constraints[core[0]].cells)


def test_selectors_keep_a_sum_whose_cells_only_other_constraints_make_differ_exact():
    """A sum's cells that its own constraint does not make differ (they differ by the
    row) are not encoded as a cage's combinations: switched on alone, the sum 4 over two
    cells allows 2 + 2."""
    from sudoku_cp.backends.sat import Selectors
    from sudoku_cp.model.constraints import Linear

    puzzle = sudoku_cp.Puzzle(sudoku_cp.Grid.empty(4))
    sum_of_two = Linear((0, 1), (1, 1), "==", 4, origin="test")
    model = puzzle.model
    model = type(model)(model.side, model.givens, (*model.constraints, sum_of_two))
    last = len(model.constraints) - 1
    with Selectors(model) as solver:
        assert solver.core([last], [(0, 2), (1, 2)]) is None
        assert solver.core(list(range(len(model.constraints))), [(0, 2), (1, 2)]) is not None


def test_solve_slices_are_counted_in_conflicts_not_sized_by_the_clock(monkeypatch):
    """Each slice of a solve has a fixed conflict budget, doubling up to ``_LAST_SLICE``
    (slices sized by the clock took another path on a busy machine); with a conflict
    limit the solve ends undecided (``satisfiable`` answers ``None``) once it is spent."""
    from sudoku_cp.backends.sat import satisfiable

    puzzle = sudoku_cp.io.inputs.as_puzzle(datasets.load("hardest")[1])[0]
    solution = sudoku_cp.solve(puzzle, backend="backtracking")
    open_cell = next(c for c, v in enumerate(puzzle.model.givens) if not v)
    excluded = [(open_cell, solution.cells[open_cell])]  # the puzzle is proper: no solution
    monkeypatch.setattr(sat_runner, "_FIRST_SLICE", 1)
    monkeypatch.setattr(sat_runner, "_LAST_SLICE", 4)
    budgets = []
    watched = sat_runner.Run._pysat

    def pysat(run, call, **arguments):
        if getattr(call, "__name__", "") == "solve_limited":
            budgets.append(run._conflicts())
        return watched(run, call, **arguments)

    monkeypatch.setattr(sat_runner.Run, "_pysat", pysat)
    assert satisfiable(puzzle.model, excluded) is False
    slices = len(budgets)
    assert slices >= 3, "a puzzle that takes more conflicts is needed"
    budgets.clear()
    assert satisfiable(puzzle.model, excluded) is False
    assert len(budgets) == slices  # the same path, whatever the clock says
    assert satisfiable(puzzle.model, excluded, conflicts=3) is None  # 1 + 2 conflicts: undecided


def test_a_line_automatons_clauses_are_the_same_under_any_hash_seed() -> None:
    """The last resort's cores depend on the order of the variables: a line automaton whose
    states are sets (their order in a set follows their hashes, which change from one
    process to the next) is written with the same clauses in every process."""
    script = (
        "from sudoku_cp.backends.sat_encoding import separate_formulas\n"
        "from sudoku_cp.model.constraints import Automaton, Model, Regular\n"
        "seen = Automaton.build(frozenset(), lambda s, v: s | {'abcd'[v - 1]} if len(s) < 3 else None,"
        " lambda s: len(s) == 3, 4)\n"
        "line = Regular((0, 5, 10, 15), seen, pattern='three values seen', label='seen')\n"
        "print(separate_formulas(Model(4, (0,) * 16, (line,)))[1][-1])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1 and next(iter(outputs)).strip()

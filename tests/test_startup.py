"""A fast start: ``import sudoku_cp`` loads none of the heavy libraries, which load on first use
(timings are in benchmarks/bench_startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import sudoku_cp

HEAVY = ["ortools", "pandas", "joblib", "constraint", "click", "numpy", "importlib.metadata"]


def modules_after(code: str) -> set[str]:
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_import_loads_no_heavy_library():
    loaded = modules_after("import sudoku_cp")
    assert not loaded & set(HEAVY)


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

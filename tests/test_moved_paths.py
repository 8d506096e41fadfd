"""Modules that moved into packages (issue 30) keep working from their old import paths
for one release, with a DeprecationWarning naming the new path."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from sudoku_cp._moved import MOVED, new_name


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_imports_the_same_module_with_a_warning(old):
    code = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        f"    module = importlib.import_module('sudoku_cp.{old}')\n"
        "print(module.__name__)\n"
        "print([str(w.message) for w in caught if w.category is DeprecationWarning])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    name, warned = out.splitlines()
    assert name == f"sudoku_cp.{MOVED[old]}.{old}"
    assert f"sudoku_cp.{old} moved to sudoku_cp.{MOVED[old]}.{old}" in warned


def test_old_paths_are_the_new_modules_so_patching_either_patches_both():
    with pytest.warns(DeprecationWarning, match="sudoku_cp.techniques.basic moved"):
        old = importlib.import_module("sudoku_cp.techniques.basic")
    assert old is importlib.import_module("sudoku_cp.reasoning.techniques.basic")
    with pytest.warns(DeprecationWarning):
        from sudoku_cp.rules import Killer  # noqa: F401  the old spelling users wrote
    from sudoku_cp.model.rules import Killer as new_killer

    assert Killer is new_killer


def test_new_name():
    assert new_name("sudoku_cp.svg") == "sudoku_cp.pictures.svg"
    assert new_name("sudoku_cp.model.grid") is None
    assert new_name("sudoku_cpx.grid") is None


def test_the_advanced_shim_is_deprecated():
    code = "import warnings; warnings.simplefilter('error'); import sudoku_cp.advanced"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0 and "DeprecationWarning" in run.stderr

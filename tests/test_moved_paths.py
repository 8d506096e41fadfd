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


def test_ctrl_c_while_a_submodule_builds_a_dataclass_is_a_keyboard_interrupt(monkeypatch, tmp_path):
    """Python 3.11 wraps an exception raised in ``__set_name__`` (a dataclass field's, as a
    class is built) in a RuntimeError: a Ctrl-C landing there, in a submodule loaded on first
    use, reached the caller as that RuntimeError, past its ``except KeyboardInterrupt``
    (a clean-clone CI run: the first ``solve`` interrupted while ``sudoku_cp.io.readers``
    loaded). The lazy import raises the interrupt, and the next use loads the module."""
    from sudoku_cp import _moved

    package = tmp_path / "lazy_pkg_ctrl_c"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from sudoku_cp._moved import submodules\n__getattr__ = submodules(__name__)\n"
    )
    (package / "slow.py").write_text(
        "import builtins\n"
        "class Interrupting:\n"
        "    def __set_name__(self, owner, name):\n"
        "        if not getattr(builtins, 'LAZY_PKG_LOADED_ONCE', False):\n"
        "            builtins.LAZY_PKG_LOADED_ONCE = True\n"
        "            raise KeyboardInterrupt\n"
        "class Entry:\n"
        "    load = Interrupting()\n"
        "DONE = True\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import builtins

    import lazy_pkg_ctrl_c

    try:
        with pytest.raises(KeyboardInterrupt):
            lazy_pkg_ctrl_c.slow  # noqa: B018
        assert lazy_pkg_ctrl_c.slow.DONE
    finally:
        sys.modules.pop("lazy_pkg_ctrl_c", None)
        sys.modules.pop("lazy_pkg_ctrl_c.slow", None)
        if hasattr(builtins, "LAZY_PKG_LOADED_ONCE"):
            del builtins.LAZY_PKG_LOADED_ONCE
    assert _moved.submodules

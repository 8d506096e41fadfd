"""Old import paths of the modules that moved into packages (issue 30), kept for one release.

``import sudoku_cp.grid`` (or ``from sudoku_cp import grid``, or ``sudoku_cp.grid`` as an
attribute) still works: a finder placed first on :data:`sys.meta_path` answers for the old
name with the module at its new place (the same module object, so patching either name
patches both) and raises a :class:`DeprecationWarning` naming the new path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

MOVED: dict[str, str] = {
    **dict.fromkeys(("grid", "puzzle", "rules", "constraints", "multigrid", "candidates"), "model"),
    **dict.fromkeys(
        ("formats", "readers", "links", "sudokupad", "fpuzzles_modern", "files", "account", "payloads"), "io"
    ),
    **dict.fromkeys(
        (
            "techniques",
            "stepwise",
            "grading",
            "generator",
            "modern_clues",
            "conflict",
            "search_tree",
            "proof",
        ),
        "reasoning",
    ),
    "svg": "pictures",
}
"""Old top-level module name -> the package it moved into (``sudoku_cp.<package>.<name>``)."""


def new_name(old: str) -> str | None:
    """The new dotted name of ``old`` (a moved module or one of its submodules), else ``None``.

    >>> new_name("sudoku_cp.techniques.basic")
    'sudoku_cp.reasoning.techniques.basic'
    >>> new_name("sudoku_cp.api") is None
    True
    """
    parts = old.split(".")
    if len(parts) < 2 or parts[0] != "sudoku_cp" or parts[1] not in MOVED:
        return None
    return ".".join(["sudoku_cp", MOVED[parts[1]], *parts[1:]])


class _Forwarder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if new_name(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        new = new_name(spec.name)
        warnings.warn(
            f"{spec.name} moved to {new}; import it from there (the old path goes in a later release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(new)

    def exec_module(self, module):
        pass  # the module at its new place is already executed


def install() -> None:
    """Put the forwarder first on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, _Forwarder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Forwarder())


def submodules(package: str):
    """A module ``__getattr__`` (PEP 562) for ``package`` that imports its submodules on
    first use, so ``sudoku_cp.model.rules`` works after ``import sudoku_cp`` alone."""

    def __getattr__(name: str):
        if name.startswith("_"):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.{name}":
                raise
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        except RuntimeError as error:
            # Ctrl-C while the module builds a class whose attributes have __set_name__ (a
            # dataclass's fields): Python 3.11 wraps the KeyboardInterrupt in a RuntimeError.
            # Raised as the interrupt it is, the caller's handler sees it, and the module,
            # dropped from sys.modules by the failed import, loads whole on the next use.
            if isinstance(error.__cause__, KeyboardInterrupt):
                raise KeyboardInterrupt from error
            raise

    return __getattr__

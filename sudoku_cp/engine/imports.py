"""Heavy imports (OR-Tools, pandas, joblib) that Ctrl-C cannot leave half done.

Python delivers SIGINT to the main thread only, as a :class:`KeyboardInterrupt` raised
wherever that thread is. Raised inside an import, it can stop a C extension's
initialisation half way (OR-Tools' protobuf, numpy, pandas): the process is then left
with modules that say ``ImportError: initialization failed`` or "partially initialized
module 'pandas'" on every later use, until a restart (a Jupyter kernel, say).

:func:`import_module` runs the import on a long-lived helper thread, which a signal never
interrupts, while the main thread waits interruptibly: Ctrl-C raises
:class:`KeyboardInterrupt` in the caller at once, the import runs on to its end in the
background, and the next call finds the module complete (or waits for it). Other
threads import directly: they never receive the signal.
"""

from __future__ import annotations

import importlib
import sys
import threading
from types import ModuleType

from sudoku_cp.engine.runtime import HelperThread

_IMPORT_THREAD = HelperThread("sudoku_cp-import")


def import_module(name: str) -> ModuleType:
    """``importlib.import_module(name)``, safe against Ctrl-C (see the module docstring).

    Args:
        name: an absolute module name, e.g. ``"ortools.sat.python.cp_model"``.

    Returns:
        The module, completely initialised.

    Raises:
        ImportError: the module is not installed (or its import fails), as a plain import would.
        KeyboardInterrupt: Ctrl-C while waiting; the import goes on in the background.
    """
    module = sys.modules.get(name)
    if module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False):
        return module
    if threading.current_thread() is not threading.main_thread():
        return importlib.import_module(name)
    _release_leaked_import_lock()
    # One import at a time on the helper thread, so a second call for a module still being
    # imported waits for that import to end, then finds the module in sys.modules.
    return _IMPORT_THREAD.call(importlib.import_module, name)


def _release_leaked_import_lock() -> None:
    """Release the interpreter's global import lock where the main thread still holds it.

    Ctrl-C can land in the main thread between importlib's ``_imp.acquire_lock()`` and the
    ``try`` that releases it (an import of its own, say of a submodule): the lock then stays
    with the main thread, and the helper thread's next import waits for it forever while the
    main thread waits for the helper (seen: 1 in 8 Ctrl-Cs at the start of a first
    ``solve(..., backend="cpmpy")``). The main thread never holds that lock outside
    importlib's short sections, so here it holds it only if it leaked; ``release_lock``
    raises ``RuntimeError`` once this thread holds it no more."""
    import _imp

    while _imp.lock_held():
        try:
            _imp.release_lock()
        except RuntimeError:  # held by another thread: a real import, not a leak
            return


def import_in_background(*names: str) -> None:
    """Start importing ``names`` on the helper thread of :func:`import_module` and return at
    once (a warm-up: a later :func:`import_module` or plain import of one of them finds it
    loaded, or waits for the import under way). A module that fails to import is left for
    the later import to report; Ctrl-C never reaches the helper thread.

    Args:
        names: absolute module names, imported one after the other.
    """
    for name in names:
        if name not in sys.modules:
            _IMPORT_THREAD.post(_import_quietly, name)


def _import_quietly(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception:  # noqa: BLE001 - the caller's own import says what is wrong
        pass


__all__ = ["import_in_background", "import_module"]

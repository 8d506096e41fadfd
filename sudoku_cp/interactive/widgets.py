"""The three widgets for JupyterLab, Jupyter Notebook and VS Code, on `anywidget`.

Why anywidget rather than ipywidgets' own widgets: a widget is one ES module and a style
sheet (``static/widget.js``, ``static/widget.css``) with its state in traitlets, which
every Jupyter front end (JupyterLab, Notebook 7, VS Code, Colab) loads with no extension
to build or install; and the same module, with the data embedded, is the standalone page
(:mod:`sudoku_cp.interactive.page`), so the notebook and the page show the same thing.
anywidget builds on ipywidgets' protocol (it installs it), so ``ipywidgets`` stays usable.

Each widget holds its data in ``data`` (what :mod:`sudoku_cp.interactive.data` makes)
and writes back where the student is: ``step`` (the explanation's step, the number of
propagation applications shown) or ``selected`` (the tree's node).
"""

from __future__ import annotations

import anywidget
import traitlets

from sudoku_cp.interactive.page import asset


class _Widget(anywidget.AnyWidget):
    _esm = asset("widget.js")
    _css = asset("widget.css")
    data = traitlets.Dict().tag(sync=True)


class ExplanationStepper(_Widget):
    """A board that steps through an explanation: next, back, jump, the candidates before
    and after each step, its cells, units and links highlighted, and graded hints.
    ``step`` is the step shown (0-based; ``len(explanation)`` at the end)."""

    step = traitlets.Int(0).tag(sync=True)


class SearchTreeExplorer(_Widget):
    """A recorded search tree to expand and collapse; a click on a node shows its domains,
    the propagation after its decision and its path. ``selected`` is the node shown."""

    selected = traitlets.Int(0).tag(sync=True)


class PropagationStepper(_Widget):
    """Propagation one rule application at a time, each removed value named and coloured
    by the rule that removed it. ``step`` is the number of applications shown."""

    step = traitlets.Int(0).tag(sync=True)

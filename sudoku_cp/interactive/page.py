"""Standalone HTML pages of the widgets: the same JavaScript and CSS as in the notebook,
with the data embedded as JSON, working from the file system with no server and no kernel.

The page holds the module ``static/widget.js`` as text, imports it through a ``blob:``
URL (a ``file://`` page may not import another file) and hands its ``render`` a small
stand-in for anywidget's model: ``get`` reads the embedded data, ``set`` keeps a value.

>>> from sudoku_cp.model.grid import Grid
>>> from sudoku_cp.engine.trace import trace_search
>>> from sudoku_cp.interactive.data import trace_data
>>> from sudoku_cp.model.puzzle import Puzzle
>>> grid = Grid.parse("12.." "34.." "...." "....")
>>> page = to_html(trace_data(trace_search(grid), Puzzle(grid).model), title="a tree")
>>> page.startswith("<!DOCTYPE html>") and '"kind":"trace"' in page
True
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any


def asset(name: str) -> str:
    """The text of one of the widgets' assets (``"widget.js"``, ``"widget.css"``)."""
    return resources.files("sudoku_cp.interactive").joinpath("static", name).read_text(encoding="utf-8")


def _json_safe(data: dict[str, Any]) -> str:
    """The JSON of ``data``, with no ``<`` that could close the ``<script>`` it sits in
    (``<`` appears only inside strings, where ``\\u003c`` means the same)."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sudoku_cp">
<title>{title}</title>
<style>
body {{ margin: 16px; }}
{css}
</style>
</head>
<body>
<div id="widget"></div>
<script type="application/json" id="sudoku-cp-data">{data}</script>
<script type="text/plain" id="sudoku-cp-module">{module}</script>
<script type="module">
const text = document.getElementById("sudoku-cp-module").textContent;
const data = JSON.parse(document.getElementById("sudoku-cp-data").textContent);
const url = URL.createObjectURL(new Blob([text], {{ type: "text/javascript" }}));
const widget = (await import(url)).default;
const values = {{ data, step: 0, selected: 0 }};
const model = {{
  get: (name) => values[name],
  set: (name, value) => {{ values[name] = value; }},
  save_changes: () => {{}},
  on: () => {{}},
}};
widget.render({{ model, el: document.getElementById("widget") }});
window.sudokuCpReadyMs = performance.now(); // from navigation start
document.body.dataset.ready = "true";
</script>
</body>
</html>
"""


def to_html(data: dict[str, Any], *, title: str = "sudoku_cp") -> str:
    """A standalone page of one widget.

    Args:
        data: what :mod:`sudoku_cp.interactive.data` makes (its ``kind`` picks the widget).
        title: the page's title.

    Returns:
        The HTML text (UTF-8, about the size of the JSON plus 20 kB).
    """
    return _PAGE.format(
        title=html.escape(title),
        css=asset("widget.css"),
        data=_json_safe(data),
        module=asset("widget.js"),  # holds no "</" (tests/test_interactive.py checks)
    )

"""Pictures of a recorded search (:class:`sudoku_cp.engine.trace.SearchTrace`) as SVG.

Each decision is an edge labelled with the cell and value tried (``r1c3=4``); a node is
a grey dot while it has children, a red cross at a dead end, a green disc at a
solution and an open grey ring where the trace's cap stopped the search. The path from
the root to the first solution met is drawn thick and blue: with the row-major order it
is the search that finds the smallest row-major solution. Under each node, ``-k`` says
how many candidates its propagation removed. Hovering a node shows what it removed
(an SVG ``<title>``).

The layout is the classic tidy drawing of a tree: leaves side by side in the order the
search met them, each parent centred over its children (Reingold and Tilford, "Tidier
drawings of trees", IEEE Transactions on Software Engineering, 1981, simplified: no
subtree is shifted under another). Drawn with `drawsvg`.

>>> from sudoku_cp.model.grid import Grid
>>> from sudoku_cp.engine.trace import trace_search
>>> svg_text = to_svg(trace_search(Grid.parse("12.." "34.." "...." "...."), order="row-major"))
>>> svg_text.startswith("<?xml") and "r1c3=3" in svg_text
True
"""

from __future__ import annotations

from collections import Counter

import drawsvg as dw

from sudoku_cp.engine.trace import SearchTrace

_DX, _DY, _MARGIN = 46, 58, 28
_FAIL, _SOLUTION, _PATH, _EDGE, _TEXT = "#c62828", "#2e7d32", "#1565c0", "#9e9e9e", "#424242"


def layout(trace: SearchTrace) -> dict[int, tuple[float, int]]:
    """Each node's ``(x, depth)``: leaves at 0, 1, 2... in search order, parents centred."""
    positions: dict[int, tuple[float, int]] = {}
    next_leaf = 0

    def place(index: int) -> float:
        nonlocal next_leaf
        node = trace.nodes[index]
        if not node.children:
            x = float(next_leaf)
            next_leaf += 1
        else:
            xs = [place(child) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        positions[index] = (x, node.depth)
        return x

    place(0)
    return positions


def draw(trace: SearchTrace, *, title: str | None = None) -> dw.Drawing:
    """The search tree as a :class:`drawsvg.Drawing` (see the module docstring).

    Args:
        trace: the recorded search.
        title: a caption drawn above the tree; by default the search's order,
            propagation, decisions and dead ends.
    """
    positions = layout(trace)
    caption = title or (
        f"{trace.order} search, {trace.propagation} propagation: {trace.decisions} decisions, "
        f"{trace.failures} dead ends" + ("" if trace.complete else " (capped)")
    )
    width = max(max(x for x, _ in positions.values()) * _DX + 2 * _MARGIN, 7 * len(caption) + _MARGIN)
    depth = max(d for _, d in positions.values())
    height = depth * _DY + 2 * _MARGIN + 40
    drawing = dw.Drawing(width, height, font_family="sans-serif")
    drawing.append(dw.Rectangle(0, 0, width, height, fill="white"))
    drawing.append(dw.Text(caption, 13, _MARGIN / 2, 18, fill=_TEXT))
    on_path = set(trace.path_to_first_solution())
    labels: list[dw.Text] = []  # drawn last, over the edges

    def point(index: int) -> tuple[float, float]:
        x, d = positions[index]
        return _MARGIN + x * _DX, _MARGIN + 30 + d * _DY

    for node in trace.nodes[1:]:
        (x0, y0), (x1, y1) = point(node.parent), point(node.index)
        bold = node.index in on_path
        drawing.append(
            dw.Line(x0, y0, x1, y1, stroke=_PATH if bold else _EDGE, stroke_width=3 if bold else 1)
        )
        cell, value = node.decision
        label = f"{trace.cell_name(cell)}={trace.digit(value)}"
        labels.append(
            dw.Text(
                label, 10, x1, y1 - 10, fill=_PATH if bold else _TEXT, text_anchor="middle",
                stroke="white", stroke_width=3, paint_order="stroke",
            )
        )  # fmt: skip
    for node in trace.nodes:
        x, y = point(node.index)
        group = dw.Group()
        group.append(dw.Title(_tooltip(trace, node.index)))
        if node.status == "failed":
            for dx in (-5, 5):
                group.append(dw.Line(x - dx, y - 5, x + dx, y + 5, stroke=_FAIL, stroke_width=2.5))
        elif node.status == "solution":
            group.append(dw.Circle(x, y, 7, fill=_SOLUTION))
        elif node.status == "unexplored":
            group.append(dw.Circle(x, y, 5, fill="white", stroke=_EDGE, stroke_dasharray="2,2"))
        else:
            group.append(dw.Circle(x, y, 5, fill=_PATH if node.index in on_path else "#757575"))
        if node.removals:
            group.append(dw.Text(f"-{len(node.removals)}", 8, x + 8, y + 12, fill=_TEXT))
        drawing.append(group)
    for label in labels:
        drawing.append(label)
    return drawing


def to_svg(trace: SearchTrace, **options) -> str:
    """The SVG text of :func:`draw` (same options)."""
    return draw(trace, **options).as_svg()


def _tooltip(trace: SearchTrace, index: int) -> str:
    node = trace.nodes[index]
    lines = [trace.describe(index)]
    by_constraint = Counter((r.constraint.label, r.rule) for r in node.removals)
    lines += [f"{count} by {label} ({rule})" for (label, rule), count in by_constraint.most_common(6)]
    return "\n".join(lines)

"""The interactive widgets: their data against the package's own records, the CLI's pages,
and (slow pass) the pages in a real headless Chromium, clicked through and read back.

The browser tests drive Debian's ``chromium`` (``/usr/bin/chromium``, or the path in
``SUDOKU_CP_CHROMIUM``) with Playwright's Python client; no browser is downloaded.
``.ci/run`` installs both. Where Chromium is missing they fail, saying how to install it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudoku_cp import datasets
from sudoku_cp.cli import app
from sudoku_cp.engine.trace import propagate, trace_search
from sudoku_cp.interactive import (
    explanation_data,
    hint_levels,
    propagation_data,
    to_html,
    trace_data,
    write_html,
)
from sudoku_cp.interactive.data import RULES, applications
from sudoku_cp.interactive.page import asset
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.reasoning.stepwise import explain

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def _embedded(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="sudoku-cp-data">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def _domains(trace, model, index: int, with_own: bool = True) -> list[list[int]]:
    """A node's domains replayed from the trace's own records (its path's decisions and
    removals), independently of the page's JavaScript."""
    path = []
    node = trace.nodes[index]
    while node is not None:
        path.append(node)
        node = None if node.parent is None else trace.nodes[node.parent]
    domains = [set(d) for d in model.domains()]
    for node in reversed(path):
        if node.decision is not None:
            domains[node.decision[0]] = {node.decision[1]}
        if node.index != index or with_own:
            for removal in node.removals:
                domains[removal.cell].discard(removal.value)
    return [sorted(d) for d in domains]


def test_explanation_data_follows_the_steps():
    explanation = explain(datasets.load("top95")[0])
    data = explanation_data(explanation)
    assert len(data["steps"]) == len(explanation)
    for step, row in zip(explanation, data["steps"], strict=True):
        assert row["text"] == str(step)
        assert row["hints"] == list(hint_levels(step))
        assert [tuple(t) for t in row["eliminations"]] == list(step.eliminations)
    # the page replays the steps from the start (eliminations out, placed cells set): that must
    # give Explanation.state before every step and at the end
    model = explanation.puzzle.model
    digits, candidates = list(data["start"]["digits"]), [set(c) for c in data["start"]["candidates"]]
    for index, row in enumerate(data["steps"]):
        assert (tuple(digits), tuple(tuple(sorted(c)) for c in candidates)) == explanation.state(index)
        for r, c, v in row["eliminations"]:
            candidates[model.cell_at(r, c)].discard(v)
        for r, c, v in row["placements"]:
            digits[model.cell_at(r, c)], candidates[model.cell_at(r, c)] = v, {v}
    assert (tuple(digits), tuple(tuple(sorted(c)) for c in candidates)) == explanation.state(len(explanation))
    assert data["summary"] == explanation.summary()
    json.dumps(data)  # plain data


def test_hint_levels_go_from_vague_to_the_step():
    step = explain(datasets.load("top95")[0])[3]  # a locked-candidates step
    technique, house, cells, deduction = hint_levels(step)
    assert technique.startswith("Next technique: locked candidates") and not re.search(r"r\dc\d", technique)
    assert step.units[0] in house and house.startswith(technique[:-1])
    assert "removes" not in house + cells and all(name in cells for name in ("r1c2", "r1c3"))
    assert deduction == str(step)


def test_trace_data_counts_subtrees_and_keeps_every_removal():
    puzzle = datasets.load("top95")[2]
    trace = trace_search(puzzle, order="row-major", propagation="forward", max_nodes=400)
    data = trace_data(trace, as_puzzle(puzzle)[0].model)
    assert len(data["nodes"]) == len(trace.nodes)
    assert data["nodes"][0][5] == len(trace.nodes)  # the root's subtree is the whole tree
    for node, row in zip(trace.nodes, data["nodes"], strict=True):
        below = sum(data["nodes"][child][5] for child in node.children)
        assert row[5] == 1 + below
        assert [(c, v, RULES[r]) for c, v, r, _ in data["removals"][node.index]] == [
            (r.cell, r.value, r.rule) for r in node.removals
        ]
        for _, _, _, number in data["removals"][node.index]:
            assert data["labels"][number] in {r.constraint.label for r in node.removals}
    assert data["path"] == trace.path_to_first_solution()


def test_propagation_data_groups_every_removal_once():
    propagation = propagate(EASY, "hall")
    model = as_puzzle(EASY)[0].model
    data = propagation_data(propagation, model)
    removed = [tuple(t) for step in data["steps"] for t in step["removed"]]
    assert removed == [(*model.position(r.cell), r.value) for r in propagation.removals]
    for group in applications(propagation.removals):
        assert len({(r.rule, id(r.constraint)) for r in group}) == 1


def test_pages_embed_the_data_and_the_module():
    assert "</" not in asset("widget.js")  # it sits in a <script> element as text
    data = {"kind": "explain", "note": "</script><script>alert(1)</script>"}
    page = to_html(data)
    assert "</script><script>alert" not in page
    assert _embedded(page) == data


def test_widgets_hold_the_data(tmp_path):
    pytest.importorskip("anywidget")
    from sudoku_cp.interactive import explanation_widget, propagation_widget, tree_widget

    widget = explanation_widget(EASY, step=2)
    assert widget.step == 2 and widget.data["kind"] == "explain"
    trace = trace_search(EASY, max_nodes=50)
    assert tree_widget(trace, EASY).data["nodes"][0][5] == len(trace.nodes)
    assert propagation_widget(propagate(EASY), EASY).data["kind"] == "propagation"
    assert write_html(widget.data, tmp_path / "a.html").read_text(encoding="utf-8").startswith("<!DOCTYPE")


def test_cli_writes_the_pages(tmp_path):
    runner = CliRunner()
    out = tmp_path / "explain.html"
    result = runner.invoke(app, ["explain", EASY, "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert _embedded(out.read_text(encoding="utf-8"))["steps"][0]["text"] == str(explain(EASY)[0])
    tree = tmp_path / "tree.html"
    result = runner.invoke(app, ["trace", EASY, "--order", "row-major", "--html", str(tree)])
    assert result.exit_code == 0, result.output
    trace = trace_search(EASY, order="row-major", propagation="hidden", max_nodes=5000)
    assert f"{trace.decisions} decisions" in result.output
    assert len(_embedded(tree.read_text(encoding="utf-8"))["nodes"]) == len(trace.nodes)
    assert (tmp_path / "tree-propagation.html").exists()


# -- in a real browser ------------------------------------------------------------------------


def _chromium() -> str:
    path = os.environ.get("SUDOKU_CP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(
            "the browser tests need Debian's chromium: apt-get install -y chromium "
            "(or set SUDOKU_CP_CHROMIUM to a Chromium binary); .ci/run installs it"
        )
    return path


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield launched
        launched.close()


def _open(browser, path: Path):
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    assert not errors, errors
    return page


def _shown_candidates(page, row: int, column: int) -> list[int]:
    text = page.locator(f"[data-cell='{row},{column}'] .cand").all_inner_texts()
    return [int(t) for t in text if t.strip()]


@pytest.mark.slow
def test_explanation_page_in_chromium(browser, tmp_path):
    explanation = explain(datasets.load("top95")[0])
    path = write_html(explanation_data(explanation), tmp_path / "explain.html")
    page = _open(browser, path)
    for index in range(6):
        step = explanation[index]
        assert page.inner_text("[data-testid=step-text]") == f"{index + 1}. {step}"
        removed = page.locator(".cand.removed")
        shown = {
            (*map(int, cell.split(",")), int(value))
            for cell, value in zip(
                removed.evaluate_all("els => els.map(e => e.closest('[data-cell]').dataset.cell)"),
                removed.evaluate_all("els => els.map(e => e.dataset.value)"),
                strict=True,
            )
        }
        assert shown == set(step.eliminations)
        _, candidates = explanation.state(index)
        for cell in (0, 40, 80):  # the candidates shown are the state before the step
            if len(candidates[cell]) > 1:
                assert _shown_candidates(page, *divmod(cell, 9)) == list(candidates[cell])
        page.click("[data-testid=next]")
    # graded hints: level 1 names the technique only, level 2 adds the houses
    page.click("[data-testid=level-1]")
    assert page.locator("[data-testid=hints] li").all_inner_texts() == [hint_levels(explanation[6])[0]]
    assert page.locator(".cand.removed").count() == 0
    page.click("[data-testid=level-2]")
    assert page.locator("[data-testid=hints] li").all_inner_texts() == [hint_levels(explanation[6])[1]]
    # jump to a step from the list, and to the end
    page.click(".step-list li[data-step='20']")
    assert page.inner_text("[data-testid=step-text]") == f"21. {explanation[20]}"
    page.click("[data-testid=last]")
    assert page.inner_text("[data-testid=step-text]") == explanation.summary()
    # a chain step: its links drawn between their candidates, strong solid, weak dashed
    chained = explain(datasets.load("top95")[3])
    index = next(i for i, step in enumerate(chained) if step.chain is not None)
    data = explanation_data(chained)
    page = _open(browser, write_html(data, tmp_path / "chain.html"))
    page.click(f".step-list li[data-step='{index}']")
    page.wait_for_selector("svg.links line")
    links = [link for link in data["steps"][index]["links"] if link[0] and link[1]]
    assert page.locator("svg.links line.strong").count() == sum(strong for _, _, strong in links)
    assert page.locator("svg.links line.weak").count() == sum(not strong for _, _, strong in links)


@pytest.mark.slow
def test_tree_page_in_chromium(browser, tmp_path):
    puzzle = datasets.load("top95")[2]
    model = as_puzzle(puzzle)[0].model
    trace = trace_search(puzzle, order="row-major", propagation="forward", max_nodes=5000, max_solutions=None)
    assert len(trace.nodes) > 5000
    path = write_html(trace_data(trace, model), tmp_path / "tree.html")
    page = _open(browser, path)
    # lazily rendered: the rows on the path to the first solution and their siblings, not 5,000
    rows = page.locator(".node").count()
    on_path = trace.path_to_first_solution()
    assert rows == 1 + sum(len(trace.nodes[i].children) for i in on_path)
    assert rows < 500
    # expand a collapsed child of the root, then click its first child
    child = next(
        node.index
        for node in trace.nodes
        if node.parent in on_path and node.index not in on_path and node.children
    )
    page.click(f"[data-node='{child}'] [data-testid=toggle]")
    grandchild = trace.nodes[child].children[0]
    cell, value = trace.nodes[grandchild].decision
    assert page.inner_text(f"[data-node='{grandchild}'] .label") == f"{trace.cell_name(cell)}={value}"
    page.click(f"[data-node='{grandchild}'] .label")
    text = page.inner_text("[data-testid=node-text]")
    assert text.startswith(f"node {grandchild}: {trace.cell_name(cell)}={value}, ")
    assert f"{len(trace.nodes[grandchild].removals)} candidates removed" in text
    domains = _domains(trace, model, grandchild)
    for index in range(model.cell_count):
        if len(domains[index]) > 1 and not model.givens[index]:
            assert _shown_candidates(page, *model.position(index)) == domains[index]
    listed = page.locator("[data-testid=removals] li").all_inner_texts()
    first = trace.nodes[grandchild].removals[0]
    assert listed[0] == (
        f"{first.value} from {trace.cell_name(first.cell)}: {first.rule} on {first.constraint.label}"
    )
    # the path to the first solution
    page.click("[data-testid=to-solution]")
    assert page.inner_text("[data-testid=node-text]").endswith("solution")
    page.screenshot(path=str(tmp_path / "tree.png"))


@pytest.mark.slow
def test_propagation_page_in_chromium(browser, tmp_path):
    model = as_puzzle(EASY)[0].model
    propagation = propagate(EASY, "hall")
    groups = applications(propagation.removals)
    path = write_html(propagation_data(propagation, model), tmp_path / "propagation.html")
    page = _open(browser, path)
    for count in range(1, 8):
        page.click("[data-testid=next]")
        group = groups[count - 1]
        text = page.inner_text("[data-testid=step-text]")
        assert text.startswith(f"{count}. {group[0].rule} on {group[0].constraint.label} removes ")
        for removal in group:
            row, column = model.position(removal.cell)
            assert f"{removal.value} from" in text and trace_name(row, column) in text
            mark = page.locator(f"[data-cell='{row},{column}'] .cand.removed[data-value='{removal.value}']")
            assert mark.inner_text() == str(removal.value)  # the removed value is named, not a disc
            colour_class = ["rule-forward", "rule-hidden", "rule-hall", "rule-propagator", "rule-yours"][
                RULES.index(removal.rule)
            ]
            assert colour_class in mark.get_attribute("class")
    page.click("[data-testid=last]")
    for index, values in enumerate(propagation.candidates):
        if len(values) > 1:
            assert _shown_candidates(page, *model.position(index)) == list(values)


def trace_name(row: int, column: int) -> str:
    return f"r{row + 1}c{column + 1}"


def test_cli_hint_levels_give_away_a_little_at_a_time():
    runner = CliRunner()
    step = explain(EASY)[0]
    for level in (1, 2, 3):
        result = runner.invoke(app, ["hint", EASY, "--level", str(level)])
        assert result.exit_code == 0, result.output
        assert result.output.strip() == hint_levels(step)[level - 1]
        assert str(step) not in result.output
    assert runner.invoke(app, ["hint", EASY]).output.strip() == str(step)
    assert runner.invoke(app, ["hint", EASY, "--level", "5"]).exit_code == 2


@pytest.mark.slow
def test_the_tree_widget_runs_in_jupyterlab(browser, tmp_path):
    """The anywidget path, not only the page: JupyterLab (the notebooks extra, also in the test
    extra) runs a cell that returns a tree widget; a click on a node shows its text."""
    import socket
    import subprocess
    import sys
    import time as clock

    import nbformat

    pytest.importorskip("jupyterlab", reason="pip install -e '.[test]' brings JupyterLab")
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    source = (
        "from sudoku_cp.engine.trace import trace_search\n"
        "from sudoku_cp.interactive import tree_widget\n"
        f"puzzle = {puzzle!r}\n"
        "tree_widget(trace_search(puzzle, order='row-major', propagation='forward', max_nodes=300), puzzle)"
    )
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source)],
        metadata={"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    )
    nbformat.write(notebook, tmp_path / "tree.ipynb")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.token=t",
               f"--ServerApp.root_dir={tmp_path}", "--allow-root"]  # fmt: skip
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        for _ in range(120):  # the server's start, polled (no timing is asserted)
            try:
                page.goto(f"http://127.0.0.1:{port}/lab/tree/tree.ipynb?token=t")
                break
            except Exception:
                clock.sleep(0.5)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        page.get_by_text("| Idle").wait_for(timeout=120_000)  # the kernel is up
        for _ in range(6):  # a run asked for before the session is wired up is dropped: ask again
            page.locator(".jp-Cell").first.click()
            page.keyboard.press("Control+Enter")
            try:
                page.wait_for_selector(".sudoku-cp [data-node='0']", timeout=20_000)
                break
            except Exception:
                continue
        trace = trace_search(puzzle, order="row-major", propagation="forward", max_nodes=300)
        if not trace.path_to_first_solution():  # capped before a solution: the root starts collapsed
            page.click(".sudoku-cp [data-node='0'] [data-testid=toggle]")
        page.click(".sudoku-cp [data-node='1'] .label")
        cell, value = trace.nodes[1].decision
        text = page.inner_text(".sudoku-cp [data-testid=node-text]")
        assert text.startswith(
            f"node 1: {trace.cell_name(cell)}={value}, {len(trace.nodes[1].removals)} candidates"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)

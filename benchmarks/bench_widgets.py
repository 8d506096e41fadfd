"""Benchmark the interactive pages in headless Chromium, and take the docs' screenshots.

* ``open``: a standalone search-tree page over a 5,000-node trace (top95 #2, row-major
  order, forward checking, every solution: ``trace_search(..., max_nodes=5000,
  max_solutions=None)``) opened from the file system, timed in the page from navigation
  start to the end of the first render (``performance.now()``), median of ``--repeat``
  loads (target of issue 33: under 2 s); in the same run, the same page with every node
  rendered at once (``expandAll``, the eager baseline), and the ratio.
* ``--screenshots``: one picture of each widget (explanation stepper, tree explorer,
  propagation stepper) in ``docs/images/``.

Needs Debian's chromium (``apt-get install -y chromium``, or ``SUDOKU_CP_CHROMIUM``) and
Playwright's Python client (the test extra); no browser is downloaded.

Usage::

    python benchmarks/bench_widgets.py --repeat 5 --screenshots --write
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, add_write_option, machine, recording, summary_ms, write_if_asked  # noqa: E402

from sudoku_cp import datasets  # noqa: E402
from sudoku_cp.engine.trace import propagate, trace_search  # noqa: E402
from sudoku_cp.interactive import explanation_data, propagation_data, trace_data, write_html  # noqa: E402
from sudoku_cp.io.inputs import as_puzzle  # noqa: E402
from sudoku_cp.reasoning.stepwise import explain  # noqa: E402


def _chromium() -> str:
    path = os.environ.get("SUDOKU_CP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        sys.exit("bench_widgets: needs chromium (apt-get install -y chromium) or SUDOKU_CP_CHROMIUM")
    return path


def _load_ms(browser, path: Path) -> float:
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    ms = page.evaluate("window.sudokuCpReadyMs")
    page.close()
    return ms


def _shoot(browser, path: Path, out: Path, clicks: list[str], height: int, jump: int | None = None) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": height})
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready=true]")
    if jump is not None:  # move the slider, as a student dragging it
        page.eval_on_selector(
            "input[type=range]",
            "(slider, value) => { slider.value = value; slider.dispatchEvent(new Event('input')); }",
            jump,
        )
    for selector in clicks:
        page.click(selector)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")  # links drawn
    page.screenshot(path=str(out))
    page.close()
    print(f"screenshot {out.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="page loads per figure (median)")
    parser.add_argument("--screenshots", action="store_true", help="write docs/images/widget_*.png")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with recording() as log, tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        print(machine())
        folder = Path(folder)
        browser = playwright.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        puzzle = datasets.load("top95")[2]
        model = as_puzzle(puzzle)[0].model
        trace = trace_search(
            puzzle, order="row-major", propagation="forward", max_nodes=5000, max_solutions=None
        )
        data = trace_data(trace, model)
        lazy = write_html(data, folder / "tree.html")
        eager = write_html({**data, "expandAll": True}, folder / "tree-eager.html")
        print(f"top95 #2: {len(trace.nodes)} nodes, page {lazy.stat().st_size / 1e6:.2f} MB")
        lazy_ms = [_load_ms(browser, lazy) for _ in range(args.repeat)]
        eager_ms = [_load_ms(browser, eager) for _ in range(args.repeat)]
        print(summary_ms("open the 5,000-node tree page (lazy)", [ms / 1000 for ms in lazy_ms]))
        print(summary_ms("the same page, every node rendered (eager)", [ms / 1000 for ms in eager_ms]))
        ratio = statistics.median(lazy_ms) / statistics.median(eager_ms)
        met = statistics.median(lazy_ms) < 2000
        print(f"lazy / eager median: x{ratio:.2f}; target: under 2000 ms, met: {met}")
        if args.screenshots:
            images = ROOT / "docs" / "images"
            images.mkdir(exist_ok=True)
            hard = datasets.load("top95")[0]
            chained = explain(datasets.load("top95")[3])
            step = next(i for i, s in enumerate(chained) if s.chain is not None)  # a chain, with its links
            path = write_html(explanation_data(chained), folder / "explain.html")
            _shoot(
                browser, path, images / "widget_explanation.png", [f".step-list li[data-step='{step}']"], 560
            )
            small = trace_search(puzzle, order="row-major", propagation="forward", max_nodes=5000)
            path = write_html(trace_data(small, model), folder / "tree-small.html")
            on_path = set(small.path_to_first_solution())
            node = next(
                n.index for n in small.nodes if n.status == "failed" and n.parent in on_path and n.depth > 6
            )
            _shoot(browser, path, images / "widget_tree.png", [f"[data-node='{node}'] .label"], 640)
            data = propagation_data(propagate(hard, "hall"), as_puzzle(hard)[0].model)
            path = write_html(data, folder / "propagation.html")
            hall = next(
                i for i, step in enumerate(data["steps"], 1) if data["rules"][step["rule"]] == "Hall set"
            )
            _shoot(browser, path, images / "widget_propagation.png", [], 560, jump=hall)
        browser.close()
    write_if_asked(
        args,
        log,
        "Interactive pages in headless Chromium",
        "top95 #2 (one 5,001-node trace)",
        notes="Wall milliseconds measured inside the page (navigation start to the end of the first "
        "render), Debian's chromium, headless.",
    )


if __name__ == "__main__":
    main()

"""Execute notebooks in full, save them with their outputs, and write each one's run time
into its first cell (the line starting ``*Runs in*``), so the figure is measured, not typed.

Usage: ``python scripts/run_notebooks.py [NOTEBOOK ...]`` (default: every numbered
notebook in ``notebooks/``). The executed notebooks go to ``--out DIR`` (default
``executed_notebooks/`` in the working directory), so a run changes nothing in the
repository; ``--in-place`` writes them back over the notebooks instead (what a maintainer
does before a commit). ``--html DIR`` also writes each as HTML for viewing in a browser.
Runs with ``SUDOKU_CP_QUICK=0`` (the full data sets).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
DEFAULT_OUT = Path("executed_notebooks")
"""Where the executed notebooks go unless ``--in-place`` (relative to the working directory)."""


def run(path: Path, target: Path, html: Path | None) -> float:
    """Execute the notebook ``path`` (its directory as the working one) and write it, with
    its outputs and run time, to ``target``; its run time in seconds."""
    notebook = nbformat.read(path, as_version=4)
    os.environ["SUDOKU_CP_QUICK"] = "0"
    start = time.perf_counter()
    NotebookClient(notebook, timeout=1800, resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    first = notebook.cells[0]
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}"
    runs_in = f"*Runs in*: {seconds:.0f} s in full on {machine} (`scripts/run_notebooks.py`)."
    first.source = re.sub(r"\*Runs in\*:[^\n]*", runs_in, first.source)
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    if html is not None:
        from nbconvert import HTMLExporter

        html.mkdir(parents=True, exist_ok=True)
        body, _ = HTMLExporter().from_notebook_node(notebook)
        (html / path.with_suffix(".html").name).write_text(body)
    return seconds


def targets(paths: list[Path], out: Path | None, in_place: bool) -> list[tuple[Path, Path]]:
    """``(notebook, where its executed copy goes)`` for each path: itself with
    ``in_place``, else a file of the same name under ``out`` (default :data:`DEFAULT_OUT`)."""
    if in_place and out is not None:
        raise SystemExit("run_notebooks.py: give --in-place or --out, not both")
    folder = out if out is not None else DEFAULT_OUT
    return [(path, path if in_place else folder / path.name) for path in paths]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument(
        "--out", type=Path, help=f"write the executed notebooks here (default: {DEFAULT_OUT}/)"
    )
    parser.add_argument("--in-place", action="store_true", help="write them back over the notebooks")
    parser.add_argument("--html", type=Path, help="also write HTML here")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path, target in targets(paths, args.out, args.in_place):
        print(f"{path.name}: {run(path, target, args.html):.0f} s -> {target}", flush=True)


if __name__ == "__main__":
    main()

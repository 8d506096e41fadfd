"""The catalogue of techniques and the kinds they explain, written from the table.

The tables that say in prose what :data:`~sudoku_cp.reasoning.techniques.table.TECHNIQUES`
holds (the catalogue in the docstring of :mod:`sudoku_cp.reasoning.techniques`, and
``docs/techniques.md``: the families, every row, the constraint kinds and the origin kinds
with the rows that explain them) are not written by hand: each is a block between two
marker lines, ``techniques:NAME begin`` and ``techniques:NAME end``, that this module
writes from the code. ``tests/test_technique_docs.py`` fails when a block differs from
what the code gives, so a row added to the table (or a kind added to
:data:`~sudoku_cp.model.constraints.KINDS`) shows up in the docs by running::

    python -m sudoku_cp.reasoning.techniques.docs --write     # rewrite the blocks
    python -m sudoku_cp.reasoning.techniques.docs --check     # exit 1 if one is stale
    python -m sudoku_cp.reasoning.techniques.docs --markdown  # print docs/techniques.md's tables

from the repository's root (``--root DIR`` otherwise).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

from sudoku_cp.model.constraints import KINDS, OriginKind
from sudoku_cp.reasoning.techniques.table import (
    BY_ID,
    FAMILIES,
    HOUSE_ROWS,
    KIND_ROWS,
    ORIGIN_ROWS,
    RATINGS,
    TECHNIQUES,
    Family,
    TechniqueId,
)


def _cost(family: Family) -> str:
    costs = sorted({row.cost for row in family.rows})
    return str(costs[0]) if len(costs) == 1 else f"{costs[0]}-{costs[-1]}"


def _names(family: Family) -> str:
    return ", ".join(row.name for row in family.rows)


def _markdown(text: str) -> str:
    """RST inline markup as Markdown: ````x```` and ``:class:`x``` as ```x```."""
    text = re.sub(r":\w+:`~?([^`]+)`", r"``\1``", text)
    return text.replace("``", "`").replace("|", "\\|")


def families_text() -> str:
    """The families of :data:`~sudoku_cp.reasoning.techniques.table.FAMILIES` as a plain-text
    table (technique, level, band, cost, what it sees), for the package's docstring.

    >>> print(families_text().splitlines()[1])
    technique                  level                  band      cost     what it sees
    """
    widths = (25, 21, 8, 7, 40)
    rule = "  ".join("=" * w for w in widths)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    out = [rule, line(("technique", "level", "band", "cost", "what it sees")), rule]
    for family in FAMILIES:
        first = family.rows[0]
        name = textwrap.wrap(_names(family), widths[0], break_on_hyphens=False)
        sees = textwrap.wrap(family.sees, widths[4], break_on_hyphens=False)
        for i in range(max(len(name), len(sees))):
            head = ("", "", "")
            if i == 0:
                head = (str(first.level), str(first.band), _cost(family).rjust(widths[3]))
            out.append(line((name[i] if i < len(name) else "", *head, sees[i] if i < len(sees) else "")))
    out.append(rule)
    return "\n".join(out)


def families_markdown() -> str:
    """The families as a Markdown table (technique, level, band, cost, what it sees)."""
    out = ["| technique | level | band | cost | what it sees |", "|---|---|---|---|---|"]
    for family in FAMILIES:
        first = family.rows[0]
        cells = (_names(family), first.level, first.band, _cost(family), _markdown(family.sees))
        out.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(out)


def rows_markdown() -> str:
    """Every row of the table, in its order: id, name, level, band, cost, Sudoku Explainer
    base rating, whether it rests on uniqueness."""
    out = [
        "| # | id | name | level | band | cost | SE rating | rests on uniqueness |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for order, row in enumerate(TECHNIQUES, 1):
        rating = RATINGS.get(row.id)
        rated = "2.0" if rating is None else f"{rating:.1f}"
        unique = "yes" if row.needs_unique else ""
        cells = (order, f"`{row.id}`", row.name, row.level, row.band, row.cost, rated, unique)
        out.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(out)


def _rows_text(ids: Sequence[TechniqueId] | None) -> str:
    if ids is None:
        return "no row yet (tests/test_technique_table.py fails until the table has one)"
    if not ids:
        return "none: it only cuts the starting candidates"
    ids = list(ids)
    if ids[: len(HOUSE_ROWS)] == list(HOUSE_ROWS):
        rest = ids[len(HOUSE_ROWS) :]
        first, last = BY_ID[HOUSE_ROWS[0]].name, BY_ID[HOUSE_ROWS[-1]].name
        text = f"the {len(HOUSE_ROWS)} house rows ({first} to {last})"
        return ", ".join([text] + [BY_ID[i].name for i in rest])
    return ", ".join(BY_ID[i].name for i in ids)


def _meaning(kind: type) -> str:
    doc = " ".join((kind.__doc__ or "").split())
    first = re.split(r"(?<=\.)\s", doc, maxsplit=1)[0]
    return _markdown(first)


def kinds_markdown() -> str:
    """Each constraint kind of :data:`~sudoku_cp.model.constraints.KINDS`: its meaning (its
    docstring's first sentence) and the rows whose steps reason over it."""
    out = ["| kind | meaning | explained by |", "|---|---|---|"]
    for kind in KINDS:
        out.append(f"| `{kind.__name__}` | {_meaning(kind)} | {_rows_text(KIND_ROWS[kind])} |")
    return "\n".join(out)


def origins_markdown() -> str:
    """Each :class:`~sudoku_cp.model.constraints.OriginKind` and the rows that explain its
    constraints."""
    out = ["| origin kind | explained by |", "|---|---|"]
    for kind in OriginKind:
        out.append(f"| `{kind.value}` | {_rows_text(ORIGIN_ROWS.get(kind))} |")
    return "\n".join(out)


BLOCKS: dict[str, dict[str, Callable[[], str]]] = {
    "sudoku_cp/reasoning/techniques/__init__.py": {"families": families_text},
    "docs/techniques.md": {
        "families-md": families_markdown,
        "rows-md": rows_markdown,
        "kinds-md": kinds_markdown,
        "origins-md": origins_markdown,
    },
}
"""The generated blocks: for each file (relative to the repository's root), each block's
name and the function that writes it."""


def refreshed(text: str, name: str, body: str) -> str:
    """``text`` with the lines between its ``techniques:NAME begin`` and ``techniques:NAME
    end`` marker lines replaced by ``body``.

    Raises:
        ValueError: ``text`` lacks one of the two markers.

    >>> refreshed("a\\n<!-- techniques:x begin -->\\nold\\n<!-- techniques:x end -->\\nb", "x", "new")
    'a\\n<!-- techniques:x begin -->\\nnew\\n<!-- techniques:x end -->\\nb'
    """
    lines = text.split("\n")
    begin = next((i for i, s in enumerate(lines) if f"techniques:{name} begin" in s), None)
    end = next((i for i, s in enumerate(lines) if f"techniques:{name} end" in s), None)
    if begin is None or end is None or end < begin:
        raise ValueError(f"no block techniques:{name} (its begin and end marker lines)")
    return "\n".join(lines[: begin + 1] + body.split("\n") + lines[end:])


def stale(root: Path) -> list[str]:
    """The ``path: block`` names whose text under ``root`` differs from the code."""
    out = []
    for path, blocks in BLOCKS.items():
        text = (root / path).read_text(encoding="utf-8")
        for name, render in blocks.items():
            if refreshed(text, name, render()) != text:
                out.append(f"{path}: {name}")
    return out


def write(root: Path) -> list[str]:
    """Rewrite every block under ``root`` from the code; the ``path: block`` names changed."""
    changed = stale(root)
    for path, blocks in BLOCKS.items():
        file = root / path
        text = file.read_text(encoding="utf-8")
        for name, render in blocks.items():
            text = refreshed(text, name, render())
        file.write_text(text, encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``--write``, ``--check``, ``--markdown``); the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_cp.reasoning.techniques.docs",
        description="Write or check the generated tables.",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="rewrite the generated blocks")
    action.add_argument("--check", action="store_true", help="exit 1 if a generated block is stale")
    action.add_argument("--markdown", action="store_true", help="print the Markdown tables")
    parser.add_argument("--root", type=Path, default=Path("."), help="the repository's root")
    args = parser.parse_args(argv)
    if args.markdown:
        print("\n\n".join(render() for render in BLOCKS["docs/techniques.md"].values()))
        return 0
    if args.write:
        for name in write(args.root):
            print(f"rewrote {name}")
        return 0
    names = stale(args.root)
    for name in names:
        print(f"stale: {name}", file=sys.stderr)
    return 1 if names else 0


if __name__ == "__main__":
    sys.exit(main())

"""The catalogue of techniques and the kind lists in the docs are the code's: the generated
blocks (:mod:`sudoku_cp.reasoning.techniques.docs`) equal what the table gives, and the
hand-written table of how each backend compiles each kind lists exactly ``KINDS``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from sudoku_cp.model.constraints import KINDS
from sudoku_cp.reasoning.techniques import docs
from sudoku_cp.reasoning.techniques.table import FAMILIES, TECHNIQUES

ROOT = Path(__file__).resolve().parent.parent


def test_the_generated_blocks_equal_the_code():
    assert docs.stale(ROOT) == [], "run: python -m sudoku_cp.reasoning.techniques.docs --write"


def test_a_stale_block_is_caught(tmp_path):
    for path in docs.BLOCKS:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, tmp_path / path)
    assert docs.main(["--check", "--root", str(tmp_path)]) == 0
    page = tmp_path / "docs/techniques.md"
    page.write_text(page.read_text().replace("candidate left takes it |", "candidate left takes it  |"))
    assert docs.stale(tmp_path) == ["docs/techniques.md: families-md"]
    assert docs.main(["--check", "--root", str(tmp_path)]) == 1
    assert docs.main(["--write", "--root", str(tmp_path)]) == 0
    assert docs.stale(tmp_path) == []


def test_every_row_is_in_one_family_sharing_level_and_band():
    ids = [i for family in FAMILIES for i in family.ids]
    assert sorted(ids) == sorted(row.id for row in TECHNIQUES)
    for family in FAMILIES:
        assert len({(row.level, row.band) for row in family.rows}) == 1, family.ids


def test_the_catalogue_names_every_row():
    text = docs.families_text() + docs.rows_markdown()
    for row in TECHNIQUES:
        assert row.name in text and f"`{row.id}`" in text


def test_the_backend_table_of_design_md_lists_every_kind():
    """The table of how each backend compiles each kind is written by hand (its cells are
    each backend's own), so it is checked: one row per kind of ``KINDS``, in order."""
    text = (ROOT / "docs/design.md").read_text()
    table = text[text.index("| kind | meaning | CP-SAT |") :].split("\n\n")[0]
    kinds = re.findall(r"^\| `(\w+)\(", table, flags=re.M)
    assert kinds == [kind.__name__ for kind in KINDS]


def test_the_kinds_page_lists_every_kind_and_origin():
    text = (ROOT / "docs/techniques.md").read_text()
    for kind in KINDS:
        assert f"| `{kind.__name__}` |" in text


def test_the_module_table_of_design_md_names_every_kind():
    """design.md's row for ``model/constraints.py`` names the vocabulary: exactly ``KINDS``."""
    row = next(
        line
        for line in (ROOT / "docs/design.md").read_text().splitlines()
        if "| `model/constraints.py` |" in line
    )
    listed = re.search(r"\(([^)]*)\)", row).group(1)
    assert re.findall(r"`(\w+)`", listed) == [kind.__name__ for kind in KINDS]

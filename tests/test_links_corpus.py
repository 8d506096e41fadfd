"""benchmarks/links_corpus.py: how the Interactive Sudoku Solver's puzzle strings become
f-puzzles objects (checked against the package's reader), without the source repositories."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from sudoku_cp.io.links import fpuzzles_to_record

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus():
    spec = importlib.util.spec_from_file_location("links_corpus", ROOT / "benchmarks" / "links_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_little_killer_clue_ids_follow_iss_sides(corpus):
    diagonals = corpus._little_killer_diagonals(9)
    assert diagonals["R1C1"] == ("DR", [f"R{i}C{i}" for i in range(1, 10)])
    assert diagonals["R1C9"] == ("DL", [f"R{i}C{10 - i}" for i in range(1, 10)])
    assert diagonals["R5C9"][0] == "UL" and diagonals["R9C4"][0] == "UR"
    assert corpus._outside("R1C1", "DR") == "R0C0" and corpus._outside("R9C4", "UR") == "R10C3"


def test_givens_keep_jigsaw_regions(corpus):
    layout = "".join(str((r // 3) * 3 + c // 3) for r in range(9) for c in range(9))
    rotated = layout[1:] + layout[:1]  # not the boxes: a jigsaw
    data = corpus.iss_to_fpuzzles(f".NoBoxes.Jigsaw~{rotated}.~R1C1_5", "t")
    assert data["grid"][0][0] == {"region": int(rotated[0]), "value": 5, "given": True}


def test_a_jigsaw_with_boxes_kept_is_extra_regions(corpus):
    layout = "".join(str((r // 3) * 3 + c // 3) for r in range(9) for c in range(9))
    data = corpus.iss_to_fpuzzles(f".Jigsaw~{layout}", "t")
    assert len(data["extraregion"]) == 9 and all("region" not in cell for row in data["grid"] for cell in row)


def test_windoku_windows(corpus):
    windows = [entry["cells"] for entry in corpus.iss_to_fpuzzles(".Windoku", "t")["extraregion"]]
    assert windows[0] == [f"R{r}C{c}" for r in (2, 3, 4) for c in (2, 3, 4)]
    assert windows[3] == [f"R{r}C{c}" for r in (6, 7, 8) for c in (6, 7, 8)]


@pytest.mark.parametrize(
    "text, why",
    [
        (".Shape~6x6~9", "Shape 6x6~9"),
        (".Shape~9x9~0-8", "Shape 9x9~0-8"),
        (".Zipper~R1C1~R1C2", "Zipper"),
        (".NoBoxes", "NoBoxes"),
        (".~R1C1_1_2", "given candidates"),
        ("123", "legacy format"),
    ],
)
def test_what_has_no_fpuzzles_key_is_left_out(corpus, text, why):
    with pytest.raises(corpus.NotConvertible, match=why):
        corpus.iss_to_fpuzzles(text, "t")


def test_a_converted_puzzle_reads_back(corpus):
    data = corpus.iss_to_fpuzzles(
        ".~R1C1_5.Thermo~R2C2~R2C3.Cage~7~R3C3~R3C4.WhiteDot~R5C5~R5C6.Arrow~R7C7~R7C8~R7C9"
        ".LittleKiller~22~R1C1.Sandwich~8~C1.Diagonal~1.Diagonal~-1.AntiKnight",
        "t",
    )
    record = fpuzzles_to_record(json.loads(json.dumps(data)))
    assert record["grid"][0] == "5"
    kinds = {
        "thermos",
        "cages",
        "white",
        "arrows",
        "little_killers",
        "sandwiches",
        "anti_knight",
        "diagonals",
    }
    assert kinds <= set(record["rules"])

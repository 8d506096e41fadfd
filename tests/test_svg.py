"""Pictures: the SVG read back with a real XML parser (one square per cell, the digits in
their cells, every variant's markings where its rules put them) and rendered to PNG with
cairosvg; the 'render' command."""

from __future__ import annotations

import io
import json
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudoku_cp import Grid, InvalidPuzzleError, Puzzle
from sudoku_cp.cli import EXIT_INVALID, EXIT_SOLVED, main
from sudoku_cp.io.formats import VALUE_CHARS
from sudoku_cp.model.rules import Cage, Diagonals, EvenOdd, GreaterThan, Killer, Kropki, Thermo, Windows
from sudoku_cp.pictures import svg

SVG = "{http://www.w3.org/2000/svg}"
VARIANT_CASES = json.loads((Path(__file__).parent / "data" / "variant_cases.json").read_text())


def pattern_solution(side: int, box: tuple[int, int]) -> Grid:
    """A complete grid with ``box``-shaped boxes: shifted rows."""
    rows, columns = box
    return Grid(
        [(columns * (r % rows) + r // rows + c) % side + 1 for r in range(side) for c in range(side)], box
    )


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return root


def path_points(element: ET.Element) -> list[tuple[float, float]]:
    """The points of a ``<path d="M x,y L x,y ...">`` of straight segments."""
    numbers = [
        float(v) for v in element.get("d").replace("M", " ").replace("L", " ").replace(",", " ").split()
    ]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


class Frame:
    """The cell geometry of a picture, read from its cell squares."""

    def __init__(self, root: ET.Element, side: int) -> None:
        squares = of_class(root, "cell")
        assert len(squares) == side * side
        self.size = float(squares[0].get("width"))
        self.left = min(float(e.get("x")) for e in squares)
        self.top = min(float(e.get("y")) for e in squares)
        self.side = side

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        return int((y - self.top) // self.size), int((x - self.left) // self.size)

    def to_cells(self, x: float, y: float) -> tuple[float, float]:
        """``(column, row)`` in cell units, fractional."""
        return (x - self.left) / self.size, (y - self.top) / self.size

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.left + (cell[1] + 0.5) * self.size, self.top + (cell[0] + 0.5) * self.size


SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3)), (10, (2, 5)), (12, (3, 4))]
SHAPES += [(16, (4, 4)), (25, (5, 5))]


@pytest.mark.parametrize(("side", "box"), SHAPES, ids=[f"{s}x{s}-{b[0]}x{b[1]}" for s, b in SHAPES])
def test_every_size_draws_its_cells_digits_and_box_borders(side, box):
    solution = pattern_solution(side, box)
    puzzle = solution.with_cells(v if i % 3 == 0 else 0 for i, v in enumerate(solution.cells))
    root = parse(puzzle.to_svg(values=solution))
    frame = Frame(root, side)
    givens, filled = of_class(root, "given"), of_class(root, "filled")
    assert len(givens) == puzzle.givens and len(givens) + len(filled) == side * side
    for element in givens + filled:
        x, y = float(element.get("x")), float(element.get("y"))
        cell = frame.cell_at(x, y)
        assert element.text == VALUE_CHARS[solution[cell] - 1]
        assert (element in givens) == bool(puzzle[cell])
        assert x == pytest.approx(frame.centre(cell)[0])  # centred across the cell
        assert element.get("text-anchor") == "middle"
    box_rows, box_columns = box
    assert len(of_class(root, "border")) == side * (side // box_rows - 1) + side * (side // box_columns - 1)


def test_candidates_are_the_basic_pencil_marks_and_marks_are_coloured():
    grid = Grid.parse("1.3.34..2..1.1..")
    root = parse(grid.to_svg(candidates=True, marks={(0, 1, 2): "placed", (0, 3, 4): "#123456"}))
    frame = Frame(root, 4)
    shown: dict[tuple[int, int], list[int]] = {}
    for element in of_class(root, "candidates")[0]:
        cell = frame.cell_at(float(element.get("x")), float(element.get("y")))
        shown.setdefault(cell, []).append(VALUE_CHARS.index(element.text) + 1)
    expected = svg.basic_candidates(Puzzle(grid), grid.cells)
    for index, value in enumerate(grid.cells):
        assert shown.get(divmod(index, 4)) == (None if value else list(expected[index]))
    fills = sorted(e.get("fill") for e in of_class(root, "mark"))
    assert fills == sorted(["#123456", svg.MARK_COLOURS["placed"]])


def test_highlighted_cells_and_units():
    grid = Grid.empty(9)
    root = parse(grid.to_svg(highlight={(4, 4): "#ff0000"}, units=["row 1", [(8, 8)]]))
    cells = of_class(root, "cell")
    assert [e.get("fill") for e in of_class(root, "highlight")] == ["#ff0000"]
    assert len(of_class(root, "unit")) == 10
    assert len(cells) == 81
    with pytest.raises(InvalidPuzzleError, match="row 10"):
        grid.to_svg(units=["row 10"])
    with pytest.raises(InvalidPuzzleError, match="values"):
        grid.to_svg(values=[1, 2, 3])


def test_jigsaw_regions_have_thick_borders_between_them():
    case = next(c for c in VARIANT_CASES if list(c["rules"]) == ["regions"] and c["size"] == 9)
    puzzle = Puzzle.from_dict(case)
    regions = puzzle.rules[0].regions
    differing = sum(
        regions[r * 9 + c] != regions[r2 * 9 + c2]
        for r in range(9)
        for c in range(9)
        for r2, c2 in ((r, c + 1), (r + 1, c))
        if r2 < 9 and c2 < 9
    )
    assert len(of_class(parse(puzzle.to_svg()), "border")) == differing


def test_killer_cages_are_dashed_inside_their_cells_with_the_sum_top_left():
    cages = [Cage([(0, 0), (0, 1), (1, 1)], 6), Cage([(1, 0), (2, 0)], 7), Cage([(0, 2)], 3)]
    puzzle = Puzzle(Grid.empty(4), (Killer(cages),))
    root = parse(puzzle.to_svg())
    frame = Frame(root, 4)
    sums = of_class(root, "cage-sum")
    assert [e.text for e in sums] == ["6", "7", "3"]
    for element, cage in zip(sums, cages, strict=True):
        assert frame.cell_at(float(element.get("x")), float(element.get("y"))) == min(cage.cells)
    for number, cage in enumerate(cages, 1):
        lines = of_class(root, f"cage-{number}")
        assert lines and all(e.get("stroke-dasharray") for e in lines)
        for line in lines:
            (x0, y0), (x1, y1) = (frame.to_cells(x, y) for x, y in path_points(line))
            fixed = y0 if y0 == y1 else x0  # a horizontal or a vertical side
            assert abs(fixed - round(fixed)) > 0.05  # inset: never on a grid line
            middle = (math.floor((y0 + y1) / 2), math.floor((x0 + x1) / 2))
            assert middle in cage.cells
        # the outline has one side per cage-cell edge that borders another cage or the outside
        edges = sum(
            (r + dr, c + dc) not in cage.cells
            for r, c in cage.cells
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        )
        assert len(lines) == edges  # fmt: skip


def test_thermometers_diagonals_windows_and_parity():
    puzzle = Puzzle(
        Grid.empty(9),
        (
            Diagonals(),
            Windows(),
            Thermo([[(0, 0), (0, 1), (1, 2)], [(8, 8), (7, 8)]]),
            EvenOdd(even=[(4, 4), (4, 5)], odd=[(6, 0)]),
        ),
    )
    root = parse(puzzle.to_svg())
    frame = Frame(root, 9)
    bulbs = of_class(root, "bulb")
    assert [frame.cell_at(float(b.get("cx")), float(b.get("cy"))) for b in bulbs] == [(0, 0), (8, 8)]
    assert len(of_class(root, "thermometer")) == 2
    assert len(of_class(root, "diagonal")) == 2
    assert len(of_class(root, "window")) == 4 * 9
    assert [frame.cell_at(float(e.get("x")) + 1, float(e.get("y")) + 1) for e in of_class(root, "even")] == [
        (4, 4),
        (4, 5),
    ]
    assert [frame.cell_at(float(e.get("cx")), float(e.get("cy"))) for e in of_class(root, "odd")] == [(6, 0)]


def test_kropki_dots_and_inequalities_sit_on_the_edge_between_their_cells():
    kropki = Kropki(white=[((0, 0), (0, 1))], black=[((1, 1), (2, 1)), ((3, 3), (3, 2))])
    less = GreaterThan([((5, 5), (5, 4)), ((4, 0), (5, 0))])
    root = parse(Puzzle(Grid.empty(6), (kropki, less)).to_svg())
    frame = Frame(root, 6)

    def edge_centre(a, b):
        (xa, ya), (xb, yb) = frame.centre(a), frame.centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    for colour, pairs in (("white", kropki.white), ("black", kropki.black)):
        dots = [e for e in of_class(root, "dot") if colour in e.get("class").split()]
        assert [(float(e.get("cx")), float(e.get("cy"))) for e in dots] == [
            pytest.approx(edge_centre(a, b)) for a, b in pairs
        ]
        assert all(e.get("fill") == colour for e in dots)
    signs = of_class(root, "inequality")
    assert len(signs) == 2
    for sign, (smaller, larger) in zip(signs, less.pairs, strict=True):
        points = [
            float(v) for v in sign.get("d").replace("M", "").replace("L", " ").replace(",", " ").split()
        ]
        tip = points[2], points[3]
        # the point of the sign faces the smaller digit
        distance = [math.dist(tip, frame.centre(cell)) for cell in (smaller, larger)]
        assert distance[0] < distance[1]


def test_every_variant_case_draws():
    for case in VARIANT_CASES:
        puzzle = Puzzle.from_dict(case)
        root = parse(puzzle.to_svg(candidates=True))
        assert len(of_class(root, "cell")) == puzzle.side**2


def test_jupyter_shows_grids_and_puzzles_as_svg():
    grid = pattern_solution(4, (2, 2))
    for value in (grid, Puzzle(grid)):
        assert len(of_class(parse(value._repr_svg_()), "given")) == 16


def test_png_renders_the_picture():
    pytest.importorskip("cairosvg", reason="PNG output needs the optional cairosvg")
    from PIL import Image

    grid = Grid.parse("1.3.34..2..1.1..")
    png = svg.to_png(grid, highlight={(3, 3): "#ff0000"}, cell_size=40)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    margin = 5  # max(4, 40 // 8)
    assert image.size == (4 * 40 + 2 * margin,) * 2
    assert image.getpixel((margin + 3 * 40 + 5, margin + 3 * 40 + 5)) == (255, 0, 0)  # the highlighted cell
    centre = [(x, y) for x in range(margin + 12, margin + 28) for y in range(margin + 10, margin + 30)]
    dark = sum(1 for xy in centre if image.getpixel(xy)[0] < 100)  # the given 1 in r1c1 leaves ink
    assert dark > 10


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """sudoku_cp.cli.main in-process: (exit code, stdout, stderr)."""
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = main(args)
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode(), err.getvalue().decode()


def test_render_command_writes_svg_and_png(tmp_path):
    puzzle = tmp_path / "killer.json"
    puzzle.write_text(json.dumps(next(c for c in VARIANT_CASES if list(c["rules"]) == ["cages"])))
    code, out, _ = run(["render", str(puzzle), "--solution"])
    assert code == EXIT_SOLVED
    root = parse(out)
    assert len(of_class(root, "given")) + len(of_class(root, "filled")) == 16
    target = tmp_path / "out.svg"
    assert run(["render", str(puzzle), "-o", str(target)])[0] == EXIT_SOLVED
    assert of_class(parse(target.read_text()), "cage-sum")
    code, _, err = run(["render", str(puzzle), "-o", str(tmp_path / "out.pdf")])
    assert code == EXIT_INVALID and err.startswith("sudoku-cp: --output") and err.count("\n") == 1
    code, _, err = run(["render", str(puzzle), "--index", "1"])
    assert code == EXIT_INVALID and "holds fewer puzzles" in err


def test_render_command_png(tmp_path):
    pytest.importorskip("cairosvg", reason="PNG output needs the optional cairosvg")
    target = tmp_path / "out.png"
    code, _, _ = run(["render", "-o", str(target)], "1.3.34..2..1.1..\n")
    assert code == EXIT_SOLVED
    assert target.read_bytes().startswith(b"\x89PNG")


def test_png_without_cairosvg_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    with pytest.raises(ImportError, match=r"sudoku_cp\[png\]"):
        svg.to_png(Grid.empty(4))
    code, _, err = run(["render", "-o", str(tmp_path / "x.png")], "1.3.34..2..1.1..\n")
    assert code == EXIT_INVALID
    assert 'pip install "sudoku_cp[png]"' in err


@pytest.mark.parametrize(
    "colour", ['"><script>alert(1)</script>', "red' onload='x", "#12345", "url(#a)", 'rgb(1,2,3)"', "", 7]
)
def test_a_colour_that_is_not_one_is_refused_naming_the_argument(colour):
    """Issue 22.14: colours reached the SVG unescaped, so a string could inject markup."""
    grid = Grid.parse("." * 16)
    with pytest.raises(InvalidPuzzleError, match="highlight: .* is not an SVG colour"):
        svg.to_svg(grid, highlight={(0, 0): colour})
    with pytest.raises(InvalidPuzzleError, match=r"marks: .* \(for \(1, 2, 3\)\) is not an SVG colour"):
        svg.to_svg(grid, marks={(1, 2, 3): colour})


def test_colour_names_hex_and_functions_are_drawn():
    grid = Grid.parse("." * 16)
    colours = ["gold", "#abc", "#a0b1c2", "#a0b1c280", "rgb(10, 20, 30)", "rgba(1,2,3,.5)", "hsl(9 50% 5%)"]
    highlight = {(0, c): colour for c, colour in enumerate(colours[:4])}
    marks = {(1, c, 1): colour for c, colour in enumerate(colours[4:])} | {(2, 0, 1): "premise"}
    text = svg.to_svg(grid, highlight=highlight, marks=marks)
    for colour in colours:
        assert f'fill="{colour}"' in text
    assert f'fill="{svg.MARK_COLOURS["premise"]}"' in text


def test_a_removed_candidate_is_named_not_only_covered():
    # issue 33: a red disc alone showed that something went, not which value
    grid = Grid.parse("1.3.34..2..1.1..")
    root = parse(grid.to_svg(candidates=True, marks={(0, 1, 2): "removed", (0, 3, 4): "premise"}))
    (struck,) = of_class(root, "removed-values")
    texts = [e.text for e in struck if e.tag.endswith("text")]
    lines = [e for e in struck if not e.tag.endswith("text")]  # the strike (drawsvg draws a line as a path)
    assert texts == ["2"] and len(lines) == 1
    candidates = [e.text for e in of_class(root, "candidates")[0]]
    assert "4" in candidates  # a premise stays an ordinary candidate over its disc

"""Clues of the modern rules read off a full grid, as JSON ``rules`` objects: how the
bundled ``gen_*`` sets of the modern rules were made (``scripts/make_modern_sets.py``), and
how :func:`sudoku_cp.generate` draws those variants (``variant="arrow"``, ...).

Each drawer takes the solution as rows (``grid[r][c]``, values ``1..n``), a random
generator, and the box shape (``None``: no boxes), and returns the ``rules`` object of
its rule with clues that the solution satisfies: random lines for the line rules (walks
of touching cells that fit the rule), every row and column for sandwiches, a sample of
the outside clues for skyscrapers and outside sums, every X and V pair (with the negative
constraint), eight little killers and eight quadruples; X-sum and hidden-skyscraper clues as
skyscrapers, double arrows and lockout lines as lines, lunchboxes and rellik cages as
walks of different digits, counting circles on three digits. The generator then removes givens
while the puzzle stays proper, so the clues and the givens left decide the puzzle.

>>> import random
>>> rows = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
>>> draw_clues("sandwich", rows, random.Random(1), (2, 2))["sandwiches"][:2]
[{'side': 'left', 'index': 0, 'sum': 5}, {'side': 'left', 'index': 1, 'sum': 0}]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

Rows = list[list[int]]
Box = tuple[int, int] | None


def _neighbours(cell: tuple[int, int], n: int) -> list[tuple[int, int]]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _walks(
    rng: random.Random, n: int, length: int, fits: Callable[[list], bool], count: int, used: set
) -> list:
    """``count`` random lines of ``length`` touching cells, off ``used`` cells, that ``fits`` accepts."""
    lines = []
    for _ in range(20000):
        if len(lines) == count:
            break
        line = [(rng.randrange(n), rng.randrange(n))]
        while len(line) < length:
            options = [c for c in _neighbours(line[-1], n) if c not in line and c not in used]
            if not options:
                break
            line.append(rng.choice(options))
        if len(line) == length and not used & set(line) and fits(line):
            lines.append(line)
            used.update(line)
    return lines


def _line(side: str, index: int, n: int) -> list[tuple[int, int]]:
    return {
        "left": [(index, c) for c in range(n)],
        "right": [(index, c) for c in reversed(range(n))],
        "top": [(r, index) for r in range(n)],
        "bottom": [(r, index) for r in reversed(range(n))],
    }[side]


def _arrows(s: Rows, rng: random.Random, box: Box) -> dict:
    n, used, out = len(s), set(), []
    for length in (3, 3, 4, 4, 3):

        def fits(w: list) -> bool:
            return s[w[0][0]][w[0][1]] == sum(s[r][c] for r, c in w[1:])

        for line in _walks(rng, n, length, fits, 1, used):
            out.append({"circle": [list(line[0])], "arrow": [list(c) for c in line[1:]]})
    return {"arrows": out}


def _little_killers(s: Rows, rng: random.Random, box: Box) -> dict:
    n = len(s)
    starts = [((-1, c), (1, 1)) for c in range(-1, n - 2)] + [((-1, c), (1, -1)) for c in range(2, n + 1)]
    starts += [((n, c), (-1, 1)) for c in range(-1, n - 2)] + [((n, c), (-1, -1)) for c in range(2, n + 1)]
    out, taken = [], set()
    for (r, c), (dr, dc) in rng.sample(starts, len(starts)):
        if (r, c) in taken or len(out) == 8:
            continue  # one clue per position outside the grid
        taken.add((r, c))
        total, (i, j) = 0, (r + dr, c + dc)
        while 0 <= i < n and 0 <= j < n:
            total, i, j = total + s[i][j], i + dr, j + dc
        out.append({"sum": total, "clue": [r, c], "direction": [dr, dc]})
    return {"little_killers": out}


def _sandwiches(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    for side in ("left", "top"):
        for index in range(n):
            digits = [s[r][c] for r, c in _line(side, index, n)]
            i, j = sorted((digits.index(1), digits.index(n)))
            out.append({"side": side, "index": index, "sum": sum(digits[i + 1 : j])})
    return {"sandwiches": out}


def _skyscrapers(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(n)):
        seen = tallest = 0
        for r, c in _line(side, index, n):
            if s[r][c] > tallest:
                seen, tallest = seen + 1, s[r][c]
        out.append({"side": side, "index": index, "seen": seen})
    return {"skyscrapers": rng.sample(out, min(20, len(out)))}


def _outside_sums(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    count = box[1] if box else 3  # the cells a clue covers: a box's width (3 on 9x9)
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(n)):
        out.append(
            {"side": side, "index": index, "sum": sum(s[r][c] for r, c in _line(side, index, n)[:count])}
        )
    rules: dict = {"outside_sums": rng.sample(out, min(20, len(out)))}
    if box is None or box[0] != box[1]:
        rules["outside_sum_count"] = count
    return rules


def _x_sums(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(n)):
        digits = [s[r][c] for r, c in _line(side, index, n)]
        out.append({"side": side, "index": index, "sum": sum(digits[: digits[0]])})
    return {"x_sums": rng.sample(out, min(20, len(out)))}


def _hidden_skyscrapers(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(n)):
        tallest = 0
        for r, c in _line(side, index, n):
            if s[r][c] < tallest:  # the first one hidden
                out.append({"side": side, "index": index, "value": s[r][c]})
                break
            tallest = s[r][c]
    return {"hidden_skyscrapers": rng.sample(out, min(20, len(out)))}


def _lockout_lines(s: Rows, rng: random.Random, box: Box) -> dict:
    n, used, lines = len(s), set(), []
    difference = n // 2  # 4 on 9x9, ISS's default

    def fits(w: list) -> bool:
        ends = sorted((s[w[0][0]][w[0][1]], s[w[-1][0]][w[-1][1]]))
        return ends[1] - ends[0] >= difference and all(not ends[0] <= s[r][c] <= ends[1] for r, c in w[1:-1])

    for length in (5, 4, 4, 3, 3):
        lines += _walks(rng, n, length, fits, 1, used)
    return {"lockout_lines": [{"line": [list(c) for c in line], "difference": difference} for line in lines]}


def _distinct_walks(s: Rows, rng: random.Random, lengths: tuple[int, ...]) -> list:
    """Random walks of touching cells holding different digits, one per length."""
    used: set = set()
    out = []
    for length in lengths:
        out += _walks(rng, len(s), length, lambda w: len({s[r][c] for r, c in w}) == len(w), 1, used)
    return out


def _lunchboxes(s: Rows, rng: random.Random, box: Box) -> dict:
    out = []
    for walk in _distinct_walks(s, rng, (5, 4, 4, 3, 3, 3)):
        digits = [s[r][c] for r, c in walk]
        i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
        out.append({"cells": [list(c) for c in walk], "sum": sum(digits[i + 1 : j])})
    return {"lunchboxes": out}


def _rellik_cages(s: Rows, rng: random.Random, box: Box) -> dict:
    out = []
    for walk in _distinct_walks(s, rng, (4, 4, 3, 3, 3, 2, 2, 2)):
        digits = [s[r][c] for r, c in walk]
        sums = {sum(part) for k in range(1, len(digits) + 1) for part in itertools.combinations(digits, k)}
        total = rng.choice([t for t in range(1, sum(digits) + 2) if t not in sums])
        out.append({"cells": [list(c) for c in walk], "sum": total})
    return {"rellik_cages": out}


def _counting_circles(s: Rows, rng: random.Random, box: Box) -> dict:
    n = len(s)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    circles = []
    for digit in rng.sample(range(1, min(n, 5) + 1), 3):  # three digits, each circled as often as it says
        circles += [list(cell) for cell in cells if s[cell[0]][cell[1]] == digit][:digit]
    return {"counting_circles": [sorted(circles)]}


def _xv(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), {"x": [], "v": [], "all_xv_given": True}
    for r, c in itertools.product(range(n), repeat=2):
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < n and c2 < n and s[r][c] + s[r2][c2] in (5, 10):
                out["x" if s[r][c] + s[r2][c2] == 10 else "v"].append([[r, c], [r2, c2]])
    return out


def _lines_rule(key: str, lengths: tuple[int, ...], fits) -> Callable[[Rows, random.Random, Box], dict]:
    def make(s: Rows, rng: random.Random, box: Box) -> dict:
        used: set = set()
        lines = []
        for length in lengths:
            lines += _walks(rng, len(s), length, lambda w: fits(s, w, box), 1, used)
        return {key: [[list(c) for c in line] for line in lines]}

    return make


def _german_fit(s, w, box):
    return all(abs(s[a][b] - s[c][d]) >= (len(s) + 1) // 2 for (a, b), (c, d) in itertools.pairwise(w))


def _dutch_fit(s, w, box):
    return all(abs(s[a][b] - s[c][d]) >= len(s) // 2 for (a, b), (c, d) in itertools.pairwise(w))


def _renban_fit(s, w, box):
    digits = sorted(s[r][c] for r, c in w)
    return digits == list(range(digits[0], digits[0] + len(w)))


def _palindrome_fit(s, w, box):
    digits = [s[r][c] for r, c in w]
    return digits == digits[::-1]


def _between_fit(s, w, box):
    low, high = sorted((s[w[0][0]][w[0][1]], s[w[-1][0]][w[-1][1]]))
    return all(low < s[r][c] < high for r, c in w[1:-1])


def _region_sum_fit(s, w, box):
    if box is None:
        return False  # region-sum lines need boxes
    sums, previous = [], None
    for r, c in w:
        here = (r // box[0], c // box[1])
        if here != previous:
            sums.append(0)
        sums[-1] += s[r][c]
        previous = here
    return len(sums) > 1 and len(set(sums)) == 1


def _slow_thermo_fit(s, w, box):
    digits = [s[r][c] for r, c in w]
    return digits == sorted(digits)


def _three_apart(group) -> Callable:
    """Fits a line whose every three adjacent digits fall in three different ``group``s."""

    def fit(s, w, box):
        values = [group(s[r][c], len(s)) for r, c in w]
        return all(len(set(values[i : i + 3])) == len(values[i : i + 3]) for i in range(max(1, len(w) - 2)))

    return fit


def _entropic_fit(s, w, box):
    return len(s) % 3 == 0 and _three_apart(lambda v, n: (v - 1) // (n // 3))(s, w, box)


def _zipper_fit(s, w, box):
    digits = [s[r][c] for r, c in w]
    k = len(digits)
    return k % 2 == 1 and all(digits[i] + digits[k - 1 - i] == digits[k // 2] for i in range(k // 2))


def _double_arrow_fit(s, w, box):
    digits = [s[r][c] for r, c in w]
    return digits[0] + digits[-1] == sum(digits[1:-1])


def _quadruples(s: Rows, rng: random.Random, box: Box) -> dict:
    n, out = len(s), []
    for r, c in rng.sample(list(itertools.product(range(n - 1), repeat=2)), 8):
        digits = [s[r][c], s[r][c + 1], s[r + 1][c], s[r + 1][c + 1]]
        out.append({"cell": [r, c], "digits": sorted(rng.sample(digits, rng.choice((2, 3, 4))))})
    return {"quadruples": out}


DRAWERS: dict[str, Callable[[Rows, random.Random, Box], dict]] = {
    "arrow": _arrows,
    "little_killer": _little_killers,
    "sandwich": _sandwiches,
    "skyscraper": _skyscrapers,
    "outside_sum": _outside_sums,
    "xv": _xv,
    "german_whispers": _lines_rule("german_whispers", (4, 4, 3, 3, 3), _german_fit),
    "dutch_whispers": _lines_rule("dutch_whispers", (4, 4, 3, 3, 3), _dutch_fit),
    "renban": _lines_rule("renban", (4, 3, 3, 3, 2, 2), _renban_fit),
    "palindrome": _lines_rule("palindromes", (5, 4, 3, 3, 3), _palindrome_fit),
    "between_line": _lines_rule("between_lines", (4, 4, 3, 3, 3), _between_fit),
    "region_sum_line": _lines_rule("region_sum_lines", (4, 4, 3, 3, 3), _region_sum_fit),
    "quadruple": _quadruples,
    "slow_thermo": _lines_rule("slow_thermos", (5, 4, 4, 3, 3), _slow_thermo_fit),
    "entropic_line": _lines_rule("entropic_lines", (6, 5, 4, 3), _entropic_fit),
    "modular_line": _lines_rule("modular_lines", (6, 5, 4, 3), _three_apart(lambda v, n: v % 3)),
    "zipper_line": _lines_rule("zipper_lines", (5, 5, 3, 3, 3), _zipper_fit),
    "x_sum": _x_sums,
    "hidden_skyscraper": _hidden_skyscrapers,
    "double_arrow": _lines_rule("double_arrows", (4, 4, 3, 3, 3), _double_arrow_fit),
    "lockout_line": _lockout_lines,
    "lunchbox": _lunchboxes,
    "rellik_cage": _rellik_cages,
    "counting_circles": _counting_circles,
}
"""Variant name (as :func:`sudoku_cp.generate` takes it): its clue drawer."""


def draw_clues(variant: str, rows: Rows, rng: random.Random, box: Box) -> dict:
    """The JSON ``rules`` object of ``variant`` (a key of :data:`DRAWERS`) read off the full
    grid ``rows`` (``rows[r][c]`` in ``1..n``), drawing from ``rng``; ``box`` is the box shape
    (``None`` for none: no region-sum lines then).

    Raises:
        KeyError: ``variant`` is not a key of :data:`DRAWERS`.
    """
    return DRAWERS[variant](rows, rng, box)


__all__ = ["DRAWERS", "draw_clues"]

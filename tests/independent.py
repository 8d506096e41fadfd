"""An independent model of Sudoku and its variants, for checking the backends.

It shares no code with ``sudoku_cp``: it reads a JSON puzzle record (the format of
``Puzzle.to_dict``) and states each rule again from its definition, then runs a plain
depth-first search over the cells in row-major order, values ascending. The first
complete grid such a search meets is, by construction, the smallest row-major
solution; an exhausted search proves there is none. Slow on open 9x9 grids, so the
test cases keep enough givens.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

CHARS = "123456789ABCDEFGHIJKLMNOP"


class TooHard(Exception):
    """The search passed its node limit."""


def _standard_box(n: int) -> tuple[int, int] | None:
    best = None
    for r in range(2, n):
        if n % r == 0 and r <= n // r:
            best = (r, n // r)
    return best


def _groups(record: dict) -> tuple[int, list[tuple[int, ...]]]:
    """The side and every all-different group of cells."""
    n = record["size"]
    rules = record.get("rules") or {}
    box = record["box"] if "box" in record else _standard_box(n)
    groups = [tuple(r * n + c for c in range(n)) for r in range(n)]
    groups += [tuple(r * n + c for r in range(n)) for c in range(n)]
    if box:
        br, bc = box
        groups += [
            tuple((top + i) * n + left + j for i in range(br) for j in range(bc))
            for top in range(0, n, br)
            for left in range(0, n, bc)
        ]
    if rules.get("regions"):
        labels = rules["regions"]
        groups += [tuple(i for i, x in enumerate(labels) if x == label) for label in dict.fromkeys(labels)]
    if rules.get("diagonals"):
        groups.append(tuple(i * n + i for i in range(n)))
        groups.append(tuple(i * n + n - 1 - i for i in range(n)))
    for top, left in rules.get("windows") or ():
        br, bc = box
        groups.append(tuple((top + i) * n + left + j for i in range(br) for j in range(bc)))
    for cage in rules.get("cages") or ():
        groups.append(tuple(r * n + c for r, c in cage["cells"]))
    moves = []
    if rules.get("anti_knight"):
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if rules.get("anti_king"):
        moves += [(1, 1), (1, -1)]
    for r, c in itertools.product(range(n), repeat=2):
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                groups.append((r * n + c, (r + dr) * n + c + dc))
    return n, groups


def _binary(record: dict) -> list[tuple[int, int, Callable[[int, int], bool]]]:
    """Every rule between two cells as ``(a, b, test(value_a, value_b))``."""
    n = record["size"]
    rules = record.get("rules") or {}

    def idx(cell):
        return cell[0] * n + cell[1]

    out = []
    for thermo in rules.get("thermos") or ():
        out += [(idx(a), idx(b), lambda x, y: x < y) for a, b in itertools.pairwise(thermo)]
    out += [(idx(a), idx(b), lambda x, y: x < y) for a, b in rules.get("less") or ()]

    def white(x, y):
        return abs(x - y) == 1

    def black(x, y):
        return x == 2 * y or y == 2 * x

    out += [(idx(a), idx(b), white) for a, b in rules.get("white") or ()]
    out += [(idx(a), idx(b), black) for a, b in rules.get("black") or ()]
    negative_white, negative_black = rules.get("all_white_given"), rules.get("all_black_given")
    if negative_white or negative_black:
        dotted = {
            frozenset((idx(a), idx(b))) for a, b in (rules.get("white") or []) + (rules.get("black") or [])
        }
        for r, c in itertools.product(range(n), repeat=2):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n and frozenset((r * n + c, r2 * n + c2)) not in dotted:

                    def neither(x, y, w=negative_white, b=negative_black):
                        return not (w and white(x, y)) and not (b and black(x, y))

                    out.append((r * n + c, r2 * n + c2, neither))
    return out


def lexmin(record: dict, node_limit: int = 3_000_000) -> str | None:
    """The smallest row-major solution of a JSON puzzle record as a string, or None.

    Raises:
        TooHard: the search passed ``node_limit`` nodes.
    """
    n, groups = _groups(record)
    rules = record.get("rules") or {}
    cells = [0 if ch in ".0" else CHARS.index(ch.upper()) + 1 for ch in record["grid"]]
    allowed = [set(range(1, n + 1)) for _ in cells]
    for r, c in rules.get("even") or ():
        allowed[r * n + c] &= set(range(2, n + 1, 2))
    for r, c in rules.get("odd") or ():
        allowed[r * n + c] &= set(range(1, n + 1, 2))
    earlier_peers = [set() for _ in cells]  # all-different partners before each cell
    for group in groups:
        for a, b in itertools.combinations(sorted(set(group)), 2):
            earlier_peers[b].add(a)
    checks = [[] for _ in cells]  # binary tests whose later cell is this one
    for a, b, test in _binary(record):
        if a < b:
            checks[b].append((a, lambda mine, other, t=test: t(other, mine)))
        else:
            checks[a].append((b, lambda mine, other, t=test: t(mine, other)))
    sums = [[] for _ in cells]  # (cage cells, total) for each cell of a cage
    for cage in rules.get("cages") or ():
        members = sorted(r * n + c for r, c in cage["cells"])
        for cell in members:
            sums[cell].append((members, cage["sum"]))

    values = [0] * len(cells)
    nodes = 0

    def fits(i: int, v: int) -> bool:
        if v not in allowed[i] or (cells[i] and cells[i] != v):
            return False
        if any(values[p] == v for p in earlier_peers[i]):
            return False
        if not all(test(v, values[j]) for j, test in checks[i]):
            return False
        for members, total in sums[i]:
            done = sum(values[m] for m in members if m < i) + v
            if done > total or (members[-1] == i and done != total):
                return False
        return True

    def search(i: int) -> bool:
        nonlocal nodes
        if i == len(cells):
            return True
        for v in range(1, n + 1):
            nodes += 1
            if nodes > node_limit:
                raise TooHard(record.get("id"))
            if fits(i, v):
                values[i] = v
                if search(i + 1):
                    return True
        values[i] = 0
        return False

    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2000))
    if not search(0):
        return None
    return "".join(CHARS[v - 1] for v in values)


def box_cells(n: int, box: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """The boxes of an ``n`` x ``n`` grid of ``box = (rows, columns)``, as ``(row, column)`` lists."""
    rows, columns = box
    return [
        [(r, c) for r in range(top, top + rows) for c in range(left, left + columns)]
        for top in range(0, n, rows)
        for left in range(0, n, columns)
    ]


def smallest_by_search(
    record: dict, valid: Callable[[list[list[int]], dict], bool], box: tuple[int, int] | None = None
) -> tuple[int, ...] | None:
    """The smallest row-major solution of ``record`` by a depth-first search over its blank
    cells, values ascending, rows and columns (and the boxes of ``box = (rows, columns)``,
    if given) kept distinct, the whole grid checked by ``valid(grid, record)`` (the caller's
    own statement of the rules); ``None`` if none."""
    n = record["size"]
    g = [[0 if ch == "." else int(ch) for ch in record["grid"][r * n : (r + 1) * n]] for r in range(n)]
    blanks = [(r, c) for r in range(n) for c in range(n) if not g[r][c]]

    def fits(r: int, c: int, v: int) -> bool:
        if v in g[r] or any(g[i][c] == v for i in range(n)):
            return False
        if box is None:
            return True
        top, left = (r // box[0]) * box[0], (c // box[1]) * box[1]
        return all(g[i][j] != v for i in range(top, top + box[0]) for j in range(left, left + box[1]))

    def search(k: int) -> bool:
        if k == len(blanks):
            return valid(g, record)
        r, c = blanks[k]
        for v in range(1, n + 1):
            if fits(r, c, v):
                g[r][c] = v
                if search(k + 1):
                    return True
                g[r][c] = 0
        return False

    return tuple(v for row in g for v in row) if search(0) else None


def outside_line(clue: dict, n: int) -> list[tuple[int, int]]:
    """The cells of an outside clue's row or column (``side``, ``index``), read from the clue."""
    i = clue["index"]
    return {
        "left": [(i, c) for c in range(n)],
        "right": [(i, c) for c in reversed(range(n))],
        "top": [(r, i) for r in range(n)],
        "bottom": [(r, i) for r in reversed(range(n))],
    }[clue["side"]]


def latin_squares_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 Sudoku grid of values 1..4 (288), as row-major tuples in increasing order:
    row by row, over the permutations that keep the columns and boxes different so far."""
    rows = list(itertools.permutations(range(1, 5)))
    out: list[tuple[int, ...]] = []

    def extend(grid: list[tuple[int, ...]]) -> None:
        if len(grid) == 4:
            out.append(tuple(v for row in grid for v in row))
            return
        for row in rows:
            if any(row[c] == other[c] for other in grid for c in range(4)):
                continue
            if len(grid) % 2 and any({grid[-1][b], grid[-1][b + 1]} & {row[b], row[b + 1]} for b in (0, 2)):
                continue
            extend([*grid, row])

    extend([])
    return sorted(out)

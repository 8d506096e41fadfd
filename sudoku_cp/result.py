"""The result shape shared by every backend, so that comparisons fit in one table, and the
proof that its solution is the smallest (:class:`Proof`: the questions a backend asked, as
typed records, and their answers; the method is told in :mod:`sudoku_cp.engine.lexmin`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_cp.model.grid import Grid
from sudoku_cp.model.puzzle import Puzzle

_PACKED = "_packed_proof"  # the instance attribute of a packed proof not yet read


class _PackedProof:
    """The class attribute behind :attr:`SolveResult.proof` (a non-data descriptor): the
    dataclass's default (``None``), and, for a result unpickled with its proof packed
    (:meth:`SolveResult.__reduce__`), the proof unpacked on first read and kept. A result
    built by its constructor holds its proof in its ``__dict__``, which comes first."""

    def __get__(self, result: SolveResult | None, owner: type | None = None) -> Proof | None:
        if result is None:
            return None  # the field's default, read by @dataclass
        packed = result.__dict__.get(_PACKED)
        proof = None if packed is None else unpack_proof(packed)
        result.__dict__["proof"] = proof  # frozen: set as the dataclass's __init__ does
        result.__dict__.pop(_PACKED, None)
        return proof


@dataclass(frozen=True)
class SolveResult:
    """A solution with what it cost to find it.

    Attributes:
        puzzle: the puzzle solved (givens and rules).
        solution: the smallest row-major solution (a complete :class:`Grid`).
        backend: the backend's registered name, e.g. ``"cpsat"``.
        wall_time: seconds from the call to the answer, model building included.
        stats: the backend's own effort counters, name to number. Every backend
            reports ``solver_calls`` (searches or solves run); the others depend on
            the backend, e.g. ``nodes`` and ``backtracks`` for the backtracker,
            ``branches``, ``conflicts`` and ``solver_wall_time`` (seconds) for CP-SAT.
        proof: the :class:`Proof` that ``solution`` is the smallest (filled by
            :func:`sudoku_cp.solve_with_stats` for every backend).
    """

    puzzle: Puzzle
    solution: Grid
    backend: str
    wall_time: float
    stats: dict[str, float] = field(default_factory=dict)
    proof: Proof | None = _PackedProof()  # type: ignore[assignment]  # default None; see _PackedProof
    """Why ``solution`` is the smallest (:class:`Proof`), ``None`` when not asked for."""

    def __reduce__(self):
        """Pickle with the proof packed (:func:`pack_proof`: its solutions as bytes, each
        distinct one once), unpacked only when the unpickled result's ``proof`` is read:
        a batch's worker processes send every answer to the caller, whose CPU per answer
        bounds the batch's speed-up (issue 34)."""
        state = dict(self.__dict__)
        if "proof" in state:
            proof = state.pop("proof")
            packed = pack_proof(proof) if proof is not None else None
            state["proof" if isinstance(packed, Proof) else _PACKED] = packed
        return (_unpickle_result, (type(self), state))


def _unpickle_result(cls: type[SolveResult], state: dict) -> SolveResult:
    result = object.__new__(cls)
    result.__dict__.update(state)
    return result


# -- the smallest-solution proof as data --------------------------------------------------------


@dataclass(frozen=True)
class AnySolution:
    """ "Is there a solution?" (above the call's lower bound, for a next solution). The
    answer is one, any, or ``None``."""


@dataclass(frozen=True)
class FirstInOrder:
    """ "Which solution does a complete depth-first search meet first, deciding the cells in
    row-major order and trying values smallest first?" That one is the smallest (the
    row-major search of :mod:`sudoku_cp.engine.lexmin`); the answer is it, or ``None``."""


@dataclass(frozen=True)
class OtherThan:
    """ "Is there a solution other than ``solution``?" The answer ``None`` makes it the only
    one, hence the smallest (CP-SAT's enumerating solve)."""

    solution: tuple[int, ...]


@dataclass(frozen=True)
class SmallerThan:
    """ "Is there a solution ``x <_lex bound``?" (the lexicographic chain). The answer is a
    smaller solution, or ``None``: then no solution is below ``bound``."""

    bound: tuple[int, ...]


@dataclass(frozen=True)
class CellBelow:
    """ "With cells ``0..cell-1`` fixed to ``prefix``, is there a solution with
    ``x_cell < value``?" (the witness method). The answer is one, or ``None``: then
    ``value`` is the smallest that cell takes after that prefix."""

    cell: int
    value: int
    prefix: tuple[int, ...]


Question = AnySolution | FirstInOrder | OtherThan | SmallerThan | CellBelow
"""One question of a smallest-solution proof; each backend compiles it into its own form
(assumptions, bounds, added constraints, a search)."""


@dataclass(frozen=True)
class Proof:
    """Why an answer is the smallest row-major solution: the questions a backend asked, in
    order, and their answers (a solution as a tuple of row-major cell values, or ``None``:
    no solution answers it, proven by a complete search).

    Attributes:
        method: ``"search order"`` (the first solution of a complete row-major search),
            ``"witness descent"`` (a question per cell), ``"lexicographic chain"``
            (``x <_lex w`` until none is smaller), ``"hybrid"`` (one chain question, then
            the witness descent), ``"only solution"`` (a complete enumeration met one), or
            ``"not recorded"`` (a backend registered from outside the package).
        questions: the questions (:data:`Question` records), in the order asked.
        answers: one per question.
        time: wall seconds from the start of the call to the end of the proof.
    """

    method: str
    questions: tuple[Question, ...]
    answers: tuple[tuple[int, ...] | None, ...]
    time: float


# -- a compact form of a proof, for pickling ---------------------------------------------------

_QUESTION_KINDS: tuple[type, ...] = (AnySolution, FirstInOrder, OtherThan, SmallerThan, CellBelow)
_KIND_CODE = {kind: code for code, kind in enumerate(_QUESTION_KINDS)}

PackedProof = tuple
"""``(method, time, questions, answers)``: each question ``(kind code, *fields)``, every
tuple of values (a question's solution, bound or prefix; an answer) as ``bytes``, one
``bytes`` object for equal tuples (pickle then stores it once)."""


def pack_proof(proof: Proof) -> PackedProof | Proof:
    """``proof`` in the compact form :func:`unpack_proof` reads back (equal field by field);
    ``proof`` itself when it holds a question of a kind not in :data:`Question` or a value
    outside ``0..255`` (a record of a backend registered from outside the package).

    >>> proof = Proof("hybrid", (AnySolution(), SmallerThan((1, 2))), ((1, 2), None), 0.5)
    >>> pack_proof(proof)
    ('hybrid', 0.5, ((0,), (3, b'\\x01\\x02')), (b'\\x01\\x02', None))
    >>> unpack_proof(pack_proof(proof)) == proof
    True
    """
    blobs: dict[tuple[int, ...], bytes] = {}

    def blob(values: tuple[int, ...]) -> bytes:
        found = blobs.get(values)
        if found is None:
            found = blobs[values] = bytes(values)
        return found

    try:
        questions = tuple(
            (
                _KIND_CODE[type(question)],
                *(blob(value) if isinstance(value, tuple) else value for value in vars(question).values()),
            )
            for question in proof.questions
        )
        answers = tuple(None if answer is None else blob(answer) for answer in proof.answers)
    except (KeyError, TypeError, ValueError):  # another kind of question, or values bytes cannot hold
        return proof
    return (proof.method, proof.time, questions, answers)


def unpack_proof(packed: PackedProof | Proof) -> Proof:
    """The :class:`Proof` of :func:`pack_proof`'s compact form (a :class:`Proof` is returned as is)."""
    if isinstance(packed, Proof):
        return packed
    method, time, questions, answers = packed
    tuples: dict[bytes, tuple[int, ...]] = {}

    def values(data):
        if not isinstance(data, bytes):
            return data
        found = tuples.get(data)
        if found is None:
            found = tuples[data] = tuple(data)
        return found

    return Proof(
        method,
        tuple(_QUESTION_KINDS[code](*map(values, fields)) for code, *fields in questions),
        tuple(map(values, answers)),
        time,
    )

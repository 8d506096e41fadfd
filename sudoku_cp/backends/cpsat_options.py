"""The options of the ``"cpsat"`` backend, declared apart from it (no OR-Tools import), so
that the ``"auto"`` portfolio, which passes them on to CP-SAT, declares them once with it."""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_cp.backends import BackendOptions, check_int


@dataclass(frozen=True)
class Options(BackendOptions):
    """The options of the ``"cpsat"`` backend: ``solve``, ``next_solution`` and
    :func:`sudoku_cp.backends.cpsat.first_solution` take both, ``count_solutions`` only ``seed`` (CP-SAT
    enumerates solutions with one worker).

    Attributes:
        workers: CP-SAT worker threads per solve (``num_workers``). One is the default:
            it is the fastest on 9x9 and 16x16 puzzles, where a solve takes milliseconds
            and more threads only add start-up cost (see ``benchmarks/bench_cpsat.py``).
        seed: CP-SAT ``random_seed``; it may change the effort, never the answer.

    Raises:
        ValueError: ``workers`` is not a positive int or ``seed`` not an int.
    """

    BACKEND = "cpsat"
    COUNTING = ("seed",)

    workers: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        check_int("workers", self.workers, minimum=1)
        check_int("seed", self.seed)

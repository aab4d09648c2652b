"""Keeping `pack` bounded: an estimate before the search, and solutions held in memory only up to a limit.

Class ids (the "classes up to ..." lines and the file's ``classes``) need every solution at once, so `pack` keeps
solutions in memory, but only up to :data:`HOLD_LIMIT`. Past it, a run with ``--out`` streams the rest to the file
(without class ids) and a run without refuses: up front when the estimate already says so, otherwise when the
limit is reached. A search whose estimate is beyond any patience is announced on stderr before it starts; it can
still be stopped with Ctrl+C.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import TracebackType

from solvers.cli.common import CliInputError
from solvers.packing.cover import CoverProblem
from solvers.packing.estimate import estimate_search
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.solution_stream import SolutionFileStream
from solvers.packing.symmetry import row_group

HOLD_LIMIT = 2_000_000  # solutions held for class ids: a few hundred MB at most
NODES_PER_SECOND = 3e7  # the kernel's rate on one core, order of magnitude, for the up-front duration
ANNOUNCE_SECONDS = 600.0  # searches expected to take longer than this are announced before they start


def check_search_size(problem: CoverProblem, mode: SymmetryMode, *, keeps_solutions: bool) -> None:
    """Refuse a run that would hold more than HOLD_LIMIT solutions, and announce one that will not end soon."""
    estimate = estimate_search(problem)
    classes = estimate.solutions / len(row_group(problem, mode).perms)
    if keeps_solutions and classes > HOLD_LIMIT:
        raise CliInputError(
            f"{_about(classes)} solutions expected, more than the {HOLD_LIMIT:,} kept for class ids: "
            "use --count to count them, or --out FILE to stream them to a file"
        )
    seconds = estimate.nodes / NODES_PER_SECOND
    if seconds > ANNOUNCE_SECONDS:
        print(
            f"note: {_about(estimate.solutions)} solutions and {_about(estimate.nodes)} placements to try are "
            f"expected ({_duration(seconds)} on one core); Ctrl+C stops the search",
            file=sys.stderr,
            flush=True,
        )


LONGEST_SAID_YEARS = 1e6  # beyond this an estimate says only "more than": its digits (or an inf) mean nothing
LARGEST_SAID_COUNT = 1e100  # likewise for counts (an estimate's product of branchings can overflow to inf)


def _about(count: float) -> str:
    """An estimated count in words that stay true: "about 3.2e+15", or "more than 1e+100" (inf, nan, huge)."""
    return f"about {count:.2g}" if count < LARGEST_SAID_COUNT else f"more than {LARGEST_SAID_COUNT:.0e}"


def _duration(seconds: float) -> str:
    if not seconds < LONGEST_SAID_YEARS * 3.15e7:  # also true for inf and nan
        return f"more than {LONGEST_SAID_YEARS:,.0f} years"
    for unit, size in (("years", 3.15e7), ("days", 86400.0), ("hours", 3600.0)):
        if seconds >= size:
            return f"about {seconds / size:.2g} {unit}"
    return f"about {seconds / 60:.0f} minutes"


class KeptSolutions:
    """The solutions of one run: held (``rows``) up to HOLD_LIMIT, then streamed to ``out`` when there is one."""

    def __init__(self, problem: CoverProblem, mode: SymmetryMode, out: str | None) -> None:
        self.rows: list[tuple[int, ...]] = []
        self._problem = problem
        self._mode = mode
        self._out = out
        self._stream: SolutionFileStream | None = None

    @property
    def streamed(self) -> bool:
        return self._stream is not None

    def add(self, rows: Sequence[int]) -> None:
        if self._stream is not None:
            self._stream.add(rows)
            return
        self.rows.append(tuple(rows))
        if len(self.rows) > HOLD_LIMIT:
            self._start_streaming()

    def _start_streaming(self) -> None:
        if self._out is None:
            raise CliInputError(
                f"more than {HOLD_LIMIT:,} solutions, too many to keep for class ids: "
                "use --count to count them, or --out FILE to stream them to a file"
            )
        try:
            self._stream = SolutionFileStream(self._out, self._problem, self._mode)
        except OSError as exc:
            raise CliInputError(f"cannot write {self._out}: {exc.strerror}") from None
        for held in self.rows:
            self._stream.add(held)
        self.rows = []

    def __enter__(self) -> KeptSolutions:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._stream is not None:
            self._stream.__exit__(kind, error, trace)

"""The engine vocabulary every solver in `solvers/` speaks: one Metric, the kinds of event, the stop flag, progress.

- `Metric`: which turns count as one move. Each engine accepts the metrics it has (`as_metric(value, allowed)`).
- Events: a long search is a generator of events, each an instance of one of three kinds: `Progress` (a
  heartbeat), `Solution` (an answer) and `Proof` (a finished part of the search: a depth proven empty). A
  consumer (GUI worker, CLI, batch layer) dispatches on these kinds; each engine's own event types subclass them
  (`rubik.events`: DepthProgress, MoveSolution, DepthExhausted; `packing.search`: CoverProgress, CoverSolution).
- Stop: every generator takes `stop`, a `StopFlag` (a `threading.Event` or anything with `is_set()`); setting
  it ends the search promptly. A blocking helper whose search was stopped before any answer raises
  `SearchCancelled`.
- Blocking helpers are named `solve_<generator>` (`solve_twophase`, `solve_optimal`, `solve_goal`): they run the
  generator to its answer.
- Tables load through explicit methods (`RubikTables.moves()`, `prepare_tables(...)`), never through properties,
  and report their work through a `ProgressFn`; `no_progress` is the one that ignores it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Protocol

ProgressFn = Callable[[float, str], None]
"""progress(fraction_done in [0, 1], message); it may raise BuildCancelled to abort a table build."""


class Metric(StrEnum):
    """Ways to count a sequence of turns (see docs/notation-and-formats.md for the notation's rules).

    HTM: any turn of one outer face (or a wide block) by any amount is 1; a slice is 2; rotations are 0.
    QTM: like HTM but a half turn counts 2; a slice quarter is 2, a slice half 4.
    STM: any turn of one contiguous block of layers (face, wide or slice) is 1; rotations are 0.
    ETM: every written turn is 1, rotations included (how long it takes to execute).
    FRU: the 2x2's F/R/U quarter-and-half turns F+ F2 F- R+ R2 R- U+ U2 U- (HTM counting, other names).
    """

    HTM = "htm"
    QTM = "qtm"
    STM = "stm"
    ETM = "etm"
    FRU = "fru"


NOTATION_METRICS = (Metric.HTM, Metric.QTM, Metric.STM, Metric.ETM)
SEARCH_METRICS = (Metric.HTM, Metric.QTM)  # what the 3x3 searches count in


def as_metric(metric: Metric | str, allowed: Iterable[Metric] = tuple(Metric)) -> Metric:
    """Accept a Metric or its name (case-insensitive); raise ValueError naming the allowed choices otherwise."""
    allowed = tuple(allowed)
    try:
        found = Metric(str(metric).lower())
    except ValueError:
        found = None
    if found not in allowed:
        choices = ", ".join(m.value for m in allowed)
        raise ValueError(f"unknown metric {metric!r}; choose one of {choices}")
    return found


class Progress:
    """A heartbeat of a running search (the engine's subclass says what it counts)."""

    __slots__ = ()


class Solution:
    """An answer (the engine's subclass holds it: moves, or the rows of a cover)."""

    __slots__ = ()


class Proof:
    """A part of the search finished without an answer, e.g. a depth proven to hold no solution."""

    __slots__ = ()


class SearchCancelled(Exception):
    """Raised by a blocking helper when the caller's stop flag ended a search before any answer."""


class StopFlag(Protocol):
    """What engines read to know they should stop: `threading.Event` is one."""

    def is_set(self) -> bool: ...


def no_progress(fraction: float, message: str) -> None:
    """The progress callback for callers that do not show progress."""
    return None


def search_metric(metric: Metric | str) -> Metric:
    """A metric the 3x3 searches count in (HTM or QTM), or ValueError naming those two."""
    return as_metric(metric, SEARCH_METRICS)

"""Where a big cube's solve spends its time, so the progress bar can move with the clock: the centre rings and the
stages after them by their measured shares."""

from __future__ import annotations

from itertools import accumulate

# The time after the centre rings (or, without rings, after the first centre turns), as measured on 6x6x6 to
# 9x9x9 solves: the rings with their bars leave the centres solved on most solves (wing parity, commutators and
# orbit 3-cycles then check and pass: little), the edge pairing about two thirds of the rest, the 3x3x3 stage
# (two-phase on three paired states) about a quarter, the wings' 3-cycles little (the pairing leaves them nothing
# on most solves). Without rings the centres are most of the work.
LATER_SHARES = {"centres": 0.05, "pairing": 0.65, "finish": 0.25, "wings": 0.05}
INNER_RING_WEIGHT = 0.25  # the innermost ring's time against an outer ring's with its bars
NO_RING_SHARES = {"centres": 0.6, "pairing": 0.2, "finish": 0.15, "wings": 0.05}


def rings_done_shares(count: int) -> list[float]:
    """The part of the rings' time gone when each of ``count`` rings (innermost first) is done. The innermost
    ring goes by the 4x4x4's or 5x5x5's exact tables alone, about a quarter of the time of a ring outside it, which
    first pairs its bars (measured on 6x6x6 to 11x11x11 solves); the outer rings take about the same time each."""
    weights = [INNER_RING_WEIGHT] + [1.0] * (count - 1)
    every = sum(weights)
    return [done / every for done in accumulate(weights)]


def later_fraction(shares: dict[str, float], stage: str, within: float) -> float:
    """The part of the later stages gone when ``stage`` is ``within`` (0 to 1) of the way through."""
    before = 0.0
    for name, share in shares.items():
        if name == stage:
            return before + share * within
        before += share
    raise KeyError(stage)

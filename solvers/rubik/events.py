"""What the 3x3x3 search generators yield: progress, solutions and depth proofs (frozen dataclasses of the
engine vocabulary's three kinds, `solvers.engine`).

A consumer (GUI worker, CLI, benchmark) iterates the generator and dispatches on the type; closing the
generator or setting its ``stop`` event ends the search within 0.2 s.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cube.moves import Move
from solvers.engine import Progress, Proof, Solution


@dataclass(frozen=True)
class DepthProgress(Progress):
    """A heartbeat: `depth` is the bound being searched (two-phase: the phase-1 depth).

    `eta` is an estimate in seconds of the time left for the current depth (None when there is no basis yet);
    `best_length` is the shortest solution so far (None before the first).
    """

    depth: int
    nodes: int
    nodes_per_s: float
    elapsed: float
    eta: float | None
    best_length: int | None


@dataclass(frozen=True)
class MoveSolution(Solution):
    """A solution (Moves to apply to the cube) and its length in the search's metric."""

    moves: tuple[Move, ...]
    length: int
    proven_optimal: bool
    elapsed: float

    @property
    def notation(self) -> str:
        """WCA text, e.g. "R U R' F2"."""
        return " ".join(m.notation for m in self.moves)


@dataclass(frozen=True)
class DepthExhausted(Proof):
    """Proof line of the optimal search: no solution of length `depth` exists (all `nodes_at_depth` visited).

    `elapsed` counts from the start of the search; `seconds` is this bound's own search time, without the
    two-phase probe before it (node rates divide by it)."""

    depth: int
    nodes_at_depth: int
    total_nodes: int
    elapsed: float
    seconds: float = 0.0

    def __str__(self) -> str:
        return f"depth {self.depth} exhausted: no solution ({self.nodes_at_depth} nodes, {self.elapsed:.2f} s)"


@dataclass(frozen=True)
class UpperBound(Progress):
    """The optimal search's best answer so far, not yet proven optimal (found by its two-phase probe): progress,
    not a solution, so callers that want only the proven answer ignore it, while a GUI can keep it if the
    search is cancelled."""

    moves: tuple[Move, ...]
    length: int
    elapsed: float


SearchEvent = DepthProgress | MoveSolution | DepthExhausted | UpperBound

"""What the big-cube solver yields: stage progress and the solution (the engine vocabulary's kinds)."""

from __future__ import annotations

from dataclasses import dataclass

from solvers.engine import Progress, Solution
from solvers.nxn.moves import BlockTurn, block_turn_count
from solvers.nxn.notation import format_turns


@dataclass(frozen=True)
class StageProgress(Progress):
    """A heartbeat: `stage` says in words what is being solved, `fraction` how far the whole solve is (0..1)."""

    stage: str
    fraction: float
    elapsed: float


@dataclass(frozen=True)
class BigCubeSolution(Solution):
    """Turns that solve the cube (every face one colour), their block-turn count and the time taken."""

    size: int
    turns: tuple[BlockTurn, ...]
    elapsed: float

    @property
    def length(self) -> int:
        """Block turn metric: any block of adjacent layers turned from one face is 1, rotations 0."""
        return block_turn_count(self.size, self.turns)

    @property
    def notation(self) -> str:
        return format_turns(self.turns, self.size)

    proven_optimal = False

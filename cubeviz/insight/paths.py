"""Which sequence of states the meter plots and the animation export plays: the player's solution, or the turns
done by hand since the last scramble or reset. Qt-free apart from reading the models' attributes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cubeviz.insight.frames import turns_of
from cubeviz.models.big_cube import AnyState, state_after
from cubeviz.models.cube_model import CubeModel, EntryKind
from solvers.cube.notation import Turn
from solvers.nxn.moves import BlockTurn

if TYPE_CHECKING:
    from cubeviz.models.player_model import PlayerModel


@dataclass(frozen=True)
class Path:
    """A start state and the turns played from it; `position` is how many of them have been played."""

    start: AnyState
    turns: tuple[Turn | BlockTurn, ...]
    position: int
    source: str  # "hand" or "solution"

    def states(self, upto: int | None = None) -> list[AnyState]:
        """The start and the state after each turn, up to `upto` turns (all by default)."""
        count = len(self.turns) if upto is None else upto
        states = [self.start]
        for turn in self.turns[:count]:
            states.append(state_after(states[-1], turn))
        return states


def hand_path(model: CubeModel) -> Path:
    """The turns since the last scramble or reset (or since the puzzle was chosen), from the state they began at."""
    history = model.history
    start = history[0].before if history else model.state
    turns: list[Turn] = []
    for entry in history:
        if entry.kind is EntryKind.TURNS:
            turns.extend(entry.turns)
        else:
            start, turns = entry.after, []
    return Path(start, tuple(turns), len(turns), "hand")


def player_path(player: PlayerModel | None) -> Path | None:
    """The player's solution (the solve feature's PlayerModel), if it holds one."""
    if player is None:
        return None
    moves, start = player.moves, player.start_state
    if not moves or start is None:
        return None
    turns = tuple(turns_of(moves))
    position = max(0, min(player.position, len(turns)))
    return Path(start, turns, position, "solution")

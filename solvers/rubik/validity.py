"""Is a cubie state one the solvers can solve? (A facelet input is checked by solvers.cube.validation.)"""

from __future__ import annotations

from solvers.cube.parity import permutation_parity
from solvers.cube.state import CubeState


class UnsolvableCubeError(ValueError):
    """The state is not reachable by face turns from solved (or is not a 3x3x3 with its centres home)."""


def check_corners(state: CubeState) -> None:
    """Raise UnsolvableCubeError when the corners (all a 2x2 has) are no permutation or their twists do not add up."""
    if sorted(state.cp.tolist()) != list(range(8)):
        raise UnsolvableCubeError("corner permutation is not a permutation")
    if int(state.co.sum()) % 3:
        raise UnsolvableCubeError("twisted corner: corner orientations do not sum to 0 mod 3")


def check_solvable(state: CubeState) -> None:
    """Raise UnsolvableCubeError with the reason when a 3x3x3 `state` has no solution in face turns."""
    if state.size != 3:
        raise UnsolvableCubeError("the 3x3x3 solvers take 3x3x3 states")
    if list(state.centres) != list(range(6)):
        raise UnsolvableCubeError("centres must be in their home position (face turns never move them)")
    if sorted(state.cp.tolist()) != list(range(8)) or sorted(state.ep.tolist()) != list(range(12)):
        raise UnsolvableCubeError("corner or edge permutation is not a permutation")
    if not (state.co.min() >= 0 and state.co.max() < 3 and state.eo.min() >= 0 and state.eo.max() < 2):
        raise UnsolvableCubeError("orientation out of range")
    check_corners(state)
    if int(state.eo.sum()) % 2:
        raise UnsolvableCubeError("flipped edge: edge orientations do not sum to 0 mod 2")
    if permutation_parity(state.cp) != permutation_parity(state.ep):
        raise UnsolvableCubeError("parity: corner and edge permutations have different parity")

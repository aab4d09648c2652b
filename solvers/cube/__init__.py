"""Cube models: sticker geometry, cubie-level states, moves as data, notation, formats and validation."""

from solvers.cube.geometry import Corner, Edge, Face
from solvers.cube.moves import Move, apply_moves, basic_turn, move_state, whole_cube_rotations
from solvers.cube.state import CubeState

__all__ = [
    "Corner",
    "CubeState",
    "Edge",
    "Face",
    "Move",
    "apply_moves",
    "basic_turn",
    "move_state",
    "whole_cube_rotations",
]

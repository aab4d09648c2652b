"""Cube models: sticker geometry, cubie-level states, moves as data, notation, formats, validation, scrambles."""

from solvers.cube.formats import detect_size, from_colour_letters, from_kociemba, to_colour_letters, to_kociemba
from solvers.cube.geometry import Corner, Edge, Face
from solvers.cube.moves import Move, apply_moves, basic_turn, move_state, whole_cube_rotations
from solvers.cube.notation import Algorithm, Metric, NotationError, Turn, parse_algorithm
from solvers.cube.scramble import random_move_scramble, random_state
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidCubeError, InvalidReason, validate, validate_all

__all__ = [
    "Algorithm",
    "Corner",
    "CubeState",
    "Edge",
    "Face",
    "InvalidCubeError",
    "InvalidReason",
    "Metric",
    "Move",
    "NotationError",
    "Turn",
    "apply_moves",
    "basic_turn",
    "detect_size",
    "from_colour_letters",
    "from_kociemba",
    "move_state",
    "parse_algorithm",
    "random_move_scramble",
    "random_state",
    "to_colour_letters",
    "to_kociemba",
    "validate",
    "validate_all",
    "whole_cube_rotations",
]

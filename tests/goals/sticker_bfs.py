"""An independent breadth-first count for goal tests: stickers moved by geometry, not by the engine's cubie tables."""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import FACE_NORMALS, Face, sticker_geometry


def _sticker_moves() -> list[np.ndarray]:
    """For each face turn (Move order: U, U2, U', R, ...), where each of the 54 stickers goes."""
    positions, normals = sticker_geometry(3)
    where = {(tuple(p), tuple(n)): i for i, (p, n) in enumerate(zip(positions.tolist(), normals.tolist(), strict=True))}
    turns = []
    for face in Face:
        axis = np.array(FACE_NORMALS[face])

        def quarter(v: np.ndarray, axis: np.ndarray = axis) -> np.ndarray:  # clockwise seen from outside
            return -np.cross(axis, v) + np.dot(axis, v) * axis

        one = np.arange(54)
        for i in range(54):
            if np.dot(positions[i], axis) == 1:
                one[i] = where[(tuple(quarter(positions[i])), tuple(quarter(normals[i])))]
        two, three = one[one], one[one[one]]
        turns += [one, two, three]
    return turns


STICKER_MOVES = _sticker_moves()


def bfs_length(stickers: list[int], targets: list[int]) -> int:
    """Fewest face turns taking the stickers now at `stickers` to `targets` (same order)."""
    start, goal = tuple(stickers), tuple(targets)
    seen, frontier, depth = {start}, [start], 0
    while goal not in seen:
        depth += 1
        fresh = []
        for state in frontier:
            for turn in STICKER_MOVES:
                moved = tuple(int(turn[s]) for s in state)
                if moved not in seen:
                    seen.add(moved)
                    fresh.append(moved)
        frontier = fresh
    return depth

"""Motion maths of polycube pieces, Qt-free: blending two rigid poses (smooth transitions between solutions) and
the timeline of an assembly (pieces flying in one after another).

Poses are 4x4 affine matrices in puzzle coordinates (see solvers.packing.poses). A blend draws the piece out of
the box (away from the centre, as the exploded view does), turns it about its own centre along the shortest
rotation while it travels over, then pushes it into its new place: turning in place would sweep it through its
neighbours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cubeviz.views.gl.animation import ease_in_out
from cubeviz.views.gl.transforms import rotation

RISE, TRAVEL = 0.3, 0.4  # shares of a transition spent drawing out (and, at the end, pushing in) and travelling
ANGLE_EPSILON = 1e-6


def axis_angle(matrix: np.ndarray) -> tuple[np.ndarray, float]:
    """Axis and angle (radians, 0..pi) of a proper 3x3 rotation matrix."""
    cos = (float(np.trace(matrix)) - 1.0) / 2.0
    angle = math.acos(min(max(cos, -1.0), 1.0))
    if angle < ANGLE_EPSILON:
        return np.array([1.0, 0.0, 0.0]), 0.0
    if math.pi - angle < 1e-4:  # half turn: the axis is the column of (R + I) / 2 with the largest diagonal
        sym = (matrix + np.identity(3)) / 2.0
        k = int(np.argmax(np.diag(sym)))
        axis = sym[:, k] / math.sqrt(max(sym[k, k], ANGLE_EPSILON))
        return axis / np.linalg.norm(axis), math.pi
    axis = np.array([matrix[2, 1] - matrix[1, 2], matrix[0, 2] - matrix[2, 0], matrix[1, 0] - matrix[0, 1]])
    return axis / (2.0 * math.sin(angle)), angle


def _phase(s: float, start: float, length: float) -> float:
    return ease_in_out(min(max((s - start) / length, 0.0), 1.0))


def blend_pose(
    start: np.ndarray,
    end: np.ndarray,
    centre: np.ndarray,
    s: float,
    out_start: np.ndarray | None = None,
    out_end: np.ndarray | None = None,
) -> np.ndarray:
    """The pose a fraction ``s`` (0..1) of the way from ``start`` to ``end``, first drawn out by ``out_start``
    and finally pushed in from ``out_end`` (shifts in puzzle units; see the module docstring).

    ``centre`` is the piece's centre in its own coordinates. When the two poses differ by a reflection (mirrored
    pieces), no rotation joins them: the piece shrinks away at the old place and grows at the new one.
    """
    if s <= 0.0:
        return start
    if s >= 1.0:
        return end
    relative = end[:3, :3] @ start[:3, :3].T
    a = start[:3, :3] @ centre + start[:3, 3]
    b = end[:3, :3] @ centre + end[:3, 3]
    out = np.identity(4)
    if np.linalg.det(relative) < 0:
        base = start if s < 0.5 else end
        scale = abs(1.0 - 2.0 * s)
        held = base[:3, :3] @ centre + base[:3, 3]
        out[:3, :3] = base[:3, :3] * scale
        out[:3, 3] = held - out[:3, :3] @ centre
        return out
    axis, angle = axis_angle(relative)
    travel = _phase(s, RISE, TRAVEL)
    out_start = np.zeros(3) if out_start is None else out_start
    out_end = np.zeros(3) if out_end is None else out_end
    away = out_start + (out_end - out_start) * travel
    away = away * (_phase(s, 0.0, RISE) - _phase(s, RISE + TRAVEL, 1.0 - RISE - TRAVEL))
    turn = rotation(axis, travel * angle)[:3, :3] if angle else np.identity(3)
    out[:3, :3] = turn @ start[:3, :3]
    out[:3, 3] = a + (b - a) * travel + away - out[:3, :3] @ centre
    return out


@dataclass(frozen=True)
class AssemblyTimeline:
    """``order[k]`` (an instance) flies in during step ``k`` along ``directions[k]``; a step lasts ``step_seconds``,
    of which the last ``rest_fraction`` the piece sits still before the next one starts."""

    order: tuple[int, ...]
    directions: tuple[tuple[int, int, int], ...]
    step_seconds: float = 1.0
    fly_distance: float = 4.0  # puzzle units the piece starts away from its place
    rest_fraction: float = 0.25

    @property
    def duration(self) -> float:
        return len(self.order) * self.step_seconds

    def state(self, t: float) -> tuple[np.ndarray, np.ndarray]:
        """(shown per instance, offset per instance (n, 3) in puzzle units) at time ``t`` seconds."""
        n = len(self.order)
        shown = np.zeros(max(self.order, default=-1) + 1, dtype=bool)
        offsets = np.zeros((len(shown), 3))
        step = int(t // self.step_seconds) if t < self.duration else n
        for k, instance in enumerate(self.order[: min(step + 1, n)]):
            shown[instance] = True
            if k == step:
                f = (t - k * self.step_seconds) / (self.step_seconds * (1.0 - self.rest_fraction))
                away = 1.0 - ease_in_out(min(max(f, 0.0), 1.0))
                offsets[instance] = np.asarray(self.directions[k], dtype=float) * self.fly_distance * away
        return shown, offsets

    def step_start(self, k: int) -> float:
        return min(max(k, 0), len(self.order)) * self.step_seconds


@dataclass(frozen=True)
class DisassemblyTimeline:
    """A disassembly played move by move: during step ``k`` the pieces of ``groups[k]`` slide together by
    ``shifts[k]`` (puzzle units), so the picture shows which pieces move as one. A separating move carries its group
    clear of the rest and on by ``fly_distance``. Same interface as AssemblyTimeline (``order`` has one entry per
    move), so the view's player drives either."""

    groups: tuple[tuple[int, ...], ...]
    shifts: tuple[tuple[float, float, float], ...]
    n_instances: int
    step_seconds: float = 1.0
    rest_fraction: float = 0.25

    @classmethod
    def from_moves(cls, moves, n_instances: int, fly_distance: float = 4.0) -> DisassemblyTimeline:
        """From ``solvers.packing.disassembly.Move`` objects (pieces are instance indices)."""
        shifts = []
        for move in moves:
            length = move.distance + (fly_distance if move.separates else 0.0)
            shifts.append(tuple(float(d) * length for d in move.direction))
        return cls(tuple(tuple(m.pieces) for m in moves), tuple(shifts), n_instances)

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(range(len(self.groups)))

    @property
    def duration(self) -> float:
        return len(self.groups) * self.step_seconds

    def state(self, t: float) -> tuple[np.ndarray, np.ndarray]:
        """(shown per instance: all, offset per instance (n, 3) in puzzle units) at time ``t`` seconds."""
        offsets = np.zeros((self.n_instances, 3))
        for k, (group, shift) in enumerate(zip(self.groups, self.shifts, strict=True)):
            f = (t - k * self.step_seconds) / (self.step_seconds * (1.0 - self.rest_fraction))
            if f <= 0.0:
                break
            offsets[list(group)] += np.asarray(shift) * ease_in_out(min(f, 1.0))
        return np.ones(self.n_instances, dtype=bool), offsets

    def step_start(self, k: int) -> float:
        return min(max(k, 0), len(self.groups)) * self.step_seconds

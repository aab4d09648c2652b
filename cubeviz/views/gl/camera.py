"""An orbit camera around the origin: yaw/pitch/distance, projection, and the pixel <-> ray maths picking needs."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from cubeviz.views.gl.transforms import look_at, perspective

DEFAULT_YAW = 35.0  # degrees towards +x (R) from the front: shows F and R, F a little larger
DEFAULT_PITCH = 28.0  # degrees above the equator: shows U
DEFAULT_DISTANCE = 11.0
MIN_DISTANCE, MAX_DISTANCE = 4.5, 30.0
PITCH_LIMIT = 89.0
FIELD_OF_VIEW = 30.0  # vertical, degrees
NEAR, FAR = 1.0, 50.0  # the cube is never nearer than MIN_DISTANCE - 2.6 nor farther than MAX_DISTANCE + 2.6
ORBIT_DEGREES_ACROSS_VIEW = 180.0  # a drag across the whole view turns the cube half round, never more
DEFAULT_VIEW_PIXELS = 450  # the span assumed when a caller does not say how wide its view is
ZOOM_PER_WHEEL_STEP = 1.1  # one 15-degree wheel notch scales the distance by this


@dataclass
class OrbitCamera:
    """Looks at the origin from a point on a sphere; y is up. Sensible default shows the U, F and R faces."""

    yaw: float = DEFAULT_YAW
    pitch: float = DEFAULT_PITCH
    distance: float = DEFAULT_DISTANCE
    _view_cache: tuple = field(default=(), init=False, repr=False, compare=False)  # ((yaw, pitch, distance), matrix)

    def reset(self) -> None:
        self.yaw, self.pitch, self.distance = DEFAULT_YAW, DEFAULT_PITCH, DEFAULT_DISTANCE

    def orbit(self, dx_pixels: float, dy_pixels: float, view_pixels: float = DEFAULT_VIEW_PIXELS) -> None:
        """Dragging right turns the cube right (camera moves left); dragging down tilts the top towards the viewer.

        The rate scales with the view (`view_pixels`: its width), so a drag across the whole view turns the cube
        180 degrees on any screen; the pitch stops short of the poles, so up stays up."""
        rate = ORBIT_DEGREES_ACROSS_VIEW / max(view_pixels, 1.0)
        self.yaw = (self.yaw - dx_pixels * rate) % 360.0
        self.pitch = max(-PITCH_LIMIT, min(PITCH_LIMIT, self.pitch + dy_pixels * rate))

    def zoom(self, wheel_steps: float) -> None:
        """Positive steps (wheel away from the user) move closer."""
        self.distance = max(MIN_DISTANCE, min(MAX_DISTANCE, self.distance / ZOOM_PER_WHEEL_STEP**wheel_steps))

    def eye(self) -> np.ndarray:
        yaw, pitch = math.radians(self.yaw), math.radians(self.pitch)
        return self.distance * np.array(
            [math.cos(pitch) * math.sin(yaw), math.sin(pitch), math.cos(pitch) * math.cos(yaw)]
        )

    def view_matrix(self) -> np.ndarray:
        """Cached until the camera moves: every frame asks for it more than once."""
        key = (self.yaw, self.pitch, self.distance)
        if not self._view_cache or self._view_cache[0] != key:
            matrix = look_at(self.eye(), np.zeros(3), np.array([0.0, 1.0, 0.0]))
            matrix.setflags(write=False)
            self._view_cache = (key, matrix)
        return self._view_cache[1]

    def projection_matrix(self, width: int, height: int) -> np.ndarray:
        return perspective(FIELD_OF_VIEW, max(width, 1) / max(height, 1), NEAR, FAR)

    def view_projection(self, width: int, height: int) -> np.ndarray:
        return self.projection_matrix(width, height) @ self.view_matrix()

    def project(self, points: np.ndarray, width: int, height: int) -> np.ndarray:
        """World points (n, 3) -> pixel coordinates (n, 2), origin top-left as Qt counts."""
        points = np.atleast_2d(np.asarray(points, dtype=float))
        homogeneous = np.hstack([points, np.ones((len(points), 1))]) @ self.view_projection(width, height).T
        ndc = homogeneous[:, :2] / homogeneous[:, 3:4]
        return np.column_stack([(ndc[:, 0] + 1.0) * 0.5 * width, (1.0 - ndc[:, 1]) * 0.5 * height])

    def ray(self, x: float, y: float, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
        """(origin, unit direction) of the ray through pixel (x, y), top-left origin."""
        ndc = np.array([2.0 * x / max(width, 1) - 1.0, 1.0 - 2.0 * y / max(height, 1)])
        inverse = np.linalg.inv(self.view_projection(width, height))
        near = inverse @ np.array([ndc[0], ndc[1], -1.0, 1.0])
        far = inverse @ np.array([ndc[0], ndc[1], 1.0, 1.0])
        near, far = near[:3] / near[3], far[:3] / far[3]
        direction = far - near
        return near, direction / np.linalg.norm(direction)

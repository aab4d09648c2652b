"""4x4 matrix helpers in numpy (column vectors, OpenGL conventions); Qt-free so camera maths is unit-testable."""

from __future__ import annotations

import math

import numpy as np


def perspective(fov_y_degrees: float, aspect: float, near: float, far: float) -> np.ndarray:
    f = 1.0 / math.tan(math.radians(fov_y_degrees) / 2.0)
    m = np.zeros((4, 4))
    m[0, 0] = f / aspect
    m[1, 1] = f
    m[2, 2] = (far + near) / (near - far)
    m[2, 3] = 2.0 * far * near / (near - far)
    m[3, 2] = -1.0
    return m


def look_at(eye: np.ndarray, target: np.ndarray, up: np.ndarray) -> np.ndarray:
    forward = target - eye
    forward = forward / np.linalg.norm(forward)
    side = np.cross(forward, up)
    side = side / np.linalg.norm(side)
    true_up = np.cross(side, forward)
    m = np.identity(4)
    m[0, :3] = side
    m[1, :3] = true_up
    m[2, :3] = -forward
    m[:3, 3] = -m[:3, :3] @ eye
    return m


def rotation(axis: np.ndarray, angle_radians: float) -> np.ndarray:
    """Counter-clockwise rotation about `axis` (right-hand rule) as a 4x4 matrix."""
    axis = np.asarray(axis, dtype=float)
    axis = axis / np.linalg.norm(axis)
    x, y, z = axis
    c, s = math.cos(angle_radians), math.sin(angle_radians)
    t = 1.0 - c
    m = np.identity(4)
    m[:3, :3] = [
        [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
        [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
        [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
    ]
    return m


def to_gl(matrix: np.ndarray) -> np.ndarray:
    """float32, column-major as glUniformMatrix4fv expects with transpose=False."""
    return np.ascontiguousarray(np.asarray(matrix, dtype=np.float32).T)

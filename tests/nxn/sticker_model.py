"""An independent NxNxN model for the tests: stickers as (cubie, outward normal) in 3D, turned by rotation
matrices, and its own reading of WCA/SiGN text and of facelet strings.

Nothing here imports the engine (solvers/nxn): a solution the engine prints is replayed by this model, so a
mistake in the engine's permutations, notation or string order shows as an unsolved cube here.
"""

from __future__ import annotations

import math
import re

import numpy as np

FACES = "URFDLB"
# outward normal of each face; axis vectors x -> R, y -> U, z -> F
NORMAL = {"U": (0, 1, 0), "R": (1, 0, 0), "F": (0, 0, 1), "D": (0, -1, 0), "L": (-1, 0, 0), "B": (0, 0, -1)}


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    """Rodrigues' rotation matrix about a unit axis, rounded to integers (quarter turns only)."""
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]], dtype=float)
    matrix = np.eye(3) + math.sin(angle) * k + (1 - math.cos(angle)) * (k @ k)
    return np.rint(matrix).astype(int)


class StickerModel:
    """A cube of size n: each sticker a row of `cubies` (coordinates 0..n-1), `normals` and `colours`."""

    def __init__(self, n: int) -> None:
        self.n = n
        places = [self._where(face, row, col) for face in FACES for row in range(n) for col in range(n)]
        self.cubies = np.array([p[0] for p in places], dtype=float)
        self.normals = np.array([p[1] for p in places], dtype=int)
        self.colours = np.array([face for face in FACES for _ in range(n * n)])

    def _where(self, face: str, row: int, col: int):
        """The cubie and normal of sticker (row, col) of a face, as the facelet string reads faces."""
        n, top = self.n, self.n - 1
        cubie = {
            "U": (col, top, row),
            "D": (col, 0, top - row),
            "F": (col, top - row, top),
            "B": (top - col, top - row, 0),
            "R": (top, top - row, top - col),
            "L": (0, top - row, col),
        }[face]
        assert all(0 <= c < n for c in cubie)
        return cubie, NORMAL[face]

    def _lookup(self) -> dict:
        keys = zip(
            map(tuple, np.rint(self.cubies).astype(int).tolist()), map(tuple, self.normals.tolist()), strict=True
        )
        return dict(zip(keys, self.colours.tolist(), strict=True))

    def facelets(self) -> str:
        table = self._lookup()
        return "".join(
            table[self._where(face, row, col)] for face in FACES for row in range(self.n) for col in range(self.n)
        )

    def set_facelets(self, text: str) -> None:
        fresh = StickerModel(self.n)
        self.cubies, self.normals = fresh.cubies, fresh.normals
        self.colours = np.array(list(text))

    def solved(self) -> bool:
        text = self.facelets()
        per = self.n * self.n
        return all(len(set(text[i * per : (i + 1) * per])) == 1 for i in range(6))

    def turn(self, face: str, depths: range, quarters: int) -> None:
        """Turn the layers at `depths` (0 = the face itself) clockwise as seen from `face`, `quarters` times."""
        normal = np.array(NORMAL[face])
        matrix = _rotation(normal, -math.pi / 2 * quarters)
        centre = (self.n - 1) / 2
        depth = np.rint(self.n - 1 - ((self.cubies - centre) @ normal + centre)).astype(int)
        chosen = (depth >= depths.start) & (depth < depths.stop)
        self.cubies[chosen] = (self.cubies[chosen] - centre) @ matrix.T + centre
        self.normals[chosen] = self.normals[chosen] @ matrix.T

    def apply(self, text: str) -> None:
        """Replay WCA/SiGN text (R, R', R2, Rw, r, 3Rw, 2R, 2-3Rw, M E S, x y z), tokens separated by spaces."""
        for token in text.split():
            self._token(token)

    def _token(self, token: str) -> None:
        m = re.fullmatch(r"(?:(\d+)-(\d+)|(\d+))?([URFDLBurfdlbMESxyz])(w?)(2'|2|'|)", token)
        assert m, f"the model cannot read {token!r}"
        a, b, count, letter, wide, suffix = m.groups()
        quarters = {"": 1, "2": 2, "2'": 2, "'": 3}[suffix]
        n = self.n
        if letter in "xyz":
            self.turn({"x": "R", "y": "U", "z": "F"}[letter], range(n), quarters)
        elif letter in "MES":
            assert n % 2 == 1
            self.turn({"M": "L", "E": "D", "S": "F"}[letter], range(n // 2, n // 2 + 1), quarters)
        else:
            wide = bool(wide) or letter.islower()
            face = letter.upper()
            if a:
                depths = range(int(a) - 1, int(b))
            elif wide:
                depths = range(int(count) if count else 2)
            else:
                depths = range(int(count or 1) - 1, int(count or 1))
            self.turn(face, depths, quarters)

"""Random 2x2x2 positions in bulk, and 2x2 net pairs input text made from them (for tests, benchmarks, demos).

Positions are uniform over all 88,179,840 sticker arrangements a real cube can show: a uniform DBL-frame index
times a uniform whole-cube rotation. Nets get a colour scheme renamed by a random rotation too, so readers cannot
rely on a fixed letter per face.
"""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import Face, corner_facelets
from solvers.cube.moves import whole_cube_rotations
from solvers.cube.pocket_formats import NET_ROWS
from solvers.pocket.coords import N_STATES, N_TWIST, all_perms, all_twists
from solvers.pocket.frame import N_ROTATIONS, rotation_arrays

NET_PAIR_LETTERS = "YOBRGW"  # the six colour letters the 2x2 net pairs samples use (any six work)


def random_states(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(cp, co) int64 (n, 8) of n uniformly random positions, each seen from a random side."""
    index = rng.integers(0, N_STATES, size=n)
    perm, twist = np.divmod(index, N_TWIST)
    cp = all_perms()[perm].astype(np.int64)
    co = all_twists()[twist].astype(np.int64)
    rot_cp, rot_co = rotation_arrays()
    r = rng.integers(0, N_ROTATIONS, size=n)
    moved = rot_cp[r]
    return np.take_along_axis(cp, moved, axis=1), (np.take_along_axis(co, moved, axis=1) + rot_co[r]) % 3


def colours_of(cp: np.ndarray, co: np.ndarray) -> np.ndarray:
    """Face ids (n, 24) seen at each facelet, like CubeState.colours() for many states."""
    slots = corner_facelets(2).astype(np.int64)
    home = slots // 4
    rows = np.arange(len(cp))
    colours = np.empty((len(cp), 24), dtype=np.int64)
    for slot in range(8):
        for k in range(3):
            colours[rows, slots[slot][(k + co[:, slot]) % 3]] = home[cp[:, slot], k]
    return colours


def _scheme_renamings() -> np.ndarray:
    """(24, 6): for each rotation, the face whose colour each face shows after turning the solved cube."""
    return np.array([[int(q.colours()[4 * face]) for face in Face] for q in whole_cube_rotations(2)])


def net_pair_text(a: np.ndarray, b: np.ndarray, rng: np.random.Generator, letters: str = NET_PAIR_LETTERS) -> bytes:
    """2x2 net pairs input for pairs of colour arrays (n, 24): T, then six lines per pair ``A-row | B-row``.

    Each pair is painted with `letters` renamed by its own random rotation of the colour scheme.
    """
    n = len(a)
    palette = np.frombuffer(letters.encode("ascii"), dtype=np.uint8)[_scheme_renamings()]  # (24, 6) letters
    paint = palette[rng.integers(0, N_ROTATIONS, size=n)]  # (n, 6)
    rows = np.arange(n)[:, None]
    a_letters, b_letters = paint[rows, a], paint[rows, b]
    lines = []
    for names in NET_ROWS:
        facelets = [4 * Face[name[0]] + int(name[1]) - 1 for name in names]
        left = _spaced(a_letters[:, facelets])
        right = _spaced(b_letters[:, facelets])
        lines.append(np.char.add(np.char.add(left, " | "), right))
    body = np.stack(lines, axis=1).reshape(-1)
    return (f"{n}\n" + "\n".join(body.tolist()) + "\n").encode("ascii")


def _spaced(letters: np.ndarray) -> np.ndarray:
    """Rows of letter codes (n, k) -> array of strings 'A B C'."""
    width = letters.shape[1]
    spaced = np.full((len(letters), 2 * width - 1), ord(" "), dtype=np.uint8)
    spaced[:, ::2] = letters
    return spaced.view(f"S{2 * width - 1}").reshape(-1).astype(str)

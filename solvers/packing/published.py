"""Solution counts of the shipped pentomino boxes and board as the literature gives them, typed in once: the tests
check the puzzle files against them and the collections benchmark prints them beside its own counts.

Keys are (puzzle name, symmetry level); "mirror" is up to the target's rotations and reflections.
"""

from __future__ import annotations

PUBLISHED_PENTOMINO_COUNTS: dict[tuple[str, str], int] = {
    ("pentomino-3x4x5", "mirror"): 3940,
    ("pentomino-3x4x5", "none"): 31520,
    ("pentomino-2x5x6", "mirror"): 264,
    ("pentomino-2x5x6", "none"): 2112,
    ("pentomino-2x3x10", "mirror"): 12,
    ("pentomino-2x3x10", "none"): 96,
    ("pentomino-8x8-hole", "mirror"): 65,
    ("pentomino-8x8-hole", "none"): 520,
}

"""Every symmetry level of a BurrTools problem that is no exact cover: all its assemblies, their classes up to
rotation and, where mirror images are assemblies, up to rotation and reflection; and which level is BurrTools' count.

The levels are those of our own puzzles, read for BurrTools' rules: *all placements* lists every assembly (with
colours, once per allowed colouring of its pieces, as BurrTools lists them); *up to rotation* identifies the
assemblies that a rotation of the result onto itself (``#`` on ``#``, ``+`` on ``+``, each colour on its colour)
carries onto each other; *up to rotation and reflection* also its reflections, an assembly being identified with
its mirror image where that image is an assembly: the one-handed pieces swapped for their mirror partners by
BurrTools' pairing (:mod:`solvers.packing.burrtools_count`). With fixed counts one one-handed piece without a
partner makes no mirror image an assembly, so that level is not defined; with count ranges only the assemblies
using such a piece keep their rotations alone. BurrTools' own count is the reflection level where it is defined
and the rotation level otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from solvers.packing.burrtools_count import class_ids, every_assembly
from solvers.packing.burrtools_puzzle import BurrProblem, kind_chirality
from solvers.packing.puzzle import SymmetryMode


@dataclass(frozen=True)
class BurrLevels:
    """Every assembly, a class number per assembly at each coarser level that is defined, why the others are not,
    and the level whose count BurrTools gives."""

    assemblies: list[tuple]
    classes: dict[SymmetryMode, np.ndarray]
    burrtools: SymmetryMode
    undefined: dict[SymmetryMode, str] = field(default_factory=dict)

    def count(self, mode: SymmetryMode) -> int | None:
        """Assemblies at ``mode`` (None where the level is not defined)."""
        if mode is SymmetryMode.NONE:
            return len(self.assemblies)
        ids = self.classes.get(mode)
        return None if ids is None else len(np.unique(ids))


def mirror_refusal(problem: BurrProblem) -> str | None:
    """Why classes up to reflection are not defined for ``problem`` (None when they are)."""
    if problem.mirror_ok:
        return None
    chiral = kind_chirality(problem)
    copies = problem.copies()
    for copy, kind in enumerate(copies):
        if chiral[kind] and (copy >= len(problem.pairing) or problem.pairing[copy] is None):
            letter = problem.kinds[kind].letter
            colours = ", colours included," if problem.coloured else ""
            return (
                f"piece {letter} is one-handed and no other piece is its mirror image{colours} so the mirror image "
                "of an assembly is no assembly (BurrTools counts up to rotation)"
            )
    return "the mirror image of an assembly is no assembly (BurrTools counts up to rotation)"


def burrtools_levels(problem: BurrProblem, stop=None) -> BurrLevels:
    """List every assembly of ``problem`` and sort it into classes at every level that is defined (see the module
    docstring). A set ``stop`` flag ends the work with KeyboardInterrupt."""
    found = every_assembly(problem, stop)
    classes = {SymmetryMode.ROTATION: np.asarray(class_ids(problem, found, mirror=False, stop=stop), dtype=np.int64)}
    undefined: dict[SymmetryMode, str] = {}
    refusal = mirror_refusal(problem)
    if refusal is None:
        classes[SymmetryMode.MIRROR] = np.asarray(class_ids(problem, found, mirror=True, stop=stop), dtype=np.int64)
    else:
        undefined[SymmetryMode.MIRROR] = refusal
    level = SymmetryMode.MIRROR if refusal is None else SymmetryMode.ROTATION
    return BurrLevels(found, classes, level, undefined)

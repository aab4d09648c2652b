"""Edge pairing: a beam search that joins wings to their edge (an odd cube's middle edge, an even cube's first
wing of the slot) with moves that keep the solved centres, so the 3x3x3 stage then solves them with the edges.

Moves: the 18 outer face turns, and macros S A S' where S turns one inner layer or a block of them on the U-D axis
(carrying wings between the four E-layer edges, several orbits at once for a block) and A is a short outer
sequence that replaces or flips an E-layer edge (R U R', R U R' F R' F' R, ...); up to 12x12x12 also the same
about the R-L and F-B axes (fewer set-up turns: 5x5x5 about 10% fewer pairing turns). Every macro is checked to leave
every centre sticker on its face. A wing counts as paired when it shows the same two colours as its slot's
reference piece; the search keeps the `width` states with the most paired wings at each step and returns the turns
to the state that minimises (turns so far + COST_PER_WING * wings unpaired), the wings left to the 3-cycles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, face_turn, sequence_permutation
from solvers.nxn.pieces import Kind, edge_slots, orbits

COST_PER_WING = 6.0  # turns the 3-cycle stage spends per wing (about 12 per 3-cycle fixing two)
DEFAULT_WIDTH = 96
PATIENCE = 3
BUDGET = 16_000_000  # beam width x macros x edge stickers: each step's work (halved above BIG)
BIG = 12
AXES = 3  # slice axes of the macros up to BIG (one above it, for the beam's width)
MAX_SLICES = 24  # S turns the macros are built from (single layers first)

# Outer sequences with each side face's turns adding up to none, as face indices U R F D L B and quarter turns.
_REPLACE = [(1, 2, 3), (4, 5, 0), (2, 4, 3), (5, 1, 0)]  # (side face, its right neighbour, unused)


# The macros about the U-D axis carried to the other two axes by a whole-cube turn: (the slices' axis, where each
# face of the U-D version goes, U R F D L B). z takes U to R (slices from R), x' takes U to F (slices from F).
_AXIS_FACES = (
    (Axis.Y, (0, 1, 2, 3, 4, 5)),
    (Axis.X, (1, 3, 2, 4, 0, 5)),
    (Axis.Z, (2, 1, 3, 5, 4, 0)),
)


def _outer_algs() -> list[list[tuple[int, int]]]:
    algs = []
    for side in (1, 2, 4, 5):  # R F L B
        for turn in (1, 3):
            for top in (0, 3):  # U or D
                for amount in (1, 2, 3):
                    algs.append([(side, turn), (top, amount), (side, 4 - turn)])
    flips = [[(1, 1), (0, 1), (1, 3), (2, 1), (1, 3), (2, 3), (1, 1)]]  # R U R' F R' F' R
    return algs + flips


def _slice_blocks(size: int) -> list[tuple[int, int]]:
    """(first, last) inner layers of the U-D axis that the macros' S turns: every single inner layer (never an odd
    cube's middle), then blocks of adjacent layers on one side of the middle, the shortest first, mirrored on the
    other side, MAX_SLICES in all: a block carries one wing of each of its layers' orbits, so one macro can pair
    wings of several orbits at once (measured 6x6x6: 100 -> 81 pairing turns plus six per wing left unpaired)."""
    middle = size // 2 if size % 2 else -1
    half = range(1, size // 2)
    singles = [(layer, layer) for layer in range(1, size - 1) if layer != middle]
    blocks = [(first, last) for first in half for last in half if first < last]
    blocks.sort(key=lambda block: (block[1] - block[0], block[0]))
    chosen = blocks[: max(0, MAX_SLICES - len(singles)) // 2]
    mirrored = [(size - 1 - last, size - 1 - first) for first, last in chosen]
    return singles + chosen + mirrored


@cache
def _macros(size: int) -> tuple[list[list[BlockTurn]], np.ndarray, np.ndarray]:
    """(turn lists, permutations, costs) of the moves the pairing search uses (centre-preserving, checked)."""
    macros: list[list[BlockTurn]] = [[face_turn(f, q, size)] for f in range(6) for q in (1, 2, 3)]
    for axis, faces in _AXIS_FACES[: AXES if size <= BIG else 1]:
        for first, last in _slice_blocks(size):
            for q in (1, 2, 3):
                s = BlockTurn(axis, first, last, q)
                for alg in _outer_algs():
                    macros.append([s] + [face_turn(faces[f], a, size) for f, a in alg] + [s.inverse()])
    centres = np.concatenate(
        [o.stickers for o in orbits(size) if o.kind in (Kind.CENTRE, Kind.FIXED_CENTRE)] or [np.zeros(0, np.int32)]
    )
    per_face = size * size
    kept, perms = [], []
    for macro in macros:
        perm = sequence_permutation(size, macro)
        if (perm[centres] // per_face == centres // per_face).all():
            kept.append(macro)
            perms.append(perm)
    costs = np.array([len(m) for m in kept], dtype=np.float64)
    return kept, np.stack(perms), costs


@cache
def _wing_places(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(first stickers, second stickers) of the wings to pair and of each one's reference, flat arrays."""
    slots = edge_slots(size)  # (12, N-2, 2)
    inner = size - 2
    reference_place = inner // 2 if size % 2 else 0
    places = [p for p in range(inner) if p != reference_place]
    wings = slots[:, places, :]
    refs = np.repeat(slots[:, reference_place : reference_place + 1, :], len(places), axis=1)
    return wings[..., 0].ravel(), wings[..., 1].ravel(), refs[..., 0].ravel(), refs[..., 1].ravel()


@cache
def _edge_view(size: int) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
    """(edge stickers, the macros' permutations restricted to them, the wing/reference indices into them):
    macros keep edge stickers among edge stickers, so the search carries only those."""
    edges = np.sort(edge_slots(size).ravel())
    position = np.full(6 * size * size, -1)
    position[edges] = np.arange(len(edges))
    _, perms, _ = _macros(size)
    restricted = position[perms[:, edges]]
    assert (restricted >= 0).all()
    return edges, restricted, tuple(position[a] for a in _wing_places(size))


def paired_count(size: int, colours: np.ndarray) -> np.ndarray:
    """Wings showing their slot reference's colours, for one colouring or a stack of them (last axis)."""
    w1, w2, r1, r2 = _wing_places(size)
    same = (colours[..., w1] == colours[..., r1]) & (colours[..., w2] == colours[..., r2])
    return same.sum(axis=-1)


def _paired_edges(view: tuple[np.ndarray, ...], edge_colours: np.ndarray) -> np.ndarray:
    w1, w2, r1, r2 = view
    same = (edge_colours[..., w1] == edge_colours[..., r1]) & (edge_colours[..., w2] == edge_colours[..., r2])
    return same.sum(axis=-1)


def pairing_turns(
    size: int, colours: np.ndarray, width: int = DEFAULT_WIDTH, stop: Callable[[], bool] = lambda: False
) -> list[BlockTurn]:
    """Centre-preserving turns after which the most wings (per turn spent) are paired; [] below 4x4x4."""
    if size < 4:
        return []
    macros, _, costs = _macros(size)
    edges, perms, view = _edge_view(size)
    budget = BUDGET if size <= BIG else BUDGET // 2
    width = max(2, min(width, budget // (len(macros) * len(edges))))
    total = len(view[0])
    beam = colours[edges][None, :]
    spent = np.zeros(1)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    best_estimate = COST_PER_WING * float(total - _paired_edges(view, beam[0]))
    best_at = (0, 0)
    since_better = 0
    while since_better < PATIENCE and not stop():
        children = beam[:, perms]  # (beam, macros, edge stickers)
        paired = _paired_edges(view, children).astype(np.float64)
        cost = spent[:, None] + costs[None, :]
        estimate = cost + COST_PER_WING * (total - paired)
        flat = estimate.ravel()
        keep = np.argsort(flat, kind="stable")[:width]
        parents, moves = keep // len(macros), keep % len(macros)
        beam = children[parents, moves]
        spent = cost.ravel()[keep]
        history.append((parents, moves))
        if flat[keep[0]] < best_estimate - 1e-9:
            best_estimate, best_at, since_better = float(flat[keep[0]]), (len(history), 0), 0
        else:
            since_better += 1
        if paired.max() == total:
            break
    return beam_path(history, best_at, macros)


def beam_path(
    history: list[tuple[np.ndarray, np.ndarray]], best_at: tuple[int, int], macros: Sequence[list[BlockTurn]]
) -> list[BlockTurn]:
    """The turns that led a beam search to the state at (depth, index in its beam): each level's (parent index,
    macro index) arrays, read back from that state to the start."""
    depth, index = best_at
    path: list[list[BlockTurn]] = []
    for level in range(depth - 1, -1, -1):
        parents, moves = history[level]
        path.append(macros[int(moves[index])])
        index = int(parents[index])
    return [turn for macro in reversed(path) for turn in macro]

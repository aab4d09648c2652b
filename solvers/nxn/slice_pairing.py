"""Edge pairing of the 4x4x4 and 5x5x5: a beam over every short "slice, outer turns, slice back" move keeping centres.

Why not the shared pairing's moves: it knows one slice axis and a dozen fixed three-turn middles, so each step
costs five turns and pairs about one edge. On these two sizes the whole family is small enough to enumerate: any
block turn S of any axis with an inner layer but not an odd cube's middle one (single inner layers, and the two
outer layers together), any outer sequence X of up to three turns (no face twice in a row), S X S' kept when it
leaves every centre sticker on its face (the wings' parity is even by construction, S and S' flip it both).
Among moves with the same effect on the edges the shortest is kept, which leaves about 1,200 on the 4x4x4, with
the 18 outer turns. A wing is paired when it shows its edge's reference colours: the slot's first wing on the
4x4x4, its middle edge on the 5x5x5 (an edge of three, "tredge", is paired when both its wings are). The beam
keeps the `width` distinct edge states with least turns spent + a cost per unpaired wing, counting a move's
first turn free when it merges with the previous move's last turn (S' then S of the same layers); the answer is
the state with the least such estimate seen. The last two edges often need a longer middle (S R F' U R' F S':
a b c a' b'), about 20,000 seven-turn moves on the 4x4x4, too many for every step: they are tried once, on the
cheapest states the beam left with two edges unpaired. What is still unpaired goes to the wing 3-cycles after
the 3x3x3 stage.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numba as nb
import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, face_turn, sequence_permutation
from solvers.nxn.pairing import beam_path
from solvers.nxn.pairing_family import last_two_middles
from solvers.nxn.pieces import edge_slots

SIZES = (4, 5)  # the sizes whose whole move family is small enough to enumerate
# Turns the 3-cycle stage spends per wing left unpaired (about 12 per 3-cycle fixing two), as the beam weighs it.
COST_PER_WING = {4: 6.0, 5: 6.0}
DEFAULT_WIDTH = 32
PATIENCE = 3  # steps without a better estimate before the search stops
MIDDLE_LENGTH = 3  # outer turns between the slice and its inverse
LAST_TWO_STATES = 8  # beam states with two edges left that the seven-turn moves are tried on


def slice_blocks(size: int) -> tuple[tuple[int, int], ...]:
    """(first, last) layers of the S turns: each inner layer but an odd cube's middle one, then the two outer
    layers from either side (a wide turn)."""
    middle = size // 2 if size % 2 else -1
    singles = tuple((layer, layer) for layer in range(1, size - 1) if layer != middle)
    return singles + ((0, 1), (size - 2, size - 1))


@cache
def _outer(size: int) -> np.ndarray:
    return np.stack([sequence_permutation(size, [face_turn(f, q, size)]) for f in range(6) for q in (1, 2, 3)])


@cache
def _middles(size: int, last_two: bool) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Outer sequences as indices into the 18 outer turns, and their permutations: those of 1..MIDDLE_LENGTH
    turns (no face twice in a row), or (`last_two`) the five-turn a b c a' b' ones."""
    outer = _outer(size)
    if last_two:
        return last_two_middles(size)
    seqs: list[tuple[int, ...]] = [(m,) for m in range(18)]
    perms = [outer[m] for m in range(18)]
    level = list(zip(seqs, perms, strict=True))
    for _ in range(MIDDLE_LENGTH - 1):
        grown = []
        for seq, perm in level:
            for m in range(18):
                if m // 3 != seq[-1] // 3:
                    grown.append((seq + (m,), perm[outer[m]]))
        seqs += [s for s, _ in grown]
        perms += [p for _, p in grown]
        level = grown
    return seqs, np.stack(perms)


@cache
def _macros(
    size: int, last_two: bool = False
) -> tuple[list[list[BlockTurn]], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(turn lists, permutations, costs, group of the first turn, group of the last turn) of the beam's moves, or
    (`last_two`) of the seven-turn moves tried on its last states."""
    outer_turns = [face_turn(f, q, size) for f in range(6) for q in (1, 2, 3)]
    seqs, middle_perms = _middles(size, last_two)
    faces = np.arange(6 * size * size) // (size * size)
    centres = _centre_stickers(size)
    edges = np.sort(edge_slots(size).ravel())
    macros: list[list[BlockTurn]] = [] if last_two else [[t] for t in outer_turns]
    perms = [sequence_permutation(size, m) for m in macros]
    seen = {p[edges].tobytes() for p in perms}
    for axis in Axis:
        for first, last in slice_blocks(size):
            for q in (1, 2, 3):
                s = BlockTurn(axis, first, last, q)
                s_perm = sequence_permutation(size, [s])
                s_inverse = sequence_permutation(size, [s.inverse()])
                whole = s_perm[middle_perms][:, s_inverse]  # S, then X, then S'
                keeps = (faces[whole[:, centres]] == faces[centres]).all(axis=1)
                for index in np.flatnonzero(keeps):
                    key = whole[index, edges].tobytes()
                    if key in seen:
                        continue
                    seen.add(key)
                    macros.append([s] + [outer_turns[m] for m in seqs[index]] + [s.inverse()])
                    perms.append(whole[index])
    groups = {(t.axis, t.first, t.last) for m in macros for t in m}
    ids = {key: i for i, key in enumerate(sorted(groups))}
    first_group = np.array([ids[(m[0].axis, m[0].first, m[0].last)] for m in macros])
    last_group = np.array([ids[(m[-1].axis, m[-1].first, m[-1].last)] for m in macros])
    costs = np.array([len(m) for m in macros], dtype=np.float64)
    return macros, np.stack(perms), costs, first_group, last_group


@cache
def _centre_stickers(size: int) -> np.ndarray:
    """Every centre sticker (neither in a face's outer rows nor its outer columns), an odd cube's fixed ones too."""
    index = np.arange(6 * size * size)
    rows, cols = (index % (size * size)) // size, index % size
    return np.flatnonzero((rows % (size - 1) != 0) & (cols % (size - 1) != 0))


@cache
def _wing_places(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each wing to pair (edge by edge) as the stickers (wing on the slot's first face, on its second, reference
    on the first, on the second): the reference is the middle edge on an odd cube, the slot's first wing else."""
    slots = edge_slots(size)  # (12 edges, N-2 places, 2 stickers)
    reference = (size - 2) // 2 if size % 2 else 0
    places = [p for p in range(size - 2) if p != reference]
    wings = slots[:, places, :]
    refs = np.repeat(slots[:, reference : reference + 1, :], len(places), axis=1)
    return wings[..., 0].ravel(), wings[..., 1].ravel(), refs[..., 0].ravel(), refs[..., 1].ravel()


@cache
def _edge_view(size: int, last_two: bool = False) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
    """(edge stickers, the moves' permutations restricted to them, `_wing_places` as indices into them): the
    moves keep edge stickers among edge stickers, so the beam carries only those."""
    edges = np.sort(edge_slots(size).ravel())
    position = np.full(6 * size * size, -1)
    position[edges] = np.arange(len(edges))
    restricted = position[_macros(size, last_two)[1][:, edges]]
    assert (restricted >= 0).all()
    return edges, restricted, tuple(position[w] for w in _wing_places(size))


@cache
def _wing_sources(size: int, last_two: bool = False) -> np.ndarray:
    """(moves, 4, wings): for each move, where the stickers `_wing_places` reads come from (edge-sticker indices),
    so a move's unpaired wings can be counted without building the state after it."""
    _, perms, view = _edge_view(size, last_two)
    return np.ascontiguousarray(np.stack([perms[:, w] for w in view], axis=1))


@nb.njit(cache=True, nogil=True)
def _unpaired_after(beam, sources):
    """(beam states, moves): the wings left unpaired by each move from each state."""
    out = np.zeros((beam.shape[0], sources.shape[0]), dtype=np.int64)
    for b in range(beam.shape[0]):
        state = beam[b]
        for m in range(sources.shape[0]):
            w1, w2, r1, r2 = sources[m, 0], sources[m, 1], sources[m, 2], sources[m, 3]
            count = 0
            for k in range(w1.size):
                if state[w1[k]] != state[r1[k]] or state[w2[k]] != state[r2[k]]:
                    count += 1
            out[b, m] = count
    return out


def prepare(size: int) -> None:
    """Enumerate the search's moves now (a few seconds, once per process) rather than inside the first search."""
    _wing_sources(size)
    _wing_sources(size, last_two=True)


def _wrong(view: tuple[np.ndarray, ...], colours: np.ndarray) -> np.ndarray:
    """Per wing (last axis: edge by edge), whether it does not show its reference's two colours."""
    w1, w2, r1, r2 = view
    return (colours[..., w1] != colours[..., r1]) | (colours[..., w2] != colours[..., r2])


def unpaired_wings(size: int, colours: np.ndarray) -> int:
    """Wings of a whole colouring not showing their reference's colours (one per unpaired 4x4x4 edge)."""
    return int(_wrong(_wing_places(size), colours).sum())


def unpaired_edges(size: int, colours: np.ndarray) -> int:
    """Edges of a whole colouring with a wing not showing its reference's colours."""
    return int(_wrong(_wing_places(size), colours).reshape(12, -1).any(axis=1).sum())


def pairing_turns(
    size: int, colours: np.ndarray, width: int = DEFAULT_WIDTH, stop: Callable[[], bool] = lambda: False
) -> list[BlockTurn]:
    """Centre-keeping turns after which the most wings are paired per turn spent ([] when none helps)."""
    if size not in SIZES:
        raise ValueError(f"this pairing serves the {' and '.join(f'{n}x{n}x{n}' for n in SIZES)} only")
    macros, _, costs, first_group, last_group = _macros(size)
    edges, perms, view = _edge_view(size)
    sources = _wing_sources(size)
    per_wing = COST_PER_WING[size]
    weights = np.random.default_rng(4).integers(1, 2**40, size=len(edges), dtype=np.int64)
    beam = colours[edges][None, :].astype(np.int8)
    spent = np.zeros(1)
    last = np.full(1, -1)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    levels = [(beam, spent, _edges_left(view, beam))]  # every step's states, for the last-two-edges moves
    best = per_wing * float(_wrong(view, beam[0]).sum())
    best_at = (0, 0)
    since_better = 0
    while since_better < PATIENCE and not stop():
        unpaired = _unpaired_after(beam, sources)  # (beam, moves)
        merged = first_group[None, :] == last[:, None]  # the move's first turn joins the previous move's last
        cost = spent[:, None] + costs[None, :] - merged
        flat = (cost + per_wing * unpaired).ravel()
        order = np.argsort(flat, kind="stable")[: 4 * width]
        children = beam[(order // len(macros))[:, None], perms[order % len(macros)]]  # the cheapest states only
        keys = (children.astype(np.int64) * weights).sum(axis=1)
        _, first = np.unique(keys, return_index=True)
        chosen = np.sort(first)[:width]
        keep = order[chosen]
        parents, moves = keep // len(macros), keep % len(macros)
        beam = children[chosen]
        spent = cost.ravel()[keep]
        last = last_group[moves]
        history.append((parents, moves))
        levels.append((beam, spent, _edges_left(view, beam)))
        if flat[keep[0]] < best - 1e-9:
            best, best_at, since_better = float(flat[keep[0]]), (len(history), 0), 0
        else:
            since_better += 1
        if unpaired.min() == 0:
            break
    finish: list[BlockTurn] = []
    if not stop():
        found = _last_two(size, levels, best)
        if found is not None:
            best_at, finish = found
    return beam_path(history, best_at, macros) + finish


def _edges_left(view: tuple[np.ndarray, ...], beam: np.ndarray) -> np.ndarray:
    """Unpaired edges of each beam state."""
    return _wrong(view, beam).reshape(len(beam), 12, -1).any(axis=2).sum(axis=1)


def _last_two(
    size: int, levels: list[tuple[np.ndarray, np.ndarray, np.ndarray]], best: float
) -> tuple[tuple[int, int], list[BlockTurn]] | None:
    """(step and index of a beam state, a seven-turn move pairing its last two edges) beating the estimate `best`,
    the cheapest such, or None. Tried on the LAST_TWO_STATES cheapest states with two edges left."""
    macros, _, costs, _, _ = _macros(size, last_two=True)
    sources = _wing_sources(size, last_two=True)
    places = [(s, int(i)) for s, (_, _, left) in enumerate(levels) for i in np.flatnonzero(left == 2)]
    places.sort(key=lambda place: levels[place[0]][1][place[1]])
    found = None
    for step, index in places[:LAST_TWO_STATES]:
        state, spent = levels[step][0][index], float(levels[step][1][index])
        done = np.flatnonzero(_unpaired_after(state[None, :], sources)[0] == 0)
        if len(done) == 0:
            continue
        move = int(done[np.argmin(costs[done])])
        if spent + costs[move] < best - 1e-9:
            best, found = spent + costs[move], ((step, index), macros[move])
    return found

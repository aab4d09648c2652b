"""Edge pairing: a beam search that joins wings to their edge (an odd cube's middle edge, an even cube's first
wing of the slot) with moves that keep the solved centres, so the 3x3x3 stage then solves them with the edges.

Moves: the 18 outer face turns, and macros S A S' where S turns one inner layer or a block of them on the U-D axis
(carrying wings between the four E-layer edges, several orbits at once for a block) and A is a short outer
sequence that replaces or flips an E-layer edge (R U R', R2 U R2, R U R' F R' F' R, ...); up to 12x12x12 also the
same about the R-L and F-B axes (fewer set-up turns: 5x5x5 about 10% fewer pairing turns). A block symmetric about
the middle (an odd cube's tredge, or the middle layer alone) also gets every one- and two-turn middle: S R2 S' keeps
the centres and joins the wings outside the block to those inside it, both sides at once, in three turns (edge stages
on fixed centre-solved states: 6x6x6 93.0 -> 87.8, 7x7x7 115.0 -> 110.0). Every macro is checked to leave every
centre sticker on its face, and of the macros with one effect on the edges only the shortest is kept. A
wing counts as paired when it shows the same two colours as its slot's reference piece. The search keeps the
`width` distinct edge states with the least estimate (turns so far + a cost per wing unpaired, less JOIN_BONUS per
pair of neighbouring wings in a slot that show the same colours: a block slice later carries such a pair home in
one move, and on the 7x7x7 as much per slot's two wings of one orbit that show the same colours but not the middle
edge's: a block symmetric about the middle later pairs both at once; plus PARITY_COST where an even cube's
reference wings are twelve different edges whose permutation parity differs from the corners', which the 3x3x3
stage would mend with its six-turn exchange: pairing_scores.py) at each step and returns the turns to the state
where the estimate without the joined-pairs bonus was least, or
(`pairing_candidates`) to the few best different states, for the 3x3x3 stage to pick from; the wings left go to
the 3-cycles. A move costs the block turns it adds after the previous one: its first turn merges with the previous
move's last when both turn the
same layers (S' then S: one turn, none when they cancel), so a slice can stay turned across several moves. On the
6x6x6 and 7x7x7 a second, narrow beam that also has the seven-turn S a b c a' b' S' moves (pairing_family.py) goes
on from the first beam's best end states and from its best states a few steps earlier (LATE_WIDTHS).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, face_turn, sequence_permutation
from solvers.nxn.pairing_family import Family, make_family, seven_turn_moves
from solvers.nxn.pairing_scores import corner_parity, edge_lookup, move_corner_parities, move_scores, slot_changes
from solvers.nxn.pieces import Kind, edge_slots, orbits, partner_table

COST_PER_WING = 6.0  # turns the 3-cycle stage spends per wing (about 12 per 3-cycle fixing two)
EVEN_COST_PER_WING = 12.0  # an even cube's unpaired wings also cost the 3x3x3 stage (frame.py repairs its edges)
DEFAULT_WIDTH = 96
WIDTHS = {6: 192, 7: 192}  # wider beams where the time allows (pairing_bench.py, pairing + 3x3x3 + wing cycles):
# 6x6x6 84.5 at 88 states (the budget's), 83.5 at 160, 82.7 at 256; 7x7x7 104.1 at 56, 100.3 at 160, 99.2 at 256
PATIENCE = 3
BUDGET = 32_000_000  # beam width x macros x edge stickers: each step's work (halved above BIG)
BIG = 12
AXES = 3  # slice axes of the macros up to BIG (one above it, for the beam's width)
MAX_SLICES = 24  # S turns the macros are built from (single layers first)
JOIN_BONUS = 1.0  # turns a pair of neighbouring wings joined (not yet paired) is worth to the beam's ranking
# The wide beams of WIDTHS look further with more (pairing + 3x3x3 + wing cycles, 192 states): 6x6x6 84.0 at 1,
# 83.7 at 2, 82.8 at 3, 83.2 at 4.5; 7x7x7 100.4, 99.2, 98.9, 100.7. The 8x8x8's narrow beam: 138.7 -> 148.7 at 3.
JOIN_BONUSES = {6: 3.0, 7: 3.0}
# Sizes that rank by joined pairs (pairing_bench.py, pairing + 3x3x3 stage + wing cycles): 6x6x6 87.5 -> 86.1, 8x8x8
# 167.5 -> 143.3, 10x10x10 283.0 -> 205.7; but 12x12x12 266.3 -> 354.3: its narrow beam (about 20 states) fills with
# joined, unpaired wings and ends with a dozen of them unpaired.
JOIN_UP_TO = 11
# Odd sizes whose first beam's joined pairs include a slot's two wings of one orbit showing the same colours
# (pairing_scores.py's _mirrored_counts): 7x7x7 pairing + 3x3x3 stage + wing cycles on the solver's own
# centre-solved states 103.0 -> 101.7, whole solves 195.3 -> 194.0, for about 0.5 CPU s more a solve (the kernel's
# steps about 1.45 times as long); the second beam counting them too found the same pairings in 0.27 s more.
MIRRORED = {7}
SPREAD = 6.0  # states kept as candidates for the 3x3x3 stage: at most this much above the best estimate
PARITY_COST = 6.0  # the PLL-parity exchange's turns (6x6x6 pairing + 3x3x3 stage + wing cycles: 86.1 -> 84.5)
# The seven-turn moves (pairing_family.py) in a second beam of LATE_WIDTHS states, from the first beam's LATE_STARTS
# best end states and again from its best states LATE_BACK steps before its best (pairing + 3x3x3 stage + wing
# cycles, the solver's own centre-solved states of nxn_bench.py seeds 0-9 / pairing_bench.py's): 6x6x6 85.4 / 83.3
# -> 84.5 / 81.6, 7x7x7 104.3 / 99.0 -> 102.7 / 98.0, for about 1 s and 0.8 s more CPU (S blocks too; single layers
# as now: 84.7 / 81.8 and the same, 0.5 and 0.6 s); from the end states alone 85.1 / 82.0 on the 6x6x6; back 7
# steps, or 48 states, no better. Too many (33,384 and 46,863) for every step.
LATE_WIDTHS = {6: 32, 7: 32}
LATE_STARTS = 16
LATE_BACK = 5
MAX_SYMMETRIC = 2  # blocks symmetric about the middle that get the short middles (the innermost)

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
        for turn in (1, 2, 3):
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


def _symmetric_blocks(size: int) -> list[tuple[int, int]]:
    """Inner blocks symmetric about the middle, (k, N-1-k) for k >= 2 (k = 1 would carry whole edges), the
    innermost MAX_SYMMETRIC of them: a half turn of a side face maps such a block's rows of centre pieces onto
    themselves, so S R2 S' keeps the centres and in three turns joins the wings outside the block to the block's
    (an odd cube's tredge, say) in one slot. More blocks than two cost big cubes time (a 17x17x17's first solve
    30 -> 49 s with all seven) for few turns."""
    innermost = (size - 1) // 2
    return [(k, size - 1 - k) for k in range(max(2, innermost - MAX_SYMMETRIC + 1), innermost + 1)]


def _short_algs() -> list[list[tuple[int, int]]]:
    """Every one- and two-turn outer sequence (faces U R F D L B = 0..5), then the three-turn ones of _outer_algs:
    the middles tried with symmetric blocks, where the centre check keeps far more of them."""
    singles = [[(face, amount)] for face in range(6) for amount in (1, 2, 3)]
    doubles = [a + b for a in singles for b in singles if a[0][0] != b[0][0]]
    return singles + doubles + _outer_algs()


@cache
def _macros(size: int) -> tuple[list[list[BlockTurn]], np.ndarray, np.ndarray]:
    """(turn lists, permutations, costs) of the moves the pairing search uses (centre-preserving, checked)."""
    macros: list[list[BlockTurn]] = [[face_turn(f, q, size)] for f in range(6) for q in (1, 2, 3)]
    for axis, faces in _AXIS_FACES[: AXES if size <= BIG else 1]:
        for (first, last), middles in [(b, _outer_algs()) for b in _slice_blocks(size)] + [
            (b, _short_algs()) for b in _symmetric_blocks(size)
        ]:
            for q in (1, 2, 3):
                s = BlockTurn(axis, first, last, q)
                for alg in middles:
                    macros.append([s] + [face_turn(faces[f], a, size) for f, a in alg] + [s.inverse()])
    macros.sort(key=len)  # the shortest of the moves with one effect is the one kept
    centres = np.concatenate(
        [o.stickers for o in orbits(size) if o.kind in (Kind.CENTRE, Kind.FIXED_CENTRE)] or [np.zeros(0, np.int32)]
    )
    per_face = size * size
    edges = np.sort(edge_slots(size).ravel())
    kept, perms, seen = [], [], set()
    for macro in macros:
        perm = sequence_permutation(size, macro)
        key = perm[edges].tobytes()  # the first (shortest) of the moves with one effect on the edges
        if key not in seen and (perm[centres] // per_face == centres // per_face).all():
            seen.add(key)
            kept.append(macro)
            perms.append(perm)
    costs = np.array([len(m) for m in kept], dtype=np.float64)
    return kept, np.stack(perms), costs


@cache
def _family(size: int) -> Family:
    """The everyday moves as the beam's arrays."""
    macros, perms, _ = _macros(size)
    return make_family(size, macros, perms)


@cache
def late_family(size: int) -> Family:
    """The everyday moves, then the seven-turn S a b c a' b' S' ones with S one of their single inner layers (the
    answers used no block of layers as S; with blocks: 56,334 and 68,946 moves on the 6x6x6 and 7x7x7, 1.0 and
    0.8 s more CPU per pairing; single layers: 33,384 and 46,863, 0.5 and 0.6 s, the same answers on the 7x7x7,
    one of twenty 6x6x6 answers 3 turns longer); an everyday move has the same index in both families."""
    macros, perms, _ = _macros(size)
    edges = np.sort(edge_slots(size).ravel())
    known = {perm[edges].tobytes() for perm in perms}
    layers = [(first, last) for first, last in _slice_blocks(size) + _symmetric_blocks(size) if first == last]
    extra, extra_perms = seven_turn_moves(size, layers, known)
    return make_family(size, macros + extra, np.concatenate([perms, extra_perms]))


@cache
def _joins(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per move: the layer group (axis, first, last) of its first and of its last turn, and their quarters. A
    move whose first turn is on the previous move's last layers merges with it (compact.py): S' then S of the
    same block is one turn less, or two when they cancel, which lets the search keep a slice turned across
    several moves (the "free slice")."""
    macros, _, _ = _macros(size)
    groups = sorted({(t.axis, t.first, t.last) for m in macros for t in m})
    ids = {key: i for i, key in enumerate(groups)}
    first = np.array([ids[(m[0].axis, m[0].first, m[0].last)] for m in macros])
    last = np.array([ids[(m[-1].axis, m[-1].first, m[-1].last)] for m in macros])
    first_quarters = np.array([m[0].quarters for m in macros], dtype=np.int64)
    last_quarters = np.array([m[-1].quarters for m in macros], dtype=np.int64)
    return first, last, first_quarters, last_quarters


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


@cache
def _slot_view(size: int) -> tuple[np.ndarray, int, np.ndarray]:
    """(per move, where the sticker at each slot place on the slot's first face comes from, as (moves, 12, N-2)
    edge-sticker indices; the reference place; each edge sticker's partner): one gather per move gives every
    wing's code after it, so the search counts both the wings paired and the neighbouring wings joined."""
    edges, perms, _ = _edge_view(size)
    position = np.full(6 * size * size, -1)
    position[edges] = np.arange(len(edges))
    partner = position[partner_table(size)[edges]]
    first = position[edge_slots(size)[..., 0]]  # (12, N-2)
    inner = size - 2
    return np.ascontiguousarray(perms[:, first].astype(np.int32)), inner // 2 if size % 2 else 0, partner


@cache
def _slot_identity(size: int) -> tuple[np.ndarray, np.ndarray]:
    """(each slot's own places as `_slot_view` indexes them, the slots each move changes): the beam scores only
    those, the rest keep the parent's counts."""
    edges, _, _ = _edge_view(size)
    position = np.full(6 * size * size, -1)
    position[edges] = np.arange(len(edges))
    own = position[edge_slots(size)[..., 0]].astype(np.int32)
    return own, slot_changes(_slot_view(size)[0], own)


@cache
def _move_parities(size: int) -> np.ndarray:
    """Each macro's corner permutation parity (an even cube's PLL-parity test needs the corners' parity)."""
    return move_corner_parities(size, _macros(size)[1])


def paired_count(size: int, colours: np.ndarray) -> np.ndarray:
    """Wings showing their slot reference's colours, for one colouring or a stack of them (last axis)."""
    w1, w2, r1, r2 = _wing_places(size)
    same = (colours[..., w1] == colours[..., r1]) & (colours[..., w2] == colours[..., r2])
    return same.sum(axis=-1)


def unpaired_wings(size: int, colours: np.ndarray) -> int:
    """Wings of a whole colouring not showing their slot reference's colours (0 below 4x4x4)."""
    return len(_wing_places(size)[0]) - int(paired_count(size, colours)) if size >= 4 else 0


def _paired_edges(view: tuple[np.ndarray, ...], edge_colours: np.ndarray) -> np.ndarray:
    w1, w2, r1, r2 = view
    same = (edge_colours[..., w1] == edge_colours[..., r1]) & (edge_colours[..., w2] == edge_colours[..., r2])
    return same.sum(axis=-1)


def pairing_turns(
    size: int, colours: np.ndarray, width: int | None = None, stop: Callable[[], bool] = lambda: False
) -> list[BlockTurn]:
    """Centre-preserving turns after which the most wings (per turn spent) are paired; [] below 4x4x4."""
    found = pairing_candidates(size, colours, 1, width, stop)
    return found[0] if found else []


def pairing_candidates(
    size: int,
    colours: np.ndarray,
    count: int,
    width: int | None = None,
    stop: Callable[[], bool] = lambda: False,
    late_beam: bool = True,
) -> list[list[BlockTurn]]:
    """Up to `count` turn lists, best first: the beam states of least estimate (turns + a cost per wing left
    unpaired) over the whole search, each a different state, so a later stage can keep the one it finishes
    shortest. `width`: states kept per step (None: WIDTHS, or as many as BUDGET allows). On the sizes of
    LATE_WIDTHS the best states found then go on through a narrow beam that also has the seven-turn moves
    (pairing_family.py), unless `late_beam` is False (a quick look). [] below 4x4x4."""
    if size < 4:
        return []
    family = _family(size)
    edges, _, view = _edge_view(size)
    budget = BUDGET if size <= BIG else BUDGET // 2
    if width is None:  # measured widths, else the default as far as the budget allows
        width = WIDTHS.get(size) or max(2, min(DEFAULT_WIDTH, budget // (len(family.macros) * len(edges))))
    per_wing = COST_PER_WING if size % 2 else EVEN_COST_PER_WING
    parity = corner_parity(size, colours) if len(edge_lookup(size)) else 0
    start = _Beam(colours[edges][None, :], np.zeros(1), np.full(1, -1), np.zeros(1, np.int64), np.zeros(1, bool))
    values = np.array([per_wing * float(len(view[0]) - _paired_edges(view, start.colours[0]))])
    mirrored = size in MIRRORED
    history, seen, levels = _search(size, family, start, np.full(1, parity), values, width, stop, mirrored)
    found = [_found(history, family, entry) for entry in seen]
    late_width = LATE_WIDTHS.get(size, 0) if late_beam else 0
    if late_width and seen and not stop():
        # the best end states, then the best states LATE_BACK steps before the best one's depth: the seven-turn
        # moves pay most in the last steps, where the first beam took three-turn middles with side effects
        back = levels[max(0, seen[0][1] - LATE_BACK)]
        late = _late(size, colours, found, late_width, stop)
        late += _late(size, colours, [_found(history, family, entry) for entry in back], late_width, stop)
        found += late
    found.sort(key=lambda entry: entry.value)
    chosen: dict[int, list[BlockTurn]] = {}  # edge state -> turns, the first (least estimate) of each
    for entry in found:
        if len(chosen) == count:
            break
        chosen.setdefault(entry.key, entry.turns)
    return list(chosen.values())


class _Beam(NamedTuple):
    """One step's states: edge colours, turns spent, and what the next move may merge with (the last move's last
    turn: its layer group, its quarters, whether the move was longer than one turn)."""

    colours: np.ndarray
    spent: np.ndarray
    last: np.ndarray
    last_quarters: np.ndarray
    last_long: np.ndarray


class _Found(NamedTuple):
    """A state the search saw: its estimate, edge state key, turns spent, the turns, the last move's index."""

    value: float
    key: int
    spent: float
    turns: list[BlockTurn]
    last_move: int


def _found(history: list[tuple[np.ndarray, np.ndarray]], family: Family, entry: tuple) -> _Found:
    """A state `_search` saw, (estimate, depth, index, key, spent), with its turns and its last move's index."""
    value, depth, index, key, spent = entry
    last_move = int(history[depth - 1][1][index]) if depth else -1
    return _Found(value, key, spent, _path(history, depth, index, family.macros)[0], last_move)


def _search(
    size: int,
    family: Family,
    beam: _Beam,
    parity: np.ndarray,
    values: np.ndarray,
    width: int,
    stop: Callable[[], bool],
    mirrored: bool = False,
) -> tuple[
    list[tuple[np.ndarray, np.ndarray]],
    list[tuple[float, int, int, int, float]],
    list[list[tuple[float, int, int, int, float]]],
]:
    """The beam over `family`'s moves from the states `beam` (corner parities `parity`, estimates `values`): each
    step's (parents, moves); every state seen within SPREAD of the best estimate as (estimate, depth, index in
    its step's beam, edge state key, turns spent), least estimate first; and the first LATE_STARTS states of each
    step as the beam ranks them (the starts' first), the same way. `mirrored`: joined pairs include a slot's two
    wings of one orbit (MIRRORED)."""
    edges, _, view = _edge_view(size)
    per_wing = COST_PER_WING if size % 2 else EVEN_COST_PER_WING
    weights = np.random.default_rng(4).integers(1, 2**40, size=len(edges), dtype=np.int64)
    total = len(view[0])
    moves_count = len(family.macros)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    keys = (beam.colours.astype(np.int64) * weights).sum(axis=1)
    best_estimate = float(values.min())
    starts = zip(values, keys, beam.spent, strict=True)
    seen = [(float(v), 0, i, int(k), float(c)) for i, (v, k, c) in enumerate(starts)]
    levels = [seen[:LATE_STARTS]]  # each step's best LATE_STARTS states, the starts first
    since_better = 0
    long = family.costs > 1
    join_bonus = JOIN_BONUSES.get(size, JOIN_BONUS) if size <= JOIN_UP_TO else 0.0
    _, reference, partner = _slot_view(size)
    own, _ = _slot_identity(size)
    edge_of = edge_lookup(size)
    colours, spent, last, last_quarters, last_long = beam
    while since_better < PATIENCE and not stop():
        # each wing as one code (its two colours): a move carries a wing's two stickers together, so a child's code
        # at a place is the parent's code where the move takes it from: one gather per move gives every wing's code
        codes = colours.astype(np.int64) * 8 + colours[:, partner]
        paired, joined, mismatch = move_scores(
            codes,
            family.slot_moves,
            own,
            family.touched,
            reference,
            edge_of,
            parity,
            family.move_parity,
            mirrored,
        )
        joins = family.first_group[None, :] == last[:, None]  # S' then S of the same layers: one turn, or none
        cancels = (
            joins & ((family.first_quarters[None, :] + last_quarters[:, None]) % 4 == 0) & long & last_long[:, None]
        )
        cost = spent[:, None] + family.costs[None, :] - joins - cancels
        value = (cost + per_wing * (total - paired) + PARITY_COST * mismatch).ravel()  # worth if the search ends there
        flat = value - join_bonus * joined.ravel()  # how the beam ranks it: joined neighbours pair together later
        head = np.argpartition(flat, min(4 * width, len(flat) - 1))[: 4 * width]
        order = head[np.lexsort((head, flat[head]))]  # the 4 * width least, ties by index: the same on every run
        candidates = colours[(order // moves_count)[:, None], family.perms[order % moves_count]]
        keys = (candidates.astype(np.int64) * weights).sum(axis=1)
        _, unique = np.unique(keys, return_index=True)  # one of each edge state, the cheapest
        chosen = np.sort(unique)[:width]
        keep = order[chosen]
        parents, moves = keep // moves_count, keep % moves_count
        colours = candidates[chosen]
        spent = cost.ravel()[keep]
        last, last_quarters, last_long = family.last_group[moves], family.last_quarters[moves], long[moves]
        parity = (parity[parents] + family.move_parity[moves]) & 1
        history.append((parents, moves))
        values = value[keep]
        top = min(LATE_STARTS, len(keep))
        levels.append([(float(values[i]), len(history), i, int(keys[chosen][i]), float(spent[i])) for i in range(top)])
        seen += [
            (float(v), len(history), i, int(k), float(c))
            for i, (v, k, c) in enumerate(zip(values, keys[chosen], spent, strict=True))
            if v < best_estimate + SPREAD
        ]
        if values.min() < best_estimate - 1e-9:
            best_estimate, since_better = float(values.min()), 0
        else:
            since_better += 1
        if paired.max() == total:
            break
    seen.sort()
    return history, seen, levels


def _late(size: int, colours: np.ndarray, found: list[_Found], width: int, stop: Callable[[], bool]) -> list[_Found]:
    """The LATE_STARTS best different states of the first beam searched on by a beam of `width` states that also
    has the seven-turn moves (pairing_family.py): every state it reached, its turns from the start."""
    family = late_family(size)
    edges, _, _ = _edge_view(size)
    starts: dict[int, _Found] = {}
    for entry in sorted(found, key=lambda entry: entry.value):
        if len(starts) == LATE_STARTS:
            break
        starts.setdefault(entry.key, entry)
    picked = list(starts.values())
    moves = np.array([entry.last_move for entry in picked])
    after = [colours[sequence_permutation(size, entry.turns)] for entry in picked]
    parity = np.array([corner_parity(size, c) if size % 2 == 0 else 0 for c in after], dtype=np.int64)
    beam = _Beam(
        np.stack([c[edges] for c in after]),
        np.array([entry.spent for entry in picked]),
        np.where(moves >= 0, family.last_group[moves], -1),
        np.where(moves >= 0, family.last_quarters[moves], 0),
        np.where(moves >= 0, family.costs[moves] > 1, False),
    )
    values = np.array([entry.value for entry in picked])
    history, seen, _ = _search(size, family, beam, parity, values, width, stop)
    late = []
    for value, depth, index, key, spent in seen:
        if depth:  # not a start
            step = _found(history, family, (value, depth, index, key, spent))
            root = _path(history, depth, index, family.macros)[1]
            late.append(step._replace(turns=picked[root].turns + step.turns))
    return late


def _path(
    history: list[tuple[np.ndarray, np.ndarray]], depth: int, index: int, macros: Sequence[list[BlockTurn]]
) -> tuple[list[BlockTurn], int]:
    """(the turns that led a beam search to the state at (depth, index in its beam), the index of the start state
    they begin at)."""
    path: list[list[BlockTurn]] = []
    for level in range(depth - 1, -1, -1):
        parents, moves = history[level]
        path.append(macros[int(moves[index])])
        index = int(parents[index])
    return [turn for macro in reversed(path) for turn in macro], index


def beam_path(
    history: list[tuple[np.ndarray, np.ndarray]], best_at: tuple[int, int], macros: Sequence[list[BlockTurn]]
) -> list[BlockTurn]:
    """The turns that led a beam search to the state at (depth, index in its beam): each level's (parent index,
    macro index) arrays, read back from that state to the start."""
    return _path(history, best_at[0], best_at[1], macros)[0]

"""The last bar pieces: pure 3-cycles of one orbit at one depth, set up by ring turns that are not undone.

bar_pairing.py's conjugates exchange pieces between bars two 3-cycles at a time, which pairs a dozen pieces
or so cheaply and then stalls: each move then breaks as much as it mends. What is left goes here, piece by piece.
Per orbit of bar pieces a base 3-cycle [X, U Z U'] (X a layer at the bars' depth, Z a deeper layer of the same
axis, U a face: 8 turns, three pieces of that orbit and nothing else moved, checked on the permutation) and, for
every ordered triple of the orbit's positions, the fewest ring turns T (blocks within layers 0..a, which carry
whole bars) that bring it to the base's three positions, by a breadth-first search over triples. T' C T cycles
that triple; the closing T only carries whole bars, which changes no bar's colours, so it is left out, as is
C's own last turn (a ring turn too): a 3-cycle of any three bar pieces costs |T| + 7. A greedy loop takes the
3-cycle with the fewest turns per piece it pairs (bars.unpaired before and after) until none pairs any.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.bar_pairing import pair_bars, ring_blocks
from solvers.nxn.bars import bar_length, bar_stickers
from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, face_turn, invert_sequence, sequence_permutation
from solvers.nxn.pieces import Kind, orbits
from solvers.nxn.triples import SPELLINGS, UNREACHED, distinct_actions, spelled, spellings, triple_search, walk_setup

MAX_BASES = 8  # base 3-cycles per orbit, each with its own set-up table (7x7x7, an earlier beam: 1 -> 8, 57.8 -> 53.8
# for the 3-cycles after the beam; 32 gave 49.4 for four times the tables' time); long bars have many orbits: fewer


@dataclass(frozen=True)
class BarCycles:
    """One orbit of bar pieces: its positions in the flat bar array, its base 3-cycles and their set-up tables."""

    positions: np.ndarray  # (n,) indices into bar_stickers(size, depth).ravel()
    bases: list[list[BlockTurn]]  # base i sends the piece at starts[i][0] to starts[i][1], ... to starts[i][0]
    moves: list[BlockTurn]  # ring turns, one per distinct action on the orbit
    forward: np.ndarray  # (moves, n): local position each move sends a piece to
    via: np.ndarray  # (bases, n, n, n): the last ring turn of the shortest T with T(base's triple) = that triple
    cost: np.ndarray  # (n, n, n): block turns of the cheapest 3-cycle a -> b -> c
    choice: np.ndarray  # (n, n, n): base * 6 + variant achieving it

    def sequence(self, a: int, b: int, c: int) -> tuple[list[BlockTurn], list[BlockTurn]]:
        """Turns that send the piece at a to b, b's to c and c's to a, up to ring turns, and those ring turns:
        the bars (as wholes) go where the second list takes them."""
        base, form = divmod(int(self.choice[a, b, c]), len(SPELLINGS))
        x, y, z, inverted = spelled(a, b, c, form)
        core = invert_sequence(self.bases[base]) if inverted else list(self.bases[base])
        setup = invert_sequence(walk_setup(self.via[base], self.forward, self.moves, x, y, z))
        return setup + core[:-1], setup + [core[-1].inverse()]


def _base_cycles(size: int, depth: int, stickers: np.ndarray) -> list[tuple[list[BlockTurn], tuple[int, int, int]]]:
    """Commutators [X, U Z U'] that cycle three of `stickers` and move nothing else (X a layer at `depth` or its
    mirror, Z a deeper layer of the same axis, U a face across it), each with its cycle; one per cycle."""
    local = {int(s): i for i, s in enumerate(stickers)}
    found: dict[tuple[int, int, int], list[BlockTurn]] = {}
    for axis in Axis:
        faces = [f for f in range(6) if f % 3 != (1, 0, 2)[axis]]  # U R F D L B: faces across the axis
        for layer in (depth, size - 1 - depth):
            for z in range(depth + 1, size - 1 - depth):
                for face in faces:
                    for s in (1, 3, 2):
                        for q in (1, 3):
                            u = face_turn(face, s, size)
                            x, zt = BlockTurn(axis, layer, layer, 1), BlockTurn(axis, z, z, q)
                            turns = [x, u, zt, u.inverse(), x.inverse(), u, zt.inverse(), u.inverse()]
                            gather = sequence_permutation(size, turns)
                            moved = np.nonzero(gather != np.arange(len(gather)))[0]
                            if len(moved) != 3 or any(int(m) not in local for m in moved):
                                continue
                            p0 = int(moved[0])
                            p1 = next(int(m) for m in moved if int(gather[m]) == p0)  # p0's piece comes to p1
                            p2 = next(int(m) for m in moved if int(gather[m]) == p1)
                            found.setdefault((local[p0], local[p1], local[p2]), turns)
    if not found:
        raise RuntimeError(f"no base 3-cycle for the bars at depth {depth} of a {size}x{size}x{size}")
    most = min(MAX_BASES, max(2, 24 // bar_length(size, depth)))
    return [(turns, start) for start, turns in found.items()][:most]


def _ring_turns(size: int, depth: int) -> Iterator[BlockTurn]:
    """Every ring turn: blocks within layers 0..depth (and their mirrors) about each axis, by any amount."""
    for axis in Axis:
        for first, last in ring_blocks(size, depth, True):
            for q in (1, 2, 3):
                yield BlockTurn(axis, first, last, q)


@cache
def bar_cycles(size: int, depth: int) -> tuple[BarCycles, ...]:
    """The 3-cycle tables of every orbit of bar pieces at `depth`."""
    flat = bar_stickers(size, depth).ravel()
    where = np.full(6 * size * size, -1, dtype=np.int64)
    where[flat] = np.arange(len(flat))
    found = []
    for orbit in orbits(size):
        if orbit.kind is not Kind.CENTRE or (where[orbit.stickers] < 0).any():
            continue
        stickers = orbit.stickers.astype(np.int64)
        bases = _base_cycles(size, depth, stickers)
        moves, forward = distinct_actions(size, stickers, _ring_turns(size, depth))
        forms, vias = [], []
        for turns, start in bases:
            table, via = triple_search(forward, start)
            vias.append(via)
            steps = table.astype(np.float64) + len(turns) - 1
            steps[table == UNREACHED] = np.inf
            forms.extend(spellings(steps))
        stacked = np.stack(forms)
        choice = np.argmin(stacked, axis=0)
        cost = np.take_along_axis(stacked, choice[None], axis=0)[0]
        found.append(BarCycles(where[stickers], [t for t, _ in bases], moves, forward, np.stack(vias), cost, choice))
    return tuple(found)


def _targets(bars: np.ndarray) -> np.ndarray:
    """A colour for each bar (24, k colours), four bars a colour, the bars agreeing most with their own first:
    every orbit of bar pieces has four of each colour, so 3-cycles can always reach these targets."""
    counts = (bars[:, :, None] == np.arange(6)[None, None, :]).sum(axis=1)  # (bars, colours)
    target = np.full(len(bars), -1, dtype=np.int64)
    room = np.full(6, len(bars) // 6)
    for index in np.argsort(-counts.ravel(), kind="stable").tolist():
        bar, colour = divmod(index, 6)
        if target[bar] < 0 and room[colour]:
            target[bar], room[colour] = colour, room[colour] - 1
    return target


def finish_bars(
    size: int, depth: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False
) -> list[BlockTurn]:
    """3-cycles of bar pieces until every bar shows its target colour (`_targets`), the fewest turns per piece
    put right first. The targets travel with the bars under the set-up turns."""
    k = bar_length(size, depth)
    if k < 2:
        return []
    bars = bar_stickers(size, depth)
    flat = bars.ravel()
    position = np.full(6 * size * size, -1, dtype=np.int64)
    position[flat] = np.arange(len(flat))
    tables = bar_cycles(size, depth)
    want = np.repeat(_targets(colours[bars]), k)  # per flat bar position
    turns: list[BlockTurn] = []
    while not stop():
        current = colours[flat]
        if (current == want).all():
            break
        best: tuple[float, int, tuple[int, int, int]] | None = None
        for number, table in enumerate(tables):
            here, wanted = current[table.positions], want[table.positions]
            right = here[:, None] == wanted[None, :]  # right[i, j]: the piece at i belongs at j
            gain = right[:, :, None].astype(np.int64) + right[None, :, :] + right.T[:, None, :]
            now = np.diag(right).astype(np.int64)
            gain -= now[:, None, None] + now[None, :, None] + now[None, None, :]
            with np.errstate(divide="ignore", invalid="ignore"):
                score = np.where(gain > 0, table.cost / np.maximum(gain, 1), np.inf)
            pick = np.unravel_index(int(np.argmin(score)), score.shape)
            if np.isfinite(score[pick]) and (best is None or score[pick] < best[0]):
                best = (float(score[pick]), number, (int(pick[0]), int(pick[1]), int(pick[2])))
        if best is None:
            break
        step, carried = tables[best[1]].sequence(*best[2])
        colours = colours[sequence_permutation(size, step)]
        want = want[position[sequence_permutation(size, carried)[flat]]]
        turns += step
    return turns


def pair_depth(size: int, depth: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False) -> list[BlockTurn]:
    """Every bar at `depth` one colour: bar_pairing's beam, then 3-cycles for the pieces it leaves."""
    turns = pair_bars(size, depth, colours, stop)
    return turns + finish_bars(size, depth, colours[sequence_permutation(size, turns)], stop)

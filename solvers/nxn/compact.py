"""Shorten a turn sequence without changing what it does: merge each run of turns about one axis into the fewest
block turns.

Turns about one axis commute, so a run of them is just an amount per layer (mod 4). Written as block turns (any
contiguous range of layers, 1 each) plus a whole-cube rotation (free), the fewest blocks follow from the amounts'
differences between neighbouring layers: a block of amount q over layers l..r adds q at boundary l and -q at
boundary r + 1, and the rotation joins the two outer boundaries into one. Nonzero boundaries must be grouped into
sets summing to 0 mod 4; a set of k boundaries costs k - 1 blocks, so the count is (nonzero boundaries) minus
(most such sets), which for values mod 4 pairs 1 with 3 and 2 with 2 first.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from solvers.nxn.moves import BlockTurn


def compact(turns: Iterable[BlockTurn], size: int) -> list[BlockTurn]:
    """The same permutation in fewest block turns per run of same-axis turns (a rotation may be added, free)."""
    result: list[BlockTurn] = []
    run: list[BlockTurn] = []
    for turn in turns:
        if run and turn.axis != run[0].axis:
            result += _merge_run(run, size)
            run = []
        run.append(turn)
    if run:
        result += _merge_run(run, size)
    return result


def _merge_run(run: list[BlockTurn], size: int) -> list[BlockTurn]:
    axis = run[0].axis
    amounts = np.zeros(size, dtype=np.int64)
    for turn in run:
        amounts[turn.first : turn.last + 1] += turn.quarters
    amounts %= 4
    if not amounts.any():
        return []
    # boundaries 0..size: boundary i is amounts[i] - amounts[i - 1]; the outer ones (0 and size) are one node
    padded = np.concatenate([[0], amounts, [0]])
    boundary = (padded[1:] - padded[:-1]) % 4  # length size + 1
    outer = int((boundary[0] + boundary[size]) % 4)
    nodes = [(0, outer)] + [(i, int(boundary[i])) for i in range(1, size) if boundary[i]]
    nodes = [(i, v) for i, v in nodes if v]
    groups = _zero_sum_groups(nodes)
    blocks: list[BlockTurn] = []
    for group in groups:
        group.sort()
        running = 0
        for (start, value), (end, _) in zip(group, group[1:], strict=False):
            running = (running + value) % 4
            if running:
                blocks.append(BlockTurn(axis, start, end - 1, running))
    realised = np.zeros(size, dtype=np.int64)
    for block in blocks:
        realised[block.first : block.last + 1] += block.quarters
    rest = (amounts - realised) % 4
    assert (rest == rest[0]).all(), "blocks must realise the run up to a whole-cube rotation"
    blocks = _without_rotation(blocks, int(rest[0]), size)
    realised = np.zeros(size, dtype=np.int64)
    for block in blocks:
        realised[block.first : block.last + 1] += block.quarters
    rest = (amounts - realised) % 4
    if rest[0]:
        blocks.append(BlockTurn(axis, 0, size - 1, int(rest[0])))
    return blocks


def _without_rotation(blocks: list[BlockTurn], rest: int, size: int) -> list[BlockTurn]:
    """Replace a block touching an outer face by its complement from the other face where that removes the
    rotation still needed (block q over 0..e is the block -q over e+1..N-1 plus a rotation q): `3Rw x'` is `L'`."""
    result = list(blocks)
    for i, block in enumerate(result):
        if not rest:
            break
        outer = block.first == 0 or block.last == size - 1
        if outer and not block.is_rotation(size) and (rest + block.quarters) % 4 == 0:
            first, last = (block.last + 1, size - 1) if block.first == 0 else (0, block.first - 1)
            result[i] = BlockTurn(block.axis, first, last, 4 - block.quarters)
            rest = 0
    return result


def _zero_sum_groups(nodes: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Partition nodes (position, value mod 4) into the most groups summing to 0 mod 4."""
    by_value: dict[int, list[tuple[int, int]]] = {1: [], 2: [], 3: []}
    for node in nodes:
        by_value[node[1]].append(node)
    groups = []
    ones, twos, threes = by_value[1], by_value[2], by_value[3]
    while ones and threes:
        groups.append([ones.pop(), threes.pop()])
    while len(twos) >= 2:
        groups.append([twos.pop(), twos.pop()])
    rest = ones or threes
    if twos:
        groups.append([twos.pop(), rest.pop(), rest.pop()])
    while rest:
        groups.append([rest.pop() for _ in range(4)])
    return groups

"""A plain recursive IDA* that counts nodes as the optimal search's kernels do: the reference the kernels' node
counts are checked against, bound by bound, with the same heuristic."""

from __future__ import annotations

from solvers.cube import apply_moves
from solvers.cube.moves import Move
from solvers.cube.state import CubeState
from solvers.rubik.optimal.subtrees import PREFIX_LENGTH
from solvers.rubik.twophase_kernel import redundant


def children(state: CubeState, prev: int | None, g: int, bound: int, h_of) -> list[tuple[int, CubeState, int]]:
    """(move, child, its bound) for every move the kernel generates from a node at cost g."""
    out = []
    for m in range(len(Move)):
        if prev is not None and redundant(prev, m):
            continue
        if g + 1 > bound:
            continue
        child = apply_moves(state, [Move(m)])
        out.append((m, child, h_of(child)))
    return out


def plain_ida_nodes(state: CubeState, bound: int, h_of) -> int:
    """The kernel's node count for one bound, by a plain recursive IDA* (the root and first level walked as the
    kernel walks its two-move prefixes: one node per prefix step)."""

    def subtree(node: CubeState, prev: int, g: int) -> int:
        kids = children(node, prev, g, bound, h_of)
        nodes = len(kids)
        for m, child, h in kids:
            if g + 1 + h <= bound and g + 1 < bound:
                nodes += subtree(child, m, g + 1)
        return nodes

    if bound <= PREFIX_LENGTH + 1:
        return subtree(state, -1, 0) if bound > 0 else 0
    nodes = 0
    for first, child1, h1 in children(state, None, 0, bound, h_of):
        for second in range(len(Move)):
            if redundant(first, second):
                continue
            nodes += 1  # the prefix's first step
            if 1 + h1 > bound:
                continue
            nodes += 1  # its second step
            child2 = apply_moves(child1, [Move(second)])
            if 2 + h_of(child2) > bound:
                continue
            nodes += subtree(child2, second, 2)
    return nodes

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


def assert_kernel_matches_plain_ida(state: CubeState, events: list, h_of):
    """Every bound the search exhausted (its DepthExhausted events) has the plain IDA*'s node count with the same
    heuristic `h_of`, at least one bound was exhausted, and the last event is a solution that solves `state`;
    returns that solution."""
    from solvers.rubik.events import DepthExhausted, MoveSolution

    exhausted = [e for e in events if isinstance(e, DepthExhausted)]
    assert exhausted, "the scramble should need more than its start bound"
    for event in exhausted:
        assert event.nodes_at_depth == plain_ida_nodes(state, event.depth, h_of), f"bound {event.depth}"
    answer = events[-1]
    assert isinstance(answer, MoveSolution) and apply_moves(state, answer.moves) == CubeState.solved(3)
    return answer

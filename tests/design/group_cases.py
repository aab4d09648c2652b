"""The hand-made design with piece groups and maxHoles that the Design tab's tests share: two linked rings, single
cubes and a domino, with variable cells beside the rings."""

from __future__ import annotations

from cubeviz.design.draft import PuzzleDraft

RING_A = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]  # a square ring lying flat
RING_B = [(1, y, z) for y in range(1, 4) for z in range(3) if (y, z) != (2, 1)] + [(1, 4, 1)]  # upright, through A
SPARE = [(3, y, 1) for y in range(3)]  # variable cells beside the rings
# (maxHoles, assemblies, solutions with the rings in one group): burrTxt -q -d on the files this design saves;
# without groups no assembly comes apart (the rings stay linked)
LINKED = ((None, 14, 13), (2, 13, 13), (1, 9, 9), (0, 2, 2))


def linked_rings(grouped: bool = True, max_holes: int | None = None) -> PuzzleDraft:
    """Two linked rings (in group 1 when ``grouped``), 0 to 2 single cubes and 0 or 1 domino in a shape of the rings'
    cells and three variable cells."""
    draft = PuzzleDraft(name="linked-rings", title="Linked rings", target=frozenset(RING_A + RING_B + SPARE),
                        variable=frozenset(SPARE), max_holes=max_holes)  # fmt: skip
    draft = draft.with_new_piece(RING_A).with_new_piece(RING_B).with_new_piece().with_new_piece([(0, 0, 0), (1, 0, 0)])
    draft = draft.with_piece(2, draft.pieces[2].with_copies(0, 2)).with_piece(3, draft.pieces[3].with_copies(0, 1))
    if grouped:
        draft = draft.with_piece(0, draft.pieces[0].with_group(1, 1)).with_piece(1, draft.pieces[1].with_group(1, 1))
    return draft

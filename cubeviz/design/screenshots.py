"""The documentation screenshots of the Design tab, made by the app itself so they stay current.

Run: `.venv/bin/python -m cubeviz.design.screenshots [directory]` (default docs/screenshots; needs a display, e.g.
under xvfb-run). Writes design-1366x768.png (the Soma cube being edited, a laptop-sized window) and
design-problem-1920x1080.png (a piece in two parts, named in the findings, on a full-HD window) and
design-colours-1366x768.png (a chequered board and pieces with BurrTools constraint colours, the colour brush chosen)
and design-groups-1366x768.png (two linked rings in one piece group, the ring's groups on the Piece page).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.screenshots import open_window, run, save_grab

REVIEW_MS = 30_000


def save_screenshots(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance()
    paths = []
    for (width, height), name, prepare in (
        ((1366, 768), "design-1366x768.png", _soma_piece),
        ((1920, 1080), "design-problem-1920x1080.png", _broken_piece),
        ((1366, 768), "design-colours-1366x768.png", _coloured_board),
        ((1366, 768), "design-groups-1366x768.png", _linked_rings),
    ):
        window = open_window(3, (width, height))
        try:
            window.tabs.setCurrentWidget(window.designer)
            prepare(window.designer)
            window.designer.wait_for_review(REVIEW_MS)
            app.processEvents()
            paths.append(save_grab(window, directory / name))
        finally:
            window.close()
    return paths


def _soma_piece(designer) -> None:
    designer.start_from("soma")
    designer.model.set_item(3)  # the S tetracube: two layers to paint
    designer.layer.setValue(1)


def _broken_piece(designer) -> None:
    designer.start_box(3, 3, 1)
    designer.panel.add_piece()
    draft = designer.model.draft
    designer.model.apply(draft.with_cells(0, {(0, 0, 0), (1, 0, 0), (2, 1, 0)}), "paint")


def _coloured_board(designer) -> None:
    """A 4x4 chequered board filled by four L tetrominoes whose cubes alternate red and grey: red sits on red and
    grey on grey, so each piece lies only where its colours match the board's."""

    from cubeviz.design.draft import TARGET, PuzzleDraft

    board = frozenset((x, y, 0) for x in range(4) for y in range(4))
    draft = PuzzleDraft(name="chequered-ells", title="Chequered L tetrominoes", target=board)
    draft = draft.with_palette_colour((245, 19, 64)).with_palette_colour((118, 114, 124))
    draft = draft.with_pair(1, 1, True).with_pair(2, 2, True)
    for x, y, z in board:
        draft = draft.with_colour(TARGET, (x, y, z), 1 + (x + y) % 2)
    ell = [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0)]
    draft = draft.with_new_piece(ell)
    for x, y, z in ell:
        draft = draft.with_colour(0, (x, y, z), 1 + (x + y) % 2)
    draft = draft.with_piece(0, replace(draft.pieces[0], count=4, label="L tetromino"))
    designer.model.replace_all(draft, "coloured board")
    designer.brush.choose(1)


def _linked_rings(designer) -> None:
    """Two square rings through each other, in piece group 1 so that they may stay linked when the puzzle is taken
    apart; up to two single cubes and a domino on three variable cells beside them, at most one left empty."""
    from cubeviz.design.draft import PuzzleDraft

    ring_a = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    ring_b = [(1, y, z) for y in range(1, 4) for z in range(3) if (y, z) != (2, 1)] + [(1, 4, 1)]
    spare = [(3, y, 1) for y in range(3)]
    draft = PuzzleDraft(name="linked-rings", title="Linked rings", target=frozenset(ring_a + ring_b + spare),
                        variable=frozenset(spare), max_holes=1)  # fmt: skip
    draft = draft.with_new_piece(ring_a).with_new_piece(ring_b).with_new_piece().with_new_piece([(0, 0, 0), (1, 0, 0)])
    draft = draft.with_piece(2, draft.pieces[2].with_copies(0, 2)).with_piece(3, draft.pieces[3].with_copies(0, 1))
    for index, label in ((0, "flat ring"), (1, "upright ring")):
        piece = draft.pieces[index].with_group(1, 1)
        draft = draft.with_piece(index, replace(piece, label=label))
    designer.model.replace_all(draft, "linked rings")
    designer.model.set_item(1)
    designer.layer.setValue(1)


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())

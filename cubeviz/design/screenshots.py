"""The documentation screenshots of the Design tab, made by the app itself so they stay current.

Run: `.venv/bin/python -m cubeviz.design.screenshots [directory]` (default docs/screenshots; needs a display, e.g.
under xvfb-run). Writes design-1366x768.png (the Soma cube being edited, a laptop-sized window) and
design-problem-1920x1080.png (a piece in two parts, named in the findings, on a full-HD window).
"""

from __future__ import annotations

import sys
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


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())

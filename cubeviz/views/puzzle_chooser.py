"""A combo box of the shipped puzzles grouped by collection (Classic, Pentominoes, Soma figures, ...): each group
opens with a heading that cannot be chosen, so thirty-odd puzzles stay easy to scan. Shared by the Packings and
Design tabs."""

from __future__ import annotations

from functools import cache

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QFont, QStandardItem, QStandardItemModel
from PyQt6.QtWidgets import QComboBox

from solvers.packing.puzzle_io import shipped_collections

FIRST_PUZZLES = ("soma",)  # shown first in their collection
OTHER = "Other"  # heading of the files that name no collection


@cache
def grouped_puzzles() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(collection, names) in the order shown; read once, the shipped files do not change while the app runs."""
    groups = []
    for collection, names in shipped_collections().items():
        first = [n for n in FIRST_PUZZLES if n in names]
        groups.append((collection or OTHER, tuple(first + [n for n in names if n not in first])))
    return tuple(groups)


def fill_puzzle_chooser(combo: QComboBox) -> None:
    """Headings (disabled, bold) and the puzzle names under them; item text is the puzzle's name."""
    model = QStandardItemModel(combo)
    bold = QFont(combo.font())
    bold.setBold(True)
    for collection, names in grouped_puzzles():
        heading = QStandardItem(collection)
        heading.setFlags(Qt.ItemFlag.NoItemFlags)
        heading.setFont(bold)
        model.appendRow(heading)
        for name in names:
            model.appendRow(QStandardItem(name))
    combo.setModel(model)
    combo.setCurrentIndex(1 if model.rowCount() > 1 else 0)

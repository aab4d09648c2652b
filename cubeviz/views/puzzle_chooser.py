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
OPENED = "Opened from a file"  # heading of the one entry naming the puzzle last opened from a file
OPENED_ROLE = Qt.ItemDataRole.UserRole + 1  # set on that entry (and its heading): not a shipped puzzle's name


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


def is_opened_entry(combo: QComboBox, index: int) -> bool:
    """Whether the entry at `index` names the puzzle opened from a file (choosing it again loads nothing)."""
    return bool(combo.itemData(index, OPENED_ROLE))


def show_opened(combo: QComboBox, title: str) -> None:
    """Show `title` as the current entry, under a heading of its own at the end, so the chooser never names a
    shipped puzzle while a file's puzzle is on screen; a later file replaces the entry."""
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    for row in reversed(range(model.rowCount())):
        if model.item(row).data(OPENED_ROLE):
            model.removeRow(row)
    heading = QStandardItem(OPENED)
    heading.setFlags(Qt.ItemFlag.NoItemFlags)
    font = QFont(combo.font())
    font.setBold(True)
    heading.setFont(font)
    heading.setData(True, OPENED_ROLE)
    entry = QStandardItem(title)
    entry.setData(True, OPENED_ROLE)
    entry.setToolTip(title)
    model.appendRow(heading)
    model.appendRow(entry)
    combo.setCurrentIndex(model.rowCount() - 1)

"""A small dialog that asks which problem of a BurrTools file to open (the app's counterpart of `--problem`):
the problems by number and name with their piece counts. Shared by the Packings and Design tabs."""

from __future__ import annotations

from PyQt6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from solvers.packing.burrtools_io import BurrToolsPuzzle, Problem


def problem_line(number: int, problem: Problem) -> str:
    """`2. Another Example: 6 pieces` (a count range shows as `4 to 6 pieces`)."""
    low, high = sum(p.minimum for p in problem.parts), problem.n_pieces
    pieces = f"{high} pieces" if low == high else f"{low} to {high} pieces"
    return f"{number}. {problem.name or '(unnamed)'}: {pieces}"


class ProblemChooser(QDialog):
    """The list of problems; the first is chosen until another is clicked. Double-click or OK opens it."""

    def __init__(self, puzzle: BurrToolsPuzzle, file_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose a problem")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{file_name} holds {len(puzzle.problems)} problems. Open which one?"))
        self.problems = QListWidget()
        for number, problem in enumerate(puzzle.problems, start=1):
            self.problems.addItem(problem_line(number, problem))
        self.problems.setCurrentRow(0)
        self.problems.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> int:
        """The index (from 0) of the problem chosen."""
        return max(self.problems.currentRow(), 0)


def choose_problem(puzzle: BurrToolsPuzzle, file_name: str, parent: QWidget | None = None) -> int | None:
    """The index of the problem to open: the only one without asking, else the one chosen; None when cancelled."""
    if len(puzzle.problems) <= 1:  # none: reading the problem says so
        return 0
    dialog = ProblemChooser(puzzle, file_name, parent)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None

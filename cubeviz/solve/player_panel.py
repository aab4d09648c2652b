"""The solution player's controls: clickable move list, first/back/play/forward/last, a scrubber that can stop
mid-turn, the playing tempo, moves-remaining and 2x2 distance read-out, hint mode ("+1") and copy.

Why only widgets here: the position lives in the PlayerModel and moving the cube is Playback's job, so this panel
just shows the model and forwards clicks; tests can press these buttons and check the cube model.
"""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from cubeviz.models.player_model import PlayerModel
from cubeviz.solve.playback import TEMPOS, Playback
from cubeviz.solve.progress_panel import steady_label

SCRUB_STEPS = 100  # scrubber ticks per move: the scrubber can stop anywhere in a turn
HIDDEN_MOVE = "?"


class PlayerPanel(QWidget):
    """Shows `player` and drives `playback`; `on_tempo(moves_per_second)` is called when the tempo is changed."""

    def __init__(self, player: PlayerModel, playback: Playback, on_tempo: Callable[[float], None], parent=None) -> None:
        super().__init__(parent)
        self.player, self.playback = player, playback
        self.moves = QListWidget()
        self.moves.setViewMode(QListView.ViewMode.IconMode)
        self.moves.setFlow(QListView.Flow.LeftToRight)
        self.moves.setWrapping(True)
        self.moves.setResizeMode(QListView.ResizeMode.Adjust)
        self.moves.setMovement(QListView.Movement.Static)
        self.moves.setSpacing(2)
        self.moves.setMinimumHeight(48)  # two rows of moves: the whole dock still fits a 720-line screen
        self.moves.setMaximumHeight(140)  # three or four rows of moves; the rest of the dock stays compact
        self.moves.setToolTip("Click a move to jump to just after it")
        self.buttons = {name: QToolButton() for name in ("first", "back", "play", "forward", "last")}
        icons = {
            "first": (QStyle.StandardPixmap.SP_MediaSkipBackward, "First (Home)"),
            "back": (QStyle.StandardPixmap.SP_MediaSeekBackward, "Step back (Left)"),
            "play": (QStyle.StandardPixmap.SP_MediaPlay, "Play / pause (Space)"),
            "forward": (QStyle.StandardPixmap.SP_MediaSeekForward, "Step forward (Right)"),
            "last": (QStyle.StandardPixmap.SP_MediaSkipForward, "Last (End)"),
        }
        for name, (icon, tip) in icons.items():
            self.buttons[name].setIcon(self.style().standardIcon(icon))
            self.buttons[name].setToolTip(tip)
        self.scrubber = QSlider(Qt.Orientation.Horizontal)
        self.scrubber.setToolTip("Drag through the solution; it can stop part-way through a turn")
        self.scrubber.setMinimumWidth(90)
        self.tempo = QComboBox()
        self.tempo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for tempo in TEMPOS:
            self.tempo.addItem(f"{tempo:g} moves/s", tempo)
        self.tempo.setToolTip("Playing tempo, in moves per second (turns by hand keep View > Animation Speed)")
        self.show_tempo(playback.tempo)
        self.readout = QLabel()
        steady_label(self.readout)
        self.hint = QCheckBox("Hint mode")
        self.hint.setToolTip("Hide the solution; reveal one move at a time with +1")
        self.reveal = QToolButton()
        self.reveal.setText("+1")
        self.reveal.setToolTip("Reveal the next move (+)")
        self.copy = QToolButton()
        self.copy.setText("Copy")
        self.copy.setToolTip("Copy the solution as text")
        self._layout(on_tempo)
        self._connect(on_tempo)
        self.refresh()

    def _layout(self, on_tempo) -> None:
        # Five buttons on one row, the scrubber and the tempo on the next: beside the buttons the scrubber was
        # squeezed to nothing, and buttons and tempo together set a minimum width wider than a laptop's dock.
        transport = QHBoxLayout()
        for button in self.buttons.values():
            transport.addWidget(button)
        transport.addStretch(1)
        scrub = QHBoxLayout()
        scrub.addWidget(self.scrubber, 1)
        scrub.addWidget(self.tempo)
        extras = QHBoxLayout()
        extras.addWidget(self.hint)
        extras.addWidget(self.reveal)
        extras.addStretch(1)
        extras.addWidget(self.copy)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.moves, 1)
        layout.addLayout(transport)
        layout.addLayout(scrub)
        layout.addWidget(self.readout)
        layout.addLayout(extras)

    def _connect(self, on_tempo) -> None:
        player, playback = self.player, self.playback
        self.buttons["first"].clicked.connect(playback.first)
        self.buttons["back"].clicked.connect(lambda: playback.step(-1))
        self.buttons["play"].clicked.connect(playback.toggle_playing)
        self.buttons["forward"].clicked.connect(lambda: playback.step(1))
        self.buttons["last"].clicked.connect(playback.last)
        self.moves.itemClicked.connect(self._move_clicked)
        self.scrubber.valueChanged.connect(self._scrubbed)
        self.tempo.currentIndexChanged.connect(lambda _i: on_tempo(self.tempo.currentData()))
        self.hint.toggled.connect(player.set_hint_mode)
        self.reveal.clicked.connect(player.reveal_next)
        player.solution_changed.connect(self.refresh)
        player.position_changed.connect(lambda _p: self._show_position())
        player.revealed_changed.connect(lambda _n: self._show_moves())
        playback.synced_changed.connect(lambda _s: self._show_position())
        playback.playing_changed.connect(self._show_playing)

    # -- showing the model ---------------------------------------------------------------------------------------
    def show_tempo(self, tempo: float) -> None:
        """Select the offered tempo nearest `tempo`, without calling back."""
        nearest = min(range(len(TEMPOS)), key=lambda i: abs(TEMPOS[i] - tempo))
        self.tempo.blockSignals(True)
        self.tempo.setCurrentIndex(nearest)
        self.tempo.blockSignals(False)

    def refresh(self) -> None:
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, len(self.player.moves) * SCRUB_STEPS)
        self.scrubber.blockSignals(False)
        self._show_moves()
        self._show_position()

    def _show_moves(self) -> None:
        player = self.player
        self.moves.clear()
        for k, label in enumerate(player.labels):
            item = QListWidgetItem(label if k < player.revealed else HIDDEN_MOVE)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            item.setData(Qt.ItemDataRole.UserRole, k)
            item.setToolTip(f"Move {k + 1}" if k < player.revealed else "Hidden (hint mode): press +1")
            self.moves.addItem(item)
        self.reveal.setEnabled(player.hint_mode and player.revealed < len(player.moves))
        self._highlight()

    def _highlight(self) -> None:
        """Select the move last played (none at the start), so the list reads as 'done up to here'."""
        self.moves.blockSignals(True)
        self.moves.clearSelection()
        row = self.player.position - 1
        if 0 <= row < self.moves.count():
            self.moves.setCurrentRow(row)
            self.moves.scrollToItem(self.moves.item(row))
        else:
            self.moves.setCurrentRow(-1)
        self.moves.blockSignals(False)

    def _show_position(self) -> None:
        player, synced = self.player, self.playback.synced
        self.scrubber.blockSignals(True)
        self.scrubber.setValue(int(round((player.position + player.fraction) * SCRUB_STEPS)))
        self.scrubber.blockSignals(False)
        self._highlight()
        usable = player.has_solution and synced
        for name, button in self.buttons.items():
            at_start, at_end = player.position == 0, player.remaining == 0
            blocked = (name in ("first", "back") and at_start) or (name in ("forward", "last", "play") and at_end)
            button.setEnabled(usable and not blocked)
        self.buttons["play"].setEnabled(usable and (player.remaining > 0 or self.playback.playing))
        for widget in (self.scrubber, self.moves):
            widget.setEnabled(usable)
        self.copy.setEnabled(player.has_solution)
        self.readout.setText(self.readout_text())

    def readout_text(self) -> str:
        player = self.player
        if not player.has_solution:
            return "No solution loaded."
        if not self.playback.synced:
            return "The cube has left this solution's path: undo back to it, or Solve again."
        parts = [f"Move {player.position} of {len(player.moves)}", f"{player.remaining} to go"]
        if player.length != len(player.moves):
            parts.append(f"{player.length} {player.metric.upper()} in all")
        distance = player.distance_at(player.position)
        if distance is not None:
            parts.append(f"distance to solved {distance} ({player.metric.upper()})")
        return " \N{MIDDLE DOT} ".join(parts)

    def _show_playing(self, playing: bool) -> None:
        icon = QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        self.buttons["play"].setIcon(self.style().standardIcon(icon))
        self._show_position()

    # -- user input ----------------------------------------------------------------------------------------------
    def _move_clicked(self, item: QListWidgetItem) -> None:
        k = int(item.data(Qt.ItemDataRole.UserRole))
        if k < self.player.revealed:
            self.playback.set_playing(False)
            self.playback.go_to(k + 1)
        else:
            self._highlight()

    def _scrubbed(self, value: int) -> None:
        self.playback.set_playing(False)
        position, rest = divmod(value, SCRUB_STEPS)
        self.playback.go_to(position, rest / SCRUB_STEPS, animate=False)

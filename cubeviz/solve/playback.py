"""Playback: moves the main cube along the player's solution, and follows the cube when it moves by other means.

Design (see docs/player.md): every step forward is an ordinary turn of the cube model, so it animates in the 3D
view and lands in the undo history; a step back undoes that step when it is the last thing in the history (else it
turns the inverse), so the history holds exactly the moves played. After playing to the end the cube is solved
with a normal history and can be turned on. Whenever the cube changes by other means (a hand turn, undo, redo),
the player looks for that state on its path: found, the position follows (undo is a step back); not found, the
player is "off the path" and its controls wait until the cube comes back or a new solve is loaded.
"""

from __future__ import annotations

import time
from contextlib import nullcontext

from PyQt6.QtCore import QObject, QTimer, pyqtSignal

from cubeviz.models.cube_model import CubeModel, EntryKind
from cubeviz.models.player_model import PlayerModel

TICK_MS = 15
TEMPOS = (0.5, 1.0, 1.6, 2.5, 4.0, 8.0)  # moves per second offered to the user
DEFAULT_TEMPO = 1.6  # a pace a person can follow: each move a separate turn, then a short rest
TURN_SHARE = 0.55  # of each move's time, the share spent turning (a half turn takes 1.5x); the rest is a rest
LONGEST_QUARTER_TURN = 0.6  # seconds: at slow tempos the turns stay brisk and the rests grow instead
LONGEST_ANIMATED_JUMP = 40  # turns: a longer jump (a big cube's Last) lands at once, announced as one change


class Playback(QObject):
    """Drives `cube` (and its `view`: animation, held mid-turns) from `player`. Signals: `synced_changed(bool)`,
    `playing_changed(bool)`."""

    synced_changed = pyqtSignal(bool)
    playing_changed = pyqtSignal(bool)

    def __init__(self, player: PlayerModel, cube: CubeModel, view, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player, self.cube, self.view = player, cube, view
        self.synced = False
        self.playing = False
        self.tempo = DEFAULT_TEMPO  # moves per second while playing; single steps keep the view's own speed
        self._driving = False
        self._last_step = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        cube.changed.connect(self._cube_changed)
        cube.size_changed.connect(lambda _size: player.clear())
        player.solution_changed.connect(self._cube_changed)

    # -- commands ------------------------------------------------------------------------------------------------
    def go_to(self, target: int, fraction: float = 0.0, animate: bool = True) -> None:
        """Move the cube to `target` moves into the solution (`fraction` into the next one: held, not animated)."""
        player = self.player
        if not self.synced:
            return
        target = max(0, min(len(player.moves), target))
        self._driving = True
        quiet = abs(target - player.position) > LONGEST_ANIMATED_JUMP
        try:
            with self.cube.quietly() if quiet else nullcontext():
                self._move_cube(player.position, target)
        finally:
            self._driving = False
        player.set_position(target, fraction)
        if not animate or fraction > 0.0:
            self.view.finish_animation()
        self.view.hold_turn(player.moves[target] if fraction > 0.0 else None, fraction)

    def _move_cube(self, position: int, target: int) -> None:
        """Turn the cube from `position` moves into the solution to `target`: forward by turns, back by undo."""
        for k in range(position, target):
            self.cube.apply_turn(self.player.moves[k])
        for k in range(position - 1, target - 1, -1):
            self._step_back(k)

    def step(self, delta: int) -> None:
        self.go_to(self.player.position + delta)

    def first(self) -> None:
        self.set_playing(False)
        self.go_to(0)

    def last(self) -> None:
        self.set_playing(False)
        self.go_to(len(self.player.moves))

    def set_playing(self, on: bool) -> None:
        on = on and self.synced and self.player.remaining > 0
        if on == self.playing:
            return
        self.playing = on
        if on:
            if self.player.fraction:
                self.go_to(self.player.position)  # let go of a held mid-turn first
            self._last_step = 0.0
            self._timer.start()
        else:
            self._timer.stop()
        self.playing_changed.emit(on)

    def toggle_playing(self) -> None:
        self.set_playing(not self.playing)

    def set_tempo(self, moves_per_second: float) -> None:
        self.tempo = min(max(moves_per_second, TEMPOS[0]), TEMPOS[-1])

    def quarter_turn_seconds(self) -> float:
        """How long a played quarter turn takes at this tempo (0 when the view animates nothing)."""
        if self.view.animator.seconds_per_quarter <= 0:
            return 0.0
        return min(TURN_SHARE / self.tempo, LONGEST_QUARTER_TURN)

    # -- internals -----------------------------------------------------------------------------------------------
    def _step_back(self, k: int) -> None:
        """Undo move k (which took state k to k + 1): pop it from the history when it is on top, else turn back."""
        turn = self.player.moves[k]
        history = self.cube.history
        top = history[-1] if history else None
        if (
            top is not None
            and top.kind is EntryKind.TURNS
            and top.turns == (turn,)
            and top.before == self.player.state_at(k)
            and self.cube.undo_stack.canUndo()
        ):
            self.cube.undo_stack.undo()
        else:
            self.cube.apply_turn(turn.inverse())

    def _tick(self) -> None:
        """One move every 1/tempo seconds, each turned at the tempo's own pace, whatever the view's speed for
        hand turns; a move never starts before the last one has landed."""
        if not self.playing or self.view.animating:
            return
        now = time.perf_counter()
        if self._last_step and now - self._last_step < 1.0 / self.tempo:
            return
        if self.player.remaining <= 0:
            self.set_playing(False)
            return
        animator = self.view.animator
        hand_speed = animator.seconds_per_quarter
        animator.seconds_per_quarter = self.quarter_turn_seconds()
        try:
            self._last_step = now
            self.step(1)
        finally:
            animator.seconds_per_quarter = hand_speed
        if self.player.remaining <= 0:
            self.set_playing(False)

    def _cube_changed(self) -> None:
        if self._driving:
            return
        player = self.player
        synced = False
        if player.has_solution and self.cube.size == player.start_state.size:
            position = player.position_of(self.cube.state)
            if position is not None:
                synced = True
                player.set_position(position)
        if not synced:
            self.set_playing(False)
        if synced != self.synced:
            self.synced = synced
            self.synced_changed.emit(synced)

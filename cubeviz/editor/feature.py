"""The Editor joined to the window: its tab, File and Edit entries, dropped cube files, and what it offers other
features (`NetEditing`: the painted net as a goal, free colouring, opening a cube file)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PyQt6.QtGui import QKeySequence

from cubeviz.actions import ActionSpec
from cubeviz.editor.panel import EditorPanel
from cubeviz.editor.transfer import (
    CubeFileDrop,
    copy_to_clipboard,
    open_dialog,
    open_path,
    paste_from_clipboard,
    save_dialog,
)
from solvers.goals.goal import GoalError

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

FILE_ENTRIES = [  # above File > New
    ActionSpec("editor_open", "&Open Cube File...", QKeySequence.StandardKey.Open),
    ActionSpec("editor_save", "&Save Cube File...", QKeySequence.StandardKey.Save),
]
EDIT_ENTRIES = [
    ActionSpec("editor_show", "Enter Cube by &Hand", "Ctrl+E"),
    ActionSpec("editor_paste", "&Paste Cube String", "Ctrl+Shift+V"),
    ActionSpec("editor_copy", "Copy Cube as &String", "Ctrl+Shift+K"),
]


class EditorOffer:
    """The editor as other features see it (`host.shared.net_editor`): no feature holds the panel itself."""

    def __init__(self, panel: EditorPanel, show: Callable[[], None]) -> None:
        self._panel = panel
        self._show = show
        self.colouring_changed = panel.colouring_changed

    def goal_pattern(self) -> str:
        model = self._panel.model
        verdict = model.verdict
        if verdict.pattern is not None:
            return verdict.pattern
        if verdict.state is not None and model.size == 3:
            return model.face_letters()  # a whole painted cube: reach exactly that state
        first_line = verdict.message.splitlines()[0] if verdict.message else "no pattern"
        raise GoalError(f"the Editor's net is no goal pattern ({first_line})")

    def colouring(self) -> str:
        return self._panel.colouring()

    def recolouring(self) -> bool:
        return self._panel.model.recolour

    def start_recolouring(self) -> None:
        self._panel.set_recolour_mode(True)
        self._show()

    def open_file(self, path: str) -> None:
        self._show()
        open_path(self._panel, path)


def install(host: FeatureHost) -> None:
    panel = EditorPanel(host.model, host.scheme, host.set_size, host.rng, host.parent_widget)
    host.add_tab(panel, "Editor", with_cube_docks=False)  # it has its own net and 3D preview

    def show_editor() -> None:
        host.show_tab(panel)

    panel.status.connect(host.show_status)
    panel.applied.connect(lambda _state: host.show_tab(host.cube_view))
    host.scheme_changed.connect(panel.set_scheme)
    drop = CubeFileDrop(panel, show_editor, host.parent_widget)
    host.accept_drops(drop)

    def then_show(action: Callable[[EditorPanel], object]) -> Callable[[], None]:
        def run() -> None:
            action(panel)
            show_editor()

        return run

    host.add_actions(
        "File", FILE_ENTRIES, {"editor_open": then_show(open_dialog), "editor_save": then_show(save_dialog)}, "new"
    )
    handlers = {
        "editor_show": show_editor,
        "editor_paste": then_show(paste_from_clipboard),
        "editor_copy": lambda: copy_to_clipboard(panel),
    }
    host.add_actions("Edit", EDIT_ENTRIES, handlers)
    host.shared.net_editor = EditorOffer(panel, show_editor)
    host.publish("net_editor", panel)
    host.publish("editor_drop", drop)

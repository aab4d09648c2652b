"""The optimal solver's table tier as a user setting: Solve > Optimal Solver Tables > Standard | Large.

Why a confirmation, and a refusal: the large tier costs gigabytes of memory and a first build of many minutes,
so the menu says both before anything starts, and a machine without the free memory is told so at once (and
keeps the standard tables) instead of finding out halfway through a build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PyQt6.QtCore import QObject
from PyQt6.QtWidgets import QMessageBox

from cubeviz.actions import choice_menu
from cubeviz.settings import OPTIMAL_TABLES
from solvers.rubik.table_tiers import TIER_COST, NotEnoughMemory, TableTier, check_memory, describe, gigabytes

if TYPE_CHECKING:
    from PyQt6.QtWidgets import QMenu, QWidget

    from cubeviz.feature_host import FeatureHost
    from cubeviz.solve.solve_runner import SolveSession

Ask = Callable[[str, str], bool]  # (title, text) -> the user agreed
Tell = Callable[[str, str], None]

TIER_TEXT = {
    TableTier.STANDARD: f"&Standard ({describe(TableTier.STANDARD)})",
    TableTier.LARGE: f"&Large, fastest ({describe(TableTier.LARGE)})",
}


class TableTierSetting(QObject):
    """The menu, the saved choice, and the session it applies to (its `tables_tier`)."""

    def __init__(self, host: FeatureHost, session: SolveSession, menu: QMenu,
                 ask: Ask | None = None, tell: Tell | None = None) -> None:  # fmt: skip
        super().__init__(host.parent_widget)
        self.host = host
        self.session = session
        self.ask = ask or (lambda title, text: _ask(host.parent_widget, title, text))
        self.tell = tell or (lambda title, text: QMessageBox.warning(host.parent_widget, title, text))
        saved = host.settings.text(OPTIMAL_TABLES, TableTier.STANDARD.value)
        tier = TableTier(saved) if saved in TableTier._value2member_map_ else TableTier.STANDARD
        self.session.tables_tier = tier
        options = [(TIER_TEXT[t], t) for t in TableTier]
        self.group = choice_menu(menu, "Optimal Solver &Tables", options, tier, self.choose)

    @property
    def tier(self) -> TableTier:
        return TableTier(self.session.tables_tier)

    def choose(self, tier: TableTier, available: int | None = None) -> bool:
        """Switch to `tier` if the user agrees and the machine has the memory; returns whether it switched (the
        menu shows the tier in use either way)."""
        tier = TableTier(tier)
        if tier is TableTier.LARGE and self.tier is not TableTier.LARGE:
            from cubeviz.models.table_memory import loaded_table_bytes

            try:
                check_memory(tier, loaded_table_bytes(), available, building=not _large_cached())
            except NotEnoughMemory as exc:
                self.tell("Large tables unavailable", f"Keeping the standard tables: {exc}.")
                self._show(self.tier)
                return False
            cost = TIER_COST[tier]
            text = (f"The large tables take {gigabytes(cost.memory_bytes)} of memory while loaded. The first optimal "
                    f"solve that uses them builds them once, in about {cost.build_minutes} minutes on two cores "
                    "(with progress, and it can be cancelled); later solves load them in seconds and search far "
                    "fewer positions. Use the large tables?")  # fmt: skip
            if not self.ask("Use the large tables?", text):
                self._show(self.tier)
                return False
        self.session.tables_tier = tier
        self.host.settings.set(OPTIMAL_TABLES, tier.value)
        self._show(tier)
        return True

    def _show(self, tier: TableTier) -> None:
        for action in self.group.actions():
            action.setChecked(action.data() == tier)


def _large_cached() -> bool:
    from solvers.rubik.optimal.optimal_tables import LARGE
    from solvers.tables import table_spec

    return table_spec(LARGE).is_cached()


def _ask(parent: QWidget, title: str, text: str) -> bool:
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    return QMessageBox.question(parent, title, text, buttons) == QMessageBox.StandardButton.Yes

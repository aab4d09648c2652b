"""Solve > Optimal Solver Tables: the menu states each tier's memory and build time, the large tier is refused
on a machine without the free memory and taken only when the user agrees, the choice is remembered and reaches
the optimal HTM solver alone, a solve refused for memory says so; the status bar shows the resident size."""

from __future__ import annotations

from solve_helpers import make_window, solve_and_wait

from cubeviz.main_window import MainWindow
from cubeviz.settings import OPTIMAL_TABLES
from cubeviz.solve import SolverChoice
from solvers.cube.notation import parse_algorithm
from solvers.rubik.table_tiers import TableTier


def _tier_menu(window: MainWindow):
    solve_menu = window.menus["Solve"]
    return next(a.menu() for a in solve_menu.actions() if a.menu() and "Tables" in a.text())


def _calls(answer: bool | None = None):
    calls: list[tuple[str, str]] = []

    def record(title: str, text: str):
        calls.append((title, text))
        return answer

    return calls, record


def test_menu_states_memory_and_build_time_and_starts_standard(qtbot):
    window = make_window(qtbot, 3)
    texts = [action.text() for action in _tier_menu(window).actions()]
    assert len(texts) == 2
    assert "Standard" in texts[0] and "1.5 GB" in texts[0] and "minutes" in texts[0]
    assert "Large" in texts[1] and "5.2 GB" in texts[1] and "minutes" in texts[1]
    assert [a.isChecked() for a in _tier_menu(window).actions()] == [True, False]
    assert window.solve_feature.session.tables_tier is TableTier.STANDARD


def test_status_bar_shows_tables_and_resident_size(qtbot):
    from solvers.rubik.rubik_tables import default_tables

    window = make_window(qtbot, 3)
    default_tables().compact("htm")  # some table loaded (2 MB)
    window.solve_feature.show_table_memory()
    label = window.solve_feature.table_memory
    assert label.text().startswith("Tables: ") and "resident)" in label.text() and not label.isHidden()


def test_too_little_memory_is_refused_and_changes_nothing(qtbot):
    window = make_window(qtbot, 3)
    setting = window.solve_feature.table_tier
    told, tell = _calls()
    asked, ask = _calls(True)
    setting.tell, setting.ask = tell, ask
    assert not setting.choose(TableTier.LARGE, available=1_500_000_000)
    assert asked == [] and len(told) == 1 and "1.5 GB available" in told[0][1] and "need" in told[0][1]
    assert setting.tier is TableTier.STANDARD and window.settings.text(OPTIMAL_TABLES, "") == ""
    assert [a.isChecked() for a in _tier_menu(window).actions()] == [True, False]


def test_large_tier_only_when_the_user_agrees_and_it_is_remembered(qtbot):
    window = make_window(qtbot, 3)
    setting = window.solve_feature.table_tier
    asked, setting.ask = _calls(False)
    assert not setting.choose(TableTier.LARGE, available=64_000_000_000)
    assert len(asked) == 1 and "5.2 GB" in asked[0][1] and "minutes" in asked[0][1]
    assert setting.tier is TableTier.STANDARD
    setting.ask = lambda title, text: True
    assert setting.choose(TableTier.LARGE, available=64_000_000_000)
    assert [a.isChecked() for a in _tier_menu(window).actions()] == [False, True]
    session = window.solve_feature.session
    session.heuristic = None  # what the user's app runs with
    assert session.engine_options(SolverChoice.OPTIMAL_HTM)["heuristic"] == "large"
    for other in (SolverChoice.OPTIMAL_QTM, SolverChoice.TWOPHASE):  # the large table holds HTM distances
        assert session.engine_options(other)["heuristic"] is None
    again = make_window(qtbot, 3)  # a new window (the next start) reads the choice back
    assert again.solve_feature.session.tables_tier is TableTier.LARGE
    assert setting.choose(TableTier.STANDARD) and again.settings.text(OPTIMAL_TABLES) == "standard"


def test_a_solve_refused_for_memory_says_why(qtbot, monkeypatch):
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.OPTIMAL_HTM)
    feature.session.heuristic = None
    feature.session.tables_tier = TableTier.LARGE
    monkeypatch.setattr("solvers.rubik.table_tiers.available_memory", lambda: 1_000_000_000)
    window.model.scramble_with_moves(parse_algorithm("R U", 3), "test")
    status = solve_and_wait(qtbot, window)
    assert "large tables need" in status and "1.0 GB available" in status
    assert "Solve failed" in window.statusBar().currentMessage()


def test_release_solver_tables_frees_every_engines_tables_and_the_2x2_solver(qtbot):
    """After a 2x2 solve (its God's table and solver) and a 3x3 table loaded, Solve > Release Solver Tables leaves
    nothing in the registry, no 2x2 solver alive, the read-out hidden; the next 2x2 solve loads them again."""
    import weakref

    from solvers.pocket.solve import solver
    from solvers.rubik.rubik_tables import default_tables
    from solvers.tables import process_tables

    window = make_window(qtbot, 2)
    window.model.apply_text("R U F'")
    assert solve_and_wait(qtbot, window) == ""
    default_tables().compact("htm")
    pocket = weakref.ref(solver("htm"))
    assert pocket() is not None and process_tables().memory()["pocket-gods-htm"] == 3_674_160
    window.solve_feature.actions["solve_release"].trigger()
    assert process_tables().loaded_bytes() == 0 and pocket() is None
    assert window.solve_feature.table_memory.isHidden()
    assert solve_and_wait(qtbot, window) == "" and window.player_model.length == 3

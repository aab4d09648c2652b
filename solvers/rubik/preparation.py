"""What a 3x3x3 search needs before its first node: its tables, loaded or built one by one with progress, and its
compiled kernels, warmed on a one-move cube; each stage timed apart from the search.

Why apart from the searches: on a fresh machine the tables take a minute to build and the kernels seconds to
compile, and a caller (the app's Solve dock, `cubeviz-solve prepare`) should say which of these is happening, how
far it is and how long it has left, and should report the search's own time without them. The searches stay
unchanged: `prepare_search` runs the same preparation functions they do (`prepare_twophase_tables`,
`optimal.prepare_tables`) and then the search itself, on a cube one move from solved, so that numba compiles (or
loads from its disk cache) exactly the kernels and argument types the real search will use.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solvers.engine import Metric, Progress, StopFlag, search_metric
from solvers.rubik.rubik_tables import RubikTables
from solvers.rubik.warmup import kernel_cached, search_kernels, warm_kernels, warm_optimal, warm_twophase
from solvers.tables import BuildCancelled, table_spec
from solvers.time_left import describe_size

Report = Callable[[object], None]


@dataclass(frozen=True)
class TableProgress(Progress):
    """A table being loaded or built: `fraction` done of this table and the builder's words (`message`); where
    the plan is known, it is table `index` of `count` (from 1; 0 when unknown), `title` in words, `size_bytes`
    (the file's, or the expected size of a table being built; None when unknown) and whether it is `building`."""

    fraction: float
    message: str
    index: int = 0
    count: int = 0
    title: str = ""
    size_bytes: int | None = None
    building: bool = False


@dataclass(frozen=True)
class Prepared(Progress):
    """Everything the search reads is ready: seconds spent on tables and on the kernels (a search's own times
    exclude both), and the names of the tables built (not merely loaded) on the way."""

    table_seconds: float
    compile_seconds: float
    built: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlannedTable:
    """One table a preparation loads: its cache name, and the RubikTables method (with arguments) that loads it."""

    name: str
    method: str
    args: tuple[Any, ...]


class _Blank:
    """Stands for a table while a plan is recorded: any index, attribute or call gives another blank."""

    def __getitem__(self, key: object) -> _Blank:
        return self

    def __getattr__(self, name: str) -> _Blank:
        return self

    def __call__(self, *args: object, **kwargs: object) -> _Blank:
        return self


class _PlanRecorder:
    """Mixed into a RubikTables class (see `table_plan`): it loads nothing; each method that would load a table
    records its name, method and arguments (dependencies first, as a real run loads them) and returns a blank."""

    def __init__(self) -> None:
        super().__init__()
        self.plan: list[PlannedTable] = []
        self._calls: list[list[Any]] = []

    def __getattribute__(self, attr: str) -> Any:
        value = super().__getattribute__(attr)
        if attr.startswith("_") or attr in _NOT_LOADERS or not callable(value):
            return value
        calls, plan = super().__getattribute__("_calls"), super().__getattribute__("plan")

        def recorded(*args: Any) -> Any:
            call: list[Any] = [attr, args, None]
            calls.append(call)
            try:
                return value(*args)
            finally:
                calls.pop()
                if call[2] is not None and all(item.name != call[2] for item in plan):
                    plan.append(PlannedTable(str(call[2]), attr, args))

        return recorded

    def _get(self, name: str, builder: Callable) -> _Blank:
        if self._calls:
            self._calls[-1][2] = name
        return _Blank()

    def corner_splits(self) -> _Blank:
        self.corner_combs()
        return _Blank()

    def flipslice_moves(self) -> _Blank:
        self.moves()
        return _Blank()

    def has_loaded(self, name: str) -> bool:
        return False

    def loaded_bytes(self) -> int:
        return 0


_NOT_LOADERS = frozenset({"report_progress_to", "loaded_bytes", "has_loaded", "is_cached", "forget"})


def table_plan(
    prepare: Callable[[RubikTables], object], kind: type[RubikTables] = RubikTables
) -> list[PlannedTable] | None:
    """The tables `prepare(tables)` loads from tables of class `kind`, in the order it loads them; None when it
    cannot be told without loading them (a preparation that computes with a table's contents)."""
    recorder = type("PlanRecorder", (_PlanRecorder, kind), {})()
    try:
        prepare(recorder)
    except Exception:  # noqa: BLE001 - a plan is a nicety: without one the tables load unnumbered
        return None
    return recorder.plan


def load_tables(
    tables: RubikTables, prepare: Callable[[RubikTables], object], report: Report, stop: StopFlag | None = None
) -> tuple[float, tuple[str, ...]]:
    """Load (or build) what `prepare` loads, table by table, each reporting TableProgress with its number of the
    plan's count; raises BuildCancelled when `stop` is set. Returns the seconds taken and the names built."""
    plan = table_plan(prepare, type(tables)) or []
    started = time.perf_counter()
    built: list[str] = []

    def reporter(index: int, item: PlannedTable | None, size: int | None, building: bool):
        title = (table_spec(item.name).title or item.name) if item is not None else ""

        def progress(fraction: float, message: str) -> None:
            if stop is not None and stop.is_set():
                raise BuildCancelled("stopped while preparing the tables")
            report(TableProgress(fraction, message, index, len(plan), title, size, building))

        return progress

    try:
        for index, item in enumerate(plan, 1):
            if tables.has_loaded(item.name):
                continue
            building = not tables.is_cached(item.name)
            size = table_spec(item.name).size_bytes if building else _file_size(item.name)
            progress = reporter(index, item, size, building)
            progress(0.0, "building" if building else "loading")
            tables.report_progress_to(progress)
            getattr(tables, item.method)(*item.args)
            if building:
                built.append(item.name)
        tables.report_progress_to(reporter(0, None, None, False))
        prepare(tables)  # whatever the plan did not show (nothing, when it is whole)
    finally:
        tables.report_progress_to(None)  # the tables outlive this preparation; its reporter must not
    return time.perf_counter() - started, tuple(built)


def _file_size(name: str) -> int | None:
    try:
        path = table_spec(name).cached_file()
        return path.stat().st_size if path is not None else None
    except OSError:
        return None


def prepare_search(
    tables: RubikTables,
    report: Report,
    stop: StopFlag | None = None,
    *,
    optimal: bool = False,
    metric: Metric | str = Metric.HTM,
    heuristic: str | None = None,
) -> Prepared:
    """Tables, then kernels, for the two-phase search (`optimal=False`) or the optimal search with `metric` and
    `heuristic`: what `solve` would otherwise do inside its first seconds, reported and timed."""
    from solvers.rubik.twophase import prepare_twophase_tables

    prepare: Callable[[RubikTables], None]
    if optimal:
        from solvers.rubik.optimal import prepare_tables
        from solvers.rubik.optimal.optimal_tables import optimal_view

        tables = optimal_view(tables)  # (the plan is recorded on a holder of this kind: it names their loaders)

        def prepare(t: RubikTables) -> None:
            prepare_tables(t, metric, heuristic)

        def warm() -> None:
            warm_optimal(tables, metric, heuristic)

        what = "the optimal search"
    else:
        prepare, what = prepare_twophase_tables, "the two-phase search"

        def warm() -> None:
            warm_twophase(tables)

    table_seconds, built = load_tables(tables, prepare, report, stop)
    key = (optimal, search_metric(metric), heuristic) if optimal else (False,)
    if key in _warmed:  # this process has run these kernels: nothing to compile or load, nothing to show
        return Prepared(table_seconds, 0.0, built)
    cached = all(kernel_cached(kernel) for kernel in search_kernels(optimal, metric, heuristic))
    compile_seconds = warm_kernels(warm, what, cached, report, stop)
    _warmed.add(key)
    return Prepared(table_seconds, compile_seconds, built)


_warmed: set[tuple] = set()  # the searches whose kernels this process has warmed (see `prepare_search`)


def twophase_ready(tables: RubikTables) -> bool:
    """Whether a new process's first two-phase solve starts at once: every table it reads is in the cache and
    its kernel in numba's (checked without loading or compiling anything)."""
    from solvers.rubik.twophase import prepare_twophase_tables

    plan = table_plan(prepare_twophase_tables, type(tables))
    if plan is None or not all(tables.is_cached(item.name) for item in plan):
        return False
    return all(kernel_cached(kernel) for kernel in search_kernels(optimal=False))


def describe_table(event: TableProgress) -> str:
    """ "table 3 of 4, the phase-1 pruning table (141 MB)": which table, in words (the builder's own words when
    no plan names it)."""
    if not event.title:
        return event.message
    size = f" ({describe_size(event.size_bytes)})" if event.size_bytes else ""
    place = f"table {event.index} of {event.count}: " if event.index and event.count else ""
    return f"{place}{'building' if event.building else 'loading'} the {event.title}{size}"


def load_if_ready(tables: RubikTables, report: Report, stop: StopFlag | None = None) -> Prepared | None:
    """Load the two-phase tables and kernel when the caches hold them all (a start-up's head start on the first
    scramble or solve); None, doing nothing, when anything would have to be built or compiled: that is left to
    the work that needs it, which shows it."""
    if not twophase_ready(tables):
        return None
    return prepare_search(tables, report, stop)

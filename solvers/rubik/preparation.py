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

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.engine import Metric, Progress, SearchCancelled, StopFlag, search_metric
from solvers.rubik.tables import TABLE_VERSION, RubikTables
from solvers.tables import BuildCancelled, table_path

Report = Callable[[object], None]
COMPILE_BEAT_SECONDS = 0.1  # how often a compile in progress reports itself

# Words for each table, and its size when built (for the read-out before the build ends; a loaded table's size
# is its file's). Sizes as measured; a table missing here shows its size once built.
TABLE_TITLES = {
    "rubik-moves": "move tables",
    "rubik-flipslice-classes": "flip-slice classes",
    "rubik-flipslice-sorted-classes": "sorted flip-slice classes",
    "rubik-phase1-htm": "phase-1 pruning table",
    "rubik-phase1-qtm": "QTM phase-1 pruning table",
    "rubik-phase2": "phase-2 pruning tables",
    "rubik-corners-htm": "corner distance table",
    "rubik-corners-qtm": "QTM corner distance table",
    "rubik-compact-htm": "slice-pair tables",
    "rubik-compact-qtm": "QTM slice-pair tables",
    "rubik-corner-classes": "corner symmetry classes",
    "rubik-corner-combs": "corner comb tables",
    "rubik-strong-htm": "edge pruning table",
    "rubik-cornerslice-htm": "corner-slice pruning table",
    "rubik-split-htm": "split pruning table",
    "rubik-large-htm": "large pruning table",
    "rubik-large-bounds-htm": "large bounds table",
}
EXPECTED_BYTES = {
    "rubik-moves": 7_081_599,
    "rubik-flipslice-classes": 5_456_465,
    "rubik-flipslice-sorted-classes": 124_000_000,
    "rubik-phase1-htm": 140_908_610,
    "rubik-phase1-qtm": 140_908_610,
    "rubik-phase2": 1_935_938,
    "rubik-corners-htm": 88_180_041,
    "rubik-corners-qtm": 88_180_041,
    "rubik-compact-htm": 2_000_000,
    "rubik-compact-qtm": 2_000_000,
    "rubik-corner-classes": 200_000,
    "rubik-corner-combs": 48_442,
    "rubik-strong-htm": 834_000_000,
    "rubik-cornerslice-htm": 749_000_000,
    "rubik-split-htm": 1_230_000_000,
    "rubik-large-htm": 2_470_000_000,
    "rubik-large-bounds-htm": 2_470_000_000,
}


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
class CompileProgress(Progress):
    """The search's kernels being compiled (or, when `cached`, loaded from numba's disk cache) for `elapsed` s."""

    what: str
    cached: bool
    elapsed: float


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
            call = [attr, args, None]
            calls.append(call)
            try:
                return value(*args)
            finally:
                calls.pop()
                if call[2] is not None and all(item.name != call[2] for item in plan):
                    plan.append(PlannedTable(call[2], attr, args))

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
        title = TABLE_TITLES.get(item.name, item.name) if item is not None else ""

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
            size = EXPECTED_BYTES.get(item.name) if building else _file_size(item.name)
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
        return table_path(name, TABLE_VERSION).stat().st_size
    except OSError:
        return None


# -- compiled kernels ---------------------------------------------------------------------------------------------
def one_move_cube() -> CubeState:
    """The cheapest cube that still runs a search's kernel (the solved cube is answered before any kernel runs)."""
    return apply_moves(CubeState.solved(3), [Move.R1])


def warm_twophase(tables: RubikTables) -> None:
    """Run the two-phase search once on a one-move cube: its kernel is compiled (or loaded from numba's cache)."""
    from solvers.rubik.twophase import solve_twophase

    solve_twophase(one_move_cube(), tables=tables, n_variants=1)


def warm_optimal(tables: RubikTables, metric: Metric | str, heuristic: str | None) -> None:
    """Run the optimal search once on a one-move cube with this heuristic (and, for HTM, the two-phase search
    its probes run): their kernels are compiled or loaded."""
    from solvers.rubik.optimal import solve_optimal

    solve_optimal(one_move_cube(), metric=metric, heuristic=heuristic, tables=tables, n_threads=1)
    if search_metric(metric) is Metric.HTM:
        warm_twophase(tables)


def search_kernels(optimal: bool, metric: Metric | str = Metric.HTM, heuristic: str | None = None) -> list[Any]:
    """The numba dispatchers a search calls (the two-phase kernel; the optimal search's kernel for the heuristic
    and, for HTM, the two-phase kernel of its probes)."""
    from solvers.rubik import twophase_kernel

    if not optimal:
        return [twophase_kernel.twophase_search]
    from solvers.rubik.optimal.depth_first import ida_subtree
    from solvers.rubik.optimal.heuristics import RESIDUE_HEURISTICS, Heuristic, default_heuristic
    from solvers.rubik.optimal.interleaved import ida_interleaved

    chosen = Heuristic(heuristic) if heuristic is not None else default_heuristic(metric)
    kernels = [ida_interleaved if chosen in RESIDUE_HEURISTICS else ida_subtree]
    if search_metric(metric) is Metric.HTM:
        kernels.append(twophase_kernel.twophase_search)
    return kernels


def kernel_cached(dispatcher: Any) -> bool:
    """Whether numba's disk cache holds this kernel compiled for this machine and for tables loaded from the
    cache (read-only arrays): then a new process loads it in a fraction of a second instead of compiling it.
    False whenever it cannot tell (no cache, an index it cannot read, another numba's internals)."""
    try:
        index = dispatcher._cache._cache_file._load_index()
        magic = dispatcher.targetctx.codegen().magic_tuple()
    except Exception:  # noqa: BLE001 - numba's private API: unknown means "compile to be sure"
        return False
    for key in index:
        signature, key_magic = key[0], key[1]
        if key_magic == magic and any(getattr(arg, "mutable", True) is False for arg in signature):
            return True
    return False


def warm_kernels(
    warm: Callable[[], None], what: str, cached: bool, report: Report, stop: StopFlag | None = None
) -> float:
    """Run `warm()` (a search on a one-move cube) in a thread, reporting CompileProgress while it runs; returns
    its seconds. A compile cannot be interrupted: on `stop` it is waited for, then SearchCancelled is raised."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            warm()
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread below
            errors.append(error)

    started = time.perf_counter()
    thread = threading.Thread(target=run, daemon=True, name="warm-kernels")
    thread.start()
    report(CompileProgress(what, cached, 0.0))
    while thread.is_alive():
        thread.join(COMPILE_BEAT_SECONDS)
        report(CompileProgress(what, cached, time.perf_counter() - started))
    if errors:
        raise errors[0]
    if stop is not None and stop.is_set():
        raise SearchCancelled("stopped while compiling the search")
    return time.perf_counter() - started


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

    if optimal:
        from solvers.rubik.optimal import prepare_tables

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


# -- read-outs ----------------------------------------------------------------------------------------------------
class TimeLeft:
    """Seconds left for a job, from the pace of its progress fraction over the last `window` seconds.

    Why the recent pace: a build by breadth-first levels does not progress evenly, and the pace of the last
    seconds follows the level being built where the average since the start would lag behind it. No estimate
    (None) until the fraction has moved for MIN_SPAN seconds; between reports the estimate counts down."""

    MIN_SPAN = 3.0
    MIN_GAIN = 0.02

    def __init__(self, window: float = 20.0) -> None:
        self.window = window
        self._points: list[tuple[float, float]] = []

    def add(self, fraction: float, now: float) -> None:
        """Note `fraction` done at time `now` (a fraction below the last one starts a new job)."""
        if self._points and fraction < self._points[-1][1]:
            self._points.clear()
        self._points.append((now, fraction))
        if len(self._points) > 2 and self._points[0][1] == self._points[1][1]:
            self._points.pop(0)  # the job was still starting (compiling its builder): only its last moment counts
        while len(self._points) > 2 and now - self._points[1][0] >= self.window:
            self._points.pop(0)

    def seconds(self, now: float) -> float | None:
        if len(self._points) < 2:
            return None
        (t0, f0), (t1, f1) = self._points[0], self._points[-1]
        if t1 - t0 < self.MIN_SPAN or f1 - f0 < self.MIN_GAIN:
            return None
        return max(0.0, (1.0 - f1) * (t1 - t0) / (f1 - f0) - (now - t1))


def describe_size(count: int) -> str:
    """Bytes for a person: 840 kB, 141 MB, 1.23 GB."""
    if count >= 1e9:
        return f"{count / 1e9:.2f} GB"
    if count >= 1e6:
        return f"{count / 1e6:.0f} MB"
    return f"{max(1, round(count / 1e3))} kB"


def describe_seconds(seconds: float) -> str:
    """A duration for a person: 8 s, 2 min 5 s, 1 h 3 min."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


def describe_table(event: TableProgress) -> str:
    """ "table 3 of 4, the phase-1 pruning table (141 MB)": which table, in words (the builder's own words when
    no plan names it)."""
    if not event.title:
        return event.message
    size = f" ({describe_size(event.size_bytes)})" if event.size_bytes else ""
    place = f"table {event.index} of {event.count}: " if event.index and event.count else ""
    return f"{place}{'building' if event.building else 'loading'} the {event.title}{size}"

"""The table cache and the registry of every table in the process: each engine registers its tables here.

Tables live in the user cache directory (``CUBEVIZ_CACHE_DIR`` overrides it; tests point it at a temporary
directory), one checksummed file per table (``table_files``: why the file is shaped as it is). Loading:

* `load_or_build(name, builder, version=...)`: the cached table, or the pure builder's, written for next time;
  a damaged file, or a valid file of another table, is rebuilt, never trusted;
* a build holds an advisory lock on ``.<file>.lock`` beside the table, so two processes that miss the same table
  at once (two app windows, parallel test workers) build it once: the second waits, reporting that it waits, then
  reads what the first wrote. The holder removes the lock file and any temp file a killed build left
  (``table_locks``), so the cache holds tables and nothing else between builds;
* `TableSpec` and `register_table`: an engine declares each table it owns (name, format version, owner, file size,
  the names its file had before); the engine's own module holds the builder, so this module knows no engine;
* `TableRegistry`: the tables (and solver objects holding tables) loaded in one process, one lock per table, a
  memory report per table, and `release`, which drops them all so their memory really goes back.
  `process_tables()` is the process's registry.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from solvers.engine import ProgressFn, no_progress
from solvers.table_files import Table, identity_of, read_table, table_bytes, write_table  # noqa: F401 - re-exported
from solvers.table_locks import LOCK_POLL_SECONDS, build_lock, remove_temps, sweep  # noqa: F401 - re-exported
from solvers.table_sizing import TableMemoryError, expected_file_size  # noqa: F401 - re-exported

CACHE_ENV_VAR = "CUBEVIZ_CACHE_DIR"
STALE_TEMP_SECONDS = 600  # a temp file untouched this long belongs to a build that died: removed before a build


class BuildCancelled(Exception):
    """Raised (typically by a progress callback) to abandon a table build; nothing is written."""


def cache_dir() -> Path:
    """Where tables are kept: $CUBEVIZ_CACHE_DIR, else the platform's user cache directory."""
    override = os.environ.get(CACHE_ENV_VAR)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("cubeviz", appauthor=False))


def table_path(name: str, version: int) -> Path:
    if not name or any(c in name for c in "/\\\0") or name.startswith("."):
        raise ValueError(f"bad table name {name!r}")
    return cache_dir() / f"{name}-v{version}.tbl"


def remove_stale_temps(path: Path, now: float | None = None) -> None:
    """Delete temp files of this table untouched for STALE_TEMP_SECONDS (for when its lock cannot be had: with
    the lock held every temp file of the table is stale, see `load_or_build`)."""
    remove_temps(path, older_than=STALE_TEMP_SECONDS, now=now)


def load_or_build(
    name: str,
    builder: Callable[[ProgressFn], Table],
    *,
    version: int,
    progress: ProgressFn | None = None,
    old_names: tuple[str, ...] = (),
) -> Table:
    """Return the cached table `name` (format `version`), building and caching it first if needed.

    `builder(progress)` must be a pure function of nothing but the code: the cache key is the name and version.
    A missing, damaged or truncated file is rebuilt; a sound file under one of `old_names` (the table's names in
    earlier releases) is read as it is. If the cache directory cannot be written the freshly built
    table is still returned. Arrays loaded from cache are read-only. Concurrent callers in other processes build
    a table once (see `build_lock`).
    """
    report = progress or no_progress
    path = table_path(name, version)
    _sweep_once(path.parent)
    cached = read_table(path)
    for old in old_names:  # a file written under a name the table had before: as good, read where it is
        if cached is None:
            cached = read_table(table_path(old, version))
    if cached is not None:
        report(1.0, f"loaded {name}")
        return cached
    with build_lock(path, report) as locked:
        cached = read_table(path)  # another process may have built it while this one waited
        if cached is not None:
            report(1.0, f"loaded {name}")
            return cached
        remove_temps(path, older_than=None if locked else STALE_TEMP_SECONDS)  # a dead build's half file
        report(0.0, f"building {name}")
        table = builder(report)
        with contextlib.suppress(OSError):  # a read-only cache costs a rebuild next time, not a failure now
            write_table(path, table)
    report(1.0, f"built {name}")
    return _frozen(table)


def _frozen(table: Table) -> Table:
    """`table` with its arrays read-only, as a table loaded from the cache is.

    Why: numba compiles a kernel once per argument type, and a read-only array is another type than a writable
    one; a search compiled against a freshly built table would be compiled (and cached on disk) for writable
    arrays, and every later process, which loads the table read-only, would compile it again."""
    for array in table.values() if isinstance(table, Mapping) else (table,):
        array.flags.writeable = False
    return table


_SWEPT: set[Path] = set()


def _sweep_once(directory: Path) -> None:
    """Once per process and cache directory: remove what builds that died left there (see table_locks.sweep)."""
    if directory not in _SWEPT:
        _SWEPT.add(directory)
        sweep(directory)


# -- the registry -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSpec:
    """A table an engine owns: its cache name, file format version, owning engine, the size of its file and its
    title in words (for "building the edge pruning table (834 MB)"), the names its file had in earlier releases
    (still read), and whether it is kept in the cache directory at all (tables derived in milliseconds, or built
    per goal, live in memory only)."""

    name: str
    version: int
    engine: str
    size_bytes: int | None = None
    title: str = ""
    old_names: tuple[str, ...] = ()
    on_disk: bool = True

    def path(self) -> Path:
        return table_path(self.name, self.version)

    def cached_file(self) -> Path | None:
        """The cache's file for this table, under its name or an old one; None when there is none (its checksum is
        checked when it is loaded)."""
        if self.on_disk:
            for name in (self.name, *self.old_names):
                if (path := table_path(name, self.version)).exists():
                    return path
        return None

    def is_cached(self) -> bool:
        return self.cached_file() is not None


_SPECS: dict[str, TableSpec] = {}
_SPECS_LOCK = threading.Lock()


def register_table(spec: TableSpec) -> TableSpec:
    """Declare a table (idempotent for the same spec). Two different specs under one name would share a file that
    only one of them can read, so that is refused."""
    with _SPECS_LOCK:
        known = _SPECS.setdefault(spec.name, spec)
    if known != spec:
        raise ValueError(f"table {spec.name!r} is registered already as {known}")
    return spec


def table_spec(name: str) -> TableSpec:
    """The registered spec of the table `name`."""
    try:
        return _SPECS[name]
    except KeyError:
        raise KeyError(f"no table named {name!r} is registered") from None


def registered_tables() -> list[TableSpec]:
    """Every table registered so far (engines register theirs when their table module is imported)."""
    return list(_SPECS.values())


T = TypeVar("T")


class TableRegistry:
    """The tables and table-holding solver objects loaded in one process (or one test's stand-in for a process).

    Each table has a lock of its own, so loading one table never waits for the build of another (a build holds
    its table's lock for minutes); the memory report reads a snapshot without locks, for a GUI asking while a
    solve loads. `release` drops everything: afterwards nothing here refers to a table, so once the searches that
    still hold one end, its memory goes back."""

    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}
        self._objects: dict[Hashable, tuple[str, object]] = {}
        self._locks: dict[Hashable, threading.RLock] = {}
        self._lock = threading.Lock()  # guards the dicts' structure, never held while loading

    def _lock_of(self, key: Hashable) -> threading.RLock:
        with self._lock:
            return self._locks.setdefault(key, threading.RLock())

    def get(self, name: str, builder: Callable[[ProgressFn], Table], progress: ProgressFn | None = None) -> Table:
        """The registered table `name`: in memory, else loaded from the cache, else built by `builder(progress)`
        (written to the cache unless the spec says memory only)."""
        spec = table_spec(name)
        with self._lock_of(name):
            table = self._tables.get(name)
            if table is None:
                if spec.on_disk:
                    table = load_or_build(
                        name, builder, version=spec.version, progress=progress, old_names=spec.old_names
                    )
                else:
                    table = _frozen(builder(progress or no_progress))
                self._tables[name] = table
            return table

    def keep(self, name: str, table: Table) -> Table:
        """Hold `table`, built elsewhere, as the registered table `name` (goal tables are built per goal)."""
        table_spec(name)
        self._tables[name] = table
        return table

    def peek(self, name: str) -> Table | None:
        """The table `name` if it is in memory (nothing is loaded)."""
        return self._tables.get(name)

    def drop(self, name: str) -> None:
        """Forget one table (a bounded engine cache evicting it)."""
        self._tables.pop(name, None)

    def has_loaded(self, name: str) -> bool:
        return name in self._tables

    def shared(self, key: Hashable, engine: str, factory: Callable[[], T]) -> T:
        """The one solver object of `key` in this process, made by `factory()` on first use and dropped with the
        tables by `release`: an object that holds tables (a 2x2 solver holds its God's table) kept anywhere else
        would keep them alive after a release."""
        with self._lock_of(("object", key)):
            held = self._objects.get(key)
            if held is None:
                held = (engine, factory())
                self._objects[key] = held
            return held[1]  # type: ignore[return-value]

    def has_shared(self, key: Hashable) -> bool:
        return key in self._objects

    def memory(self) -> dict[str, int]:
        """Bytes of each loaded table, by name."""
        return {name: table_bytes(table) for name, table in list(self._tables.items())}

    def loaded_bytes(self, engine: str | None = None) -> int:
        """Bytes of every loaded table (of `engine`'s alone when given)."""
        return sum(size for name, size in self.memory().items() if engine is None or _engine(name) == engine)

    def release(self, engine: str | None = None) -> int:
        """Drop every loaded table and solver object (of `engine`'s alone when given); returns the bytes dropped.
        The next use loads them again from the cache; a search still running keeps what it holds until it ends."""
        released = self.loaded_bytes(engine)
        with self._lock:
            for name in [n for n in self._tables if engine is None or _engine(n) == engine]:
                del self._tables[name]
            for key in [k for k, (owner, _) in self._objects.items() if engine is None or owner == engine]:
                del self._objects[key]
        return released


def _engine(name: str) -> str:
    spec = _SPECS.get(name)
    return spec.engine if spec is not None else ""


_PROCESS = TableRegistry()


def process_tables() -> TableRegistry:
    """The process's registry: every engine's tables, so one report and one release cover them all."""
    return _PROCESS


def shared_object(key: Hashable, engine: str, factory: Callable[[], Any]) -> Any:
    """`process_tables().shared(...)`: the process's one solver object of `key`."""
    return _PROCESS.shared(key, engine, factory)

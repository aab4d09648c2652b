"""How much more memory this process can take: the system's available memory and the process's own limits.

Why both: a machine with gigabytes free still refuses a process run under ``ulimit -v`` (RLIMIT_AS) or
``ulimit -d`` (RLIMIT_DATA) the moment it passes its limit, and numpy reports that as a MemoryError halfway
through a load or a build. A check made before the work starts has to ask for the smaller of the two.
"""

from __future__ import annotations

from pathlib import Path

_STATUS = Path("/proc/self/status")
_MEMINFO = Path("/proc/meminfo")


def system_available(meminfo: Path = _MEMINFO) -> int | None:
    """Bytes the system can give a process without swapping (Linux's MemAvailable); None where unknown."""
    return _kilobytes_field(meminfo, "MemAvailable:")


def limit_headroom(status: Path = _STATUS) -> int | None:
    """Bytes this process may still map before its soft RLIMIT_AS or RLIMIT_DATA refuses; None when unlimited
    (or where the limits or the process's current sizes cannot be read)."""
    try:
        import resource
    except ImportError:
        return None
    headroom: int | None = None
    for limit, field in ((resource.RLIMIT_AS, "VmSize:"), (getattr(resource, "RLIMIT_DATA", None), "VmData:")):
        if limit is None:
            continue
        try:
            soft, _ = resource.getrlimit(limit)
        except (OSError, ValueError):
            continue
        if soft == resource.RLIM_INFINITY or soft < 0:
            continue
        used = _kilobytes_field(status, field) or 0
        room = max(0, soft - used)
        headroom = room if headroom is None else min(headroom, room)
    return headroom


def available_bytes() -> int | None:
    """The smaller of the system's available memory and the process's limit headroom; None when neither is known."""
    known = [value for value in (system_available(), limit_headroom()) if value is not None]
    return min(known) if known else None


def _kilobytes_field(path: Path, field: str) -> int | None:
    try:
        for line in path.read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None

"""The command line run in a fresh interpreter, reporting which heavy modules it loaded: a count that promises
not to load numpy or numba can only be checked in a process that had neither."""

from __future__ import annotations

import subprocess
import sys


def cli_in_fresh_process(argv: list[str], module: str) -> subprocess.CompletedProcess[str]:
    """``solvers.cli.main(argv)`` run in a new Python process: its output, the stderr ending with a line
    ``<module>: <whether it was loaded> status: <exit status>``."""
    script = (
        "import sys\n"
        "from solvers.cli import main\n"
        f"status = main({argv!r})\n"
        f"print({module!r} + ':', {module!r} in sys.modules, 'status:', status, file=sys.stderr)\n"
    )
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)

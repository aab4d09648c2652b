"""The Soma command stays free of numpy and numba: their import time is most of a short run (benchmarks/RESULTS.md)."""

from __future__ import annotations

import subprocess
import sys

SAMPLE = "aa.a..a....................\n.........a..a..aa..........\n"


def test_soma_command_answers_without_importing_numpy_or_numba() -> None:
    script = (
        "import io, sys\n"
        "from solvers.cli import main\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({SAMPLE.encode()!r}))\n"
        "status = main(['soma'])\n"
        "heavy = sorted(m for m in ('numpy', 'numba') if m in sys.modules)\n"
        "print('heavy:', heavy, 'status:', status, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "heavy: [] status: 0" in done.stderr, done.stderr
    blocks = done.stdout.split("\n\n")
    assert [len(block.split()) for block in blocks[:2]] == [480, 480]  # 480 sorted solutions per case
    assert blocks[0].split() == sorted(blocks[0].split())


def test_package_exports_still_resolve_lazily() -> None:
    import solvers.packing as packing

    for name in packing.__all__:
        assert getattr(packing, name) is not None

"""Runs a probe script in its own process on a fresh Xvfb screen of a given size (a Qt process can neither change
its screen nor its scale factor) and returns the JSON the probe prints on its last line of output."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def run_probe(script: Path, width: int, height: int, env: dict[str, str] | None = None) -> dict:
    if shutil.which("xvfb-run") is None:
        pytest.skip("xvfb-run is needed to open a screen of a given size")
    clean = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "QT_QPA_PLATFORM")}
    clean.update({"QT_QPA_PLATFORM": "xcb", **(env or {})})
    screen = f"-screen 0 {width}x{height}x24 +extension GLX"
    command = ["xvfb-run", "-a", "-s", screen, sys.executable, str(script)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=clean, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])

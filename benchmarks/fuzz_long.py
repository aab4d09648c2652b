"""The command-line fuzz suite with a large budget: how many hostile inputs went through, and whether any failed.

    python benchmarks/fuzz_long.py [--examples 1000] [--files tests/test_cli_fuzz_io.py ...]

Runs the fuzz suites (``tests/test_cli_fuzz.py``: every subcommand's input; ``tests/test_cli_fuzz_io.py``:
checkpoints, scheduler addresses, output and checkpoint paths) under pytest with ``CUBEVIZ_FUZZ_EXAMPLES`` set,
reads hypothesis' statistics and prints the inputs run per test, their total, the failures and the wall time. CI
runs the same tests with a small fixed budget.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUZZ_FILES = ("tests/test_cli_fuzz.py", "tests/test_cli_fuzz_io.py")
_TEST = re.compile(r"^(tests/test_cli_fuzz\w*\.py::\S+):$")
_PASSING = re.compile(r"(\d+) passing")
_SUMMARY = re.compile(r"(\d+ (?:passed|failed).*?) in [\d.]+s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="examples per fuzz test (default 1000)")
    parser.add_argument("--files", nargs="+", default=list(FUZZ_FILES), help="fuzz test files (default: all)")
    args = parser.parse_args()
    env = {**os.environ, "CUBEVIZ_FUZZ_EXAMPLES": str(args.examples)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--hypothesis-show-statistics"]
    started = time.perf_counter()
    done = subprocess.run([*command, *args.files], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    per_test: dict[str, int] = {}
    current = None
    for line in done.stdout.splitlines():
        if match := _TEST.match(line.strip()):
            current = match.group(1).removeprefix("tests/")
        elif current and (match := _PASSING.search(line)):
            per_test[current] = per_test.get(current, 0) + int(match.group(1))
    for name, count in sorted(per_test.items()):
        print(f"{count:8d}  {name}")
    summary = _SUMMARY.search(done.stdout)
    outcome = summary.group(1) if summary else "?"
    print(f"{sum(per_test.values()):8d}  inputs in all, {seconds:.0f} s; pytest: {outcome}")
    if done.returncode:
        print(done.stdout[-20000:], file=sys.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())

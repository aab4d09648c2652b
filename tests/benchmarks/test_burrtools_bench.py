"""The burrTxt benchmark's helpers, without BurrTools: the skip paths, the build (g++ on a tiny stand-in
checkout), and a round against a stand-in burrTxt (a script printing burrTxt's count line), which must agree with
our count on the Soma cube or be reported."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `benchmarks` is a folder of scripts, not installed

from benchmarks import burrtools_bench as bb  # noqa: E402


def _args(**given: object) -> argparse.Namespace:
    return argparse.Namespace(**{"burrtxt": None, "burrtools_source": None, **given})


def _stand_in_peer(tmp_path: Path, count: int) -> bb.Peer:
    script = tmp_path / "burrTxt"
    line = f"{count} assemblies and 0 solutions found with 7 iterations "
    script.write_text(f"#!/bin/sh\necho '{line}'\necho 'using assembler 0'\n")  # the count is not the last line
    script.chmod(0o755)
    return bb.Peer(script, "stand-in")


def test_without_a_checkout_or_binary_our_side_runs_alone(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("BURRTXT", raising=False)
    monkeypatch.delenv("BURRTOOLS_SOURCE", raising=False)
    peer, note = bb.find_peer(_args(burrtools_source=str(tmp_path)))
    assert peer is None and f"no burr-tools checkout at {tmp_path}" in note and note.endswith("our side only")
    peer, note = bb.find_peer(_args(burrtxt=str(tmp_path / "missing")))
    assert peer is None and "no executable file" in note
    given = _stand_in_peer(tmp_path, 1)
    peer, note = bb.find_peer(_args(burrtxt=str(given.binary)))
    assert peer is not None and peer.binary == given.binary and "(given)" in note


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_a_stand_in_checkout_is_built_then_reused_then_rebuilt(tmp_path) -> None:
    src = tmp_path / "burr-tools" / "src"
    for folder in ("lib", "halfedge", "tools"):
        (src / folder).mkdir(parents=True)
    (src / "lib" / "count.cpp").write_text("int count() { return 240; }\n")
    (src / "lib" / "count_test.cpp").write_text("this is not C++ and must not be compiled\n")
    (src / "halfedge" / "edge.cpp").write_text("int edge() { return 0; }\n")
    for tool in bb.TOOLS:
        (src / tool).write_text(f"int {Path(tool).stem}() {{ return 0; }}\n")
    (src / "burrTxt.cpp").write_text(
        "#include <cstdio>\nint count();\n"
        'int main() { std::printf("%d assemblies and 0 solutions found with 1 iterations\\n", count()); }\n'
    )
    source = src.parent
    assert bb.is_checkout(source) and not bb.is_checkout(tmp_path)
    build = tmp_path / "build"
    first = bb.build_burrtxt(source, build, echo=lambda line: None)
    assert "built" in first.note
    out, _, _ = bb.timed([str(first.binary)])
    assert bb.BURR_LINE.search(out).group(1) == "240"
    assert "up to date" in bb.build_burrtxt(source, build, echo=lambda line: None).note
    time.sleep(0.01)
    (src / "lib" / "count.cpp").write_text("int count() { return 480; }\n")
    later = time.time() + 1
    os.utime(src / "lib" / "count.cpp", (later, later))
    assert "built" in bb.build_burrtxt(source, build, echo=lambda line: None).note
    assert bb.BURR_LINE.search(bb.timed([str(first.binary)])[0]).group(1) == "480"


@pytest.mark.parametrize("peer_count", [240, 241])
def test_a_round_records_both_sides_and_a_disagreement_is_a_problem(tmp_path, peer_count: int) -> None:
    env = bb.our_env()
    path = tmp_path / "soma.xmpuzzle"
    bb.timed([sys.executable, "-m", "solvers", "convert", "soma", str(path)], env)
    results = {"soma": {"ours": bb.Runs(), "burrTxt": bb.Runs()}}
    problems: list[str] = []
    bb.one_round({"soma": path}, _stand_in_peer(tmp_path, peer_count), 1, results, problems, env, swap=False)
    ours, peer = results["soma"]["ours"], results["soma"]["burrTxt"]
    assert ours.count == 240 and peer.count == peer_count and len(ours.wall) == len(peer.cpu) == 1
    disagree = [] if peer_count == 240 else [f"soma: ours 240 assemblies, burrTxt {peer_count}"]
    assert bb.disagreements(results) == disagree
    table = bb.summary(results)
    assert "| soma" in table and "240" in table
    bb.one_round({"soma": path}, _stand_in_peer(tmp_path, 7), 1, results, problems, env, swap=True)
    assert problems == [f"burrTxt counted 7 on soma after {peer_count} in an earlier round"]

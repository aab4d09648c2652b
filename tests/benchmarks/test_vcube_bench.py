"""The vcube benchmark's helpers, without vcube: its output parser, its command lines, its input, the skip path.

vcube cannot be built in the test environment, so the sample output lines are written here in the shape vcube
prints (index, seconds, nodes, then the moves); the benchmark's own run checks every real answer on its cube.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `benchmarks` is a folder of scripts, not installed

from benchmarks import vcube_bench as vb  # noqa: E402
from benchmarks.rubik_bench_optimal import Run  # noqa: E402
from solvers.cube.formats import from_reid  # noqa: E402
from solvers.cube.moves import Move  # noqa: E402
from solvers.cube.notation import parse_algorithm  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402

SAMPLE = "3 1.25 48213577 R U2 F' D L2 B"


def test_parse_vcube_line():
    line = vb.parse_vcube_line(SAMPLE)
    assert line == vb.VcubeLine(3, 1.25, 48213577, (Move.R1, Move.U2, Move.F3, Move.D1, Move.L2, Move.B1))
    assert line.notation == "R U2 F' D L2 B"
    # A label between the nodes and the moves, or after them, is no move; numbered powers read too.
    assert vb.parse_vcube_line("1 0.5 10 (3f) R1 U3 F2 [done]").moves == (Move.R1, Move.U3, Move.F2)
    assert vb.parse_vcube_line("0 0.00 1").moves == ()
    for other in ("Total time: 12.5 real, 24.9 user", "Loading pruning table 208", "", "x 1 2 R"):
        assert vb.parse_vcube_line(other) is None


def test_parse_vcube_output_and_total_time():
    out = f"Solving...\n{SAMPLE}\n1 0.02 77 R'\n"
    assert [line.index for line in vb.parse_vcube_output(out)] == [3, 1]
    assert vb.parse_total_time("Total time: 12.5 real, 24.9 user, 0.1 sys\n") == 12.5
    assert vb.parse_total_time("no totals") is None


def test_answers_are_matched_to_their_cubes_and_checked():
    states = [parse_algorithm(text).state(3) for text in ("R", "U2 F")]
    answers, problems = vb.match_answers(vb.parse_vcube_output("2 0.1 9 F' U2\n1 0.1 3 R'\n"), states)
    assert problems == [] and answers[0].moves == (Move.R3,) and answers[1].index == 2  # vcube counted from 1
    _, problems = vb.match_answers(vb.parse_vcube_output("0 0.1 3 R\n"), states)
    assert problems == ["vcube's answer to cube 1 (R) does not solve it"]


def test_an_answer_of_another_length_than_ours_is_a_problem():
    ours = [Run(length=2), Run(length=1), Run()]  # the third met the cap: no length to compare
    answers = {i: vb.VcubeLine(i + 1, 0.1, 5, (Move.R1,) * n) for i, n in enumerate((2, 2, 9))}
    vcube = vb.VcubeRun(208, [], answers=answers)
    assert vb.length_problems(ours, vcube) == ["cube 2: vcube -c 208 answered 2 moves, ours 1"]


def test_commands():
    binary = Path("/opt/vcube/vc-optimal")
    assert vb.vcube_command(binary, 208) == ["/opt/vcube/vc-optimal", "-c", "208", "-w", "2", "--format=reid"]
    assert vb.vcube_command(binary, 304, workers=1)[1:5] == ["-c", "304", "-w", "1"]
    assert vb.build_commands() == [["cmake", "."], ["make", "-j2"]]
    assert vb.clone_command("REPO", Path("/w/vcube")) == ["git", "clone", "--depth", "1", "REPO", "/w/vcube"]


def test_vcube_input_is_one_reid_line_per_cube():
    states = [CubeState.solved(3), parse_algorithm("R").state(3)]
    text = vb.vcube_input(states)
    assert text.splitlines()[0] == "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR"
    assert text.splitlines()[1] == "UF FR UB UL DF BR DB DL DR FL UR BL FDR FRU UBL ULF BRD DFL DLB BUR"
    assert [from_reid(line) for line in text.splitlines()] == states


def _cpuinfo(tmp_path: Path, flags: str) -> Path:
    path = tmp_path / f"cpuinfo-{len(flags)}"
    path.write_text(f"processor\t: 0\nmodel name\t: Test CPU\nflags\t\t: {flags}\n")
    return path


def test_skip_reasons(tmp_path):
    every_tool = "/usr/bin/{}".format
    avx2 = _cpuinfo(tmp_path, "fpu sse4_2 avx avx2 bmi2")
    missing = tmp_path / "vcube"
    reason = vb.vcube_skip_reason(missing, avx2, every_tool)
    assert reason is not None and reason.startswith(f"no vcube source checkout in {missing}")
    for hint in ("voltara/vcube", "benchmarks/_work/vcube", "--vcube-source DIR", "--vcube-repo GIT_URL"):
        assert hint in reason
    assert "://" not in reason
    assert "AVX2" in vb.vcube_skip_reason(missing, _cpuinfo(tmp_path, "fpu sse4_2 avx"), every_tool)
    assert "AVX2" in vb.vcube_skip_reason(missing, tmp_path / "absent", every_tool)
    assert "cmake" in vb.vcube_skip_reason(missing, avx2, lambda name: None if name == "cmake" else every_tool(name))
    assert "C++ compiler" in vb.vcube_skip_reason(missing, avx2, lambda name: None)
    missing.mkdir()
    (missing / "CMakeLists.txt").write_text("project(vcube)\n")
    assert vb.vcube_skip_reason(missing, avx2, every_tool) is None

"""The vcube benchmark's helpers, without vcube: its output parser, its command lines, its input, the skip path,
and its build (with a stand-in compiler, and with real compilers on a tiny stand-in program).

vcube itself is never built nor run here, so the sample output lines are written here in the shape vcube prints
(index, seconds, length, then the moves); the benchmark's own run checks every real answer on its cube.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `benchmarks` is a folder of scripts, not installed

from benchmarks import vcube_bench as vb  # noqa: E402
from benchmarks.rubik_bench_optimal import Run  # noqa: E402
from solvers.cube.formats import from_reid  # noqa: E402
from solvers.cube.moves import Move  # noqa: E402
from solvers.cube.notation import parse_algorithm  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402

SAMPLE = "3 1.25 6 R U2 F' D L2 B"


def test_parse_vcube_line():
    line = vb.parse_vcube_line(SAMPLE)
    assert line == vb.VcubeLine(3, 1.25, 6, (Move.R1, Move.U2, Move.F3, Move.D1, Move.L2, Move.B1))
    assert line.notation == "R U2 F' D L2 B"
    # A label between the length and the moves, or after them, is no move; numbered powers read too.
    assert vb.parse_vcube_line("1 0.5 3 (3f) R1 U3 F2 [done]").moves == (Move.R1, Move.U3, Move.F2)
    assert vb.parse_vcube_line("0 0.00 0").moves == ()
    for other in ("Total time: 12.5 real, 24.9 user", "Loading pruning table 208", "", "x 1 2 R"):
        assert vb.parse_vcube_line(other) is None


def test_parse_vcube_output_and_total_time():
    out = f"Solving...\n{SAMPLE}\n1 0.02 1 R'\n"
    assert [line.index for line in vb.parse_vcube_output(out)] == [3, 1]
    assert vb.parse_total_time("Total time: 12.5 real, 24.9 user, 0.1 sys\n") == 12.5
    assert vb.parse_total_time("no totals") is None


def test_answers_are_matched_to_their_cubes_and_checked():
    states = [parse_algorithm(text).state(3) for text in ("R", "U2 F")]
    answers, problems = vb.match_answers(vb.parse_vcube_output("2 0.1 2 F' U2\n1 0.1 1 R'\n"), states)
    assert problems == [] and answers[0].moves == (Move.R3,) and answers[1].index == 2  # vcube counted from 1
    _, problems = vb.match_answers(vb.parse_vcube_output("0 0.1 1 R\n"), states)
    assert problems == ["vcube's answer to cube 1 (R) does not solve it"]
    _, problems = vb.match_answers(vb.parse_vcube_output("0 0.1 3 R'\n"), states)
    assert problems == ["vcube's answer to cube 1 says 3 moves but has 1"]


def test_an_answer_of_another_length_than_ours_is_a_problem():
    ours = [Run(length=2), Run(length=1), Run()]  # the third met the cap: no length to compare
    answers = {i: vb.VcubeLine(i + 1, 0.1, n, (Move.R1,) * n) for i, n in enumerate((2, 2, 9))}
    vcube = vb.VcubeRun(208, [], answers=answers)
    assert vb.length_problems(ours, vcube) == ["cube 2: vcube -c 208 answered 2 moves, ours 1"]


def test_commands():
    binary = Path("/opt/vcube/vc-optimal")
    assert vb.vcube_command(binary, 208) == ["/opt/vcube/vc-optimal", "-c", "208", "-w", "2", "--format=reid"]
    assert vb.vcube_command(binary, 304, workers=1)[1:5] == ["-c", "304", "-w", "1"]
    src, out = Path("/w/vcube/src"), Path("/w/vcube-build/vc-optimal")
    command = vb.compile_command("/usr/bin/clang++", src, out)
    assert command == ["/usr/bin/clang++", "-O3", "-DNDEBUG", "-std=c++17", "-mlzcnt", "-mbmi", "-mbmi2", "-mavx2",
                       "-flax-vector-conversions", "-o", "/w/vcube-build/vc-optimal", "/w/vcube/src/alloc.cpp",
                       "/w/vcube/src/cube.cpp", "/w/vcube/src/nxprune.cpp", "/w/vcube/src/nxsolve.cpp",
                       "/w/vcube/src/util.cpp", "/w/vcube/src/vc-optimal.cpp", "-pthread"]  # fmt: skip
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
    assert vb.vcube_skip_reason(missing, avx2, lambda name: None) == "no C++ compiler (clang++, g++, c++) to build it"
    # Any one compiler will do; cmake and make are not needed.
    for only in ("clang++", "g++", "c++"):
        just_one = lambda name, only=only: every_tool(name) if name == only else None  # noqa: E731
        assert "C++ compiler" not in vb.vcube_skip_reason(missing, avx2, just_one)
    (missing / "src").mkdir(parents=True)
    (missing / "src" / "cube.cpp").write_text("")
    reason = vb.vcube_skip_reason(missing, avx2, every_tool)
    assert reason.startswith(f"the vcube checkout in {missing} lacks src/alloc.cpp, src/nxprune.cpp, src/nxsolve")
    assert "--vcube-source DIR" in reason
    _fake_checkout(missing)
    assert vb.vcube_skip_reason(missing, avx2, every_tool) is None
    assert vb.is_checkout(missing) and not vb.is_checkout(tmp_path)


def test_find_compiler_prefers_clang_and_gives_absolute_paths(monkeypatch, tmp_path):
    assert vb.find_compiler(lambda name: f"/usr/bin/{name}") == "/usr/bin/clang++"
    assert vb.find_compiler(lambda name: None if name == "clang++" else f"/usr/bin/{name}") == "/usr/bin/g++"
    assert vb.find_compiler(lambda name: None) is None
    monkeypatch.chdir(tmp_path)
    assert vb.find_compiler(lambda name: "bin/c++" if name == "c++" else None) == str(tmp_path / "bin" / "c++")
    assert vb.is_clang("Debian clang version 14.0.6") and vb.is_clang("Apple clang version 15.0.0")
    assert not vb.is_clang("g++ (Debian 12.2.0-14+deb12u1) 12.2.0") and not vb.is_clang("c++ (GCC) 13.2.1")


# A stand-in for vcube's src/: the six sources the build compiles and a cube.h holding the one constructor GCC
# rejects, in the shape of vcube's (clang accepts it, GCC reports "call to non-'constexpr' function").
STAND_IN_CUBE_H = f"""struct cube {{
	int ev() const {{ return 7; }}
}};

struct edgecube {{
	int v;
	{vb.GCC_CONSTEXPR_LINE}
	}}
}};
"""
STAND_IN_MAIN = """#include <cstdio>
#include <cstring>
#include "cube.h"

int main(int argc, char **argv) {
	cube c;
	edgecube e(c);
	if (argc > 1 && !strcmp(argv[1], "--help")) std::printf("stand-in %d\\n", e.v);
	return 0;
}
"""


def _fake_checkout(root: Path) -> Path:
    src = root / "src"
    src.mkdir(parents=True, exist_ok=True)
    for name in vb.VCUBE_SOURCES:
        stem = name.removesuffix(".cpp").replace("-", "_")
        (src / name).write_text(STAND_IN_MAIN if name == "vc-optimal.cpp" else f"int {stem}_unit() {{ return 0; }}\n")
    (src / "cube.h").write_text(STAND_IN_CUBE_H)
    return root


def test_drop_gcc_constexpr_edits_the_one_line_and_fails_loudly_without_it(tmp_path):
    src = _fake_checkout(tmp_path / "vcube") / "src"
    vb.drop_gcc_constexpr(src)
    text = (src / "cube.h").read_text()
    assert "\tedgecube(const cube &c) : v(c.ev()) {\n" in text and "constexpr" not in text
    assert text == STAND_IN_CUBE_H.replace("constexpr ", "")
    with pytest.raises(RuntimeError, match="0 times, not once"):  # already edited, or a vcube that changed it
        vb.drop_gcc_constexpr(src)
    (src / "cube.h").write_text(STAND_IN_CUBE_H * 2)
    with pytest.raises(RuntimeError, match="2 times, not once"):
        vb.drop_gcc_constexpr(src)


def _fake_compiler(folder: Path, name: str, version: str) -> Path:
    """A shell script that answers --version and otherwise 'links' by writing its arguments to the -o file."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / name
    script.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = --version ]; then echo "{version}"; exit 0; fi\n'
        'args="$*"; out=""\n'
        'while [ $# -gt 0 ]; do if [ "$1" = -o ]; then shift; out="$1"; fi; shift; done\n'
        'printf "%s\\n" "$args" > "$out"\n'
    )
    script.chmod(0o755)
    return script


def test_build_with_a_stand_in_compiler(tmp_path):
    source = _fake_checkout(tmp_path / "vcube")
    before = {p: p.read_bytes() for p in source.rglob("*") if p.is_file()}
    clang = _fake_compiler(tmp_path / "bin", "clang++", "Debian clang version 14.0.6")
    gcc = _fake_compiler(tmp_path / "bin", "g++", "g++ (Debian 12.2.0-14+deb12u1) 12.2.0")
    out = tmp_path / "vcube-build"
    lines: list[str] = []

    build = vb.build_vcube(source, out, str(clang), echo=lines.append)
    assert build.binary == out / "vc-optimal" and build.seconds is not None and not build.gcc_edit
    assert build.compiler == str(clang) and build.compiler_version == "Debian clang version 14.0.6"
    args = build.binary.read_text().split()
    assert args[:8] == list(vb.VCUBE_FLAGS) and str(source / "src" / "vc-optimal.cpp") in args  # the checkout's
    assert not (out / "src").exists() and not (out / "vc-optimal.partial").exists()
    assert json.loads((out / "stamp.json").read_text())["compiler"] == str(clang)
    assert len(lines) == 1 and "compiling" in lines[0] and "clang version 14.0.6" in lines[0]
    assert build.note.startswith(f"vcube: built {out / 'vc-optimal'} with Debian clang version 14.0.6 ({clang}) in ")

    again = vb.build_vcube(source, out, str(clang), echo=lines.append)  # nothing changed: no build
    assert again.seconds is None and len(lines) == 1 and "is up to date" in again.note

    (source / "src" / "util.cpp").write_text("int util_unit() { return 1; }\n")  # a source changed: rebuilt
    assert vb.build_vcube(source, out, str(clang), echo=lines.append).seconds is not None and len(lines) == 2

    build = vb.build_vcube(source, out, str(gcc), echo=lines.append)  # another compiler: rebuilt, from the copy
    assert build.gcc_edit and build.seconds is not None and len(lines) == 3
    assert str(out / "src" / "vc-optimal.cpp") in build.binary.read_text().split()
    assert (out / "src" / "cube.h").read_text() == STAND_IN_CUBE_H.replace("constexpr ", "")
    assert "without one constexpr GCC rejects" in build.note
    assert (source / "src" / "cube.h").read_text() == STAND_IN_CUBE_H  # the checkout is never written to
    before[source / "src" / "util.cpp"] = (source / "src" / "util.cpp").read_bytes()
    assert {p: p.read_bytes() for p in source.rglob("*") if p.is_file()} == before

    build = vb.build_vcube(source, out, str(clang), echo=lines.append)  # back to clang: the copy goes
    assert not build.gcc_edit and not (out / "src").exists()


def test_a_failed_build_says_why_and_leaves_no_stamp(tmp_path):
    source = _fake_checkout(tmp_path / "vcube")
    broken = tmp_path / "bin" / "g++"
    broken.parent.mkdir()
    broken.write_text(
        '#!/bin/sh\nif [ "$1" = --version ]; then echo "g++ 12"; exit 0; fi\necho "cube.h: boom" >&2\nexit 1\n'
    )
    broken.chmod(0o755)
    with pytest.raises(RuntimeError, match="(?s)exited 1.*cube.h: boom"):
        vb.build_vcube(source, tmp_path / "out", str(broken), echo=lambda line: None)
    assert not (tmp_path / "out" / "stamp.json").exists() and not (tmp_path / "out" / "vc-optimal").exists()
    with pytest.raises(RuntimeError, match="no C\\+\\+ compiler"):
        vb.build_vcube(source, tmp_path / "out", str(tmp_path / "absent++"))


def test_setup_resolves_a_relative_source_and_skips_with_one_line(monkeypatch, tmp_path):
    _fake_checkout(tmp_path / "here" / "vcube")
    _fake_compiler(tmp_path / "bin", "clang++", "clang version 99")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(vb, "machine_skip_reason", lambda *args: None)
    monkeypatch.setattr(vb, "VCUBE_BUILD_DIR", Path("relative-build"))
    monkeypatch.chdir(tmp_path / "here")
    args = argparse.Namespace(vcube_source=Path("vcube"), vcube_repo=None)
    build, note = vb.setup_vcube(args, echo=lambda line: None)
    assert build is not None and build.binary == tmp_path / "here" / "relative-build" / "vc-optimal"
    assert build.binary.is_absolute() and build.compiler == str(tmp_path / "bin" / "clang++")
    assert str(tmp_path / "here" / "vcube" / "src" / "cube.cpp") in build.binary.read_text().split()
    assert note == build.note
    monkeypatch.chdir(tmp_path)  # vcube runs in its table folders: the binary's path holds from anywhere
    assert build.binary.is_file()

    build, note = vb.setup_vcube(argparse.Namespace(vcube_source=Path("nowhere"), vcube_repo=None))
    assert build is None and note.startswith(f"vcube skipped: no vcube source checkout in {tmp_path / 'nowhere'};")


def test_the_summary_names_the_compiler():
    build = vb.VcubeBuild(Path("/w/vc-optimal"), "/usr/bin/g++", "g++ 12", vb.VCUBE_FLAGS, True, 20.0)
    text = vb.summary_table([Run(length=1, seconds=1.0, cpu_seconds=1.0)], [], 60, build)
    assert "compiled by g++ 12 (/usr/bin/g++) with `-O3 -DNDEBUG -std=c++17" in text
    assert "without one constexpr GCC rejects" in text


@pytest.mark.parametrize("name", ["clang++", "g++"])
def test_a_real_compiler_builds_the_stand_in(name, tmp_path):
    """The same code path as vcube's build, on the tiny stand-in: vcube's flags are accepted, and GCC, which
    rejects the stand-in's constexpr constructor as it rejects vcube's, compiles it after the edit."""
    if shutil.which(name) is None:
        pytest.skip(f"no {name}")
    if not vb.cpu_has_avx2():
        pytest.skip("vcube's flags are for x86 CPUs with AVX2, which the benchmark needs to build it at all")
    build = vb.build_vcube(_fake_checkout(tmp_path / "vcube"), tmp_path / "out", name, echo=lambda line: None)
    assert build.gcc_edit == (not vb.is_clang(build.compiler_version))
    done = subprocess.run([str(build.binary), "--help"], capture_output=True, text=True, check=True)
    assert done.stdout == "stand-in 7\n"

"""The vcube benchmark's helpers, without vcube: its output parser, its command lines, its input, the skip path,
its build (with a stand-in compiler, and with real compilers on a tiny stand-in program), and its tables of our
tiers beside vcube's, on fabricated runs (main() runs with our table loading and searches replaced by stand-ins:
no optimal-solver table is ever loaded here).

vcube itself is never built nor run here, so the sample output lines are written here in the shape vcube prints
(index, seconds, length, then the moves); the benchmark's own run checks every real answer on its cube.
"""

from __future__ import annotations

import argparse
import json
import os
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


def test_a_table_counts_as_built_only_when_vcube_saved_one(tmp_path):
    """vcube saves its tables in a `tables` folder beside its binary, whatever its working directory: a stand-in
    that does the same (and answers the one-move probe) is timed as a build once, then found cached."""
    binary = tmp_path / "vcube-build" / "vc-optimal"
    binary.parent.mkdir()
    binary.write_text('#!/bin/sh\nd="$(dirname "$0")/tables"; mkdir -p "$d"\n'
                      '[ -f "$d/nxprune_$2.dat" ] || echo table > "$d/nxprune_$2.dat"\ncat > /dev/null\n'
                      'echo "1 0.00 1 R3"\n')  # fmt: skip
    binary.chmod(0o755)
    assert vb.table_files(binary) == set()
    assert vb.prepare_table(binary, 208) is not None and vb.table_files(binary) == {"nxprune_208.dat"}
    assert vb.prepare_table(binary, 208) is None  # loaded, not built
    assert vb.prepare_table(binary, 304) is not None  # another size: built
    run = vb.run_vcube(binary, 208, [parse_algorithm("R").state(3)], timeout=30)
    assert run.table == "cached" and not run.problems and run.answers[0].moves == (Move.R3,)


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
    text = vb.summary_table({"standard": [Run(length=1, seconds=1.0, cpu_seconds=1.0)]}, [], 60, build)
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


# Our table tiers beside vcube's tables: fabricated runs, no tables, no searches.


def _answers(seconds: list[float], lengths: list[int]) -> dict[int, vb.VcubeLine]:
    """vcube's answers by cube position, numbered from 1 as vcube does (the moves only need the right count)."""
    return {i: vb.VcubeLine(i + 1, s, n, (Move.R1,) * n) for i, (s, n) in enumerate(zip(seconds, lengths, strict=True))}


def _cells(table: str) -> list[list[str]]:
    """A markdown table's rows (the header first, without the rule) as lists of stripped cells."""
    lines = [line for line in table.split("\n\n")[0].splitlines() if not line.startswith("|-")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


LENGTHS = [17, 18, 18]


# CPU seconds: standard 2 + 4 + 6 = 12 (median 4), large 1 + 1.5 + 3 = 5.5 (median 1.5); wall medians 2.5 and 0.8.
def _runs(wall: tuple[float, ...], cpu: tuple[float, ...]) -> list[Run]:
    return [Run(length=n, seconds=w, cpu_seconds=c) for n, w, c in zip(LENGTHS, wall, cpu, strict=True)]


OURS = {"standard": _runs((1.5, 2.5, 3.5), (2.0, 4.0, 6.0)), "large": _runs((0.6, 0.8, 1.6), (1.0, 1.5, 3.0))}


def _vcube() -> list[vb.VcubeRun]:
    """-c 304: 33 s CPU, cubes 9, 10, 20 s (median 10); -c 208: 4.4 s CPU, cubes 2, 3, 6 s (median 3)."""
    return [
        vb.VcubeRun(304, [], wall=20.0, cpu=33.0, answers=_answers([9.0, 10.0, 20.0], LENGTHS)),
        vb.VcubeRun(208, [], wall=3.0, cpu=4.4, answers=_answers([2.0, 3.0, 6.0], LENGTHS)),
    ]


def test_tables_option_takes_our_tiers_and_rejects_anything_else(capsys):
    assert vb.parse_args([]).tables == ["standard"]
    assert vb.parse_args(["--tables", "standard,large"]).tables == ["standard", "large"]
    assert vb.parse_args(["--tables", " large, standard,large,"]).tables == ["large", "standard"]  # each once
    for bad, said in (("huge", "unknown table tier 'huge': choose from standard, large"),
                      ("standard,304", "unknown table tier '304'"), (",", "name at least one table tier")):  # fmt: skip
        with pytest.raises(SystemExit) as exit_info:
            vb.parse_args(["--tables", bad])
        assert exit_info.value.code == 2
        assert f"argument --tables: {said}" in capsys.readouterr().err


def test_each_tier_is_paired_with_the_vcube_table_of_comparable_purpose():
    pairs = vb.comparisons(OURS, _vcube())
    assert [(c.tier, c.coord) for c in pairs] == [("standard", 304), ("large", 208)]
    standard, large = pairs
    # By hand: 33 / 12 = 2.75, 10 / 4 = 2.5; 4.4 / 5.5 = 0.8, 3 / 1.5 = 2.
    assert (standard.our_cpu, standard.vcube_cpu, standard.our_median_cpu, standard.vcube_median) == (12, 33, 4, 10)
    assert standard.cpu_ratio == pytest.approx(2.75) and standard.median_ratio == pytest.approx(2.5)
    assert (large.our_cpu, large.vcube_cpu, large.our_median_cpu, large.vcube_median) == (5.5, 4.4, 1.5, 3)
    assert large.cpu_ratio == pytest.approx(0.8) and large.median_ratio == pytest.approx(2.0)
    assert (standard.our_median_wall, large.our_median_wall) == (2.5, 0.8)
    assert standard.our_bytes == 1.462e9 and large.vcube_bytes == 7.273 * 2**30

    table = vb.comparison_table(pairs)
    assert _cells(table) == [
        ["pair", "ours CPU s total", "vcube CPU s total", "CPU total, vcube / ours", "ours CPU s per cube (median)",
         "vcube s per cube (median, one thread)", "per cube, vcube / ours", "ours wall s per cube (median, 2 threads)",
         "ours tables", "vcube table"],
        ["ours standard ~ vcube -c 304", "12.00", "33.00", "2.75x", "4.00", "10.00", "2.50x", "2.50", "1.36 GiB",
         "1.33 GiB"],
        ["ours large ~ vcube -c 208", "5.50", "4.40", "0.80x", "1.50", "3.00", "2.00x", "0.80", "4.81 GiB",
         "7.27 GiB"],
    ]  # fmt: skip
    assert "above 1x: ours used less CPU" in table and "<=" not in table


def test_pairs_need_both_sides():
    vcube = _vcube()
    assert vb.comparisons({"standard": OURS["standard"]}, vcube)[0].coord == 304  # no large tier: no large pair
    assert vb.comparisons(OURS, []) == []
    assert vb.comparisons({"large": OURS["large"]}, vcube[:1]) == []  # the large tier has no -c 304 pair
    failed = vb.VcubeRun(208, [], table="failed", problems=["boom"])
    assert [c.coord for c in vb.comparisons(OURS, [vcube[0], failed])] == [304]  # a failed table is not run
    with_112 = [*vcube, vb.VcubeRun(112, [], cpu=11.0, answers=_answers([5.0, 6.0, 7.0], LENGTHS))]
    pairs = vb.comparisons(OURS, with_112)
    assert [(c.tier, c.coord) for c in pairs] == [("standard", 304), ("large", 208), ("large", 112)]
    assert pairs[2].cpu_ratio == pytest.approx(2.0) and pairs[2].median_ratio == pytest.approx(4.0)
    assert _cells(vb.comparison_table(pairs))[3][-1] == "2.42 GiB"


def test_a_capped_search_makes_the_ratios_upper_bounds():
    ours = {"standard": [*OURS["standard"][:2], Run(depths=[(17, 5, 1.0)], seconds=3.5, cpu_seconds=6.0)]}
    table = vb.comparison_table(vb.comparisons(ours, _vcube()))
    assert _cells(table)[1][3] == "<= 2.75x" and _cells(table)[1][6] == "<= 2.50x"
    assert "lower bounds" in table


def test_summary_has_a_row_per_tier_and_per_vcube_table():
    ready = {
        "standard": vb.TierReady("standard", 3.25),
        "large": vb.TierReady("large", 612.0, ("rubik-large-htm.tbl",)),
    }
    rows = _cells(vb.summary_table(OURS, _vcube(), 600, ready=ready))
    assert rows[0] == ["program", "tables", "solved", "CPU s total", "CPU s per cube (median)", "wall s total",
                       "wall s per cube (median)"]  # fmt: skip
    assert rows[1:] == [
        ["cubeviz optimal, standard tables (numba, 2 threads)", "1.36 GiB, loaded in 3.2 s", "3/3", "12.00", "4.00",
         "7.50", "2.50"],
        ["cubeviz optimal, large tables (numba, 2 threads)", "4.81 GiB, built in 612.0 s", "3/3", "5.50", "1.50",
         "3.00", "0.80"],
        ["vcube -c 304 -w 2", "1.33 GiB, cached", "3/3", "33.00", "11.00 (mean)", "20.00", "10.00"],
        ["vcube -c 208 -w 2", "7.27 GiB, cached", "3/3", "4.40", "1.47 (mean)", "3.00", "3.00"],
    ]  # fmt: skip
    only_ours = vb.summary_table(OURS, [], 600)
    assert len(_cells(only_ours)) == 3 and "vcube" not in only_ours


def test_our_tiers_must_agree_on_every_length():
    ours = {"standard": [Run(length=17), Run(length=18), Run(), Run(depths=[(16, 9, 0.1)])],
            "large": [Run(length=17), Run(length=19), Run(length=18), Run(depths=[(17, 9, 0.1)])]}  # fmt: skip
    assert vb.tier_problems(ours) == ["cube 2: our tiers disagree on its length: standard 18 moves, large 19 moves"]
    assert vb.tier_problems(OURS) == []
    lengths = [row[1] for row in _cells(vb.per_cube_table(ours, []))[1:]]
    assert lengths == ["17", "standard 18 / large 19", "18", ">= 18"]  # a capped tier leaves the other's length


def test_vcube_lengths_are_checked_against_each_tier():
    vcube = vb.VcubeRun(208, [], answers=_answers([1.0, 1.0, 1.0], [17, 18, 19]))
    assert vb.length_problems(OURS["large"], vcube, "ours large") == [
        "cube 3: vcube -c 208 answered 19 moves, ours large 18"
    ]


def test_per_cube_and_depth_tables_have_a_column_group_per_tier():
    ours = {
        "standard": [Run(depths=[(15, 1000, 0.1), (16, 20000, 1.0)], length=17, seconds=1.5, cpu_seconds=2.9)],
        "large": [Run(depths=[(16, 4000, 0.3)], length=17, seconds=0.5, cpu_seconds=0.9)],
    }
    vcube = [vb.VcubeRun(304, [], answers=_answers([2.5], [17]))]
    assert _cells(vb.per_cube_table(ours, vcube)) == [
        ["cube", "length", "ours standard wall s", "ours standard CPU s", "ours standard nodes", "ours large wall s",
         "ours large CPU s", "ours large nodes", "vcube -c 304 s"],
        ["1", "17", "1.50", "2.90", "21,000", "0.50", "0.90", "4,000", "2.50"],
    ]  # fmt: skip
    assert _cells(vb.depth_table(ours)) == [
        ["cube", "standard 15", "standard 16", "standard total", "large 16", "large total"],
        ["1", "1,000", "20,000", "21,000", "4,000", "4,000"],
    ]


def test_prepare_ours_says_built_when_the_load_wrote_tables(monkeypatch, tmp_path):
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))
    (tmp_path / "kept-v1.tbl").write_bytes(b"old")
    (tmp_path / "rebuilt-v1.tbl").write_bytes(b"old")
    os.utime(tmp_path / "rebuilt-v1.tbl", ns=(1, 1))
    calls = []

    def fake_prepare(tables, metric, heuristic=None):
        calls.append((tables, metric, heuristic))
        if heuristic == "large":
            (tmp_path / "rebuilt-v1.tbl").write_bytes(b"new")  # a damaged file is built again
            (tmp_path / "new-v1.tbl").write_bytes(b"new")

    monkeypatch.setattr(vb, "prepare_tables", fake_prepare)
    monkeypatch.setattr(vb, "default_tables", lambda: "the tables")
    standard = vb.prepare_ours("standard")
    assert standard.written == () and standard.note.startswith("our standard tables: loaded in ")
    large = vb.prepare_ours("large", after="standard")
    assert large.written == ("new-v1.tbl", "rebuilt-v1.tbl")
    assert large.note.startswith("our large tables: built in ")
    assert large.note.endswith(" s (wrote new-v1.tbl, rebuilt-v1.tbl); the tables it shares with the standard tier "
                               "were already loaded")  # fmt: skip
    assert calls == [("the tables", "htm", None), ("the tables", "htm", "large")]


def _stub_ours(monkeypatch, tmp_path, lengths: dict[str | None, int] | None = None, refuse: str | None = None):
    """Our side without tables or searches: prepare_tables writes the large tier's "table" into a temporary
    cache (or refuses `refuse`'s heuristic), run_ours answers from the heuristic. Returns the calls made."""
    lengths = lengths or {None: 17, "large": 17}
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir()
    calls: list[tuple] = []

    def fake_prepare(tables, metric, heuristic=None):
        calls.append(("prepare", metric, heuristic))
        if heuristic is not None and heuristic == refuse:
            raise ValueError("the large tables need 4.3 GB more memory")
        if heuristic == "large":
            (tmp_path / "cache" / "rubik-large-htm-v1.tbl").write_bytes(b"x")

    def fake_run_ours(state, cap, n_threads=None, heuristic=None):
        calls.append(("run", n_threads, heuristic))
        if heuristic == "large":
            return Run(depths=[(16, 4000, 0.2)], length=lengths["large"], seconds=0.5, cpu_seconds=1.0)
        return Run(depths=[(15, 900, 0.1), (16, 9000, 0.9)], length=lengths[None], seconds=1.0, cpu_seconds=2.0)

    monkeypatch.setattr(vb, "prepare_tables", fake_prepare)
    monkeypatch.setattr(vb, "default_tables", lambda: None)
    monkeypatch.setattr(vb.opt, "run_ours", fake_run_ours)
    monkeypatch.setattr(vb, "setup_vcube", lambda args, echo=print: (None, "vcube skipped: not on this machine"))
    return calls


def test_main_without_vcube_runs_each_tier_and_shows_ours_only(monkeypatch, tmp_path, capsys):
    calls = _stub_ours(monkeypatch, tmp_path)
    out_json = tmp_path / "figures.json"
    assert vb.main(["--cubes", "2", "--tables", "standard,large", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    # Tables first, then the warm-up, then the cubes, tier by tier, each with its heuristic.
    standard, large = [("run", 2, None)] * 3, [("run", 2, "large")] * 3
    assert calls == [("prepare", "htm", None), *standard, ("prepare", "htm", "large"), *large]
    assert "vcube skipped: not on this machine" in out
    assert "our standard tables: loaded in " in out
    assert "our large tables: built in " in out and "(wrote rubik-large-htm-v1.tbl)" in out
    assert "the tables it shares with the standard tier were already loaded" in out
    assert "ours large, cube 2/2: 17 moves, 0.50 s wall, 1.00 s CPU" in out
    summary = _cells(out.split("### Summary\n\n")[1])
    assert [row[0] for row in summary[1:]] == ["cubeviz optimal, standard tables (numba, 2 threads)",
                                               "cubeviz optimal, large tables (numba, 2 threads)"]  # fmt: skip
    assert summary[1][2:] == ["2/2", "4.00", "2.00", "2.00", "1.00"] and summary[2][2:] == ["2/2", "2.00", "1.00",
                                                                                            "1.00", "0.50"]  # fmt: skip
    assert "Ours beside vcube" not in out and "No pair" not in out and "ERROR" not in out
    per_cube = _cells(out.split("### Per cube\n\n")[1])
    assert per_cube[1] == ["1", "17", "1.00", "2.00", "9,900", "0.50", "1.00", "4,000"]
    depths = _cells(out.split("### Our nodes per exhausted depth\n\n")[1])
    assert depths[0] == ["cube", "standard 15", "standard 16", "standard total", "large 16", "large total"]

    figures = json.loads(out_json.read_text())
    assert figures["tables"] == ["standard", "large"] and figures["vcube"] == [] and figures["comparison"] == []
    assert [run["length"] for run in figures["ours"]["large"]] == [17, 17]
    assert figures["ours"]["standard"][0]["depths"] == [[15, 900, 0.1], [16, 9000, 0.9]]
    large = figures["ours_tables"]["large"]
    assert large["written"] == ["rubik-large-htm-v1.tbl"] and large["after"] == "standard"
    assert large["heuristic"] == "large" and large["memory_bytes"] == 5.161e9
    assert large["seconds"] >= 0 and large["warm_up_seconds"] >= 0
    assert figures["ours_tables"]["standard"]["heuristic"] is None and figures["problems"] == []


def test_main_pairs_our_tiers_with_vcube(monkeypatch, tmp_path, capsys):
    _stub_ours(monkeypatch, tmp_path)
    build = vb.VcubeBuild(Path("/w/vc-optimal"), "/usr/bin/clang++", "clang 14", vb.VCUBE_FLAGS, False, None)
    monkeypatch.setattr(vb, "setup_vcube", lambda args, echo=print: (build, build.note))

    def fake_vcube(binary, coord, states, timeout):
        cpu, seconds = {304: (6.0, [2.0, 4.0]), 208: (1.0, [0.25, 0.75])}[coord]
        return vb.VcubeRun(coord, ["vc-optimal", "-c", str(coord)], wall=cpu / 2, cpu=cpu,
                           answers=_answers(seconds, [17, 17]))  # fmt: skip

    monkeypatch.setattr(vb, "run_vcube", fake_vcube)
    assert vb.main(["--cubes", "2", "--tables", "standard,large", "--vcube-tables", "304,208"]) == 0
    out = capsys.readouterr().out
    rows = _cells(out.split("### Ours beside vcube, table of comparable purpose\n\n")[1])
    # standard: 6 / (2 + 2) = 1.5, median 3 / 2 = 1.5; large: 1 / (1 + 1) = 0.5, median 0.5 / 1 = 0.5.
    assert rows[1] == ["ours standard ~ vcube -c 304", "4.00", "6.00", "1.50x", "2.00", "3.00", "1.50x", "1.00",
                       "1.36 GiB", "1.33 GiB"]  # fmt: skip
    assert rows[2] == ["ours large ~ vcube -c 208", "2.00", "1.00", "0.50x", "1.00", "0.50", "0.50x", "0.50",
                       "4.81 GiB", "7.27 GiB"]  # fmt: skip
    assert len(rows) == 3
    summary = [row[0] for row in _cells(out.split("### Summary\n\n")[1])[1:]]
    assert summary[2:] == ["vcube -c 304 -w 2", "vcube -c 208 -w 2"]


def test_main_reports_tiers_that_disagree(monkeypatch, tmp_path, capsys):
    _stub_ours(monkeypatch, tmp_path, lengths={None: 17, "large": 18})
    assert vb.main(["--cubes", "2", "--tables", "standard,large"]) == 1
    out = capsys.readouterr().out
    assert "ERROR: cube 1: our tiers disagree on its length: standard 17 moves, large 18 moves" in out
    assert "ERROR: cube 2: our tiers disagree" in out


def test_main_goes_on_without_a_tier_whose_tables_cannot_be_ready(monkeypatch, tmp_path, capsys):
    _stub_ours(monkeypatch, tmp_path, refuse="large")
    assert vb.main(["--cubes", "2", "--tables", "standard,large"]) == 1
    out = capsys.readouterr().out
    assert "our large tables: not ready (the large tables need 4.3 GB more memory); that tier is skipped" in out
    assert [row[0] for row in _cells(out.split("### Summary\n\n")[1])[1:]] == [
        "cubeviz optimal, standard tables (numba, 2 threads)"
    ]
    assert "ERROR: our large tables could not be made ready, so that tier was not run: the large tables need" in out

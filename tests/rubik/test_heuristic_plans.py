"""The optimal search's heuristic registry (`solvers.rubik.optimal.plan`): the names a search can be asked for,
one plan per name, and a name no plan holds refused in one line wherever it comes in (a script, a solve request).
(The registry is the process's: a benchmark's plans may be registered beside the shipped ones, so the names
refused here are ones nobody registers; "strong" in a process of the engine alone is checked with the benchmarks'
plans, `tests/benchmarks/test_comparison_heuristics.py`.)"""

from __future__ import annotations

import dataclasses

import pytest

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.engines.request import RequestError, SolveRequest
from solvers.rubik.optimal import UnknownHeuristic, optimal, plan_of, register_heuristic
from solvers.rubik.optimal.heuristics import COMPACT_PLAN, SPLIT_PLAN
from solvers.solve import solve

ONE_MOVE = apply_moves(CubeState.solved(3), [Move.R1])


def test_the_shipped_names_and_the_metrics_default_reach_their_plans():
    assert plan_of("split") is SPLIT_PLAN is plan_of(None, "htm") and plan_of("compact") is COMPACT_PLAN
    assert plan_of(None, "qtm").name == "full" and plan_of(SPLIT_PLAN) is SPLIT_PLAN


KNOWN = r"the heuristics are: compact, (.+, )?full, large, (.+, )?split(, .+)?$"


@pytest.mark.parametrize("name", ["stronger", "edge-and-corner-slice-x", "SPLIT"])
def test_an_unknown_name_is_refused_with_the_names_there_are(name):
    with pytest.raises(UnknownHeuristic, match=rf"^unknown heuristic '{name}'; {KNOWN}"):
        plan_of(name)
    with pytest.raises(UnknownHeuristic):
        next(optimal(ONE_MOVE, heuristic=name))


def test_a_request_naming_an_unknown_heuristic_is_a_request_error_before_any_table_loads(monkeypatch):
    from solvers.rubik import preparation

    monkeypatch.setattr(preparation, "prepare_search", lambda *a, **k: pytest.fail("tables were prepared"))
    with pytest.raises(RequestError, match=rf"^unknown heuristic 'stronger'; {KNOWN}") as caught:
        list(solve(SolveRequest(ONE_MOVE, solver="optimal", heuristic="stronger")))
    assert "\n" not in str(caught.value)


def test_a_name_is_one_plans():
    register_heuristic(SPLIT_PLAN)  # the same plan again: nothing changes
    with pytest.raises(ValueError, match="the heuristic name 'split' is taken"):
        register_heuristic(dataclasses.replace(SPLIT_PLAN, metrics=()))
    assert plan_of("split") is SPLIT_PLAN

"""Features install in an order that follows what each declares it uses, not the order of the list."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cubeviz.features import FEATURE_MODULES, install_order


def test_a_feature_installs_after_the_ones_it_names():
    modules = {"insight": SimpleNamespace(INSTALL_AFTER=("solve", "editor")), "editor": SimpleNamespace(),
               "solve": SimpleNamespace()}  # fmt: skip
    order = install_order(modules)
    assert order.index("insight") > order.index("solve") and order.index("insight") > order.index("editor")


def test_a_named_feature_that_is_absent_is_skipped_and_a_circle_is_refused():
    assert install_order({"insight": SimpleNamespace(INSTALL_AFTER=("solve",))}) == ["insight"]
    with pytest.raises(RuntimeError, match="circle"):
        install_order({"a": SimpleNamespace(INSTALL_AFTER=("b",)), "b": SimpleNamespace(INSTALL_AFTER=("a",))})


def test_the_shipped_features_put_insight_after_solve_and_editor():
    import importlib

    order = install_order({name: importlib.import_module(name) for name in reversed(FEATURE_MODULES)})
    assert order.index("cubeviz.insight") > max(order.index("cubeviz.solve"), order.index("cubeviz.editor"))

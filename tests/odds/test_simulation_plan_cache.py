"""Plans stored on disk are the plans the strategy builds, and a damaged file is rebuilt."""

import numpy as np
import pytest

from casino.rules import PRESETS
from certification.odds.simulation import SimulationSpec, build_plan, exact_result, run_chunk
from certification.odds.simulation.plan_cache import load_plan, plan_path


@pytest.fixture
def var(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECERT_VAR_DIR", str(tmp_path))
    return tmp_path


def _arrays(plan):
    tables = vars(plan.tables)
    return {name: value for name, value in tables.items() if isinstance(value, np.ndarray)}


@pytest.mark.parametrize("name", ["nine-ten-eleven", "siete-y-media", "seven-half-casino"])
def test_a_stored_plan_equals_the_one_the_strategy_builds(var, name):
    spec = SimulationSpec(PRESETS[name], rounds=5000, seed=3, variant=name)
    assert load_plan(spec.plan_key()) is None
    first = build_plan(spec)
    assert plan_path(spec.plan_key()).exists()
    stored = load_plan(spec.plan_key())
    fresh = build_plan(spec, exact_result(spec.rules).policy)  # built, never cached
    for plan in (stored, build_plan(spec)):
        assert _arrays(plan).keys() == _arrays(fresh).keys()
        for key, value in _arrays(fresh).items():
            assert np.array_equal(_arrays(plan)[key], value), key
    assert run_chunk(spec, 0, stored) == run_chunk(spec, 0, fresh) == run_chunk(spec, 0, first)


def test_other_strategies_and_variants_have_other_files(var):
    casino = SimulationSpec(PRESETS["seven-half-casino"], rounds=1, seed=0)
    house = SimulationSpec(PRESETS["seven-half-casino"], rounds=1, seed=0, strategy="house")
    home = SimulationSpec(PRESETS["seven-half-home"], rounds=1, seed=0)
    assert len({plan_path(s.plan_key()) for s in (casino, house, home)}) == 3


def test_a_damaged_file_is_rebuilt(var):
    spec = SimulationSpec(PRESETS["seven-half-home"], rounds=2000, seed=9, strategy="house")
    expected = run_chunk(spec, 0, build_plan(spec))
    plan_path(spec.plan_key()).write_bytes(b"not a plan")
    assert load_plan(spec.plan_key()) is None
    assert run_chunk(spec, 0, build_plan(spec)) == expected

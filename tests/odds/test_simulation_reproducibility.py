"""A run is defined by its spec: the same seed gives bit-identical results however it is run."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from casino.rules import PRESETS, with_overrides
from certification.odds.simulation import (
    ChunkStats,
    SimulationSpec,
    merge_chunks,
    run_chunk,
    run_local,
    summarize,
)
from certification.odds.simulation.stream import chunk_state, refill

ROOT = Path(__file__).resolve().parents[2]


def _spec(name="siete-y-media", rounds=200_000, seed=99, **kw):
    return SimulationSpec(PRESETS[name], rounds=rounds, seed=seed, strategy="house",
                          chunk_rounds=1 << 15, checkpoint_rounds=1 << 12, variant=name, **kw)


def _figures(summary):
    out = summary.to_json(convergence_points=50)
    out.pop("seconds"), out.pop("rounds_per_second")
    return out


@pytest.mark.parametrize("name", ["siete-y-media", "seven-half-casino", "nine-ten-eleven"])
def test_one_two_and_four_workers_give_the_same_result(name):
    spec = _spec(name)
    results = [_figures(run_local(spec, workers=w)) for w in (1, 2, 4)]
    assert results[0] == results[1] == results[2]


def test_chunks_merged_in_any_order_give_the_same_result():
    spec = _spec()
    chunks = [run_chunk(spec, i) for i in range(spec.chunks)]
    shuffled = chunks[:]
    random.Random(3).shuffle(shuffled)
    assert _figures(summarize(spec, chunks)) == _figures(summarize(spec, shuffled))
    assert merge_chunks(shuffled) == merge_chunks(chunks)


def test_a_chunk_is_rebuilt_from_the_spec_and_its_index_alone():
    spec = _spec()
    again = ChunkStats.from_dict(json.loads(json.dumps(run_chunk(spec, 3).to_dict())))
    assert again == run_chunk(spec, 3)
    assert run_chunk(spec, 3) != run_chunk(spec, 4)


def test_missing_or_repeated_chunks_are_refused():
    spec = _spec()
    chunks = [run_chunk(spec, i) for i in range(3)]
    with pytest.raises(ValueError, match="missing"):
        merge_chunks([chunks[0], chunks[2]])
    with pytest.raises(ValueError):
        merge_chunks([chunks[0], chunks[0], chunks[1]])


def test_a_different_seed_gives_a_different_sample():
    assert _figures(run_local(_spec(seed=1), workers=1)) != _figures(run_local(_spec(seed=2), workers=1))


def test_chunk_words_are_numpys_sfc64_stream_for_the_spawned_seed():
    state, words = chunk_state(123, 7), np.zeros(64, dtype=np.uint64)
    refill(state, words, 64)
    expected = np.random.SFC64(np.random.SeedSequence(123, spawn_key=(7,))).random_raw(64)
    assert (words == expected).all()


def test_the_interpreted_fallback_is_bit_identical_to_the_compiled_kernels():
    specs = [
        SimulationSpec(with_overrides(PRESETS["siete-y-media"], ["four_exchange_max=2", "shoot_seven=true",
                                                                   "split_figures=true", "max_splits=1"]),
                       rounds=1500, seed=5, strategy="house", chunk_rounds=500, checkpoint_rounds=250),
        SimulationSpec(with_overrides(PRESETS["sette-e-mezzo"], ["four_exchange_max=2"]),
                       rounds=1500, seed=5, strategy="house", chunk_rounds=500, checkpoint_rounds=250),
        SimulationSpec(PRESETS["seven-half-casino"], rounds=1500, seed=5, strategy="house",
                       chunk_rounds=500, checkpoint_rounds=250),
        SimulationSpec(PRESETS["nine-ten-eleven"], rounds=1500, seed=5, strategy="house",
                       chunk_rounds=500, checkpoint_rounds=250),
    ]
    script = (
        "import json, sys\n"
        "from certification.odds.simulation import SimulationSpec, run_chunk\n"
        "from certification.odds.simulation._jit import HAVE_NUMBA\n"
        "assert not HAVE_NUMBA\n"
        "specs = [SimulationSpec.from_dict(d) for d in json.load(sys.stdin)]\n"
        "print(json.dumps([[run_chunk(s, i).to_dict() for i in range(s.chunks)] for s in specs]))\n"
    )
    env = {**os.environ, "TABLECERT_NO_NUMBA": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], input=json.dumps([s.to_dict() for s in specs]),
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=True)
    interpreted = json.loads(out.stdout)
    compiled = [[run_chunk(s, i).to_dict() for i in range(s.chunks)] for s in specs]
    assert interpreted == compiled

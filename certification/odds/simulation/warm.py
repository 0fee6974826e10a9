"""Compile, or load from the disk cache, every kernel before the first real chunk needs it.

A worker that compiles a kernel in the middle of its first chunk makes that chunk seconds
late; one that warms up at start does it while it waits for work. A few rounds of one
small plan per kernel are enough: numba compiles per argument types, and every plan of a
kernel passes the same types.
"""

from __future__ import annotations

import time

from casino.rules import PRESETS, with_overrides

from .runner import SimulationSpec, build_plan, run_chunk

WARM_ROUNDS = 100


def warm_specs() -> list[SimulationSpec]:
    """One quick spec per kernel: four-card casino, Seven-and-a-half by table walks and
    in general (a shot), 9-10-11 by ranks and by cards (the bonus on the final hands)."""
    nine_ten_eleven = with_overrides(PRESETS["nine-ten-eleven"], ["switch_allowed=false"])
    by_cards = with_overrides(PRESETS["nine-ten-eleven"], ["bonus_on=final_hands"])
    shot = with_overrides(PRESETS["siete-y-media"], ["shoot_seven=true"])
    return [SimulationSpec(rules, rounds=WARM_ROUNDS, seed=0, strategy="house",
                           checkpoint_rounds=WARM_ROUNDS // 3)
            for rules in (PRESETS["seven-half-casino"], PRESETS["siete-y-media"], shot,
                          nine_ten_eleven, by_cards)]


def warm_kernels() -> dict[str, float]:
    """Run each kernel once; returns the seconds each took (compiling or loading)."""
    from ._jit import HAVE_NUMBA

    seconds: dict[str, float] = {}
    if not HAVE_NUMBA:
        return seconds
    for spec in warm_specs():
        start = time.perf_counter()
        plan = build_plan(spec)
        run_chunk(spec, 0, plan)
        seconds[plan.kernel] = time.perf_counter() - start
    return seconds

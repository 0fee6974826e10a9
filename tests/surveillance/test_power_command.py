"""``manage.py surveillance-power``: the published table, a small live run, bad input."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from certification.surveillance.power import PUBLISHED, quantile_with_interval


def test_published_table_prints_every_row():
    out = StringIO()
    call_command("surveillance-power", "--published", stdout=out)
    text = out.getvalue()
    assert "alpha 0.001" in text
    for row in PUBLISHED.values():
        assert f"{row.decisions_95}" in text and row.game in text


def test_a_small_run_simulates_and_agrees_with_the_published_row():
    out = StringIO()
    call_command("surveillance-power", "--players", "20", "--game", "siete-y-media", "--json",
                 "--seed", "7", stdout=out)
    (row,) = json.loads(out.getvalue())
    assert row["players"] == 20 and row["flagged"] == 20 and row["seed"] == 7
    published = PUBLISHED[("siete-y-media", "partner")]
    # 20 players' 95 % quantile is their 19th flag: well within twice the published figure.
    assert published.interval[0] / 2 <= row["decisions_95"] <= 2 * published.interval[1]


def test_quantile_counts_the_never_flagged_as_beyond_every_number():
    n95, (lo, hi) = quantile_with_interval([10] * 18 + [None, None])
    assert n95 is None and hi is None


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "nine-ten-eleven"], "face up"),
    (["--game", "no-such-game"], "unknown preset"),
    (["--players", "5"], "at least 20"),
])
def test_bad_input_is_a_clear_error(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("surveillance-power", *args, stdout=StringIO())

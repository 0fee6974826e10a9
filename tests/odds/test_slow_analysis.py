"""Options whose exact count takes minutes are deferred to the certification run, not the preview."""

from casino.rules import preset, with_overrides
from certification.odds.analysis import slow_analysis_reason


def test_presets_are_interactive():
    for name in ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media", "nine-ten-eleven"):
        assert slow_analysis_reason(preset(name)) is None


def test_one_opening_is_interactive_but_two_are_deferred():
    spanish = preset("siete-y-media")
    assert slow_analysis_reason(with_overrides(spanish, ["split_figures=true", "max_splits=1"])) is None
    reason = slow_analysis_reason(with_overrides(spanish, ["split_figures=true", "max_splits=2"]))
    assert reason and "certification run" in reason

"""Options whose exact count takes minutes are deferred to the certification run, not the preview."""

from casino.rules import preset, with_overrides
from certification.odds.analysis import slow_analysis_reason


def test_presets_are_interactive():
    for name in ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media", "nine-ten-eleven"):
        assert slow_analysis_reason(preset(name)) is None


def test_opening_once_or_twice_is_interactive_but_three_times_is_deferred():
    spanish = preset("siete-y-media")
    for n in (1, 2):
        assert slow_analysis_reason(with_overrides(spanish, ["split_figures=true", f"max_splits={n}"])) is None
    assert slow_analysis_reason(with_overrides(preset("sette-e-mezzo"), ["split_figures=true", "max_splits=2"])) is None
    reason = slow_analysis_reason(with_overrides(spanish, ["split_figures=true", "max_splits=3"]))
    assert reason and "certification run" in reason


def test_opening_twice_with_many_fours_exchanged_is_deferred():
    rules = with_overrides(preset("seven-half-home"), ["split_figures=true", "max_splits=2", "four_exchange_max=4"])
    reason = slow_analysis_reason(rules)
    assert reason and "fours exchanged up to 4 times" in reason

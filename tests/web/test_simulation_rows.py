"""The evidence page judges a simulation by the verdict's rule: within 4 standard errors."""

from casino.views.figures import run_simulation_rows


def _simulation(z):
    bet = {"house_edge": 0.0008, "ci95": [-0.015, 0.017], "exact_house_edge": 0.0220, "z_vs_exact": z}
    return {"bets": {"main": bet}}


def test_a_simulation_within_four_standard_errors_confirms_even_outside_its_95_interval():
    (row,) = run_simulation_rows(_simulation(2.58))
    assert row["confirms"] is True


def test_beyond_four_standard_errors_it_does_not():
    (row,) = run_simulation_rows(_simulation(-4.2))
    assert row["confirms"] is False


def test_without_an_exact_figure_there_is_nothing_to_confirm():
    (row,) = run_simulation_rows(_simulation(None))
    assert row["confirms"] is None

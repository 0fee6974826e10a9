"""Exact odds, optimal strategy and simulation kernels for every rule variant (pure, no Django)."""

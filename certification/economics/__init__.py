"""Operator economics and field trials (pure: no Django).

From a variant's exact per-round law under a player mix (mix.py) this package gives a
table's theoretical win, its volatility with the seats' shared dealer (rounds.py,
table.py), and checks a field trial's daily results against that theory (field.py,
cusum.py).
"""

"""The floor watched against theory (pure: no Django).

Rounds dealt at a table (deal.py) are rolled up per table, day and dealer shift
(rollup.py); the return check reuses the field trial's engine (``fieldcheck``,
certification/economics/field.py) on those rollups (returns.py); the card check tests each
card's frequency and its place in the deal against a fair deck (cards.py); the settlement
audit replays each round (settlement.py); watch.py runs them under one family-wise alpha.
month.py generates a seeded month of a floor with planted faults, nulls.py clean months
drawn at rollup level from the exact per-round law.
"""

"""Player mixes: the share of each strategy among a table's players, exact.

A seat is taken by a player drawn from the mix, so a seat's per-round law is the mixture of
the strategies' laws with the mix's weights: its house edge is the weighted edge, and the
mixed law is exact (fractions) whenever the strategies' laws are.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

STRATEGIES = ("optimal", "dealer", "house_way")
ALIASES = {"house": "house_way"}


class MixError(ValueError):
    """A player mix that cannot be used; the message names the share at fault."""


@dataclass(frozen=True)
class PlayerMix:
    shares: tuple[tuple[str, Fraction], ...]
    """(strategy, share) pairs with positive shares summing to exactly 1."""

    @classmethod
    def of(cls, shares: dict[str, object]) -> PlayerMix:
        if not isinstance(shares, dict) or not shares:
            raise MixError("a player mix needs at least one strategy share")
        out: dict[str, Fraction] = {}
        for name, share in shares.items():
            key = ALIASES.get(str(name).strip(), str(name).strip())
            if key not in STRATEGIES:
                raise MixError(f"{name!r} is not a strategy (strategies: {', '.join(STRATEGIES)})")
            try:
                value = Fraction(str(share)) if not isinstance(share, Fraction) else share
            except (ValueError, ZeroDivisionError):
                raise MixError(f"{name}: {share!r} is not a number") from None
            if value < 0 or value > 1:
                raise MixError(f"{name}: a share lies between 0 and 1, not {share}")
            out[key] = out.get(key, Fraction(0)) + value
        total = sum(out.values())
        if total != 1:
            raise MixError(f"the shares add up to {float(total):g}, not 1")
        return cls(tuple((k, v) for k, v in out.items() if v))

    @classmethod
    def parse(cls, text: str) -> PlayerMix:
        """``optimal=0.2,dealer=0.8`` (shares as decimals or fractions such as 1/3)."""
        shares: dict[str, str] = {}
        for part in (text or "").split(","):
            if not part.strip():
                continue
            name, sep, share = part.partition("=")
            if not sep:
                raise MixError(f"{part.strip()!r} is not strategy=share")
            if name.strip() in shares:
                raise MixError(f"{name.strip()} is given twice")
            shares[name.strip()] = share.strip()
        return cls.of(shares)

    @classmethod
    def single(cls, strategy: str) -> PlayerMix:
        return cls.of({strategy: 1})

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.shares)

    def __str__(self) -> str:
        return ", ".join(f"{name} {float(share):.0%}" for name, share in self.shares)


def mix_laws(laws: dict[str, dict[Fraction, Fraction]], mix: PlayerMix) -> dict[Fraction, Fraction]:
    """The mixture of per-strategy laws {net: probability}, exact."""
    out: dict[Fraction, Fraction] = defaultdict(Fraction)
    for name, share in mix.shares:
        for net, p in laws[name].items():
            out[net] += share * p
    return {net: p for net, p in sorted(out.items()) if p}


def mix_joints(joints: dict[str, dict[str, dict[Fraction, Fraction]]],
               mix: PlayerMix) -> dict[str, dict[Fraction, Fraction]]:
    """The mixture of per-strategy joint laws {shared outcome: {net: probability}}."""
    keys = sorted({key for name, _ in mix.shares for key in joints[name]})
    out = {}
    for key in keys:
        row = mix_laws({name: joints[name].get(key, {}) for name, _ in mix.shares}, mix)
        if row:
            out[key] = row
    return out


def mix_average(values: dict[str, Fraction], mix: PlayerMix) -> Fraction:
    return sum((share * values[name] for name, share in mix.shares), Fraction(0))

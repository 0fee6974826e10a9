"""Options shared by the economics and fieldcheck commands: the variant and the players."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError

from casino.rules import Rules
from certification.economics.mix import ALIASES, STRATEGIES, MixError, PlayerMix
from certification.management.sources import read_rule_file
from certification.odds.simulation import StrategyError
from certification.odds.simulation.strategies import ChartStrategy


def add_player_options(parser) -> None:
    players = parser.add_mutually_exclusive_group()
    players.add_argument("--strategy", default=None,
                         help="optimal, dealer, house_way, or a JSON strategy chart file (all players)")
    players.add_argument("--mix", default=None, metavar="NAME=SHARE,...",
                         help="shares of optimal, dealer and house_way, e.g. optimal=0.2,dealer=0.8")


def players(rules: Rules, strategy: str | None, mix: str | None) -> tuple[PlayerMix, dict | None, str]:
    """(mix, house-way chart or None, a label) from --strategy / --mix (default: all optimal)."""
    if mix:
        try:
            parsed = PlayerMix.parse(mix)
        except MixError as exc:
            raise CommandError(f"--mix: {exc}") from None
        return parsed, None, str(parsed)
    name = strategy or "optimal"
    key = ALIASES.get(name, name)
    if key in STRATEGIES:
        return PlayerMix.single(key), None, key
    path = Path(name)
    if not path.exists():
        raise CommandError(f"--strategy: {name!r} is neither a strategy ({', '.join(STRATEGIES)}) "
                           "nor a chart file")
    try:
        chart = json.loads(read_rule_file(path))
        ChartStrategy(rules, chart)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path}: not valid JSON ({exc})") from None
    except (StrategyError, AttributeError, TypeError) as exc:
        raise CommandError(f"{path}: {exc}") from None
    return PlayerMix.single("house_way"), chart, f"chart {path.name}"

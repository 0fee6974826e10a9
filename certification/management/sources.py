"""What a command is given: a rule variant named by a preset, a JSON file, an id or a name.

``load_variant`` reads rules alone (presets and JSON files, with ``--set`` overrides), for the
commands that only compute; ``stored_variant`` finds or stores the variant record, for the
commands that certify it.
"""

from __future__ import annotations

import io
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import CommandError

from casino.rules import (
    PRESETS,
    Rules,
    RuleValidationError,
    preset,
    rules_from_json,
    rules_to_dict,
    with_overrides,
)

# A rule variant is a few hundred bytes; anything this large is the wrong file.
MAX_RULE_FILE_BYTES = 1024 * 1024


def read_rule_file(path: Path) -> str:
    """The file's text: UTF-8 (with or without a BOM) or UTF-16 with its BOM."""
    try:
        size = path.stat().st_size
        if size > MAX_RULE_FILE_BYTES:
            raise CommandError(f"{path}: {size:,} bytes is not a rule variant (at most "
                               f"{MAX_RULE_FILE_BYTES:,} bytes of JSON)")
        data = path.read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise CommandError(
            f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at line {line}, column "
            f"{column}); save the file as UTF-8"
        ) from None


def load_variant(source: str, assignments: list[str]) -> tuple[str, Rules]:
    """(name, rules) from a preset name or a JSON file, with ``key=value`` overrides applied."""
    try:
        if source in PRESETS:
            name, rules = source, preset(source)
        else:
            path = Path(source)
            if not path.exists() and path.suffix != ".json":
                raise CommandError(
                    f"unknown preset {source!r} and no such file (presets: {', '.join(PRESETS)})"
                )
            name, rules = path.stem, rules_from_json(read_rule_file(path))
        if assignments:
            rules = with_overrides(rules, assignments)
    except RuleValidationError as exc:
        lines = "\n".join(f"  {key}: {msg}" for key, msg in exc.errors.items())
        raise CommandError(f"invalid rule variant {source}:\n{lines}") from None
    return name, rules


def stored_variant(source: str, *, jurisdiction=None):
    """The variant record ``source`` names: a preset (loaded if needed), a rule-variant JSON
    file (stored as a new draft in ``jurisdiction``, by default the first one), a variant id
    or a variant's exact name."""
    from casino.models import GameVariant, Jurisdiction
    from casino.services.variants import variant_create

    path = Path(source)
    if source.endswith(".json") and path.is_file():
        _, rules = load_variant(source, [])
        data = rules_to_dict(rules)
        payouts = {k: v for k, v in data.pop("payouts").items() if v is not None}
        family = data.pop("family")
        jurisdiction = jurisdiction or Jurisdiction.objects.order_by("pk").first()
        if jurisdiction is None:
            call_command("load_presets", stdout=io.StringIO())
            jurisdiction = Jurisdiction.objects.order_by("pk").first()
        return variant_create(name=path.stem, family=family, parameters=data, payouts=payouts,
                              jurisdiction=jurisdiction, actor=None)
    if source in PRESETS:
        presets = GameVariant.objects.filter(preset=source, created_by__isnull=True)
        if not presets.exists():
            call_command("load_presets", stdout=io.StringIO())
        return presets.order_by("id").first()
    query = GameVariant.objects.filter(pk=int(source)) if source.isdigit() else GameVariant.objects.filter(name=source)
    variant = query.first()
    if variant is None:
        raise CommandError(f"no preset, JSON file or variant named {source!r} (presets: {', '.join(PRESETS)})")
    return variant

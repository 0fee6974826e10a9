"""Guards shared by the regulated records."""

from __future__ import annotations


class ImmutableRecordError(Exception):
    """A record that evidence depends on was about to change or disappear.

    The workflow refuses such edits long before they reach a model; this is the last line,
    for code paths (shell, scripts, admin mistakes) that bypass the services.
    """


def changed_fields(instance, names: tuple[str, ...]) -> list[str]:
    """Fields whose stored value differs from the instance's, read fresh from the database."""
    stored = type(instance)._base_manager.filter(pk=instance.pk).values(*names).first()
    if stored is None:
        return []
    return [name for name in names if stored[name] != getattr(instance, name)]

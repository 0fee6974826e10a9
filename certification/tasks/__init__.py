"""Celery tasks: thin wrappers that load ids and call services (one module per concern)."""

from .system import worker_probe

__all__ = ["worker_probe"]

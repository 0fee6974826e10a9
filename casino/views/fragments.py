"""Keys for the fragments of pages kept in Django's cache: made of everything a fragment shows.

A fragment is looked up by every value it prints (object ids, names, statuses, stamps), the
language and the time zone, so a change to any of them makes a new key and the page shows
it at once: nothing has to remember to invalidate anything, and a per-process cache is as
correct as a shared one. A fragment holding a CSRF token or anything else made for one
visitor is never kept; what a role may do goes into the key when the fragment depends on it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import get_language

# Keys change with what they show, so a fragment only ever expires to make room.
FRAGMENT_SECONDS = 3600


def shown_key(*shown) -> str:
    """One key for ``shown`` (any values with a stable repr) in this language and time zone."""
    text = repr((get_language(), timezone.get_current_timezone_name(), shown))
    return hashlib.sha256(text.encode()).hexdigest()


def rows_key(rows: Iterable, shown: Callable[[object], tuple]) -> str:
    """The key of a list's rows: ``shown(row)`` names what one row prints."""
    return shown_key(*(shown(row) for row in rows))


def kept_fragment(name: str, key: str, render: Callable[[], str]) -> str:
    """The fragment ``name`` for ``key`` from the cache, rendered and kept when missing."""
    cache_key = f"fragment:{name}:{key}"
    html = cache.get(cache_key)
    if html is None:
        html = render()
        cache.set(cache_key, html, FRAGMENT_SECONDS)
    return html

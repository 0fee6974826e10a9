"""Filters for the rows of list and detail pages, where a template tag per row adds up.

A page prints tens of rows; ``{% include %}`` pushes a context and renders a template per
row, ``{% url %}`` resolves the route per row and ``|date`` walks a format string per row.
These do the same work once per route or per value.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

register = template.Library()

# An id no row has: reverse() runs once per route with it, and rows substitute their own.
_ANY_ID = 9_876_543_210_123


@lru_cache(maxsize=64)
def _route(name: str) -> tuple[str, str]:
    path = reverse(name, args=[_ANY_ID])
    before, found, after = path.partition(str(_ANY_ID))
    if not found:
        raise ValueError(f"route {name!r} does not take the object's id in its path")
    return before, after


@register.filter
def link(pk, route: str) -> str:
    """``{{ v.pk|link:"web:variant-detail" }}``: the same path as ``{% url route pk %}``."""
    before, after = _route(route)
    return f"{before}{int(pk)}{after}"


@register.filter
def badge(value, label) -> str:
    """A status badge: ``{{ v.status|badge:v.get_status_display }}``."""
    return format_html('<span class="badge {}">{}</span>', value, label)


@register.filter
def standing(value) -> str:
    """The badge of a standing (``casino.services.standing``: a Badge, a version's standing in a
    jurisdiction or a certificate's status): ``{{ row.standing|standing }}``. The state is both
    the badge's style, the words follow the language."""
    state = getattr(value, "value", None) or getattr(value, "state", None) or value.status
    return badge(state, value.label)


@register.filter
def stamp(value: datetime | None, seconds: bool = False) -> str:
    """A timestamp as Y-m-d H:i (with seconds: H:i:s) in the current time zone."""
    if not value:
        return ""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return value.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


@register.filter
def edge(fig: dict, quiet: bool = False) -> str:
    """A house edge (``edge_figure``) with its exact fraction on hover; ``|edge:True`` leaves
    out the "player advantage" flag (e.g. for the element of risk beside it)."""
    negative = " negative" if fig.get("player_advantage") else ""
    title = format_html(' title="{}"', gettext("exact: %(value)s") % {"value": fig["exact"]}) if fig.get("exact") else ""
    flag = (format_html(' <strong class="advantage">{}</strong>', gettext("player advantage"))
            if fig.get("player_advantage") and not quiet else "")
    return format_html('<span class="edge{}"{}>{}{}</span>', negative, title, fig.get("percent", ""), flag)


@register.filter
def clip(value, length: int) -> str:
    """Plain text cut to ``length`` characters, the last an ellipsis (like ``truncatechars``,
    without its per-character normalisation: this runs on every row of a long list)."""
    text = str(value)
    return text if len(text) <= length else text[: length - 1] + "…"


_BLANK_FORMS: dict[tuple, str] = {}


@register.simple_tag
def blank_fields(form, layout: str = "includes/field.html") -> str:
    """A form's fields, each laid out by ``layout`` (by default ``includes/field.html``).

    An unbound form of a class marked ``static_fields = True`` (no choices or initial values
    from the request or the database) renders the same every time, and widget templates are
    slow to render: its markup is made once per process. Anything else renders afresh.
    """
    if form.is_bound or form.initial or not getattr(type(form), "static_fields", False):
        return _render_fields(form, layout)
    # Labels and help texts are in the request's language: one markup per language.
    key = (type(form), form.prefix, layout, get_language())
    html = _BLANK_FORMS.get(key)
    if html is None:
        html = _BLANK_FORMS[key] = _render_fields(form, layout)
    return html


def _render_fields(form, layout: str) -> str:
    from django.template.loader import get_template

    template = get_template(layout)
    return mark_safe("".join(template.render({"field": field}) for field in form))

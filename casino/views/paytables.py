"""Two paytable versions of one variant, side by side."""

from __future__ import annotations

from fractions import Fraction

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from casino.models import GameVariant
from casino.selectors import paytable_version_compare

from .access import page, readable
from .figures import bet_label, edge_figure


def _edge(figure: dict | None) -> dict:
    if figure is None:
        return edge_figure(None)
    return edge_figure(Fraction(figure["exact"]), figure["exact"])


@readable
def paytable_compare(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant, pk=pk)
    versions = list(variant.paytable.versions.order_by("number"))
    by_id = {str(v.pk): v for v in versions}
    old = by_id.get(request.GET.get("old", ""))
    new = by_id.get(request.GET.get("new", ""))
    if (old is None or new is None) and len(versions) >= 2:
        old, new = old or versions[-2], new or versions[-1]
    context = {"variant": variant, "versions": versions, "old": old, "new": new}
    if old is not None and new is not None:
        comparison = paytable_version_compare(old=old, new=new)
        before, after = old.payouts, new.payouts
        context["lines"] = [
            {"name": name, "old": before.get(name, "—"), "new": after.get(name, "—"),
             "changed": before.get(name) != after.get(name)}
            for name in sorted(set(before) | set(after))
        ]
        context["edges"] = [
            {"label": bet_label(bet), "old": _edge(f["old"]), "new": _edge(f["new"]), "change": _edge(f["change"])}
            for bet, f in comparison["house_edge"].items()
        ]
        context["errors"] = comparison.get("errors", {})
    return page(request, "paytables/compare.html", context)

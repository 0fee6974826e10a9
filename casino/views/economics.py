"""A table's page: what it runs, its economics under its player mix, its field results."""

from __future__ import annotations

from babel.numbers import format_decimal, format_scientific
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from casino import rule_words
from casino.forms.economics import TableEconomicsForm
from casino.models import TableConfiguration
from casino.permissions import CAN_CONFIGURE_TABLES
from casino.services.tables import table_configuration_update
from casino.templatetags.locale_numbers import babel_locale
from certification.economics.lattice import Tail
from certification.economics.mix import STRATEGIES, MixError
from certification.economics.report import COVARIANCE_METHOD
from certification.models import FieldUpload
from certification.odds.simulation import StrategyError
from certification.services.economics import table_figures

from . import svg
from .access import page, readable, role_required
from .figures import edge_figure
from .table_rounds import table_rounds_summary
from .table_standing import table_standing

# The economics engine states its methods in English for the JSON and the commands; the page
# says each in the reader's language (an unknown one is shown as it stands).
METHODS = {
    COVARIANCE_METHOD: gettext_lazy(
        "exact: seats conditionally independent given the dealer's upcard (when seen) and final "
        "outcome, each seat's joint law with the dealer from the exact engine; card removal "
        "between seats left out"),
    "Lundberg's inequality (adjustment coefficient of the exact round law)": gettext_lazy(
        "Lundberg's inequality (adjustment coefficient of the exact round law)"),
}


def method_words(method: str) -> str:
    return str(METHODS.get(method, method))


def probability_text(tail: Tail) -> str:
    """A probability in the reader's way of writing numbers; a bound says it is one."""
    p = tail.probability
    locale = babel_locale()
    digits = 3 if tail.method == "fft" else 2
    number = (format_decimal(p, format="@" + "#" * (digits - 1), locale=locale) if p >= 1e-4 or p == 0
              else format_scientific(p, format="0." + "#" * (digits - 1) + "E0", locale=locale))
    return number if tail.method == "fft" else _("at most %(p)s") % {"p": number}


def _economics(table: TableConfiguration) -> dict:
    try:
        figures = table_figures(table=table)
    except ValidationError as exc:
        return {"error": " ".join(m for ms in exc.message_dict.values() for m in ms)}
    except (MixError, StrategyError, ValueError) as exc:
        return {"error": str(exc)}
    data = figures.to_json()
    econ = figures.economics
    return {
        "data": data,
        "edge": edge_figure(figures.mixed.bets["main"].house_edge),
        "strategies": [(rule_words.strategy(name), edge_figure(f.seat_edge))
                       for name, f in figures.mixed.per_strategy.items()],
        "mix": [(rule_words.strategy(name), share) for name, share in data["mix"].items()],
        "p_day": probability_text(econ.p_losing_day),
        "p_month": probability_text(econ.p_losing_month),
        "covariance_method": method_words(data["covariance_method"]),
        "bankroll_method": method_words(data["bankroll"]["method"]),
        "daily_chart": svg.histogram_chart(data["daily_distribution"], float(econ.theo_win_per_day)),
        "mix_chart": svg.bar_chart(_mix_bars(figures), _("Theoretical win per hour by player mix")),
    }


def _mix_bars(figures) -> list[tuple[str, float]]:
    # One bar per strategy (in the engine's order), then the table's own mix last.
    *each, (_label, table_win) = figures.by_strategy
    bars = [(rule_words.strategy(name), float(v)) for name, (_l, v) in zip(STRATEGIES, each, strict=True)]
    return [*bars, (_("this table's mix"), float(table_win))]


@readable
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration.objects.select_related(
        "variant", "paytable_version", "casino_property__jurisdiction"), pk=pk)
    uploads = FieldUpload.objects.filter(field_days__table=table).distinct()
    field = [{"upload": u, "result": u.result["tables"].get(table.table_id)} for u in uploads[:10]]
    return page(request, "tables/detail.html", {
        "table": table, "economics": _economics(table), "field": field, "standing": table_standing(table),
        "rounds": table_rounds_summary(table),
    })


@role_required(*CAN_CONFIGURE_TABLES)
def table_economics_edit(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration.objects.select_related("variant", "paytable_version"), pk=pk)
    form = TableEconomicsForm(request.POST or None, initial=TableEconomicsForm.initial_for(table))
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                table_configuration_update(table=table, actor=request.user, **form.changes())
        except ValidationError as exc:
            for name, problems in exc.message_dict.items():
                target = "mix_optimal" if name == "player_mix" else name
                form.add_error(target if target in form.fields else None, "; ".join(problems))
        else:
            messages.success(request, _("Economics of table %(table)s saved.") % {"table": table.table_id})
            return redirect("web:table-detail", pk=table.pk)
    return page(request, "tables/economics_form.html", {"form": form, "table": table})

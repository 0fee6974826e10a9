"""Querysets compiled to SQL once per process and run again with other values.

The pages read the same few querysets on every request, with another id in them each time,
and Django compiles a queryset to SQL from scratch on every evaluation: on a detail page that
compilation cost more than PostgreSQL spent answering. A ``PreparedQuery`` is written as an
ordinary queryset whose changing values are ``Slot``s; the first call compiles it and keeps
the SQL, later calls bind their values in the slots' places and build model instances the way
the ORM does (``select_related`` objects included). Prefetches are not part of a prepared
query: callers load related lists with prepared queries of their own.

    submission_by_id = PreparedQuery(lambda pk: Submission.objects.select_related("variant")
                                     .filter(pk=pk))
    submission_by_id(7)   # -> [Submission] or []
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Expression, Field, QuerySet
from django.db.models.query import get_related_populators


class _SlotValue:
    """Marks, among a compiled query's parameters, where a slot's value goes."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index


class Slot(Expression):
    """A value a prepared query takes at each call: compiles to one SQL parameter."""

    def __init__(self, index: int, output_field: Field | None = None):
        super().__init__(output_field=output_field)
        self.index = index

    def as_sql(self, compiler, connection):
        return "%s", [_SlotValue(self.index)]


class _Plan:
    """The compiled SQL of one prepared query on one connection, and how to read its rows."""

    def __init__(self, queryset: QuerySet):
        self.db = queryset.db
        compiler = queryset.query.get_compiler(using=self.db)
        try:
            self.sql, self.params = compiler.as_sql()
        except EmptyResultSet:  # e.g. an empty window: the ORM answers without asking
            self.sql = None
            return
        self.compiler = compiler
        klass_info = compiler.klass_info
        select = compiler.select
        self.model = klass_info["model"]
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.model_columns = slice(first, last)
        self.init_list = [column[0].target.attname for column in select[first:last]]
        self.related_populators = get_related_populators(klass_info, select, self.db)
        self.annotations = dict(compiler.annotation_col_map or {})
        # Columns added only to order by are cut from each row, as the ORM does.
        self.width = compiler.col_count if compiler.has_extra_select else None
        self.converters = compiler.get_converters([column[0] for column in select[:compiler.col_count]])

    def run(self, values: tuple) -> list:
        if self.sql is None:
            return []
        with connections[self.db].cursor() as cursor:
            cursor.execute(self.sql, _bind(self.params, values))
            rows = cursor.fetchall()
        if self.width is not None:
            rows = [row[:self.width] for row in rows]
        if self.converters:  # what results_iter does, with the converters looked up once
            rows = self.compiler.apply_converters(rows, self.converters)
        # What ModelIterable does with each row, minus the compilation it starts with.
        objects = []
        for row in rows:
            obj = self.model.from_db(self.db, self.init_list, row[self.model_columns])
            for populator in self.related_populators:
                populator.populate(row, obj)
            for name, position in self.annotations.items():
                setattr(obj, name, row[position])
            objects.append(obj)
        return objects


class _CountPlan:
    """How many rows the query matches: its SQL, unordered, counted by PostgreSQL."""

    def __init__(self, queryset: QuerySet):
        self.db = queryset.db
        keys = queryset.order_by().values("pk").query
        try:
            sql, self.params = keys.get_compiler(using=self.db).as_sql()
        except EmptyResultSet:
            self.sql = None
            return
        self.sql = f"SELECT COUNT(*) FROM ({sql}) AS matched"

    def run(self, values: tuple) -> int:
        if self.sql is None:
            return 0
        with connections[self.db].cursor() as cursor:
            cursor.execute(self.sql, _bind(self.params, values))
            return cursor.fetchone()[0]


def _bind(params: tuple | list, values: tuple) -> list:
    return [values[p.index] if isinstance(p, _SlotValue) else p for p in params]


class PreparedQuery:
    """``build(*slots, **shape)`` returns the queryset; calling it with values runs it.

    Slots are the values that change from call to call; each is one SQL parameter, so they
    never change the SQL. ``shape`` keywords are the few choices that do (whether a filter is
    applied, which window of a list): each shape gets its own plan. The queryset must not
    prefetch. Plans are kept per database connection, at most ``MAX_PLANS`` of them.
    """

    MAX_PLANS = 256

    def __init__(self, build: Callable[..., QuerySet]):
        self.build = build
        self.arity = sum(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            for p in inspect.signature(build).parameters.values()
        )
        self._plans: dict[tuple, _Plan | _CountPlan] = {}
        self._db: str | None = None
        self._lock = threading.Lock()

    def queryset(self, *values: Any, window: tuple[int, int] | None = None, **shape: Any) -> QuerySet:
        """The same query as a plain queryset (what the prepared one must always agree with)."""
        queryset = self.build(*values, **shape)
        return queryset[window[0]:window[1]] if window else queryset

    def _plan(self, kind: type, shape: dict) -> _Plan | _CountPlan:
        key = (kind, id(connections[self._db]) if self._db else None, *sorted(shape.items()))
        plan = self._plans.get(key)
        if plan is None:
            with self._lock:
                window = shape.pop("window", None)
                probe = self.queryset(*(Slot(i) for i in range(self.arity)), window=window, **shape)
                if probe._prefetch_related_lookups:
                    raise ValueError("a prepared query cannot prefetch; prepare the related query too")
                self._db = probe.db
                key = (kind, id(connections[self._db]), *key[2:])
                if len(self._plans) >= self.MAX_PLANS:
                    self._plans.pop(next(iter(self._plans)))
                plan = self._plans.setdefault(key, kind(probe))
        return plan

    def _check(self, values: tuple) -> None:
        if len(values) != self.arity:
            raise TypeError(f"expected {self.arity} values, got {len(values)}")

    def __call__(self, *values: Any, **shape: Any) -> list:
        self._check(values)
        return self._plan(_Plan, shape).run(values)

    def count(self, *values: Any, **shape: Any) -> int:
        self._check(values)
        return self._plan(_CountPlan, shape).run(values)

    def rows(self, *values: Any, **shape: Any) -> PreparedRows:
        """The query as ``Paginator`` reads a queryset: a count, and a slice per page."""
        self._check(values)
        return PreparedRows(self, values, shape)


class PreparedRows:
    """What ``Paginator`` asks of its list (``count()`` and a slice), from prepared plans."""

    ordered = True

    def __init__(self, query: PreparedQuery, values: tuple, shape: dict):
        self.query, self.values, self.shape = query, values, shape

    def count(self) -> int:
        return self.query.count(*self.values, **self.shape)

    def __getitem__(self, window: slice) -> list:
        if not isinstance(window, slice) or window.step is not None:
            raise TypeError("a prepared list is read a page at a time")
        return self.query(*self.values, window=(window.start or 0, window.stop), **self.shape)


def attach_prefetched(instance, name: str, objects: list) -> None:
    """Make ``instance.<name>.all()`` answer ``objects``, as ``prefetch_related`` leaves it.

    ``name`` is a reverse foreign key (``version.lines``). This is what Django's own prefetch
    stores; a prepared query cannot prefetch, so its callers load the list and attach it.
    """
    manager = getattr(instance, name)
    field = manager.field
    for obj in objects:
        field.set_cached_value(obj, instance)
    queryset = manager.get_queryset()
    queryset._result_cache = list(objects)
    queryset._prefetch_done = True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[field.remote_field.cache_name] = queryset

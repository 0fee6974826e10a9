"""The search: the variants whose house edge lies in a band, fewest changes first.

Levels go by number of changes (0, 1, 2, ...). A level's variants are analysed in batches
(any parallel map will do: local processes, a Celery group), then sorted; the search stops
after the first level at which ``limit`` in-band variants have been found, so the list holds
every in-band variant with the fewest changes (up to ``limit``), then the next ones.

Along a monotone knob (``structure.direction``) a line of values is bisected: the first
probe tells whether the whole line lies below or above the band, and otherwise two binary
searches find the in-band stretch, every point of which is then analysed. Before that, a
variant is dropped when the same variant without one of its monotone changes is known to
lie out of band (analysed, or skipped on its side) on the side that change moves the edge
(``_beyond``); a line keeps the rest of its points, in order, and is bisected as before.
A skipped point is never in band, and never nearer the band than a point that was analysed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino.rules.model import Rules

from .evaluate import sharing_key
from .figures import VariantFigures, fraction_text
from .knobs import Knob, TunerInputError, with_current
from .space import Candidate, LevelCount, Line, key_of, level_lines, level_size
from .structure import direction, rank

Evaluate = Callable[..., Sequence[VariantFigures]]
"""evaluate(batch) -> the batch's figures, in order. An evaluator whose ``reports_done`` is
true also takes ``done``, called with how many more variants are analysed as parts finish."""
Progress = Callable[[int, int, int], None]
"""progress(variants decided, variants in the levels searched, exact analyses so far)."""

DEFAULT_LIMIT = 20
ABOVE, BELOW = 1, -1
"""Sides of the band a variant out of it lies on."""
MAX_CHART_POINTS = 5000
Bounds = Mapping[str, tuple[Fraction | None, Fraction | None]]


@dataclass(frozen=True)
class TuningRequest:
    base: Rules
    knobs: tuple[Knob, ...]
    band: tuple[Fraction, Fraction]
    bet: str = "main"
    bounds: Bounds = field(default_factory=dict)
    """Other bets' house-edge bounds (min, max; None is open), e.g. a jurisdiction's."""
    max_changes: int | None = None
    limit: int = DEFAULT_LIMIT
    variant: str = ""

    def __post_init__(self) -> None:
        lo, hi = self.band
        if lo > hi:
            raise TunerInputError(f"the target band starts above where it ends ({lo} > {hi})")
        if self.limit < 1:
            raise TunerInputError("--limit must be at least 1")
        if self.max_changes is not None and self.max_changes < 0:
            raise TunerInputError("--max-changes cannot be negative")
        keys = [k.key for k in self.knobs]
        if len(set(keys)) != len(keys):
            raise TunerInputError("a knob is named twice")

    @property
    def deepest(self) -> int:
        top = len(self.knobs)
        return top if self.max_changes is None else min(self.max_changes, top)


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    figures: VariantFigures
    miss: Fraction
    """How far the bet's edge lies outside the band (0 inside)."""
    other_miss: Fraction
    """How far the other bets lie outside their bounds, summed (0 inside)."""

    @property
    def in_band(self) -> bool:
        return self.miss == 0 and self.other_miss == 0

    def to_json(self) -> dict[str, Any]:
        return {"changes": self.candidate.changes_dict(), "bets": self.figures.to_json()}


@dataclass
class TuningResult:
    request: TuningRequest
    suggestions: list[Scored]
    closest: Scored | None
    evaluated: int
    rejected: int
    dominated: int
    skipped: int
    """Variants a monotone knob showed to be out of band without analysing them."""
    levels: int
    """Levels (numbers of changes) searched, from 0."""
    space: int
    """Variants in the levels searched, rejected ones included."""
    seconds: float
    points: list[Scored]

    @property
    def fewest_changes(self) -> int | None:
        return self.suggestions[0].candidate.size if self.suggestions else None

    @property
    def with_fewest(self) -> int:
        fewest = self.fewest_changes
        return sum(1 for s in self.in_band if s.candidate.size == fewest)

    @property
    def in_band(self) -> list[Scored]:
        return [p for p in self.points if p.in_band]

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.request.band
        return {
            "variant": self.request.variant,
            "bet": self.request.bet,
            "target": [float(lo), float(hi)],
            "target_fraction": [fraction_text(lo), fraction_text(hi)],
            "evaluated": self.evaluated,
            "rejected": self.rejected,
            "dominated": self.dominated,
            "skipped": self.skipped,
            "levels": self.levels,
            "space": self.space,
            "seconds": self.seconds,
            "fewest_changes": self.fewest_changes,
            "in_band_with_fewest_changes": self.with_fewest,
            "suggestions": [s.to_json() for s in self.suggestions],
            "closest": self.closest.to_json() if self.closest else None,
        }


def _outside(value: Fraction, lo: Fraction | None, hi: Fraction | None) -> Fraction:
    if lo is not None and value < lo:
        return lo - value
    if hi is not None and value > hi:
        return value - hi
    return Fraction(0)


class Search:
    def __init__(self, request: TuningRequest, evaluate: Evaluate,
                 progress: Progress | None = None, batch_size: int | None = None):
        self.request = request
        self.evaluate = evaluate
        self.progress = progress
        # A long batch is handed over in slices so progress shows between them; a Celery
        # run keeps whole batches (one group each) for the widest fan-out.
        self.batch_size = batch_size
        self._decided = (0, 1)
        self._level_end = 0
        self._shown = 0
        self.known: dict[str, VariantFigures] = {}
        self.scored: dict[str, Scored] = {}
        self.counts = LevelCount()
        self.skipped = 0
        self.current: dict[str, str] = {}
        """Each knob's value in the base."""
        self.side: dict[str, int] = {}
        """Variants known to lie out of band without an analysis, and on which side."""

    # -- scoring -------------------------------------------------------------------------
    def edge(self, point: Candidate) -> Fraction:
        return self.edge_of(point.key)

    def edge_of(self, key: str) -> Fraction:
        return self.known[key].bets[self.request.bet].house_edge

    def score(self, point: Candidate) -> Scored:
        figures = self.known[point.key]
        lo, hi = self.request.band
        other = sum(
            (_outside(b.house_edge, *self.request.bounds[name])
             for name, b in figures.bets.items()
             if name != self.request.bet and name in self.request.bounds),
            Fraction(0),
        )
        return Scored(point, figures, _outside(self.edge(point), lo, hi), other)

    # -- one line ------------------------------------------------------------------------
    def walk(self, line: Line) -> Generator[list[Candidate], None, None]:
        pts = line.points
        if not line.sign:
            yield pts
            return
        lo, hi = self.request.band
        n = len(pts)
        yield [pts[0]]
        if self.edge(pts[0]) < lo:
            self._out(pts, BELOW)
            return
        if self.edge(pts[0]) <= hi:
            first = 0
        else:
            yield [pts[n - 1]]
            if self.edge(pts[n - 1]) > hi:
                self._out(pts, ABOVE)
                return
            low, high = 1, n - 1
            while low < high:
                mid = (low + high) // 2
                yield [pts[mid]]
                low, high = (low, mid) if self.edge(pts[mid]) <= hi else (mid + 1, high)
            first = low
        self._out(pts[:first], ABOVE)
        if self.edge(pts[first]) < lo:
            self._out(pts[first:], BELOW)
            return
        low, high = first + 1, n
        while low < high:
            mid = (low + high) // 2
            yield [pts[mid]]
            low, high = (low, mid) if self.edge(pts[mid]) < lo else (mid + 1, high)
        self._out(pts[low:], BELOW)
        yield pts[first:low]

    def _out(self, points: Sequence[Candidate], side: int) -> None:
        """Note on which side of the band ``points`` lie, analysed or not."""
        for point in points:
            self.side[point.key] = side

    def _side(self, key: str) -> int:
        """Which side of the band a variant of this level or the ones before lies on
        (ABOVE, BELOW, or 0: in band or not known)."""
        if key in self.known:
            lo, hi = self.request.band
            edge = self.edge_of(key)
            return ABOVE if edge > hi else BELOW if edge < lo else 0
        return self.side.get(key, 0)

    def _beyond(self, point: Candidate) -> bool:
        """Whether ``point`` lies out of band beyond a variant with one change fewer that is
        known to (analysed, or skipped along a line or by this rule): undoing a change along a
        monotone knob (``structure.direction``) moves the edge one known way, so if that
        variant is out of band on the side ``point`` lies further on, so is ``point``, and
        never nearer the band."""
        for i, (key, value) in enumerate(point.changes):
            sign = direction(point.rules, key, self.request.bet)
            here, there = rank(value), rank(self.current.get(key, ""))
            if not sign or here is None or there is None:
                continue
            fewer = self._side(key_of(point.changes[:i] + point.changes[i + 1:]))
            # sign * (here - there) > 0: the edge at ``point`` is at most the edge there.
            lower = (sign > 0) == (here > there)
            if fewer == (BELOW if lower else ABOVE):
                self.side[point.key] = fewer
                return True
        return False

    def _within_reach(self, lines: list[Line]) -> list[Line]:
        """The lines without their points ``_beyond`` the band. Along a line the edge is
        monotone, so what is left of it (in order) is bisected as the whole line would be."""
        kept = []
        for line in lines:
            points = [point for point in line.points if not self._beyond(point)]
            if points:
                kept.append(Line(points, line.axis, line.sign))
        return kept

    # -- the levels ----------------------------------------------------------------------
    def run(self) -> TuningResult:
        start = time.perf_counter()
        request = self.request
        knobs = with_current(request.base, request.knobs)
        self.current = {knob.key: knob.values[0] for knob in knobs}
        sizes = [level_size(knobs, k) for k in range(request.deepest + 1)]
        total = sum(sizes)
        found = 0
        level = 0
        for level in range(request.deepest + 1):
            done_before = sum(sizes[:level])
            count = LevelCount()
            lines = list(level_lines(request.base, knobs, level, request.bet, count))
            self.counts.rejected += count.rejected
            self.counts.dominated += count.dominated
            self._drive(self._within_reach(lines), done_before, sizes[level], total)
            self.skipped += sum(1 for line in lines for p in line.points if p.key not in self.known)
            found = sum(1 for s in self.scored.values() if s.in_band)
            if found >= request.limit:
                break
        searched = level + 1
        if self.progress:
            self._tell(total, total, len(self.known))
        points = sorted(self.scored.values(), key=self._order)
        suggestions = [p for p in points if p.in_band][: request.limit]
        closest = None
        if not suggestions and points:
            closest = min(points, key=lambda p: (p.miss, p.other_miss, p.candidate.size,
                                                 self._from_middle(p), p.candidate.key))
        return TuningResult(
            request=request, suggestions=suggestions, closest=closest,
            evaluated=len(self.known), rejected=self.counts.rejected,
            dominated=self.counts.dominated, skipped=self.skipped, levels=searched,
            space=sum(sizes[:searched]), seconds=time.perf_counter() - start,
            points=points[:MAX_CHART_POINTS],
        )

    def _from_middle(self, p: Scored) -> Fraction:
        lo, hi = self.request.band
        return abs(p.figures.bets[self.request.bet].house_edge - (lo + hi) / 2)

    def _order(self, p: Scored) -> tuple:
        return (not p.in_band, p.candidate.size, self._from_middle(p), p.candidate.key)

    def _check_bet(self) -> None:
        bets = next(iter(self.known.values())).bets if self.known else {}
        if self.request.bet not in bets:
            raise TunerInputError(
                f"unknown bet {self.request.bet!r} for this variant (bets: {', '.join(bets)})"
            )

    def _drive(self, lines: list[Line], done_before: int, size: int, total: int) -> None:
        """Advance every line's walk together, one batch of analyses per step."""
        active: list[tuple[Generator, list[Candidate]]] = []
        finished = 0
        for line in lines:
            walk = self.walk(line)
            active.append((walk, next(walk)))
        while active:
            batch: dict[str, Candidate] = {}
            for _, wanted in active:
                for point in wanted:
                    if point.key not in self.known:
                        batch.setdefault(point.key, point)
            if batch:
                self._decided = (done_before + size * finished // max(len(lines), 1), total)
                self._level_end = done_before + size
                self._analyse(list(batch.values()))
            still: list[tuple[Generator, list[Candidate]]] = []
            for walk, wanted in active:
                for point in wanted:
                    if point.key not in self.scored:
                        self.scored[point.key] = self.score(point)
                try:
                    still.append((walk, walk.send(None)))
                except StopIteration:
                    finished += 1
            active = still

    def _analyse(self, batch: list[Candidate]) -> None:
        if not self.known and batch and batch[0].size == 0:
            # The base alone first: a wrong bet name fails before any other analysis.
            self.known[batch[0].key] = self.evaluate(batch[:1])[0]
            self._check_bet()
            batch = batch[1:]
            if self.progress:
                self._tell(*self._decided, len(self.known))
        # Variants that share a dealer (then hands) side by side: each slice handed over, and
        # each process's share of it, counts as few dealers as it can.
        batch = sorted(batch, key=lambda point: sharing_key(point.rules))
        if self.batch_size is None and self.progress and getattr(self.evaluate, "reports_done", False):
            self._analyse_whole(batch)
            return
        step = self.batch_size or len(batch) or 1
        for start in range(0, len(batch), step):
            part = batch[start:start + step]
            for point, figures in zip(part, self.evaluate(part), strict=True):
                self.known[point.key] = figures
            if self.progress:
                self._tell(*self._decided, len(self.known))


    def _analyse_whole(self, batch: list[Candidate]) -> None:
        """The batch handed over at once, the progress told as the evaluator's runs finish."""
        analysed = first = len(self.known)
        decided, total = self._decided

        def done(count: int) -> None:
            # A level's first batch holds most of its analyses: the bar moves through what is
            # left of the level as the batch is analysed (never backwards, see _tell).
            nonlocal analysed
            analysed += count
            part = (self._level_end - decided) * (analysed - first) // max(len(batch), 1)
            self._tell(min(decided + part, self._level_end), total, analysed)

        for point, figures in zip(batch, self.evaluate(batch, done=done), strict=True):
            self.known[point.key] = figures


    def _tell(self, decided: int, total: int, analysed: int) -> None:
        self._shown = max(self._shown, decided)
        self.progress(self._shown, total, analysed)


def tune(request: TuningRequest, evaluate: Evaluate, progress: Progress | None = None,
         batch_size: int | None = None) -> TuningResult:
    """Run the search of ``request``, analysing with ``evaluate`` (see ``evaluate.py``)."""
    return Search(request, evaluate, progress, batch_size).run()

"""Where cards land: card × position, input × output position, and successor pairs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from certification.randomness.shuffles.nulls import (
    max_cell_pvalue,
    permutation_matrix_trace_sq,
    scaled_chi2_pvalue,
    successor_trace_sq,
)
from certification.randomness.shuffles.results import TestResult


@dataclass(frozen=True)
class Prepared:
    """Arrays every test group reads, computed once per log."""

    types: np.ndarray  # shuffles × n card types (identical cards of a shoe share a type)
    kinds: int
    copies: int
    applied: np.ndarray | None  # (shuffles−1) × n, single decks only

    @property
    def n(self) -> int:
        return int(self.types.shape[1])

    @property
    def shuffles(self) -> int:
        return int(self.types.shape[0])


def table(rows: np.ndarray, kinds: int) -> np.ndarray:
    """kinds × n counts of value v at column j over all rows."""
    n = rows.shape[1]
    flat = (rows * n + np.arange(n)).ravel()
    return np.bincount(flat, minlength=kinds * n).reshape(kinds, n)


def _table_tests(
    counts: np.ndarray, trials: int, copies: int, name: str, what: str
) -> list[TestResult]:
    kinds, n = counts.shape
    p0 = copies / n
    expected = trials * p0
    x2 = float(((counts - expected) ** 2).sum() / expected)
    mean, trace_sq = permutation_matrix_trace_sq(kinds, n, copies)
    p, nu = scaled_chi2_pvalue(x2, mean, trace_sq)
    z, p_max = max_cell_pvalue(counts, trials, p0)
    return [
        TestResult(
            name,
            x2,
            p,
            False,
            f"{what}: broad biases spread over many cells",
            detail=f"Pearson X² over {kinds}×{n} cells, referred to {n}/{n - 1}·χ²({nu:.0f})",
        ),
        TestResult(
            f"{name}_max_cell",
            z,
            p_max,
            False,
            f"{what}: one card or position strongly favoured (e.g. a card sticking)",
            detail="most extreme cell, exact binomial, Bonferroni over cells",
        ),
    ]


def position_tests(prep: Prepared) -> tuple[list[TestResult], np.ndarray]:
    counts = table(prep.types, prep.kinds)
    tests = _table_tests(
        counts,
        prep.shuffles,
        prep.copies,
        "position_frequency",
        "absolute card × position frequencies",
    )
    return tests, counts


def displacement_tests(prep: Prepared) -> list[TestResult]:
    assert prep.applied is not None
    counts = table(prep.applied, prep.n)
    return _table_tests(
        counts,
        prep.applied.shape[0],
        1,
        "displacement",
        "where each shuffle moves a card from its previous position",
    )


def successor_test(prep: Prepared) -> TestResult:
    n = prep.n
    rows = prep.types
    pairs = np.bincount((rows[:, :-1] * n + rows[:, 1:]).ravel(), minlength=n * n).reshape(n, n)
    off = ~np.eye(n, dtype=bool)
    expected = prep.shuffles * (n - 1) / (n * (n - 1))
    x2 = float(((pairs[off] - expected) ** 2).sum() / expected)
    mean, trace_sq = successor_trace_sq(n)
    p, nu = scaled_chi2_pvalue(x2, mean, trace_sq)
    return TestResult(
        "successor_pairs",
        x2,
        p,
        False,
        "particular cards following each other too often or too rarely",
        detail=f"Pearson X² over {n}×{n - 1} ordered pairs, scaled χ²(ν={nu:.0f})",
    )

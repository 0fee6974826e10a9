"""Procedure strings such as ``wash,riffle,riffle,box,riffle,cut``.

Steps are separated by commas; a step may carry its parameter after a colon (``box:3``,
``overhand:0.1``, ``wash:40``) and a repeat count after a star (``riffle*7``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from certification.randomness.procedures.steps import STEPS


class ProcedureError(ValueError):
    """A procedure string that names an unknown step or a bad parameter."""


@dataclass(frozen=True)
class Step:
    kind: str
    parameter: float | None = None

    def __str__(self) -> str:
        return self.kind if self.parameter is None else f"{self.kind}:{self.parameter:g}"


@dataclass(frozen=True)
class Procedure:
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return ",".join(str(s) for s in self.steps)

    @property
    def riffle_runs(self) -> list[int]:
        """Lengths of the runs of consecutive riffles (for the exact upper bound)."""
        runs, current = [], 0
        for step in self.steps:
            if step.kind == "riffle":
                current += 1
            elif current:
                runs.append(current)
                current = 0
        return runs + ([current] if current else [])

    @property
    def riffles_only(self) -> bool:
        return all(s.kind == "riffle" for s in self.steps)

    def sample(self, rng: np.random.Generator, decks: int, n: int) -> np.ndarray:
        """``src`` (decks × n) of the whole procedure applied to new decks."""
        src = np.broadcast_to(np.arange(n), (decks, n)).copy()
        for step in self.steps:
            kind = STEPS[step.kind]
            args = () if step.parameter is None else (step.parameter,)
            src = np.take_along_axis(src, kind.sample(rng, decks, n, *args), axis=1)
        return src


def parse_procedure(text: str) -> Procedure:
    steps: list[Step] = []
    known = ", ".join(STEPS)
    for position, raw in enumerate(text.split(","), start=1):
        token = raw.strip().lower()
        if not token:
            raise ProcedureError(f"step {position} of {text!r} is empty")
        repeat = 1
        if "*" in token:
            token, _, times = token.partition("*")
            if not times.isdigit() or not 1 <= int(times) <= 100:
                raise ProcedureError(
                    f"step {position} ({raw.strip()!r}): repeat count must be 1..100"
                )
            repeat = int(times)
        name, _, value = token.partition(":")
        if name not in STEPS:
            raise ProcedureError(
                f"unknown step {name!r} at position {position} (known steps: {known})"
            )
        parameter = None
        if value:
            if STEPS[name].parameter is None:
                raise ProcedureError(f"step {position} ({name}) takes no parameter")
            try:
                parameter = float(value)
            except ValueError:
                raise ProcedureError(
                    f"step {position} ({name}): parameter {value!r} is not a number"
                ) from None
            _check_parameter(name, parameter, position)
        steps.extend([Step(name, parameter)] * repeat)
    return Procedure(tuple(steps))


def _check_parameter(name: str, value: float, position: int) -> None:
    ok = {
        "box": value >= 2 and value == int(value),
        "overhand": 0 < value <= 1,
        "wash": value >= 0 and value == int(value),
    }[name]
    if not ok:
        raise ProcedureError(f"step {position} ({name}): parameter {value:g} is out of range")

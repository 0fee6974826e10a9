"""Hand-shuffle procedure models and how close they come to a uniform deck."""

from certification.randomness.procedures.assess import Assessment, assess_procedure
from certification.randomness.procedures.exact import riffle_tv, riffles_needed
from certification.randomness.procedures.procedure import (
    Procedure,
    ProcedureError,
    Step,
    parse_procedure,
)

__all__ = [
    "Assessment",
    "Procedure",
    "ProcedureError",
    "Step",
    "assess_procedure",
    "parse_procedure",
    "riffle_tv",
    "riffles_needed",
]

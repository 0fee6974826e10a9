"""Game protection audit (pure, no Django): what leaked information is worth to a player.

Six exposures (dealer card, one card out of play, the next card, collusion, dealt through,
shuffle), each
with the player's edge gain under optimal play, exact where the exact engine reaches and
simulated with a 95 % interval otherwise, a risk level with its rule, and countermeasures
with their recomputed effect.
"""

from .audit import audit_jobs, run_audit, run_chunk
from .exact_part import exact_part
from .merge import assemble
from .result import RISK_RULE, ExposureResult, risk_level
from .spec import AuditSpec

__all__ = ["RISK_RULE", "AuditSpec", "ExposureResult", "assemble", "audit_jobs", "exact_part",
           "risk_level", "run_audit", "run_chunk"]

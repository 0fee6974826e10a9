"""Back-office records; one module per concern, re-exported here for Django."""

from .api_tokens import ApiToken, TokenScope
from .audit import AuditCheckpoint, AuditEvent
from .base import ImmutableRecordError
from .figures import PaytableVersionFigures
from .jurisdiction import Jurisdiction
from .properties import CasinoProperty
from .regulator_scopes import RegulatorScope
from .regulators import (
    ENDED_STATUSES,
    FINAL_STATUSES,
    LIVE_STATUSES,
    TRANSITIONS,
    TRIAL_STATUSES,
    CertificateRevocation,
    DecisionStatus,
    ExpiryWarning,
    Notice,
    NoticeKind,
    RegulatorDecision,
    RegulatorSubmission,
)
from .rounds import IngestBatch, IngestSource, IngestToken, Round, RoundRollup
from .submissions import (
    OPEN_SUBMISSION_STATUSES,
    Attachment,
    ReviewComment,
    Submission,
    SubmissionStatus,
)
from .tables import (
    BET_TYPES,
    DEFAULT_LIMITS,
    SEAT_BOUNDS,
    StakeLevel,
    TableChannel,
    TableConfiguration,
    TableStatus,
)
from .variants import (
    GameVariant,
    Paytable,
    PaytableLine,
    PaytableVersion,
    VariantStatus,
    VersionStatus,
)

__all__ = [
    "ApiToken",
    "TokenScope",
    "BET_TYPES",
    "DEFAULT_LIMITS",
    "ENDED_STATUSES",
    "FINAL_STATUSES",
    "LIVE_STATUSES",
    "TRANSITIONS",
    "TRIAL_STATUSES",
    "CasinoProperty",
    "CertificateRevocation",
    "DecisionStatus",
    "ExpiryWarning",
    "Notice",
    "NoticeKind",
    "RegulatorDecision",
    "RegulatorScope",
    "RegulatorSubmission",
    "OPEN_SUBMISSION_STATUSES",
    "SEAT_BOUNDS",
    "Attachment",
    "AuditCheckpoint",
    "AuditEvent",
    "GameVariant",
    "ImmutableRecordError",
    "Jurisdiction",
    "Paytable",
    "PaytableLine",
    "PaytableVersion",
    "PaytableVersionFigures",
    "ReviewComment",
    "Submission",
    "SubmissionStatus",
    "TableConfiguration",
    "TableStatus",
    "TableChannel",
    "StakeLevel",
    "IngestBatch",
    "IngestSource",
    "IngestToken",
    "Round",
    "RoundRollup",
    "VariantStatus",
    "VersionStatus",
]

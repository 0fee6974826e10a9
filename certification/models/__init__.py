"""Certification records; one module per concern, re-exported here for Django."""

from .field import FieldDay, FieldUpload  # noqa: F401
from .field_trials import FieldTrialAlarm  # noqa: F401
from .floor import AlarmCheck, AlarmStatus, CardDayStats, FloorAlarm, MonthlyStatistics  # noqa: F401
from .packets import PacketJob  # noqa: F401
from .protection import ProtectionAudit, ProtectionChunk  # noqa: F401
from .reports import IssuedReport, ReportKind  # noqa: F401
from .runs import CertificationRun, RunStatus  # noqa: F401
from .shuffles import ShuffleCertification, ShuffleLog, SummaryReport  # noqa: F401
from .simulation import SimulationChunk, SimulationRun  # noqa: F401
from .surveillance import CaseNote, SurveillanceCase, SurveilledPlayer  # noqa: F401
from .tuning import TuningEvaluation, TuningJob  # noqa: F401

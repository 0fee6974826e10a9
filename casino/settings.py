"""Settings, read from the environment.

With nothing set this is the embedded default: a SQLite file under ``var/``, a Celery
broker on the local filesystem and results in the database, so a laptop needs no server.
``DATABASE_URL`` and ``CELERY_BROKER_URL`` switch to PostgreSQL and Redis/RabbitMQ;
``DJANGO_ENV=production`` turns on the deployment checks and refuses a missing secret.
"""

import re
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(environ.Env().str("TABLECERT_VAR_DIR", default=str(BASE_DIR / "var")))

env = environ.Env()
if env.bool("DJANGO_READ_DOT_ENV_FILE", default=False):
    env.read_env(str(BASE_DIR / ".env"))

DJANGO_ENV = env.str("DJANGO_ENV", default="development")
if DJANGO_ENV not in ("development", "production"):
    raise ImproperlyConfigured(f"DJANGO_ENV must be development or production, not {DJANGO_ENV!r}")
PRODUCTION = DJANGO_ENV == "production"

_DEV_SECRET = "development-only-secret-never-used-in-production-0123456789abcdef"
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="" if PRODUCTION else _DEV_SECRET)
if PRODUCTION and (len(SECRET_KEY) < 50 or SECRET_KEY == _DEV_SECRET):
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set to a random value of at least 50 characters in production"
    )

DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS",
    default=[] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"],
)
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "django_celery_results",
    "django_celery_beat",
    "axes",
    "simple_history",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "casino.apps.CasinoConfig",
    "certification.apps.CertificationConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "casino.middleware.ContentSecurityPolicyMiddleware",
    "casino.middleware.RequestSizeLimitMiddleware",
    "casino.middleware.QueryNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else the browser's Accept-Language (no URL prefix).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "casino.second_factor.SecondFactorIdleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "casino.middleware.DatabaseUnavailableMiddleware",
    # Last, so a locked-out login never reaches the view (django-axes' requirement).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "casino.urls"
WSGI_APPLICATION = "casino.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        # No "loaders" here: Django then wraps its loaders in the cached loader, so each
        # process compiles a template once. Naming loaders would turn that off.
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.views.navigation.navigation",
            ],
        },
    },
]


def _url_flag(value, name: str) -> bool:
    # django-environ leaves a query flag it cannot read as a string, and "false" is truthy.
    if isinstance(value, bool):
        return value
    if str(value).lower() not in ("true", "false"):
        raise ImproperlyConfigured(f"DATABASE_URL: {name} must be True or False, not {value!r}")
    return str(value).lower() == "true"


DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'tablecert.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The worker and the web server share the file: WAL lets readers and a writer work at
    # the same time, and a writer waits for the lock instead of failing at once. A
    # transaction takes the write lock when it begins: one that read first and asked for it
    # only when writing would be refused at once if the other process had committed since.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": 20, "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
else:
    # Persistent connections, checked before reuse: a request does not pay for a new
    # connection. The URL may say otherwise (``?conn_max_age=0&conn_health_checks=False``).
    DATABASES["default"].setdefault("CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = _url_flag(
        DATABASES["default"].get("CONN_HEALTH_CHECKS", True), "conn_health_checks"
    )
    if env.bool("DATABASE_PREPARED_STATEMENTS", default=True):
        # The same few queries run on every request (session, user, roles, page): bound on the
        # server and prepared after a few runs, PostgreSQL stops parsing and planning them
        # each time. Turn off behind a pooler in transaction mode (e.g. PgBouncer).
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": 5}
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Signs users in like ModelBackend and loads their roles with them on every request;
    # ModelBackend stays for sessions it opened.
    "casino.authentication.RoleLoadingBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"

# The second factor (TOTP or a recovery code): reviewers and admins need a verified session
# to approve, reject, revoke, record decisions, build packets or change jurisdictions and
# paytables; True extends this to every user. The verification lapses after this idle time.
TABLECERT_OTP_REQUIRED_FOR_ALL = env.bool("TABLECERT_OTP_REQUIRED_FOR_ALL", default=False)
TABLECERT_OTP_IDLE_MINUTES = env.int("TABLECERT_OTP_IDLE_MINUTES", default=30)
OTP_TOTP_ISSUER = env.str("TABLECERT_OTP_ISSUER", default="tablecert")
# API tokens live this many days unless their owner picks fewer.
TABLECERT_API_TOKEN_DAYS = env.int("TABLECERT_API_TOKEN_DAYS", default=30)
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# English, and the languages of the games' own sources. The catalogues live in locale/.
LANGUAGES = [("en", "English"), ("it", "Italiano"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Production serves the collected, hashed files of the image (collectstatic at build time).
# Development serves straight from the source folders through the staticfiles finders, so
# a fresh clone needs no collect step; its STATIC_ROOT only receives a manual collectstatic.
STATIC_ROOT = Path(env.str(
    "DJANGO_STATIC_ROOT",
    default=str(BASE_DIR / "staticfiles" if PRODUCTION else VAR_DIR / "static"),
))
STATICFILES_DIRS = [BASE_DIR / "static"]
WHITENOISE_USE_FINDERS = not PRODUCTION
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
MEDIA_ROOT = Path(env.str("DJANGO_MEDIA_ROOT", default=str(VAR_DIR / "media")))
MEDIA_URL = "media/"

# Uploads (shuffle logs, RNG output, attachments) are bounded; larger files are refused.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
TABLECERT_MAX_UPLOAD_BYTES = env.int("TABLECERT_MAX_UPLOAD_BYTES", default=50 * 1024 * 1024)

# Rounds from table systems and studios (POST /api/v1/rounds/, casino.services.rounds_ingest).
TABLECERT_INGEST_MAX_BYTES = env.int("TABLECERT_INGEST_MAX_BYTES", default=16 * 1024 * 1024)
# Batches written at once across every web process; one more is told to retry (429).
TABLECERT_INGEST_CONCURRENCY = env.int("TABLECERT_INGEST_CONCURRENCY", default=4)
TABLECERT_INGEST_RETRY_AFTER = env.int("TABLECERT_INGEST_RETRY_AFTER", default=2)
# How long a batch waits for another batch of the same table before being told to retry.
TABLECERT_INGEST_LOCK_WAIT_MS = env.int("TABLECERT_INGEST_LOCK_WAIT_MS", default=5000)
# Rounds are kept this many months (whole months; older partitions are dropped). 0 keeps all.
TABLECERT_ROUNDS_RETENTION_MONTHS = env.int("TABLECERT_ROUNDS_RETENTION_MONTHS", default=84)
# Hours (UTC) at which the floor's shifts start; rollups are kept per shift.
TABLECERT_SHIFT_STARTS = [int(h) for h in env.list("TABLECERT_SHIFT_STARTS", default=["6", "14", "22"])]
if sorted(set(TABLECERT_SHIFT_STARTS)) != TABLECERT_SHIFT_STARTS or not all(
        0 <= h <= 23 for h in TABLECERT_SHIFT_STARTS) or not TABLECERT_SHIFT_STARTS:
    raise ImproperlyConfigured("TABLECERT_SHIFT_STARTS: increasing hours from 0 to 23, e.g. 6,14,22")

# --- Signing ---------------------------------------------------------------------------
# Every issued PDF is signed (PAdES) with this key and certificate. The embedded default
# creates a self-signed pair under var/signing on first use; production names its own and
# never has one created for it. Past certificates stay trusted so old documents verify.
_SIGNING_DIR = VAR_DIR / "signing"
TABLECERT_SIGNING_KEY = Path(env.str("TABLECERT_SIGNING_KEY", default=str(_SIGNING_DIR / "key.pem")))
TABLECERT_SIGNING_CERT = Path(env.str("TABLECERT_SIGNING_CERT", default=str(_SIGNING_DIR / "cert.pem")))
TABLECERT_SIGNING_KEY_PASSPHRASE = env.str("TABLECERT_SIGNING_KEY_PASSPHRASE", default="")
TABLECERT_SIGNING_TRUSTED_DIR = Path(
    env.str("TABLECERT_SIGNING_TRUSTED_DIR", default=str(_SIGNING_DIR / "trusted"))
)
TABLECERT_SIGNER_NAME = env.str("TABLECERT_SIGNER_NAME", default="Tablecert Certification Laboratory")
# An RFC 3161 timestamp authority makes every signature PAdES B-LT (empty: B-B); its root
# certificates (a PEM file) are required with it. Signing never goes on without the stamp.
TABLECERT_TSA_URL = env.str("TABLECERT_TSA_URL", default="")
TABLECERT_TSA_ROOTS = env.str("TABLECERT_TSA_ROOTS", default="")
TABLECERT_APPLICANT = env.str("TABLECERT_APPLICANT", default="")
TABLECERT_HOST_CASINO = env.str("TABLECERT_HOST_CASINO", default="")

# --- Backups ---------------------------------------------------------------------------
# The daily scheduled backup (beat) writes here and keeps the newest archives.
TABLECERT_BACKUP_DIR = Path(env.str("TABLECERT_BACKUP_DIR", default=str(VAR_DIR / "backups")))
TABLECERT_BACKUP_KEEP = env.int("TABLECERT_BACKUP_KEEP", default=14)

# --- Celery --------------------------------------------------------------------------
_BROKER_DIR = VAR_DIR / "broker"
# One cache for every web process and worker (Redis) when given: the public check's rate limit
# and the dashboard's recent notices are then shared; otherwise each process keeps its own.
CACHE_URL = env.str("TABLECERT_CACHE_URL", default="")
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://")):
    raise ImproperlyConfigured(f"TABLECERT_CACHE_URL must be a redis:// address, not {CACHE_URL!r}")
CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
          if CACHE_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="filesystem://")
EMBEDDED_BROKER = CELERY_BROKER_URL.startswith("filesystem://")
if EMBEDDED_BROKER:
    # kombu's filesystem transport, its messages written whole (see casino/embedded_broker.py).
    CELERY_BROKER_TRANSPORT = "casino.embedded_broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR / "queue"),
        "data_folder_out": str(_BROKER_DIR / "queue"),
        "control_folder": str(_BROKER_DIR / "control"),
        "store_processed": False,
        # kombu looks at the folder once a second by default, and every hop of a job (a
        # tuning step sending its next batch, each chunk picked up) waited for that look:
        # a 90-variant search spent 15 of its 17 s there. Listing a near-empty folder 20
        # times a second costs the idle worker under 0.5% of a core.
        "polling_interval": 0.05,
    }
else:
    # A message taken by a worker that then died is delivered again after this many seconds
    # (late acknowledgement); it must exceed the longest chunk, or a slow chunk runs twice
    # (harmless, since chunks record once, but wasted work). Workers sweep for such messages
    # a few times per timeout, so a short timeout takes effect as short.
    _VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": _VISIBILITY_TIMEOUT,
        "unacked_restore_interval": max(1, min(10, _VISIBILITY_TIMEOUT // 4)),
        "unacked_restore_throttle": 1,
    }
    # Several installations, or parallel test processes, can share one Redis database: each
    # prefixes every key it uses (queues, acknowledgements, control messages) with its own.
    _BROKER_KEY_PREFIX = env.str("CELERY_BROKER_KEY_PREFIX", default="")
    if _BROKER_KEY_PREFIX and CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = _BROKER_KEY_PREFIX
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="django-db")
CELERY_RESULT_EXTENDED = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_TIME_LIMIT = 60 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 55 * 60
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = TIME_ZONE

# --- API -----------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "casino.authentication.RoleLoadingTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": ["casino.api.filters.RequestedFilterBackend"],
    "DEFAULT_PARSER_CLASSES": [
        "casino.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 25,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
# Anyone may check a certificate file against the register (/verify/ and the public API): this
# many checks per client address, the page and the API together ("N/second|minute|hour|day").
TABLECERT_PUBLIC_VERIFY_RATE = env.str("TABLECERT_PUBLIC_VERIFY_RATE", default="30/minute")
if not re.fullmatch(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)", TABLECERT_PUBLIC_VERIFY_RATE):
    raise ImproperlyConfigured(f"TABLECERT_PUBLIC_VERIFY_RATE must look like 30/minute, "
                               f"not {TABLECERT_PUBLIC_VERIFY_RATE!r}")
# How many proxies in front of the web service append to X-Forwarded-For (the TLS proxy: 1);
# the rate limit counts per client address read through them, never from the client's own header.
TABLECERT_TRUSTED_PROXIES = env.int("TABLECERT_TRUSTED_PROXIES", default=0)
# An upload to the public check larger than this is refused before it is hashed.
TABLECERT_PUBLIC_VERIFY_MAX_BYTES = env.int("TABLECERT_PUBLIC_VERIFY_MAX_BYTES", default=10 * 1024 * 1024)
SPECTACULAR_SETTINGS = {
    "TITLE": "tablecert API",
    "DESCRIPTION": "Rule variants, paytables, tables, submissions and certification runs.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.IsAuthenticated"],
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "casino.api.rounds_schema.add_rounds_ingest"],
    # Certification runs, simulations, tuning jobs and packet jobs share one status set.
    "ENUM_NAME_OVERRIDES": {"RunStatusEnum": "certification.models.runs.RunStatus",
                            "DecisionStatusEnum": "casino.models.regulators.DecisionStatus",
                            "SurveillanceCaseKindEnum": "certification.models.surveillance.CaseKind"},
}

EMAIL_BACKEND = env.str(
    "DJANGO_EMAIL_BACKEND", default="django.core.mail.backends.filebased.EmailBackend"
)
EMAIL_FILE_PATH = VAR_DIR / "mail"
DEFAULT_FROM_EMAIL = env.str("DJANGO_DEFAULT_FROM_EMAIL", default="tablecert@localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"forbidden_on_one_line": {"()": "casino.logging_filters.ForbiddenOnOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
    # A 403 is one line (casino.logging_filters); errors keep their tracebacks.
    "loggers": {"django.request": {"filters": ["forbidden_on_one_line"]}},
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
# The reviewer page embeds the draft PDF: that one view opts in to same-origin framing.
X_FRAME_OPTIONS = "DENY"
# Sent with every HTML page (casino.middleware.ContentSecurityPolicyMiddleware adds
# frame-ancestors). No 'unsafe-inline': scripts and styles live in static/ only. data: images
# are for the admin's icons.
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "frame-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}
# Harmless on plain http too, so the embedded default sends them as well.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # Health checks from the load balancer arrive over plain HTTP inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]

_VAR_FOLDERS = [VAR_DIR, _BROKER_DIR / "queue", _BROKER_DIR / "control", VAR_DIR / "mail", MEDIA_ROOT]
if not PRODUCTION:
    _VAR_FOLDERS.append(STATIC_ROOT)
for _folder in _VAR_FOLDERS:
    _folder.mkdir(parents=True, exist_ok=True)

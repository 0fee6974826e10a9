"""Settings load in the embedded default and in production mode, from the environment alone."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'], 'broker': s.CELERY_BROKER_URL, "
    "'results': s.CELERY_RESULT_BACKEND, 'debug': s.DEBUG, 'secure': getattr(s, 'SESSION_COOKIE_SECURE', False)}))"
)
PRODUCTION_SECRET = "p" * 20 + "-a-long-random-production-secret-for-tests-0123456789"


def run(env: dict, *args: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_"))}
    clean["DJANGO_SETTINGS_MODULE"] = "casino.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=120
    )


def test_embedded_default_needs_no_server(tmp_path):
    out = run({"TABLECERT_VAR_DIR": str(tmp_path)}, "-c", PROBE)
    assert out.returncode == 0, out.stderr
    settings = json.loads(out.stdout)
    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["broker"] == "filesystem://"
    assert settings["results"] == "django-db"
    assert (tmp_path / "broker" / "queue").is_dir()


def test_services_come_from_the_environment(tmp_path):
    out = run(
        {
            "TABLECERT_VAR_DIR": str(tmp_path),
            "DATABASE_URL": "postgres://someone@db.example:5432/tablecert",
            "CELERY_BROKER_URL": "redis://cache.example:6379/0",
        },
        "-c",
        PROBE,
    )
    assert out.returncode == 0, out.stderr
    settings = json.loads(out.stdout)
    assert settings["engine"] == "django.db.backends.postgresql"
    assert settings["broker"] == "redis://cache.example:6379/0"


def test_production_refuses_to_start_without_a_secret(tmp_path):
    out = run({"TABLECERT_VAR_DIR": str(tmp_path), "DJANGO_ENV": "production"}, "-c", PROBE)
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY" in out.stderr


def test_production_refuses_a_short_secret(tmp_path):
    env = {"TABLECERT_VAR_DIR": str(tmp_path), "DJANGO_ENV": "production", "DJANGO_SECRET_KEY": "short"}
    out = run(env, "-c", PROBE)
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY" in out.stderr


def test_unknown_mode_is_refused(tmp_path):
    out = run({"TABLECERT_VAR_DIR": str(tmp_path), "DJANGO_ENV": "staging"}, "-c", PROBE)
    assert out.returncode != 0
    assert "DJANGO_ENV" in out.stderr


def test_production_passes_the_deployment_checks(tmp_path):
    env = {
        "TABLECERT_VAR_DIR": str(tmp_path),
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": PRODUCTION_SECRET,
        "DJANGO_ALLOWED_HOSTS": "tablecert.example",
    }
    out = run(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert out.returncode == 0, out.stdout + out.stderr
    probe = json.loads(run(env, "-c", PROBE).stdout)
    assert probe["debug"] is False
    assert probe["secure"] is True


PRODUCTION_HEADERS = """
import json, django
django.setup()
from django.test import Client, override_settings
plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
# The image's collected manifest is not built here; the headers do not depend on it.
with override_settings(STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                                 "staticfiles": plain}):
    client = Client(HTTP_HOST="tablecert.example")
    insecure = client.get("/accounts/login/")
    page = client.get("/accounts/login/", secure=True)
print(json.dumps({"redirect": [insecure.status_code, insecure.get("Location", "")],
                  "status": page.status_code, "headers": dict(page.headers),
                  "cookies": {n: {"secure": bool(c["secure"]), "httponly": bool(c["httponly"])}
                              for n, c in page.cookies.items()}}))
"""


def test_production_pages_send_the_security_headers(tmp_path):
    env = {
        "TABLECERT_VAR_DIR": str(tmp_path),
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": PRODUCTION_SECRET,
        "DJANGO_ALLOWED_HOSTS": "tablecert.example",
    }
    out = run(env, "-c", PRODUCTION_HEADERS)
    assert out.returncode == 0, out.stderr[-3000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["redirect"] == [301, "https://tablecert.example/accounts/login/"]
    assert seen["status"] == 200
    headers = seen["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert seen["cookies"]["csrftoken"]["secure"]
CONNECTION_PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "d = s.DATABASES['default']; print(json.dumps([d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS']]))"
)


def test_persistent_connections_come_from_the_database_url(tmp_path):
    url = "postgres://someone@db.example:5432/tablecert"
    cases = {"": [60, True], "?conn_max_age=0&conn_health_checks=False": [0, False],
             "?conn_max_age=300&conn_health_checks=false": [300, False]}
    for query, expected in cases.items():
        out = run({"TABLECERT_VAR_DIR": str(tmp_path), "DATABASE_URL": url + query}, "-c", CONNECTION_PROBE)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == expected, query
    out = run({"TABLECERT_VAR_DIR": str(tmp_path), "DATABASE_URL": url + "?conn_health_checks=maybe"},
              "-c", CONNECTION_PROBE)
    assert out.returncode != 0 and "conn_health_checks must be True or False" in out.stderr


CACHE_PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "c = s.CACHES['default']; print(json.dumps([c['BACKEND'], c.get('LOCATION', '')]))"
)


def test_one_shared_cache_comes_from_the_environment(tmp_path):
    out = run({"TABLECERT_VAR_DIR": str(tmp_path)}, "-c", CACHE_PROBE)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[0] == "django.core.cache.backends.locmem.LocMemCache"
    url = "redis://cache.example:6379/2"
    out = run({"TABLECERT_VAR_DIR": str(tmp_path), "TABLECERT_CACHE_URL": url}, "-c", CACHE_PROBE)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["django.core.cache.backends.redis.RedisCache", url]
    out = run({"TABLECERT_VAR_DIR": str(tmp_path), "TABLECERT_CACHE_URL": "memcached://x:11211"},
              "-c", CACHE_PROBE)
    assert out.returncode != 0 and "TABLECERT_CACHE_URL must be a redis:// address" in out.stderr

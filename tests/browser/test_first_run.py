"""What a new user sees, through the servers users really run.

The first test starts the application with ``make run`` on the embedded default (a fresh var
directory, a free loopback port, SQLite and the local-folder broker) and follows a new user
from sign-in to a downloadable certificate. The second does the same with the production
settings under gunicorn, behind what a TLS proxy would send, serving the collected static
files, against PostgreSQL, Redis and a separate worker. Any console error, or any page or
asset answering 400 or more, fails them (the ``browser`` fixture watches every context).
"""

from __future__ import annotations

import re
import secrets
import subprocess
import sys

import pytest

from tests.browser.journey import (
    LIVE_EDGE_SECONDS,
    WALKTHROUGH,
    approve,
    certify_from_preset,
    open_a_table,
    sign_in,
)
from tests.support.embedded import embedded_env, start_embedded
from tests.support.server import ROOT, free_port, start_server

# The live edge is timed: run alone, not beside the parallel part of the suite.
pytestmark = [pytest.mark.browser, pytest.mark.serial]

BRAND = "rgb(15, 76, 129)"  # the top bar's colour in static/css/app.css
VIEWPORT = {"width": 1360, "height": 900}


def assert_styled_and_scripted(page) -> None:
    """The stylesheet applied (the brand colour, not the browser's default) and no asset
    was refused (the ``browser`` fixture fails the test on any 4xx/5xx asset)."""
    colour = page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundColor")
    assert colour == BRAND, f"the stylesheet did not apply (top bar is {colour})"


def assert_first_certificate(done) -> None:
    # preview.js re-priced the variant while typing; progress.js moved the bar.
    assert done.live_edge_seconds < LIVE_EDGE_SECONDS, (
        f"the live edge took {done.live_edge_seconds:.2f} s to follow the payout")
    assert len(done.progress_seen) >= 2 and done.progress_seen == sorted(done.progress_seen), (
        f"the progress bar did not advance: {done.progress_seen}")
    assert done.certificate.startswith(b"%PDF-"), "the certificate is not a PDF"


def test_the_readme_walkthrough_on_make_run(browser, tmp_path):
    """"Your first certificate in five minutes", step by step as the README tells it."""
    var = tmp_path / "var"
    app = start_embedded(var, tmp_path / "make-run.log")
    try:
        admin_context = browser.new_context(base_url=app.base_url, viewport=VIEWPORT,
                                            accept_downloads=True)
        admin = admin_context.new_page()
        admin.set_default_timeout(30_000)
        sign_in(admin, app.username, app.password)
        assert_styled_and_scripted(admin)
        done = certify_from_preset(admin, preset=WALKTHROUGH["preset"], name=WALKTHROUGH["name"],
                                   payout_label=WALKTHROUGH["payout_label"],
                                   payout=WALKTHROUGH["payout"])
        assert_first_certificate(done)
        assert_styled_and_scripted(admin)
        downloaded = tmp_path / "sette.pdf"
        downloaded.write_bytes(done.certificate)
        assert "AUTHENTIC" in _manage(embedded_env(var), "verify-report", str(downloaded), ok=(DRAFT_EXIT,))

        # The second user, as the README creates it: whoever submits cannot approve.
        created = _manage({**embedded_env(var)}, "setup_roles", "--user", "rosa", "--role",
                          "reviewer", "--create")
        password = re.search(r"password '([^']+)'", created).group(1)
        reviewer_context = browser.new_context(base_url=app.base_url, viewport=VIEWPORT)
        reviewer = reviewer_context.new_page()
        reviewer.set_default_timeout(30_000)
        sign_in(reviewer, "rosa", password)
        approve(reviewer, name=WALKTHROUGH["name"], reason="Exact and simulated figures agree.")

        open_a_table(admin, table_id=WALKTHROUGH["table"], name=WALKTHROUGH["name"])
        reviewer_context.close()
        admin_context.close()
    finally:
        app.stop()
    assert app.process.returncode is not None
    assert "Traceback" not in app.output(), app.output()[-3000:]


# verify-report's exit status on a genuine draft: the first certificate is a draft until approved.
DRAFT_EXIT = 8


def _manage(env: dict, *args: str, ok: tuple[int, ...] = (0,)) -> str:
    out = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode in ok, out.stdout + out.stderr
    return out.stdout


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_production_settings_under_gunicorn(browser, tmp_path, start_worker):
    import os

    from tests.support.workers import _test_database_url

    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # The proxy terminates TLS; the browser's origin is this loopback address.
        "DJANGO_CSRF_TRUSTED_ORIGINS": origin,
        "DJANGO_STATIC_ROOT": str(tmp_path / "staticfiles"),
        "TABLECERT_VAR_DIR": str(tmp_path / "var"),
        "DATABASE_URL": _test_database_url(),
    }
    # The signing key and certificate, made as the README's production section makes them.
    signing = tmp_path / "signing"
    signing.mkdir()
    for command in (
        ["openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "key.pem"],
        ["openssl", "req", "-new", "-x509", "-key", "key.pem", "-out", "cert.pem", "-days", "30",
         "-subj", "/CN=Tablecert Certification Laboratory/O=Test laboratory"],
    ):
        subprocess.run(command, cwd=signing, check=True, capture_output=True, timeout=60)
    env.update(TABLECERT_SIGNING_KEY=str(signing / "key.pem"),
               TABLECERT_SIGNING_CERT=str(signing / "cert.pem"))
    assert "Signing with" in _manage(env, "ensure_signing_key")
    _manage(env, "collectstatic", "--noinput", "-v0")
    hashed = list((tmp_path / "staticfiles" / "css").glob("app.*.css"))
    assert hashed, "collectstatic wrote no hashed stylesheet"
    _manage(env, "load_presets")
    credentials = re.search(r"username '([^']+)', password '([^']+)'",
                            _manage(env, "ensure_demo_admin"))
    start_worker(concurrency=1, extra_env={k: env[k] for k in (
        "DJANGO_ENV", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DJANGO_STATIC_ROOT",
        "TABLECERT_VAR_DIR", "TABLECERT_SIGNING_KEY", "TABLECERT_SIGNING_CERT")})
    server = start_server(env=env, log=tmp_path / "gunicorn.log", workers=2, port=port)
    try:
        context = browser.new_context(base_url=server.base_url, viewport=VIEWPORT,
                                      accept_downloads=True,
                                      extra_http_headers={"X-Forwarded-Proto": "https"})
        page = context.new_page()
        page.set_default_timeout(30_000)
        sign_in(page, *credentials.groups())
        assert_styled_and_scripted(page)
        stylesheet = page.evaluate(
            "document.querySelector('link[rel=stylesheet]').getAttribute('href')")
        assert re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", stylesheet), stylesheet
        done = certify_from_preset(page, preset="sette-e-mezzo", name="Production table game",
                                   payout_label="Natural (reale)", payout="5/2", rounds=20_000)
        assert_first_certificate(done)
        downloaded = tmp_path / "certificate.pdf"
        downloaded.write_bytes(done.certificate)
        assert "Tablecert Certification Laboratory" in _manage(env, "verify-report", str(downloaded),
                                                               ok=(DRAFT_EXIT,))
        context.close()
    finally:
        server.stop()
    log = (tmp_path / "gunicorn.log").read_text()
    assert "Traceback" not in log, log[-3000:]

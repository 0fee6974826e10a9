"""Draw the README's pictures from the real thing: ``make pictures``.

Starts the application with ``make run`` on a throw-away var directory, follows the README's
walkthrough in chromium (the same steps as ``test_first_run``), then saves the dashboard as
the administrator sees it and the first page of the certificate the run issued (rendered by
the certificate's own PDF renderer, turned into an image by poppler's ``pdftoppm``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.journey import WALKTHROUGH, approve, certify_from_preset, open_a_table, sign_in
from tests.support.embedded import embedded_env, start_embedded
from tests.support.server import ROOT

PICTURES = ROOT / "docs" / "img"
VIEWPORT = {"width": 1280, "height": 800}


def create_reviewer(var: Path) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", "setup_roles", "--user", "rosa", "--role", "reviewer",
         "--create"],
        cwd=ROOT, env=embedded_env(var), capture_output=True, text=True, check=True,
    )
    return out.stdout.split("password '")[1].split("'")[0]


def first_page_png(pdf: bytes, target: Path) -> None:
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "certificate.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile",
                        str(source), str(target.with_suffix(""))], check=True)


def main() -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        var = Path(work) / "var"
        app = start_embedded(var, Path(work) / "make-run.log")
        playwright = sync_playwright().start()
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            admin = browser.new_context(base_url=app.base_url, viewport=VIEWPORT,
                                        accept_downloads=True).new_page()
            admin.set_default_timeout(30_000)
            sign_in(admin, app.username, app.password)
            done = certify_from_preset(admin, preset=WALKTHROUGH["preset"],
                                       name=WALKTHROUGH["name"],
                                       payout_label=WALKTHROUGH["payout_label"],
                                       payout=WALKTHROUGH["payout"])
            reviewer = browser.new_context(base_url=app.base_url, viewport=VIEWPORT).new_page()
            sign_in(reviewer, "rosa", create_reviewer(var))
            approve(reviewer, name=WALKTHROUGH["name"], reason="Exact and simulated figures agree.")
            open_a_table(admin, table_id=WALKTHROUGH["table"], name=WALKTHROUGH["name"])
            admin.goto("/")
            admin.screenshot(path=str(PICTURES / "dashboard.png"))
            first_page_png(done.certificate, PICTURES / "certificate.png")
            browser.close()
        finally:
            playwright.stop()
            app.stop()
    for name in ("dashboard.png", "certificate.png"):
        print(f"wrote {(PICTURES / name).relative_to(ROOT)}")


if __name__ == "__main__":
    main()

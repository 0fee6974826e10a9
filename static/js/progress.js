// Follow a certification run: poll its status once a second and move the bar.
(function () {
  "use strict";
  const box = document.getElementById("run");
  if (!box) return;
  const url = box.dataset.statusUrl;
  const startSubmission = box.dataset.submissionStatus;
  const bar = box.querySelector(".progress-bar");
  const meter = box.querySelector(".progress");
  const step = document.getElementById("run-step");
  const percent = document.getElementById("run-progress");
  const FINISHED = ["done", "failed"];
  // A finished run hands the submission to review a moment later; wait a few polls for it.
  const GRACE_POLLS = 5;
  const SHOW_DONE_MS = 800;
  let graceLeft = GRACE_POLLS;

  // The page already shows a finished run; polling it would only reload the page forever.
  if (FINISHED.includes(box.dataset.runStatus)) return;

  async function poll() {
    let body;
    try {
      const response = await fetch(url, {headers: {"Accept": "application/json"}, cache: "no-store"});
      if (!response.ok) throw new Error(String(response.status));
      body = await response.json();
    } catch (err) {
      setTimeout(poll, 2000);
      return;
    }
    const run = body.run;
    if (run) {
      bar.style.width = run.progress + "%";
      bar.classList.toggle("failed", run.status === "failed");
      meter.setAttribute("aria-valuenow", run.progress);
      // The status in the page's language, sent with it.
      step.textContent = (run.status_label || run.status) + (run.step && run.step !== run.status ? " — " + run.step : "");
      percent.textContent = run.progress + " %";
    }
    const finished = run && FINISHED.includes(run.status);
    const moved = body.submission_status !== startSubmission;
    if (moved || (finished && (body.submission_status !== "in_certification" || --graceLeft <= 0))) {
      // Let the full bar be seen before the page changes under the reader.
      setTimeout(function () { window.location.reload(); }, SHOW_DONE_MS);
      return;
    }
    setTimeout(poll, 1000);
  }
  // The first look comes at once: a short run may be half done by the time the page shows.
  setTimeout(poll, 200);
})();

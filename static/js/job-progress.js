// Follow a job on the workers (a tuning search, a game protection audit): poll its status
// once a second, move its bar, and reload the page when it ends.
//
// The job's box carries data-job-status-url, data-job-status (the status the page shows) and
// optionally data-job-key, where the job sits in the status answer (empty: at the top).
(function () {
  "use strict";
  const FINISHED = ["done", "failed"];

  function label(job) {
    // The status in the page's language, sent with it.
    const status = job.status_label || job.status;
    return job.step && job.step !== job.status ? status + " — " + job.step : status;
  }

  function follow(box) {
    if (FINISHED.includes(box.dataset.jobStatus)) return;
    const bar = box.querySelector(".progress-bar");
    const meter = box.querySelector(".progress");
    const step = box.querySelector("[data-job-step]");
    const percent = box.querySelector("[data-job-progress]");

    async function poll() {
      let body;
      try {
        const response = await fetch(box.dataset.jobStatusUrl, {headers: {"Accept": "application/json"}, cache: "no-store"});
        if (!response.ok) throw new Error(String(response.status));
        body = await response.json();
      } catch (err) {
        setTimeout(poll, 2000);
        return;
      }
      const job = box.dataset.jobKey ? body[box.dataset.jobKey] : body;
      if (job) {
        bar.style.width = job.progress + "%";
        meter.setAttribute("aria-valuenow", job.progress);
        step.textContent = label(job);
        percent.textContent = job.progress + " %";
        if (FINISHED.includes(job.status)) {
          window.location.reload();
          return;
        }
      }
      setTimeout(poll, 1000);
    }
    setTimeout(poll, 1000);
  }

  document.querySelectorAll("[data-job-status-url]").forEach(follow);
})();

// Follow a tuning job: poll its status once a second, move the bar, reload when it ends.
(function () {
  "use strict";
  const box = document.getElementById("tuning");
  if (!box) return;
  const bar = box.querySelector(".progress-bar");
  const meter = box.querySelector(".progress");
  const step = document.getElementById("tuning-step");
  const percent = document.getElementById("tuning-progress");

  async function poll() {
    let body;
    try {
      const response = await fetch(box.dataset.statusUrl, {headers: {"Accept": "application/json"}, cache: "no-store"});
      if (!response.ok) throw new Error(String(response.status));
      body = await response.json();
    } catch (err) {
      setTimeout(poll, 2000);
      return;
    }
    bar.style.width = body.progress + "%";
    meter.setAttribute("aria-valuenow", body.progress);
    step.textContent = body.step || body.status;
    percent.textContent = body.progress + " %";
    if (body.status === "done" || body.status === "failed") {
      window.location.reload();
      return;
    }
    setTimeout(poll, 1000);
  }
  setTimeout(poll, 1000);
})();

// Follow a game protection audit: poll its status and reload the page when it ends.
(function () {
  "use strict";
  const box = document.getElementById("protection");
  if (!box || !box.dataset.statusUrl) return;
  const FINISHED = ["done", "failed"];
  if (FINISHED.includes(box.dataset.auditStatus)) return;
  const bar = box.querySelector(".progress-bar");
  const meter = box.querySelector(".progress");
  const step = document.getElementById("protection-step");
  const percent = document.getElementById("protection-progress");

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
    const audit = body.audit;
    if (audit) {
      bar.style.width = audit.progress + "%";
      meter.setAttribute("aria-valuenow", audit.progress);
      step.textContent = audit.status.charAt(0).toUpperCase() + audit.status.slice(1);
      percent.textContent = audit.progress + " %";
      if (FINISHED.includes(audit.status)) {
        window.location.reload();
        return;
      }
    }
    setTimeout(poll, 1000);
  }
  setTimeout(poll, 1000);
})();

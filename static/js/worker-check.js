// Dashboard (admins): send a task to a certification worker and show who answered.
(function () {
  "use strict";
  const button = document.getElementById("worker-check");
  if (!button) return;
  const out = document.getElementById("worker-check-result");
  button.addEventListener("click", async () => {
    out.textContent = "waiting for a worker…";
    const token = document.cookie.split("; ").find(c => c.startsWith("csrftoken="))?.split("=")[1] ?? "";
    const r = await fetch(button.dataset.url, {method: "POST", headers: {"X-CSRFToken": token}});
    const body = await r.json();
    out.textContent = r.ok ? `worker ${body.worker.hostname} answered (broker: ${body.broker}, database: ${body.worker.database})` : body.status;
  });
})();

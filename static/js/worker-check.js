// Dashboard (admins): send a task to a certification worker and show who answered.
(function () {
  "use strict";
  const button = document.getElementById("worker-check");
  if (!button) return;
  const out = document.getElementById("worker-check-result");
  button.addEventListener("click", async () => {
    out.textContent = button.dataset.waiting;
    const token = document.cookie.split("; ").find(c => c.startsWith("csrftoken="))?.split("=")[1] ?? "";
    const r = await fetch(button.dataset.url, {method: "POST", headers: {"X-CSRFToken": token}});
    const body = await r.json();
    // The answer's wording comes from the page (its language), with %(name)s slots filled here.
    const answered = () => button.dataset.answered.replace("%(hostname)s", body.worker.hostname)
      .replace("%(broker)s", body.broker).replace("%(database)s", body.worker.database);
    out.textContent = r.ok ? answered() : body.status;
  });
})();

// Live house edge: re-validate the rule form and re-price every bet as the user types.
(function () {
  "use strict";
  const form = document.getElementById("rules-form");
  if (!form) return;
  const url = form.dataset.previewUrl;
  const tbody = document.querySelector("#edge-table tbody");
  const state = document.getElementById("preview-state");
  // The words the script adds come with the figures, in the page's language.
  let labels = {exact: "exact: %(value)s", advantage: "player advantage"};
  const DEBOUNCE_MS = 150;
  let timer = null;
  let inflight = null;
  let sequence = 0;

  function csrfToken() {
    const input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function cell(text, className) {
    const td = document.createElement("td");
    td.className = className || "num";
    td.textContent = text;
    return td;
  }

  function edgeCell(fig, extraClass, quiet) {
    const td = document.createElement("td");
    td.className = "num " + (extraClass || "");
    const span = document.createElement("span");
    span.className = "edge" + (fig.player_advantage ? " negative" : "");
    if (fig.exact) span.title = labels.exact.replace("%(value)s", fig.exact);
    span.textContent = fig.percent;
    if (fig.player_advantage && !quiet) {
      const strong = document.createElement("strong");
      strong.className = "advantage";
      strong.textContent = labels.advantage;
      span.append(" ", strong);
    }
    td.append(span);
    return td;
  }

  function showFigures(bets) {
    const rows = bets.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.bet = row.bet;
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = row.label;
      if (row.deferred) {
        tr.append(th, cell(row.deferred, "muted deferred"));
        tr.lastChild.colSpan = 5;
        return tr;
      }
      tr.append(th, edgeCell(row.house_edge, "house-edge"), edgeCell(row.element_of_risk, "", true),
        cell(row.p_win, "num detail"), cell(row.p_push, "num detail"), cell(row.p_loss, "num detail"));
      return tr;
    });
    tbody.replaceChildren(...rows);
  }

  function showErrors(errors) {
    form.querySelectorAll(".rule-fields .field").forEach((field) => {
      const name = field.dataset.field;
      const list = field.querySelector(".errorlist");
      const messages = errors[name] || [];
      field.classList.toggle("has-error", messages.length > 0);
      const input = field.querySelector("input, select, textarea");
      if (input) input.setAttribute("aria-invalid", messages.length ? "true" : "false");
      if (list) list.replaceChildren(...messages.map((m) => {
        const li = document.createElement("li");
        li.textContent = m;
        return li;
      }));
    });
  }

  async function refresh() {
    const mine = ++sequence;
    if (inflight) inflight.abort();
    inflight = new AbortController();
    form.classList.add("pricing");
    try {
      const response = await fetch(url, {
        method: "POST", body: new FormData(form), signal: inflight.signal,
        headers: {"X-CSRFToken": csrfToken(), "Accept": "application/json"},
      });
      const body = await response.json();
      if (mine !== sequence) return;
      showErrors(body.errors || {});
      if (body.ok) {
        labels = body.labels || labels;
        showFigures(body.bets);
        state.textContent = state.dataset.ok;
        tbody.closest("table").classList.remove("stale");
      } else {
        state.textContent = state.dataset.invalid;
        tbody.closest("table").classList.add("stale");
      }
    } catch (err) {
      if (err.name !== "AbortError" && mine === sequence) state.textContent = state.dataset.unavailable;
    } finally {
      if (mine === sequence) form.classList.remove("pricing");
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(refresh, DEBOUNCE_MS);
  }

  // What was typed before this script ran (it loads after the page) is priced too.
  function edited(el) {
    if (el.tagName === "SELECT") return [...el.options].some((o) => o.selected !== o.defaultSelected);
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    return "defaultValue" in el && el.type !== "hidden" && el.value !== el.defaultValue;
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  if ([...form.elements].some(edited)) schedule();
})();

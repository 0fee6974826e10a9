// Progress bars carry their width as data-progress (percent): the page's Content-Security-
// Policy refuses inline style attributes, and a script may set a style property.
(function () {
  "use strict";
  for (const bar of document.querySelectorAll(".progress-bar[data-progress]")) {
    bar.style.width = bar.dataset.progress + "%";
  }
})();

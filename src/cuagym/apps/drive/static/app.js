// Cloud Drive: small enhancements over pages that work without scripts.
// "/" focuses the search box, as in most file stores; a role select in the share dialog
// marks its row as changed so the person sees which "Update" to press.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
    if (event.key === "/" && !typing) {
      var box = document.querySelector('[data-testid="global-search"]');
      if (box) { event.preventDefault(); box.focus(); }
    }
  });
  document.querySelectorAll(".access-form select").forEach(function (select) {
    select.addEventListener("change", function () {
      var row = select.closest("li");
      if (row) { row.classList.add("changed"); }
    });
  });
})();

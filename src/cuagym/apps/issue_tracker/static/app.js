// Issue Tracker: small progressive enhancements on top of kit.js (dialogs, confirmations,
// auto-saving selects, menus). Every action is a plain form post, so it also works without
// JavaScript; this adds the create form's pickers and the board's workflow-aware drag and drop.
(function () {
  "use strict";

  // Escape in an inline editor goes back to the page without saving.
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape") return;
    var cancel = ev.target.closest && ev.target.closest("[data-cancel-href]");
    if (cancel) location.href = cancel.getAttribute("data-cancel-href");
  });

  // Create-issue forms: show the sprint/epic/parent options of the chosen project only, and
  // the epic picker for stories, bugs and tasks, the parent picker for subtasks.
  document.querySelectorAll("form[data-issue-form]").forEach(function (form) {
    var project = form.querySelector("[data-project-select]");
    var type = form.querySelector("[data-type-select]");
    function sync() {
      form.querySelectorAll("option[data-project]").forEach(function (opt) {
        var other = opt.getAttribute("data-project") !== project.value;
        opt.hidden = other;
        opt.disabled = other;
        if (other && opt.selected) opt.parentElement.value = "";
      });
      form.querySelectorAll("[data-for-types]").forEach(function (label) {
        var on = label.getAttribute("data-for-types").split(" ").indexOf(type.value) >= 0;
        label.hidden = !on;
        label.querySelectorAll("select").forEach(function (s) { s.disabled = !on; });
      });
    }
    project.addEventListener("change", sync);
    type.addEventListener("change", sync);
    sync();
  });

  // Board: drag a card onto another column to move it there. While dragging, only the columns
  // the workflow allows light up; dropping anywhere else does nothing. The server checks again.
  var moveForm = document.getElementById("move-form");
  var dragged = null;
  document.querySelectorAll("[data-testid=card]").forEach(function (card) {
    card.addEventListener("dragstart", function (ev) {
      dragged = card;
      card.classList.add("dragging");
      ev.dataTransfer.effectAllowed = "move";
      ev.dataTransfer.setData("text/plain", card.getAttribute("data-key"));
      var allowed = (card.getAttribute("data-allowed") || "").split(" ");
      document.querySelectorAll("[data-testid=column]").forEach(function (col) {
        var status = col.getAttribute("data-status");
        if (status === card.getAttribute("data-status")) return;
        col.classList.add(allowed.indexOf(status) >= 0 ? "drop-ok" : "drop-no");
      });
    });
    card.addEventListener("dragend", function () {
      card.classList.remove("dragging");
      dragged = null;
      document.querySelectorAll("[data-testid=column]").forEach(function (col) {
        col.classList.remove("drop-ok", "drop-no", "drop-over");
      });
    });
  });
  document.querySelectorAll("[data-testid=column]").forEach(function (col) {
    col.addEventListener("dragover", function (ev) {
      if (dragged && col.classList.contains("drop-ok")) {
        ev.preventDefault();
        ev.dataTransfer.dropEffect = "move";
        col.classList.add("drop-over");
      }
    });
    col.addEventListener("dragleave", function (ev) {
      if (!col.contains(ev.relatedTarget)) col.classList.remove("drop-over");
    });
    col.addEventListener("drop", function (ev) {
      if (!dragged || !col.classList.contains("drop-ok") || !moveForm) return;
      ev.preventDefault();
      var key = dragged.getAttribute("data-key");
      moveForm.action = moveForm.getAttribute("data-action-template").replace("KEY", encodeURIComponent(key));
      moveForm.querySelector("[name=to]").value = col.getAttribute("data-status");
      moveForm.submit();
    });
  });

  // Inline editors open focused (kit.js) with the caret at the end.
  document.querySelectorAll("[autofocus]").forEach(function (el) {
    if (el.setSelectionRange && el.value) el.setSelectionRange(el.value.length, el.value.length);
  });
})();

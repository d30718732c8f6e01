// Issue Tracker: small progressive enhancements. Every action is a plain form post, so it also
// works without JavaScript; the script adds dialogs, auto-saving selects and drag and drop.
(function () {
  "use strict";

  // Links and buttons with data-dialog open the named <dialog> instead of navigating.
  document.addEventListener("click", function (ev) {
    var opener = ev.target.closest("[data-dialog]");
    if (opener && !opener.disabled) {
      var dlg = document.getElementById(opener.getAttribute("data-dialog"));
      if (dlg && dlg.showModal) {
        ev.preventDefault();
        var menu = opener.closest("details");
        if (menu) menu.removeAttribute("open");
        dlg.showModal();
        var first = dlg.querySelector("input:not([type=hidden]):not([disabled]), textarea");
        if (first && first.type !== "date") { first.focus(); }
        return;
      }
    }
    if (ev.target.closest("[data-close]")) {
      var d = ev.target.closest("dialog");
      if (d) d.close();
      return;
    }
    // A click outside an open menu closes it.
    document.querySelectorAll("details.menu[open]").forEach(function (det) {
      if (!det.contains(ev.target)) det.removeAttribute("open");
    });
  });
  document.querySelectorAll("dialog.modal").forEach(function (dlg) {
    dlg.addEventListener("click", function (ev) { if (ev.target === dlg) dlg.close(); });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") {
      document.querySelectorAll("details.menu[open]").forEach(function (d) { d.removeAttribute("open"); });
      var cancel = ev.target.closest && ev.target.closest("[data-cancel-href]");
      if (cancel) location.href = cancel.getAttribute("data-cancel-href");
    }
  });

  // Selects marked data-autosubmit save as soon as a new value is picked (inline edits).
  document.querySelectorAll("select[data-autosubmit]").forEach(function (sel) {
    sel.addEventListener("change", function () { sel.form.requestSubmit(); });
  });

  // Forms with data-confirm ask first, in an in-page dialog.
  var confirmDlg = document.getElementById("dlg-confirm");
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (!confirmDlg || !confirmDlg.showModal || form.dataset.confirmed) return;
      ev.preventDefault();
      var menu = form.closest("details");
      if (menu) menu.removeAttribute("open");
      confirmDlg.querySelector("[data-confirm-text]").textContent = form.getAttribute("data-confirm");
      confirmDlg.returnValue = "";
      confirmDlg.showModal();
      confirmDlg.addEventListener("close", function onClose() {
        confirmDlg.removeEventListener("close", onClose);
        if (confirmDlg.returnValue === "confirm") { form.dataset.confirmed = "1"; form.requestSubmit(); }
      });
    });
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

  // Inline editors open focused with the caret at the end.
  document.querySelectorAll("[autofocus]").forEach(function (el) {
    el.focus();
    if (el.setSelectionRange && el.value) el.setSelectionRange(el.value.length, el.value.length);
  });
})();

// Mail: small progressive enhancements. Every action also works without JavaScript except
// the conveniences (select all, template insertion, contact picker, confirmations).
(function () {
  "use strict";

  // Select all / none in a list, and enable the bulk tools only with a selection.
  var all = document.querySelector("[data-select-all]");
  var checks = Array.prototype.slice.call(document.querySelectorAll("[data-row-check]"));
  function syncTools() {
    var any = checks.some(function (c) { return c.checked; });
    document.querySelectorAll("[data-needs-selection]").forEach(function (b) { b.disabled = !any; });
    document.querySelectorAll(".listing .toolbar details.menu > summary").forEach(function (s) {
      s.classList.toggle("disabled", !any);
    });
    if (all) all.checked = any && checks.every(function (c) { return c.checked; });
  }
  if (all) {
    all.addEventListener("change", function () {
      checks.forEach(function (c) { c.checked = all.checked; });
      syncTools();
    });
  }
  checks.forEach(function (c) { c.addEventListener("change", syncTools); });
  if (checks.length || all) syncTools();

  // Dialog openers and closers.
  document.addEventListener("click", function (ev) {
    var opener = ev.target.closest("[data-dialog]");
    if (opener) {
      var dlg = document.getElementById(opener.getAttribute("data-dialog"));
      if (dlg && dlg.showModal) {
        ev.preventDefault();
        dlg.showModal();
        var first = dlg.querySelector("input:not([type=hidden])");
        if (first) first.focus();
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
    if (ev.key === "Escape") document.querySelectorAll("details.menu[open]").forEach(function (d) { d.removeAttribute("open"); });
  });

  // Destructive buttons ask first, in an in-page dialog (native confirm() is easy to miss).
  var confirmDlg = document.getElementById("dlg-confirm");
  document.querySelectorAll("button[data-confirm]").forEach(function (btn) {
    btn.addEventListener("click", function (ev) {
      if (!confirmDlg || !confirmDlg.showModal || btn.dataset.confirmed) return;
      ev.preventDefault();
      confirmDlg.querySelector("[data-confirm-title]").textContent = "Please confirm";
      confirmDlg.querySelector("[data-confirm-text]").textContent = btn.getAttribute("data-confirm");
      confirmDlg.querySelector("[data-testid=confirm-ok]").textContent = btn.textContent.trim() || "OK";
      confirmDlg.returnValue = "";
      confirmDlg.showModal();
      confirmDlg.addEventListener("close", function onClose() {
        confirmDlg.removeEventListener("close", onClose);
        if (confirmDlg.returnValue === "confirm") {
          btn.dataset.confirmed = "1";
          var form = btn.form;
          if (form) form.requestSubmit(btn);
        }
      });
    });
  });

  // Compose: Cc / Bcc rows, picked file names, templates and the contact picker.
  document.querySelectorAll("[data-show-row]").forEach(function (b) {
    b.addEventListener("click", function () {
      var row = document.getElementById(b.getAttribute("data-show-row"));
      if (row) { row.hidden = false; var i = row.querySelector("input"); if (i) i.focus(); }
    });
  });
  document.querySelectorAll(".compose-form input[type=file]").forEach(function (input) {
    input.addEventListener("change", function () {
      var out = input.form.querySelector("[data-file-names]");
      if (out) out.textContent = Array.prototype.map.call(input.files, function (f) { return f.name; }).join(", ");
    });
  });
  var body = document.querySelector("textarea[name=body].compose-body");
  if (body) {
    // Where a template goes: at the caret once the person has clicked in the text, else at
    // the top (above the signature), like common mail apps.
    body.addEventListener("focus", function () { body.dataset.touched = "1"; });
  }
  document.querySelectorAll("[data-template]").forEach(function (b) {
    b.addEventListener("click", function () {
      var subject = document.querySelector("input[name=subject]");
      if (subject && !subject.value.trim()) subject.value = b.getAttribute("data-subject");
      if (body) {
        var text = b.getAttribute("data-body");
        var at = body.dataset.touched ? body.selectionStart : 0;
        body.value = body.value.slice(0, at) + text + body.value.slice(at);
        body.focus();
        body.setSelectionRange(at + text.length, at + text.length);
      }
      var menu = b.closest("details");
      if (menu) menu.removeAttribute("open");
    });
  });
  var picker = document.getElementById("dlg-contacts");
  var pickTarget = null;
  document.querySelectorAll("[data-contacts-for]").forEach(function (b) {
    b.addEventListener("click", function () {
      pickTarget = document.getElementById(b.getAttribute("data-contacts-for"));
      picker.querySelectorAll("input[type=checkbox]").forEach(function (c) { c.checked = false; });
      picker.returnValue = "";
      picker.showModal();
    });
  });
  if (picker) {
    picker.querySelectorAll("[data-group]").forEach(function (g) {
      g.addEventListener("click", function () {
        var group = g.getAttribute("data-group");
        picker.querySelectorAll("input[data-groups]").forEach(function (c) {
          if ((" " + c.getAttribute("data-groups") + " ").indexOf(" " + group + " ") >= 0) c.checked = true;
        });
      });
    });
    picker.addEventListener("close", function () {
      if (picker.returnValue !== "add" || !pickTarget) return;
      var picked = Array.prototype.filter.call(picker.querySelectorAll("input[type=checkbox]"), function (c) { return c.checked; })
        .map(function (c) { return c.value; });
      var current = pickTarget.value.trim().replace(/[,;]\s*$/, "");
      pickTarget.value = (current ? current + ", " : "") + picked.join(", ");
      var row = pickTarget.closest(".rcpt-row");
      if (row) row.hidden = false;
    });
  }
})();

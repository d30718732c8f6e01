// Mail: small progressive enhancements on top of kit.js (which does the dialogs,
// confirmations, select all and the toolbar's selection state). Every action also works
// without JavaScript except the conveniences (template insertion, the contact picker).
(function () {
  "use strict";

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

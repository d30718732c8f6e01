// Team Chat: small progressive enhancements. Every action also works without JavaScript
// (links fall back to pages, forms post normally).
(function () {
  "use strict";

  // Keep the newest message in view, unless the URL points at a specific message.
  function scrollToEnd(el) { if (el) el.scrollTop = el.scrollHeight; }
  function settle() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target) {
      target.scrollIntoView({ block: "center" });
    } else {
      scrollToEnd(document.getElementById("messages"));
      scrollToEnd(document.getElementById("thread-messages"));
    }
  }
  settle();
  // Images change the list's height once loaded: settle again then.
  window.addEventListener("load", settle);

  // Enter sends (or saves an edit), Shift+Enter inserts a newline; Esc cancels an edit.
  document.querySelectorAll("textarea[data-submit-on-enter]").forEach(function (ta) {
    function grow() { ta.style.height = "auto"; ta.style.height = Math.min(ta.scrollHeight, 220) + "px"; }
    ta.addEventListener("input", grow);
    ta.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        var form = ta.form;
        var hasFile = form.querySelector("input[type=file]") && form.querySelector("input[type=file]").files.length;
        if (ta.value.trim() || hasFile || form.classList.contains("edit-form")) form.requestSubmit();
      } else if (ev.key === "Escape") {
        var cancel = ta.form.querySelector("[data-cancel-edit]");
        if (cancel) location.href = cancel.href;
      }
    });
    if (ta.hasAttribute("autofocus")) { ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); grow(); }
  });

  // Show the names of files picked in a composer.
  document.querySelectorAll(".composer input[type=file]").forEach(function (input) {
    input.addEventListener("change", function () {
      var out = input.form.querySelector("[data-file-names]");
      if (out) out.textContent = Array.prototype.map.call(input.files, function (f) { return f.name; }).join(", ");
    });
  });

  // Links and buttons with data-dialog open the named <dialog> instead of navigating.
  document.addEventListener("click", function (ev) {
    var opener = ev.target.closest("[data-dialog]");
    if (opener) {
      var dlg = document.getElementById(opener.getAttribute("data-dialog"));
      if (dlg && dlg.showModal) {
        ev.preventDefault();
        var menu = opener.closest("details");
        if (menu) menu.removeAttribute("open");
        dlg.showModal();
        var first = dlg.querySelector("input:not([type=hidden]), textarea");
        if (first) { first.focus(); if (first.select) first.select(); }
        return;
      }
    }
    if (ev.target.closest("[data-close]")) {
      var d = ev.target.closest("dialog");
      if (d) d.close();
      return;
    }
    // A click outside an open menu or emoji picker closes it.
    document.querySelectorAll("details[open]").forEach(function (det) {
      if (!det.contains(ev.target)) det.removeAttribute("open");
    });
  });
  document.querySelectorAll("dialog.modal").forEach(function (dlg) {
    dlg.addEventListener("click", function (ev) { if (ev.target === dlg) dlg.close(); });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") document.querySelectorAll("details[open]").forEach(function (d) { d.removeAttribute("open"); });
  });

  // The emoji picker opens downwards unless that would put it under the composer.
  document.querySelectorAll("details.picker").forEach(function (picker) {
    picker.addEventListener("toggle", function () {
      if (!picker.open) return;
      picker.classList.remove("up");
      var pop = picker.querySelector(".picker-pop");
      var box = picker.closest(".messages, .thread-scroll");
      if (pop && box && pop.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom) {
        picker.classList.add("up");
      }
    });
  });

  // Deleting a message asks first, in an in-page dialog (native confirm() is easy to miss).
  var confirmDlg = document.getElementById("dlg-confirm-delete");
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (!confirmDlg || !confirmDlg.showModal) return;
      ev.preventDefault();
      confirmDlg.returnValue = "";
      confirmDlg.showModal();
      confirmDlg.addEventListener("close", function onClose() {
        confirmDlg.removeEventListener("close", onClose);
        if (confirmDlg.returnValue === "confirm") form.submit();
      });
    });
  });
})();

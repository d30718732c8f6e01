// Team Chat: small progressive enhancements on top of kit.js (dialogs, the delete
// confirmation, menus and pickers). Every action also works without JavaScript (links fall
// back to pages, forms post normally).
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

  // A dialog opened from a link (kit.js) selects its first field, to type over it.
  document.addEventListener("click", function (ev) {
    var opener = ev.target.closest("[data-dialog]");
    var first = opener && document.querySelector("#" + opener.getAttribute("data-dialog") + "[open] input:not([type=hidden])");
    if (first && first.select) first.select();
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

})();

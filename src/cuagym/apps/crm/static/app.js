// CRM: small progressive enhancements on top of kit.js (which drags the board's cards, switches
// the composer's tabs and closes menus). Every action also works without JavaScript: forms post normally, the
// conversion form shows all steps at once, the board's Move menu moves cards.
(function () {
  "use strict";

  // The field whose pencil was clicked has focus (kit.js); select its text to retype it.
  var auto = document.querySelector("[autofocus]");
  if (auto && auto.select && auto.type !== "date") auto.select();

  // Client-side hints: the browser's own checks (required, type=email, pattern) on the
  // controls of one step or form; the server validates everything again.
  function check(controls) {
    for (var i = 0; i < controls.length; i++) {
      var c = controls[i];
      if (c.disabled || c.closest("fieldset[disabled]")) continue;
      if (!c.checkValidity()) { c.reportValidity(); c.focus(); return false; }
    }
    return true;
  }
  function controlsOf(root) { return root.querySelectorAll("input:not([type=hidden]), select, textarea"); }

  document.querySelectorAll("form[data-validate]").forEach(function (form) {
    form.addEventListener("submit", function (ev) { if (!check(controlsOf(form))) ev.preventDefault(); });
  });

  // The conversion form: one step at a time, with Back / Next, and the account and
  // opportunity sections switched by their choices.
  var conv = document.querySelector("form[data-steps]");
  if (conv) {
    var panels = conv.querySelectorAll(".step-panel");
    var tabs = conv.querySelectorAll("[data-step-tab]");
    var count = conv.querySelector("[data-step-count]");
    var current = parseInt(conv.getAttribute("data-start-step"), 10) || 1;
    conv.classList.add("js-steps");

    function sync() {
      var mode = conv.querySelector("input[name=accountMode]:checked");
      var existing = mode && mode.value === "existing";
      conv.querySelectorAll("fieldset[data-when=new]").forEach(function (f) { f.disabled = existing; });
      conv.querySelectorAll("fieldset[data-when=existing]").forEach(function (f) { f.disabled = !existing; });
      var make = conv.querySelector("input[name=createOpportunity]");
      conv.querySelectorAll("fieldset[data-when=opportunity]").forEach(function (f) { f.disabled = !(make && make.checked); });
    }
    function show(n) {
      current = Math.max(1, Math.min(panels.length, n));
      panels.forEach(function (p) { p.classList.toggle("active", p.getAttribute("data-step") === String(current)); });
      tabs.forEach(function (t) {
        var k = parseInt(t.getAttribute("data-step-tab"), 10);
        t.classList.toggle("current", k === current);
        t.classList.toggle("visited", k < current);
        t.classList.toggle("has-error", !!conv.querySelector('.step-panel[data-step="' + k + '"] .has-error'));
        // the current step's button says so (re-choosing it rightly changes nothing)
        var button = t.querySelector("button");
        if (button && k === current) button.setAttribute("aria-current", "step");
        else if (button) button.removeAttribute("aria-current");
      });
      conv.classList.toggle("at-first", current === 1);
      conv.classList.toggle("at-middle", current > 1 && current < panels.length);
      conv.classList.toggle("at-last", current === panels.length);
      if (count) count.textContent = "Step " + current + " of " + panels.length;
    }
    function panel(n) { return conv.querySelector('.step-panel[data-step="' + n + '"]'); }

    conv.addEventListener("change", function (ev) {
      if (ev.target.name === "accountMode" || ev.target.name === "createOpportunity") sync();
    });
    conv.querySelector("[data-next]").addEventListener("click", function () {
      if (check(controlsOf(panel(current)))) show(current + 1);
    });
    conv.querySelector("[data-prev]").addEventListener("click", function () { show(current - 1); });
    conv.querySelectorAll("[data-goto]").forEach(function (b) {
      b.addEventListener("click", function () {
        var n = parseInt(b.getAttribute("data-goto"), 10);
        if (n <= current || check(controlsOf(panel(current)))) show(n);
      });
    });
    conv.addEventListener("submit", function (ev) {
      for (var k = 1; k <= panels.length; k++) {
        if (!check(controlsOf(panel(k)))) { ev.preventDefault(); show(k); check(controlsOf(panel(k))); return; }
      }
    });
    // Enter in a field of an earlier step means "next", not "convert".
    conv.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && ev.target.tagName === "INPUT" && current < panels.length) {
        ev.preventDefault();
        if (check(controlsOf(panel(current)))) show(current + 1);
      }
    });
    sync();
    show(current);
  }

})();

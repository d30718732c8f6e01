// The web kit's behaviour: progressive enhancement only. Every action that changes state is a
// form that posts without JS; this adds dialogs, confirmations, in-place tabs, bulk selection,
// drag and drop (which submits the same form the Move menus post), and dismissable toasts.
(function () {
  "use strict";
  var doc = document;

  // Autofocus also where the browser skipped it (a page shown again with errors).
  var auto = doc.querySelector("[autofocus]");
  if (auto && doc.activeElement !== auto) auto.focus();

  function closeMenu(el) {
    var menu = el.closest("details");
    if (menu) menu.removeAttribute("open");
  }

  // Dialogs: [data-dialog=id] opens, [data-close] closes, a click on the backdrop closes.
  doc.addEventListener("click", function (ev) {
    var opener = ev.target.closest("[data-dialog]");
    if (opener && !opener.disabled) {
      var dlg = doc.getElementById(opener.getAttribute("data-dialog"));
      if (dlg && dlg.showModal) {
        ev.preventDefault();
        closeMenu(opener);
        dlg.showModal();
        var first = dlg.querySelector("input:not([type=hidden]):not([disabled]), textarea");
        if (first && first.type !== "date") first.focus();
        return;
      }
    }
    if (ev.target.closest("[data-close]")) {
      var open = ev.target.closest("dialog");
      if (open) open.close();
      return;
    }
    if (ev.target.matches("dialog.modal")) { ev.target.close(); return; }
    var dismiss = ev.target.closest("[data-kit-dismiss]");
    if (dismiss) { dismiss.closest(".kit-toast").remove(); return; }
    // A click outside an open menu closes it.
    doc.querySelectorAll("details.menu[open], details[data-menu][open]").forEach(function (d) {
      if (!d.contains(ev.target)) d.removeAttribute("open");
    });
  });
  doc.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") doc.querySelectorAll("details.menu[open], details[data-menu][open]").forEach(function (d) { d.removeAttribute("open"); });
  });

  // Confirmations: a form or submit button with data-confirm asks in #dlg-confirm (or the
  // dialog named by data-confirm-dialog) before it posts.
  function ask(source, go) {
    var dlg = doc.getElementById(source.getAttribute("data-confirm-dialog") || "dlg-confirm");
    if (!dlg || !dlg.showModal) return false;
    closeMenu(source);
    var title = dlg.querySelector("[data-confirm-title]");
    var text = dlg.querySelector("[data-confirm-text]");
    var ok = dlg.querySelector("[data-confirm-default]");
    if (title && source.getAttribute("data-confirm-title")) title.textContent = source.getAttribute("data-confirm-title");
    if (text) text.textContent = source.getAttribute("data-confirm");
    // The OK button says what will happen: data-confirm-ok, a confirming button's own text,
    // or the dialog's default.
    var label = source.getAttribute("data-confirm-ok") || (source.tagName === "BUTTON" && source.textContent.trim());
    if (ok) ok.textContent = label || ok.getAttribute("data-confirm-default");
    dlg.returnValue = "";
    dlg.showModal();
    dlg.addEventListener("close", function onClose() {
      dlg.removeEventListener("close", onClose);
      if (dlg.returnValue === "confirm") go();
    });
    return true;
  }
  doc.addEventListener("submit", function (ev) {
    var form = ev.target;
    var btn = ev.submitter && ev.submitter.hasAttribute("data-confirm") ? ev.submitter : null;
    var source = btn || (form.hasAttribute("data-confirm") ? form : null);
    if (!source || source.dataset.confirmed) return;
    if (ask(source, function () { source.dataset.confirmed = "1"; form.requestSubmit(btn || undefined); delete source.dataset.confirmed; })) ev.preventDefault();
  });

  // A select with data-autosubmit applies its form at once (filters, inline edits).
  doc.addEventListener("change", function (ev) {
    if (ev.target.matches("select[data-autosubmit]")) ev.target.form.requestSubmit();
  });

  // Tabs: switch panels in place and keep ?tab= in the address; arrows move between tabs.
  doc.querySelectorAll("[role=tablist][data-kit-tabs]").forEach(function (list) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    function select(tab) {
      tabs.forEach(function (t) {
        var on = t === tab;
        t.setAttribute("aria-selected", on ? "true" : "false");
        t.setAttribute("tabindex", on ? "0" : "-1");
        t.classList.toggle("active", on);
        var panel = doc.getElementById(t.getAttribute("aria-controls"));
        if (panel) panel.hidden = !on;
      });
      history.replaceState(null, "", tab.getAttribute("href"));
    }
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function (ev) { ev.preventDefault(); select(tab); });
      tab.addEventListener("keydown", function (ev) {
        var step = ev.key === "ArrowRight" ? 1 : ev.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        var next = tabs[(i + step + tabs.length) % tabs.length];
        next.focus();
        select(next);
      });
    });
  });

  // Bulk selection: select all, a count, and actions enabled only with a selection.
  function syncBulk(scope) {
    var checks = Array.prototype.slice.call(scope.querySelectorAll("[data-row-check]"));
    var picked = checks.filter(function (c) { return c.checked; }).length;
    var all = scope.querySelector("[data-select-all]");
    if (all) all.checked = picked > 0 && picked === checks.length;
    scope.querySelectorAll("[data-needs-selection]").forEach(function (b) {
      if ("disabled" in b && b.tagName !== "DETAILS") b.disabled = !picked;
      else b.classList.toggle("disabled", !picked);
    });
    var count = scope.querySelector("[data-kit-selected-count]");
    if (count) count.textContent = picked + " selected";
  }
  function bulkScope(el) { return el.closest("[data-kit-bulk]") || doc; }
  doc.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.matches("[data-select-all]")) {
      bulkScope(t).querySelectorAll("[data-row-check]").forEach(function (c) { c.checked = t.checked; });
      syncBulk(bulkScope(t));
    } else if (t.matches("[data-row-check]")) syncBulk(bulkScope(t));
  });
  var scopes = doc.querySelectorAll("[data-kit-bulk]");
  if (scopes.length) scopes.forEach(syncBulk);
  else if (doc.querySelector("[data-row-check]")) syncBulk(doc);

  // Drag and drop: a card onto a board column, an event onto a calendar day. The drop submits
  // the container's move form to the item's data-move-url with <data-move-field>=<target>.
  function dragAndDrop(container, itemSel, targetSel, targetKey) {
    var form = container.querySelector("[data-kit-move-form]");
    var field = container.getAttribute("data-move-field");
    var dragged = null;
    container.addEventListener("dragstart", function (ev) {
      var item = ev.target.closest && ev.target.closest(itemSel);
      if (!item) return;
      dragged = item;
      item.classList.add("dragging");
      ev.dataTransfer.effectAllowed = "move";
      ev.dataTransfer.setData("text/plain", item.getAttribute("data-move-url"));
    });
    container.addEventListener("dragend", function () {
      if (dragged) dragged.classList.remove("dragging");
      container.querySelectorAll(".drop-target").forEach(function (z) { z.classList.remove("drop-target"); });
      dragged = null;
    });
    container.querySelectorAll(targetSel).forEach(function (zone) {
      zone.addEventListener("dragover", function (ev) { ev.preventDefault(); zone.classList.add("drop-target"); });
      zone.addEventListener("dragleave", function (ev) { if (!zone.contains(ev.relatedTarget)) zone.classList.remove("drop-target"); });
      zone.addEventListener("drop", function (ev) {
        ev.preventDefault();
        zone.classList.remove("drop-target");
        var url = ev.dataTransfer.getData("text/plain") || (dragged && dragged.getAttribute("data-move-url"));
        if (!url || !form || (dragged && dragged.closest(targetSel) === zone)) return;
        var input = form.querySelector('input[name="' + field + '"]');
        if (!input) { input = doc.createElement("input"); input.type = "hidden"; input.name = field; form.appendChild(input); }
        input.value = zone.getAttribute(targetKey);
        form.action = url;
        form.submit();
      });
    });
  }
  doc.querySelectorAll("[data-kit-board]").forEach(function (b) { dragAndDrop(b, "[data-kit-card]", "[data-kit-column]", "data-kit-column"); });
  doc.querySelectorAll("[data-kit-calendar]").forEach(function (c) { dragAndDrop(c, "[data-kit-event]", "[data-kit-day]", "data-kit-day"); });
})();

// What the audit reads inside a page (cuagym appgen audit, DESIGN.md §12). Installed as an init
// script; the Python side calls window.__cuagymAudit.<fn>(arg). It only reads the page, except
// fillForm (fills a form's empty fields before its submit is probed) and dropTargets (links
// open in the same tab, so a probe sees what they do).
(() => {
  "use strict";
  const CONTROL_SELECTOR = [
    "a[href]", "button", "[role=button]", "[role=tab]", "[role=menuitem]", "[role=link]",
    "summary", "input", "select", "textarea",
  ].join(",");
  const FIELD_SKIP_TYPES = new Set(["hidden", "submit", "button", "image", "reset"]);
  const ACTIVE_CLASSES = ["active", "current", "selected"];

  const cssEscape = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/"/g, '\\"'));
  const quoted = (s) => s.replace(/["\\]/g, "\\$&"); // inside "...": only " and \ need escaping
  const unique = (sel) => {
    try { return document.querySelectorAll(sel).length === 1; } catch (e) { return false; }
  };

  // A stable CSS path: from the nearest ancestor with a unique id, data-testid or form action.
  function anchorOf(el) {
    if (el.id && unique("#" + cssEscape(el.id))) return "#" + cssEscape(el.id);
    const testid = el.getAttribute("data-testid");
    if (testid) {
      const sel = `[data-testid="${quoted(testid)}"]`;
      if (unique(sel)) return sel;
    }
    if (el.tagName === "FORM" && el.getAttribute("action") !== null) {
      const sel = `form[action="${quoted(el.getAttribute("action"))}"]`;
      if (unique(sel)) return sel;
    }
    return null;
  }
  function segment(el) {
    const tag = el.tagName.toLowerCase();
    const parent = el.parentElement;
    if (!parent) return tag;
    const same = Array.from(parent.children).filter((c) => c.tagName === el.tagName);
    return same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(el) + 1})` : tag;
  }
  function cssPath(el) {
    const parts = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const anchor = anchorOf(node);
      if (anchor) { parts.unshift(anchor); break; }
      if (node === document.documentElement) { parts.unshift("html"); break; }
      parts.unshift(segment(node));
    }
    const path = parts.join(" > ");
    return unique(path) ? path : null;
  }

  function visible(el) {
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
      return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }
  function disabled(el) {
    return el.disabled === true || el.getAttribute("aria-disabled") === "true" ||
      !!el.closest("fieldset[disabled]");
  }
  function text(s) { return (s || "").replace(/\s+/g, " ").trim().slice(0, 80); }
  function labelOf(el) {
    const byAria = el.getAttribute("aria-label");
    if (byAria) return text(byAria);
    const by = el.getAttribute("aria-labelledby");
    if (by) {
      const t = by.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean)
        .map((n) => n.textContent).join(" ");
      if (text(t)) return text(t);
    }
    if (el.labels && el.labels.length) return text(el.labels[0].textContent);
    const inner = text(el.innerText || el.textContent);
    if (inner) return inner;
    return text(el.value || el.getAttribute("title") || el.getAttribute("name") ||
      el.getAttribute("placeholder") || "");
  }

  // Whether a form has a submit button (its fields are then judged through it).
  function hasSubmit(form) {
    return Array.from(form.elements).some((e) => {
      const type = (e.getAttribute("type") || (e.tagName === "BUTTON" ? "submit" : "")).toLowerCase();
      return (e.tagName === "BUTTON" || e.tagName === "INPUT") && (type === "submit" || type === "image");
    });
  }

  // What kind of control an element is, or null when it is not probed on its own. A field
  // of a form with a submit button is judged through that submit; a field of a form without
  // one (a select that submits on change, a search box submitted by Enter) is probed itself.
  function kindOf(el) {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute("type") || "").toLowerCase();
    const form = el.form || null;
    if (tag === "input") {
      if (type === "hidden") return null;
      if (type === "submit" || type === "image") return form ? "submit" : "button";
      if (type === "reset") return form ? "reset" : "button";
      if (type === "button") return "button";
      if (form && hasSubmit(form)) return null;
      if (type === "checkbox" || type === "radio") return "toggle";
      return "input";
    }
    if (tag === "select" || tag === "textarea") {
      if (form && hasSubmit(form)) return null;
      return tag === "select" ? "select" : "input";
    }
    if (tag === "button") {
      const btype = (el.getAttribute("type") || "submit").toLowerCase();
      if (form && btype === "submit") return "submit";
      if (form && btype === "reset") return "reset";
      return "button";
    }
    if (tag === "summary") return "summary";
    if (tag === "a" && el.hasAttribute("href")) return "link";
    const role = el.getAttribute("role");
    if (role === "button" || role === "tab" || role === "menuitem" || role === "link") return role;
    return null;
  }

  // A form field as it stands: type, name, value; checked or the choices it offers.
  function fieldSignature(e) {
    const type = (e.getAttribute("type") || e.tagName).toLowerCase();
    let value = type === "file" ? "" : e.value;
    if (type === "checkbox" || type === "radio") value += e.checked ? " (checked)" : "";
    if (e.tagName === "SELECT") value += " of " + Array.from(e.options).map((o) => o.value).join("|");
    return `${type} ${e.name || ""}=${value}`;
  }

  function describe(el, kind) {
    const form = el.form || null;
    return {
      css: cssPath(el),
      kind,
      tag: el.tagName.toLowerCase(),
      type: (el.getAttribute("type") || "").toLowerCase(),
      role: el.getAttribute("role") || "",
      classes: Array.from(el.classList).sort(),
      href: el.tagName === "A" ? el.href : "",
      rawHref: el.getAttribute("href") || "",
      // getAttribute: a field named "action" shadows form.action
      formAction: form ? new URL(form.getAttribute("action") || "", document.baseURI).href : "",
      formMethod: form ? (form.getAttribute("method") || "get").toLowerCase() : "",
      label: labelOf(el),
      // what else the control carries that may depend on the page it is on: its form's fields
      // (a search form's hidden context, a prefilled value, a select's choices), its own
      // choices, its data-* attributes (a script's arguments)
      formFields: form ? Array.from(form.elements).map(fieldSignature) : [],
      options: el.tagName === "SELECT" ? Array.from(el.options).map((o) => o.value) : [],
      data: Array.from(el.attributes).filter((a) => a.name.startsWith("data-"))
        .map((a) => `${a.name}=${a.value}`).sort(),
      // marked as the current choice: re-choosing it rightly changes nothing
      current: isActive(el) || el.getAttribute("aria-pressed") === "true" ||
        el.getAttribute("aria-checked") === "true",
    };
  }

  // Every visible, enabled control, in document order.
  function controls() {
    const out = [];
    for (const el of document.querySelectorAll(CONTROL_SELECTOR)) {
      const kind = kindOf(el);
      if (!kind || !visible(el) || disabled(el)) continue;
      out.push(describe(el, kind));
    }
    return out.filter((c) => c.css !== null);
  }

  function fieldsNeedingLabels() {
    const out = [];
    for (const el of document.querySelectorAll("input, select, textarea")) {
      const type = (el.getAttribute("type") || "").toLowerCase();
      if (el.tagName === "INPUT" && FIELD_SKIP_TYPES.has(type)) continue;
      const labelled = (el.labels && el.labels.length) || text(el.getAttribute("aria-label")) ||
        (el.getAttribute("aria-labelledby") || "").split(/\s+/).some((id) => id && document.getElementById(id));
      if (!labelled) {
        out.push({ css: cssPath(el) || el.tagName.toLowerCase(), name: el.getAttribute("name") || "" });
      }
    }
    return out;
  }

  function isActive(el) {
    if (el.getAttribute("aria-selected") === "true") return true;
    const current = el.getAttribute("aria-current");
    if (current !== null && current !== "false") return true;
    return ACTIVE_CLASSES.some((c) => el.classList.contains(c));
  }
  // Tab groups none of whose tabs is marked active. A tab widget ([role=tablist], or tabs
  // that are buttons) always has one; a navigation bar of links styled as tabs needs one only
  // on a page it links to (a search results page belongs to none of its tabs).
  function tabGroups() {
    const groups = Array.from(document.querySelectorAll("[role=tablist], [class]")).filter(
      (el) => el.getAttribute("role") === "tablist" ||
        Array.from(el.classList).some((c) => c === "tabs" || c.endsWith("-tabs")));
    const here = location.origin + location.pathname;
    const pathOf = (a) => { const u = new URL(a.href); return u.origin + u.pathname; };
    const out = [];
    for (const group of groups) {
      let members = Array.from(group.querySelectorAll("[role=tab]"));
      if (!members.length) members = Array.from(group.querySelectorAll("a, button"));
      members = members.filter(visible);
      if (!visible(group) || !members.length) continue;
      const widget = group.getAttribute("role") === "tablist" || members.some((m) => m.tagName !== "A");
      if (!widget && !members.some((m) => m.hasAttribute("href") && pathOf(m) === here)) continue;
      if (!members.some((m) => isActive(m) || (m.parentElement && isActive(m.parentElement)))) {
        out.push({ css: cssPath(group) || group.tagName.toLowerCase(), tabs: members.map(labelOf) });
      }
    }
    return out;
  }

  function pageChecks() {
    return {
      h1: document.querySelectorAll("h1").length,
      title: document.title,
      unlabelled: fieldsNeedingLabels(),
      tabsWithoutActive: tabGroups(),
    };
  }

  // The DOM plus what outerHTML does not show: values, checked, selected, open. ``skip`` is the
  // control a probe types into, or a submit whose form it filled (those values are the
  // probe's doing, not the app's).
  function snapshot(skip) {
    const own = skip ? document.querySelector(skip) : null;
    const ownForm = own ? (own.tagName === "FORM" ? own : own.form) : null;
    const state = [];
    for (const el of document.querySelectorAll("input, select, textarea, details, dialog")) {
      if (el === own || (ownForm && el.form === ownForm)) continue;
      if (el.tagName === "DETAILS" || el.tagName === "DIALOG") state.push(el.open ? 1 : 0);
      else if (el.type === "checkbox" || el.type === "radio") state.push(el.checked ? 1 : 0);
      else if (el.type !== "file") state.push(el.value);
    }
    return document.documentElement.outerHTML + "\n<!--values-->" + JSON.stringify(state);
  }

  // A plausible value for an empty field, by its type and constraints.
  function plausible(el, text) {
    const type = (el.getAttribute("type") || el.tagName).toLowerCase();
    const num = (name) => (el.getAttribute(name) === null ? null : Number(el.getAttribute(name)));
    switch (type) {
      case "email": return "audit@example.com";
      case "url": return "https://example.com/audit";
      case "tel": return "555-0100";
      case "color": return "#336699";
      case "date": return el.getAttribute("min") || "2025-01-15";
      case "datetime-local": return "2025-01-15T10:00";
      case "time": return "10:00";
      case "month": return "2025-01";
      case "week": return "2025-W03";
      case "password": return "Audit-pass-1";
      case "number": case "range": {
        const min = num("min"), max = num("max");
        if (min !== null && !Number.isNaN(min)) return String(min);
        if (max !== null && !Number.isNaN(max)) return String(Math.min(1, max));
        return "1";
      }
      default: {
        const max = num("maxlength");
        const pattern = el.getAttribute("pattern");
        const candidates = [text || "Audit text", "audit", "Audit", "audit-1", "AUDIT", "1", "a"];
        let value = candidates[0];
        if (pattern) {
          try {
            const re = new RegExp("^(?:" + pattern + ")$", "v");
            value = candidates.find((c) => re.test(c)) || value;
          } catch (e) { /* a pattern the browser cannot compile: keep the default */ }
        }
        return max !== null && max > 0 ? value.slice(0, max) : value;
      }
    }
  }
  function setValue(el, value) {
    el.value = value;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Change one field of a form whose fields all had values (an edit form: saving it
  // unchanged would rightly do nothing): a text field, else another radio, else another
  // option of a select. Returns whether a field changed.
  function editOne(form) {
    const usable = Array.from(form.elements).filter(
      (el) => el.tagName !== "BUTTON" && !disabled(el) && !el.readOnly && visible(el.labels && el.labels[0] || el) );
    for (const el of usable) {
      const type = (el.type || "").toLowerCase();
      const texty = el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && ["text", "search"].includes(type));
      if (!texty || el.getAttribute("pattern")) continue;
      const max = el.maxLength > 0 ? el.maxLength : 1000;
      let value = (el.value + " edited").slice(0, max);
      if (value === el.value) value = el.value.slice(0, -1) + (el.value.endsWith("x") ? "y" : "x");
      setValue(el, value);
      return true;
    }
    const radio = usable.find((el) => el.type === "radio" && !el.checked);
    if (radio) { radio.click(); return true; }
    for (const el of usable) {
      if (el.tagName !== "SELECT") continue;
      const option = Array.from(el.options).find((o) => !o.disabled && o.value && o.value !== el.value);
      if (option) { setValue(el, option.value); return true; }
    }
    return false;
  }

  // Fill every empty field of the form ``css`` (or of the form a submit at ``css`` belongs
  // to); with nothing empty, edit one field. Returns the css paths of required file inputs
  // (the Python side gives them a file).
  function fillForm({ css, text }) {
    const node = document.querySelector(css);
    const form = node ? (node.tagName === "FORM" ? node : node.form) : null;
    if (!form) return [];
    const files = [];
    const radios = new Set();
    let filled = 0;
    for (const el of form.elements) {
      if (disabled(el) || el.readOnly) continue;
      const type = (el.type || "").toLowerCase();
      if (FIELD_SKIP_TYPES.has(type) || el.tagName === "BUTTON" || el.tagName === "FIELDSET") continue;
      if (type === "file") { if (el.required && cssPath(el)) files.push(cssPath(el)); continue; }
      if (type === "checkbox") { if (el.required && !el.checked) { el.click(); filled++; } continue; }
      if (type === "radio") {
        if (radios.has(el.name)) continue;
        radios.add(el.name);
        const group = Array.from(form.elements).filter((r) => r.type === "radio" && r.name === el.name);
        if (!group.some((r) => r.checked)) { group[0].click(); filled++; }
        continue;
      }
      if (el.tagName === "SELECT") {
        // an optional select's empty choice ("Any status") is a choice; changing it may
        // submit the form on the spot
        if (el.required && !el.value) {
          const option = Array.from(el.options).find((o) => o.value && !o.disabled);
          if (option) { setValue(el, option.value); filled++; }
        }
        continue;
      }
      if (!el.value) { setValue(el, plausible(el, text)); filled++; }
    }
    if (!filled) editOne(form);
    return files;
  }

  // Another option of a select (the probe of a select outside any form).
  function otherOption(css) {
    const el = document.querySelector(css);
    if (!el || el.tagName !== "SELECT") return null;
    const option = Array.from(el.options).find((o) => !o.disabled && o.value !== el.value);
    return option ? option.value : null;
  }

  function plausibleFor(css) {
    const el = document.querySelector(css);
    return el ? plausible(el) : "Audit text";
  }

  function dropTargets() {
    for (const a of document.querySelectorAll("a[target], form[target]")) a.removeAttribute("target");
  }

  function links() {
    return Array.from(document.querySelectorAll("a[href]")).map((a) => a.href);
  }

  window.__cuagymAudit = {
    controls, pageChecks, snapshot, fillForm, otherOption, plausibleFor, dropTargets, links,
  };
})();

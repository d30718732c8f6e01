
(() => {
  const left = window.screenX + (window.outerWidth - window.innerWidth);
  const top = window.screenY + (window.outerHeight - window.innerHeight);
  return Array.from(document.querySelectorAll(%s)).map(e => {
    const r = e.getBoundingClientRect();
    const style = window.getComputedStyle(e);
    return {
      tag: e.tagName.toLowerCase(),
      text: (e.innerText || e.textContent || "").trim().slice(0, 500),
      value: ("value" in e) ? String(e.value) : null,
      href: e.getAttribute("href"),
      name: e.getAttribute("name"),
      x: Math.round(left + r.left), y: Math.round(top + r.top),
      width: Math.round(r.width), height: Math.round(r.height),
      center: [Math.round(left + r.left + r.width / 2), Math.round(top + r.top + r.height / 2)],
      visible: r.width > 0 && r.height > 0 && style.visibility !== "hidden"
        && style.display !== "none",
      in_view: r.bottom > 0 && r.right > 0 && r.top < window.innerHeight
        && r.left < window.innerWidth,
      // What a click at the centre would hit: this element (or one inside it), not an overlay,
      // a dialog's backdrop or the edge of a scrolled container.
      clickable: (() => {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === e || e.contains(hit));
      })(),
      attrs: Object.fromEntries(Array.from(e.attributes, a => [a.name, a.value.slice(0, 500)])),
      checked: ("checked" in e) ? Boolean(e.checked) : null,
      disabled: ("disabled" in e) ? Boolean(e.disabled) : null,
      open: ("open" in e) ? Boolean(e.open) : null,
      focused: document.activeElement === e,
      selected_text: (e.tagName === "SELECT" && e.selectedIndex >= 0)
        ? e.options[e.selectedIndex].text : null,
    };
  });
})()

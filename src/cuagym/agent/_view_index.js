
(function () {
  var table = document.getElementById('episodes');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var q = document.getElementById('q'), dom = document.getElementById('domain'),
      st = document.getElementById('status'), shown = document.getElementById('shown');
  function fmt(x, d) { return x === null ? '–' : x.toFixed(d); }
  function apply() {
    var text = q.value.trim().toLowerCase(), n = 0, scored = 0, ok = 0, rsum = 0, ssum = 0;
    rows.forEach(function (r) {
      var keep = (!dom.value || r.dataset.domain === dom.value) &&
                 (!st.value || r.dataset.status === st.value) &&
                 (!text || r.dataset.text.indexOf(text) >= 0);
      r.hidden = !keep;
      if (!keep) return;
      n += 1;
      if (r.dataset.status !== 'error') {
        scored += 1; ok += r.dataset.status === 'success' ? 1 : 0;
        rsum += parseFloat(r.dataset.reward); ssum += parseFloat(r.dataset.steps);
      }
    });
    shown.textContent = n + ' of ' + rows.length + ' episodes shown · success rate ' +
      (scored ? (100 * ok / scored).toFixed(1) + '%' : '–') + ' · mean reward ' +
      fmt(scored ? rsum / scored : null, 3) + ' · mean steps ' +
      fmt(scored ? ssum / scored : null, 1);
    shown.dataset.count = String(n);
  }
  function sortBy(th) {
    var key = th.dataset.key, numeric = th.dataset.type === 'num';
    var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
    rows.sort(function (a, b) {
      var x = a.dataset[key], y = b.dataset[key];
      if (numeric) {
        x = x === '' ? NaN : parseFloat(x); y = y === '' ? NaN : parseFloat(y);
        if (isNaN(x) || isNaN(y)) return isNaN(x) - isNaN(y);  // no value: last either way
        return dir * (x - y);
      }
      return dir * x.localeCompare(y, undefined, {numeric: true});
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  table.querySelectorAll('th[data-key]').forEach(function (th) {
    th.addEventListener('click', function () { sortBy(th); });
  });
  [q, dom, st].forEach(function (el) {
    el.addEventListener('input', apply); el.addEventListener('change', apply);
  });
  apply();
})();

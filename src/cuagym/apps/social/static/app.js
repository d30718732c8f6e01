// Social Studio's enhancements (the pages work without them): a live character count under
// every post text box. The server enforces the limit either way.
(function () {
  "use strict";
  document.querySelectorAll('[data-testid="compose-body"], [data-testid="f-body"]').forEach(function (box) {
    var limit = 500;
    var counter = document.createElement("small");
    counter.className = "muted char-count";
    counter.setAttribute("aria-live", "polite");
    function update() { counter.textContent = (limit - box.value.length) + " characters left"; }
    box.insertAdjacentElement("afterend", counter);
    box.addEventListener("input", update);
    update();
  });
})();

// Storefront Admin: small enhancements on top of kit.js. Every action also works without
// JavaScript (forms post; a blank refund amount is computed by the server).
(function () {
  "use strict";

  // Refund form: show what the chosen units are worth as the amount's placeholder.
  var form = document.querySelector('[data-testid="refund-form"]');
  if (form) {
    var amount = form.querySelector('[name="amount"]');
    var update = function () {
      var cents = 0;
      form.querySelectorAll("[data-price]").forEach(function (span) {
        var box = document.getElementById(span.getAttribute("data-for"));
        var qty = box ? parseInt(box.value || "0", 10) : 0;
        if (qty > 0) cents += qty * parseInt(span.getAttribute("data-price"), 10);
      });
      if (amount) amount.placeholder = (cents / 100).toFixed(2);
    };
    form.addEventListener("input", update);
    update();
  }
})();

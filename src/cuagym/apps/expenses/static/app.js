// Expense Manager: small enhancements on top of kit.js. Every action also works without
// JavaScript (forms post; the server computes every amount and total).
(function () {
  "use strict";

  // The expense form: dim the parts its category does not use (receipt, miles or days).
  var form = document.querySelector('[data-testid="line-form"]');
  if (form) {
    var kinds = JSON.parse(form.getAttribute("data-kinds") || "{}");
    var select = form.querySelector('[name="categoryId"]');
    var update = function () {
      var kind = kinds[select.value] || "";
      form.querySelectorAll("fieldset[data-kind]").forEach(function (set) {
        set.classList.toggle("unused", kind !== "" && set.getAttribute("data-kind") !== kind);
      });
    };
    if (select) {
      select.addEventListener("change", update);
      update();
    }
  }
})();

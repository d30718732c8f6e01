// Code Forge: small enhancements only; every action works without this file (forms post).
(function () {
  "use strict";
  // The branch switcher's button is only needed without JS: the select applies itself.
  document.querySelectorAll("[data-testid=branch-switcher] [data-testid=branch-go]").forEach(function (b) {
    b.classList.add("visually-hidden");
  });
})();

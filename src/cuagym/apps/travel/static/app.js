// Trip Booking: small enhancements on top of kit.js. Every action also works without
// JavaScript (seats are submit buttons of one form; the chips and the date strip are links).
(function () {
  "use strict";

  // Seat map: name the seat under the pointer (or focus) in the legend before it is taken.
  var map = document.querySelector('[data-testid="seat-map"]');
  var hint = document.querySelector("[data-seat-hint]");
  if (map && hint) {
    var show = function (event) {
      var seat = event.target.closest('[data-state="free"]');
      hint.textContent = seat ? seat.getAttribute("title") : "";
    };
    map.addEventListener("mouseover", show);
    map.addEventListener("focusin", show);
  }
})();

// Trip Booking: small enhancements on top of kit.js. Every action also works without
// JavaScript (seats are submit buttons of one form; the chips and the date strip are links).
(function () {
  "use strict";

  // Seat map: bring the booked seat (or the first free one of the cabin) into view.
  var map = document.querySelector('[data-testid="seat-map"]');
  if (map) {
    var target = map.querySelector('[data-state="mine"]') || map.querySelector('[data-state="free"]');
    if (target && target.scrollIntoView) target.scrollIntoView({ block: "center" });
  }
})();

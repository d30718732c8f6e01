// Buttons with data-toggle show and hide the element whose id they name.
document.addEventListener("click", function (ev) {
  var opener = ev.target.closest("[data-toggle]");
  if (!opener) return;
  var target = document.getElementById(opener.getAttribute("data-toggle"));
  if (target) target.hidden = !target.hidden;
});

/* printkit's preview page, what the keyboard needs of it: the page works without this (its views
   are :target, its guides a checkbox), but here Escape closes a full-size view, focus goes into the
   view and back to the picture that opened it (Tab stays in the view while it is open), a card's
   FILE:LINE (a button) is copied by a click, Enter or Space, and the guides' checkbox is remembered
   for the next visit. `printkit preview` writes it beside the page as preview/page.js; `printkit
   serve` serves it as its own (/_printkit/page.js), the page's own scripts taken out. */
(function () {
  "use strict";

  // --- the full-size view -----------------------------------------------------------------------------
  function openView() {
    var id = location.hash.slice(1), view = null;
    try { view = id ? document.getElementById(decodeURIComponent(id)) : null; } catch (e) { return null; }
    return view && view.classList.contains("view") ? view : null;
  }

  // the picture's link the open view came from, taken as it is followed (the browser lets go of
  // focus when it goes to the view): focus goes back to it
  var opener = null;
  function opening(event) {
    var link = event.target.closest && event.target.closest("a[href^='#view-']");
    if (link && !link.closest(".view")) opener = link;
  }

  function followed() {
    var view = openView();
    if (view) {
      var close = view.querySelector("a.close");
      if (close) close.focus({ preventScroll: true });
    } else if (opener) {
      var back = document.body.contains(opener) ? opener : again(opener); // or its namesake, the page made again
      if (back) back.focus();
      opener = null;
    }
  }

  function again(link) {
    var same = document.querySelectorAll("a[href='" + link.getAttribute("href") + "']");
    return Array.prototype.filter.call(same, function (node) { return !node.closest(".view"); })[0] || null;
  }

  function keyed(event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    var view = openView(), close = view && view.querySelector("a.close");
    if (!close) return;
    event.preventDefault();
    close.click();
  }

  function kept(event) { // Tab does not wander to the links behind an open view
    var view = openView(), close = view && view.querySelector("a.close");
    if (close && !view.contains(event.target)) close.focus({ preventScroll: true });
  }

  // --- a card's FILE:LINE, copied -------------------------------------------------------------------------
  function copied(event) {
    var source = event.target.closest && event.target.closest("figure.card .source");
    if (!source || source.tagName === "A") return;
    event.preventDefault();
    var done = function () {
      source.setAttribute("data-copied", "copied");
      setTimeout(function () { source.removeAttribute("data-copied"); }, 1200);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(source.textContent).then(done, function () {});
  }

  // --- the guides' checkbox, remembered (a page opened from a file keeps localStorage too) ---------------
  var guidesKey = "printkit preview: guides";
  function rememberGuides() {
    var box = document.getElementById("show-guides");
    try { if (box) box.checked = localStorage.getItem(guidesKey) === "shown"; } catch (e) { /* storage refused */ }
    document.addEventListener("change", function (event) {
      if (event.target.id !== "show-guides") return;
      try { localStorage.setItem(guidesKey, event.target.checked ? "shown" : "hidden"); } catch (e) { /* refused */ }
    });
  }

  window.addEventListener("hashchange", followed);
  document.addEventListener("keydown", keyed);
  document.addEventListener("focusin", kept);
  document.addEventListener("click", copied);
  document.addEventListener("click", opening, true);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", rememberGuides);
  else rememberGuides();
})();

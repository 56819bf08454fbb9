/* printkit's preview page, what the keyboard needs of it: the page works without this (its views
   are :target, its guides a checkbox), but here Escape closes a full-size view, focus goes into the
   view and back to the picture that opened it (Tab stays in the view while it is open), a card's
   FILE:LINE (a button) is copied by a click, Enter or Space, the guides' checkbox is remembered
   for the next visit, and so is the language chosen of a game printed in several. `printkit
   preview` writes it beside the page as preview/page.js; `printkit serve` serves it as its own
   (/_printkit/page.js), the page's own scripts taken out. */
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

  // --- a game in several languages: the one chosen shown, remembered -------------------------------------
  // Without this the page shows the source's, or the one a link went to (:target). Here a click on
  // the switch shows its language where the other was (no jump), and the choice is kept for the
  // next visit and across serve's reloads and live updates (live.js tells of each: "printkit:page").
  var languageKey = "printkit preview: language of ";
  var chosen = {};  // game: language, as chosen on this page
  function blockOf(node) { return node && node.closest ? node.closest(".languages > .in-language") : null; }
  // the language to show: at the page's start the one its address goes to, if it goes into one;
  // then the one chosen on this page, then the one remembered, then the source's
  function languageOf(games, atStart) {
    var block = atStart ? blockOf(openTarget()) : null;
    if (block && block.parentNode === games) return block.getAttribute("data-language");
    var game = games.getAttribute("data-game"), stored = null;
    try { stored = localStorage.getItem(languageKey + game); } catch (e) { /* storage refused */ }
    return chosen[game] || stored || games.querySelector(".in-language").getAttribute("data-language");
  }
  function openTarget() {
    var id = location.hash.slice(1);
    try { return id ? document.getElementById(decodeURIComponent(id)) : null; } catch (e) { return null; }
  }
  function show(games, language) {  // `games`: a game's languages, on this page or on the one live.js swaps in
    var blocks = games.querySelectorAll(":scope > .in-language"), found = false;
    blocks.forEach(function (block) { if (block.getAttribute("data-language") === language) found = true; });
    if (!found) language = blocks[0].getAttribute("data-language");  // a language the game no longer has
    blocks.forEach(function (block) { block.classList.toggle("chosen", block.getAttribute("data-language") === language); });
    games.setAttribute("data-chosen", language);
    chosen[games.getAttribute("data-game")] = language;
  }
  function languages(atStart, page) {
    (page || document).querySelectorAll(".languages[data-game]").forEach(function (games) {
      show(games, languageOf(games, atStart === true));
    });
  }
  function choose(games, language) {
    show(games, language);
    try { localStorage.setItem(languageKey + games.getAttribute("data-game"), language); } catch (e) { /* refused */ }
    document.dispatchEvent(new CustomEvent("printkit:language"));
  }
  function switched(event) {
    var link = event.target.closest && event.target.closest(".language-switch a[data-language]");
    if (!link) return;
    var games = link.closest(".languages"), language = link.getAttribute("data-language");
    event.preventDefault();
    var top = link.getBoundingClientRect().top;
    choose(games, language);
    // the address goes to it: a reload shows it again (no scroll: the page is not navigated)
    try { history.replaceState(history.state, "", "#" + games.querySelector(":scope > .chosen").id); } catch (e) { /* a file: page */ }
    var again = games.querySelector(":scope > .chosen .language-switch a[data-language='" + language + "']");
    if (again) {  // the switch stays under the pointer, and focus on it
      window.scrollBy(0, again.getBoundingClientRect().top - top);
      again.focus({ preventScroll: true });
    }
  }
  // a link to a part of a language not shown (the contents' to the source's products): to the
  // same part in the language shown
  function counterpart(event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (!link || link.closest(".language-switch") || link.closest(".view")) return;
    var target = null;
    try { target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1))); } catch (e) { return; }
    var block = blockOf(target), games = block && block.parentNode;
    if (!block || target === block || block.classList.contains("chosen") || !games.getAttribute("data-chosen")) return;
    var slug = block.getAttribute("data-slug"), shown = games.querySelector(":scope > .chosen");
    if (!shown || target.id.indexOf(slug + "-") !== 0) return;
    var same = document.getElementById(shown.getAttribute("data-slug") + target.id.slice(slug.length));
    if (!same) return;
    event.preventDefault();
    location.hash = same.id;
  }
  // a link to a language (the contents'), or into one, followed: that language shown, and brought
  // into view (hidden as the link was followed, the browser had nowhere to scroll to)
  function followedLanguage() {
    var target = openTarget(), block = blockOf(target);
    if (!block || block.classList.contains("chosen")) return;
    choose(block.parentNode, block.getAttribute("data-language"));
    target.scrollIntoView();
  }
  document.addEventListener("click", switched);
  document.addEventListener("click", counterpart);
  window.addEventListener("hashchange", followedLanguage);
  document.addEventListener("printkit:page", function () { languages(false); });
  document.addEventListener("printkit:fresh", function (event) { languages(false, event.detail); });

  window.addEventListener("hashchange", followed);
  document.addEventListener("keydown", keyed);
  document.addEventListener("focusin", kept);
  document.addEventListener("click", copied);
  document.addEventListener("click", opening, true);
  function ready() { rememberGuides(); languages(true); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();

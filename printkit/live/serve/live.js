/* printkit serve: the proofing page, live. Added to the preview's index.html by the server only.
   It follows the server's event stream (/_printkit/events): each build's pictures come with a
   digest, and a picture whose digest changed gets its new URL in place (no reload, the scroll kept);
   when the page itself changed (a card added, a name, a field), the parts of it that differ are
   swapped for the new ones. A failed build's problems are shown at the top, the pictures marked
   stale until a build succeeds. The card gallery can be filtered by product and by a field's value;
   a card's FILE:LINE is a link into the editor with --editor (page.js copies it otherwise);
   "changed since printed" lists the cards changed since `printkit printed` (Escape closes it).
   The bar's height is the page's scroll padding: a section a link brings to the top is not under
   it. Text from content is only ever set as text, never as markup. */
(function () {
  "use strict";
  // the page's own digest, as the server served it ("" before a first build): a build's that differs is fetched
  var served = document.querySelector("meta[name='printkit-index']");
  var state = { version: 0, index: served ? served.getAttribute("content") : null, images: {} };
  window.printkitLive = state; // for tests and the curious: the last state applied

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- the bar at the top: status, filter, printed --------------------------------------------------
  var bar = el("div", { id: "printkit-live", "class": "printkit-live", role: "region", "aria-label": "live preview" });
  var status = el("span", { "class": "status" }, "connecting…");
  var filters = el("span", { "class": "filters" });
  var product = el("select", { id: "printkit-product", "aria-label": "show the cards of" });
  var field = el("select", { id: "printkit-field", "aria-label": "where the field" });
  var value = el("select", { id: "printkit-value", "aria-label": "is" });
  var count = el("span", { "class": "count" });
  var printedButton = el("button", { type: "button", id: "printkit-printed-open", hidden: "" }, "Changed since printed");
  filters.append("Cards: ", product, " where ", field, " is ", value, " ", count);
  bar.append(status, filters, printedButton);
  var problems = el("div", { id: "printkit-problems", "class": "printkit-live", role: "alert", hidden: "" });
  var printedView = el("div", { id: "printkit-printed", "class": "printkit-live", hidden: "" });

  function mount() {
    document.body.prepend(bar, problems);
    document.body.append(printedView);
  }

  // --- pictures and the page --------------------------------------------------------------------------
  function versioned(url, images) {
    var at = url.indexOf("?v="), path = at < 0 ? url : url.slice(0, at), version;
    try { version = images[decodeURIComponent(path)]; } catch (e) { return null; }
    return version && url !== path + "?v=" + version ? path + "?v=" + version : null;
  }

  function swap(images) {
    var swapped = 0;
    document.querySelectorAll("img[src], a[href$='.png'], a[href*='.png?v=']").forEach(function (node) {
      var attr = node.tagName === "IMG" ? "src" : "href", url = versioned(node.getAttribute(attr), images);
      if (url) { node.setAttribute(attr, url); if (attr === "src") swapped += 1; }
    });
    return swapped;
  }

  function own(node) { return node.classList && node.classList.contains("printkit-live"); }
  function parts(body) {
    return Array.prototype.filter.call(body.children, function (node) { return !own(node) && node.tagName !== "SCRIPT"; });
  }

  // the section nearest the top of the window, and where it is: kept there after a swap
  function anchor() {
    var found = null;
    document.querySelectorAll("[id]").forEach(function (node) {
      if (found || own(node)) return;
      var box = node.getBoundingClientRect();
      if (box.bottom > 0 && box.height > 0) found = { id: node.id, top: box.top };
    });
    return found;
  }

  function morph(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var kept = anchor(), old = parts(document.body), next = parts(fresh.body);
    var box = document.getElementById("show-guides"), guides = box && box.checked;
    var view = document.querySelector(".view:target"), inView = view && view.contains(document.activeElement);
    // the languages chosen shown in the new page as in this one (page.js): a part that did not change
    // is the same as its namesake here, and kept
    document.dispatchEvent(new CustomEvent("printkit:fresh", { detail: fresh }));
    if (alike(old, next)) {
      patch(old, next);
    } else {
      old.forEach(function (node) { node.remove(); });
      next.forEach(function (node) { printedView.before(document.importNode(node, true)); });
    }
    document.dispatchEvent(new CustomEvent("printkit:page"));  // page.js shows the languages chosen again
    box = document.getElementById("show-guides");
    if (box) box.checked = guides;
    if (view && !document.body.contains(view)) reopen(inView);
    if (kept) {
      var again = document.getElementById(kept.id);
      if (again) window.scrollBy(0, again.getBoundingClientRect().top - kept.top);
    }
    gallery();
  }

  function alike(old, next) {
    return old.length === next.length && old.every(function (node, i) {
      return node.tagName === next[i].tagName && node.id === next[i].id;
    });
  }

  // each part that changed swapped for the new one; a game's languages, and each language's block,
  // part by part: an edit of the German words swaps the German cards' part, the English kept as they are
  function patch(old, next) {
    old.forEach(function (node, i) {
      if (node.outerHTML === next[i].outerHTML) return;
      if (nested(node, next[i])) patch(Array.from(node.children), Array.from(next[i].children));
      else node.replaceWith(document.importNode(next[i], true));
    });
  }
  function nested(node, next) {
    return node.matches(".languages, .languages > .in-language") && node.cloneNode(false).outerHTML ===
      next.cloneNode(false).outerHTML && alike(Array.from(node.children), Array.from(next.children));
  }

  // the full-size view open before its part of the page was swapped: the new one shown (the same
  // fragment followed again, no reload), focus in it if it was in the old one
  function reopen(focused) {
    location.replace(location.href);
    var close = document.querySelector(".view:target a.close");
    if (focused && close) close.focus({ preventScroll: true });
  }

  // each state applied after the one before it, whole: an index still being fetched is never
  // overtaken by the next state (a failed build's problems hidden again by the build before it)
  var applied = Promise.resolve();
  function apply(next) {
    applied = applied.then(function () { return applyNow(next); }, function () { return applyNow(next); });
  }

  function applyNow(next) {
    var fetched = Promise.resolve();
    if (state.index !== null && next.index && next.index !== state.index) {  // "" before the first build
      fetched = fetch("/index.html", { cache: "no-store" }).then(function (r) { return r.text(); }).then(morph);
    }
    return fetched.catch(function () { /* the next event brings it */ }).then(function () {
      swap(next.images || {});
      if (typeof next.index === "string") state.index = next.index;
      state.images = next.images || state.images;
      state.editor = next.editor || null;
      editorLinks(state.editor);
      state.version = next.version;
      showProblems(next.errors || [], next.stale);
      bar.classList.toggle("failed", !!(next.errors && next.errors.length));
      status.textContent = (next.errors && next.errors.length ? "not built" : "live") + " · " +
        new Date().toLocaleTimeString();
      lookForPrinted();
    });
  }

  function showProblems(lines, stale) {
    document.body.classList.toggle("printkit-stale", !!stale);
    problems.replaceChildren();
    problems.hidden = !lines.length;
    if (!lines.length) return;
    problems.append(el("strong", {}, "Not built: " + (stale ? "the pictures below are the last good ones (stale)." :
      "nothing is built yet.")));
    var list = el("ul");
    lines.forEach(function (line) { list.append(el("li", {}, line)); });
    problems.append(list, el("p", {}, "Fix it and save: the page follows by itself."));
  }

  // --- the card gallery's filter ------------------------------------------------------------------
  // the cards of the language shown of a game printed in several (page.js hides the others)
  function cards() {
    return Array.prototype.filter.call(document.querySelectorAll("figure.card[data-product]"), function (card) {
      var block = card.closest(".languages > .in-language");
      return !block || block.getClientRects().length > 0;
    });
  }
  // a card's game: a game's languages are one (its cards' filter kept when the language is switched)
  function gameOf(card) {
    var games = card.closest(".languages[data-game]");
    return games ? games.getAttribute("data-game") : card.getAttribute("data-game");
  }
  function fieldsOf(card) {
    try { return JSON.parse(card.getAttribute("data-fields") || "{}"); } catch (e) { return {}; }
  }
  function productOf(card) { return gameOf(card) + "/" + card.getAttribute("data-product"); }

  function options(select, values, every) {
    var chosen = select.value;
    select.replaceChildren(el("option", { value: "" }, every));
    values.forEach(function (v) { select.append(el("option", { value: v }, v)); });
    select.value = values.indexOf(chosen) >= 0 ? chosen : "";
  }

  function distinct(list) { return list.filter(function (v, i) { return list.indexOf(v) === i; }).sort(); }

  function gallery() {
    var all = cards();
    filters.hidden = !all.length;
    options(product, distinct(all.map(productOf)), "of every product");
    var inProduct = all.filter(function (card) { return !product.value || productOf(card) === product.value; });
    options(field, distinct([].concat.apply([], inProduct.map(function (c) { return Object.keys(fieldsOf(c)); }))),
      "any field");
    options(value, distinct(inProduct.map(function (c) { return fieldsOf(c)[field.value]; })
      .filter(function (v) { return v !== undefined; }).map(String)), "anything");
    value.disabled = !field.value;
    var shown = 0;
    all.forEach(function (card) {
      var fields = fieldsOf(card);
      var show = (!product.value || productOf(card) === product.value) &&
        (!field.value || !value.value || String(fields[field.value]) === value.value);
      card.hidden = !show;
      if (show) shown += 1;
    });
    var filtering = !!(product.value || (field.value && value.value));
    document.body.classList.toggle("printkit-filtering", filtering);
    document.querySelectorAll("section.product").forEach(function (section) {
      section.classList.toggle("printkit-empty", filtering && !section.querySelector("figure.card:not([hidden])"));
    });
    document.querySelectorAll("h2[id]").forEach(function (heading) {  // a game none of whose cards is shown
      var game = heading.id;
      heading.classList.toggle("printkit-empty", filtering && !all.some(function (card) {
        return !card.hidden && gameOf(card) === game;
      }));
    });
    count.textContent = filtering ? shown + " of " + all.length + " cards" : all.length + " cards";
  }
  [product, field, value].forEach(function (select) { select.addEventListener("change", gallery); });
  document.addEventListener("printkit:language", gallery);  // another language's cards shown: filtered as these were

  // a card's FILE:LINE: a link into the designer's editor (printkit serve --editor URL), or else a
  // click copies it, for the editor's "go to file and line"
  function editorLinks(editor) {
    if (!editor) return;
    document.querySelectorAll("figure.card .source:not(a)").forEach(function (source) {
      var text = source.textContent, at = text.lastIndexOf(":"), line = at > 0 ? text.slice(at + 1) : "";
      var file = editor.content + "/" + (/^\d+$/.test(line) ? text.slice(0, at) : text);
      var link = el("a", { "class": "source", title: "open it in your editor",
        href: editor.url.split("{file}").join(encodeURI(file)).split("{line}").join(/^\d+$/.test(line) ? line : "1") }, text);
      source.replaceWith(link);
    });
  }

  // --- changed since printed --------------------------------------------------------------------------
  // one look at a time, and one more after it if a state came meanwhile: printkit answers a look once
  // the build under way is done, and each look waiting would hold one of the few connections the
  // browser opens to printkit, which the edited card's new picture is fetched through
  var printed = null, looking = false, lookAgain = false;
  function lookForPrinted() {
    if (looking) { lookAgain = true; return; }
    looking = true;
    fetch("/_printkit/printed", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (found) {
      printed = found;
      var changed = (found.games || []).reduce(function (n, g) { return n + g.changes.length; }, 0);
      printedButton.hidden = !found.recorded;
      printedButton.textContent = "Changed since printed (" + changed + ")";
      if (!printedView.hidden) showPrinted();
    }).catch(function () {}).then(function () {
      looking = false;
      if (lookAgain) { lookAgain = false; lookForPrinted(); }
    });
  }

  // the words a side says that the other does not (the rest is the same on both)
  function words(list, other, kind) {
    var differ = list.filter(function (text) { return other.indexOf(text) < 0; });
    if (!differ.length) return el("p", { "class": "same" }, "the same words: the change is in how it looks");
    var ul = el("ul", { "class": "words" });
    differ.forEach(function (text) { ul.append(el("li", { "class": kind }, text)); });
    return ul;
  }

  function showPrinted() {
    printedView.replaceChildren();
    var close = el("button", { type: "button", "class": "close" }, "close ×");
    close.addEventListener("click", closePrinted);
    printedView.append(close, el("h2", {}, "Changed since printed"));
    (printed.errors || []).forEach(function (line) { printedView.append(el("p", { "class": "problem" }, line)); });
    (printed.games || []).forEach(function (game) {
      printedView.append(el("h3", {}, game.title + ": recorded as printed on " + game.date + " (" + game.paper + ")"));
      if (!game.changes.length) printedView.append(el("p", {}, "No card changed since."));
      game.changes.forEach(function (change) {
        var row = el("div", { "class": "change " + change.kind });
        row.append(el("h4", {}, change.product + " · " + change.name + (change.ordinal > 1 ? " (copy " + change.ordinal + ")" : "") +
          " · " + change.kind));
        var before = el("div", { "class": "before" }, ""), after = el("div", { "class": "after" }, "");
        before.append(el("h5", {}, "as printed"));
        if (change.printed) before.append(el("img", { src: change.printed, alt: change.name + ", as printed" }));
        if (change.kind !== "new") before.append(words(change.before, change.after, "gone"));
        else before.append(el("p", {}, "(not printed: a new card)"));
        after.append(el("h5", {}, "as it is now"));
        if (change.image) after.append(el("img", { src: versioned(change.image, state.images) || change.image, alt: change.name }));
        if (change.kind !== "removed") after.append(words(change.after, change.before, "new"));
        else after.append(el("p", {}, "(removed: the game no longer has it)"));
        row.append(before, after);
        printedView.append(row);
      });
    });
    printedView.hidden = false;
  }
  printedButton.addEventListener("click", function () { showPrinted(); printedView.querySelector(".close").focus(); });
  function closePrinted() {
    printedView.hidden = true;
    if (!printedButton.hidden) printedButton.focus();
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !event.defaultPrevented && !printedView.hidden) { event.preventDefault(); closePrinted(); }
  });

  // --- the stream -------------------------------------------------------------------------------------
  function connect() {
    var events = new EventSource("/_printkit/events");
    events.onopen = function () { status.textContent = "live"; };
    events.onmessage = function (event) { apply(JSON.parse(event.data)); };
    events.onerror = function () {
      status.textContent = "disconnected: is printkit serve still running? (retrying)";
    };
  }

  // a section brought to the top by a link starts below the bar, however many lines it wraps to
  function padded() { document.documentElement.style.scrollPaddingTop = (bar.offsetHeight + 4) + "px"; }

  function start() {
    mount();
    padded();
    if (window.ResizeObserver) new ResizeObserver(padded).observe(bar);
    gallery();
    connect();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();

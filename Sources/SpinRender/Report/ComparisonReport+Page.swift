extension ComparisonReport {
    /// The page's style sheet: the system font stack (no web font), light and dark schemes,
    /// layouts that wrap rather than overflow (readable at 200 % zoom), a visible focus ring.
    static let style = #"""
:root { color-scheme: light dark; --pass: #1a7f37; --within: #0a5fc2; --fail: #cf222e; --shape: #8a5a00; --missing: #7a3fd0; --line: #8888; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 1rem; max-width: 90rem; line-height: 1.45;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", Arial, sans-serif; }
code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: .92em; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; margin: 0 0 .4rem; overflow-wrap: anywhere; }
p { margin: .3rem 0; }
.help { font-size: .9em; opacity: .8; }
.badge { display: inline-block; padding: .05em .5em; border-radius: .3em; color: #fff; font-weight: 600; }
.badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); } .badge.shape { background: var(--shape); }
section.cmp { border-top: 1px solid var(--line); margin-top: 1rem; padding-top: 1rem; }
.mismatches { margin: .3rem 0; padding-left: 1.4rem; }
.sides { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: .4rem 0; }
.sides dt { font-weight: 600; } .sides dd { margin: 0; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .6rem 0; }
fieldset.views { display: flex; flex-wrap: wrap; gap: .2rem .9rem; margin: 0; padding: .2rem .6rem .35rem; border: 1px solid var(--line); border-radius: .3rem; }
fieldset.views legend { padding: 0 .3rem; font-size: .85em; }
.control { display: none; align-items: center; gap: .4rem; }
section[data-view="swipe"] .swipe-control, section[data-view="onion"] .onion-control { display: inline-flex; }
button.play { font: inherit; padding: .25rem .9rem; border-radius: .3rem; border: 1px solid var(--line); background: ButtonFace; color: ButtonText; cursor: pointer; }
button.play[aria-pressed="true"] { background: #0a5fc2; color: #fff; }
:focus-visible { outline: 3px solid #0a5fc2; outline-offset: 2px; }
input[type="radio"]:focus-visible, input[type="range"]:focus-visible { outline-offset: 1px; }
.stage { display: flex; flex-wrap: wrap; gap: 1rem; margin: .6rem 0; }
.pane { margin: 0; }
.pane figcaption { font-weight: 600; margin-bottom: .2rem; }
.stage[data-view="side"] .pane-merged { display: none; }
.stage:not([data-view="side"]) .pane-actual, .stage:not([data-view="side"]) .pane-expected, .stage:not([data-view="side"]) .pane-diff { display: none; }
.canvas { position: relative; overflow: hidden; border: 1px solid #999;
  background-color: #fff; background-image: conic-gradient(#d0d0d0 25%, #fff 0 50%, #d0d0d0 0 75%, #fff 0); background-size: 16px 16px; }
.canvas img { display: block; image-rendering: pixelated; }
.canvas img[hidden] { display: none; }
.stack img { position: absolute; left: 0; top: 0; }
.m-diff { mix-blend-mode: multiply; }
.empty { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; text-align: center; padding: .5rem;
  color: #222; background: #fffc; font-size: .9em; }
.empty:empty { display: none; }
.swipe-line { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #0a5fc2; display: none; }
.stage[data-view="swipe"] .swipe-line { display: block; }
.frame-info { font-variant-numeric: tabular-nums; }
.scrubber { display: flex; flex-wrap: wrap; gap: .25rem; margin: .4rem 0 1rem; }
.scrubber button { font: inherit; font-size: .85em; line-height: 1.15; min-width: 3.4em; padding: .2rem .3rem; border: 0; border-radius: .3rem;
  color: #fff; cursor: pointer; font-variant-numeric: tabular-nums; }
.scrubber button small { display: block; font-size: .8em; }
.scrubber button[aria-current="true"] { box-shadow: 0 0 0 2px Canvas, 0 0 0 5px CanvasText; }
.s-identical { background: var(--pass); } .s-withinTolerance { background: var(--within); } .s-different { background: var(--fail); }
.s-missingInActual, .s-missingInExpected { background: var(--missing); }
"""#

    /// The page's script: reads the `report-data` element and wires each comparison's views,
    /// scrubber, keys and playback. Standard DOM and ES2017 only, no module or network access.
    static let script = #"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var STATUS = { identical: "identical", withinTolerance: "within tolerance", different: "different",
                 missingInActual: "missing in actual", missingInExpected: "missing in expected" };
  var MARK = { identical: "\u2713", withinTolerance: "\u2248", different: "\u2717", missingInActual: "\u2212", missingInExpected: "+" };
  // Browsers play GIF delays under 2 centiseconds as 10 (untimed stills too).
  function playDelay(ms) { return ms < 20 ? 100 : ms; }
  function frames(r) { var n = r[1] - r[0]; return n === 0 ? "none" : n === 1 ? String(r[0]) : r[0] + "\u2013" + (r[1] - 1); }
  function cumulative(list) { var out = [0]; list.forEach(function (d) { out.push(out[out.length - 1] + playDelay(d)); }); return out; }
  function at(cum, t) { var i = 0; while (i + 2 < cum.length && cum[i + 1] <= t) { i++; } return i; }
  var sections = [];
  Array.prototype.forEach.call(document.querySelectorAll("section.cmp"), function (section) {
    sections.push(setup(section, data.comparisons[Number(section.getAttribute("data-cmp"))]));
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === document.body && sections.length > 0) { sections[0].key(event); }
  });

  function setup(section, c) {
    function q(selector) { return section.querySelector(selector); }
    var stage = q(".stage"), info = q(".frame-info"), scrubber = q(".scrubber"), play = q(".play");
    var swipe = q("input.swipe"), onion = q("input.onion"), caption = q(".merged-caption");
    var zoom = Math.max(1, Math.min(8, Math.floor(320 / Math.max(c.padded[0], c.padded[1], 1))));
    var sides = { actual: c.actual, expected: c.expected };
    Array.prototype.forEach.call(section.querySelectorAll(".canvas"), function (canvas) {
      canvas.style.width = (c.padded[0] * zoom + 2) + "px";
      canvas.style.height = (c.padded[1] * zoom + 2) + "px";
    });
    var state = { frame: c.initial, view: "side", blinkActual: true, timer: null, blinkTimer: null, t0: 0 };
    var cum = { actual: cumulative(c.actual.frames.map(function (f) { return f.delay; })),
                expected: cumulative(c.expected.frames.map(function (f) { return f.delay; })),
                rows: cumulative(c.rows.map(function (r) { return r.duration; })) };

    var buttons = c.rows.map(function (row) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "s-" + row.status;
      b.setAttribute("data-frame", String(row.index));
      b.setAttribute("aria-label", "Frame " + row.index + " at " + row.start + " ms: " + STATUS[row.status]);
      b.title = "frame " + row.index + ", " + row.start + " ms, " + STATUS[row.status];
      b.appendChild(document.createTextNode(MARK[row.status] + " " + row.index));
      var small = document.createElement("small");
      small.textContent = row.start + " ms";
      b.appendChild(small);
      b.addEventListener("click", function () { stop(); select(row.index); });
      scrubber.appendChild(b);
      return b;
    });

    function put(img, side, index, imageIndex, empty, emptyText) {
      img.setAttribute("data-frame", String(index));
      if (imageIndex === null || imageIndex === undefined) {
        img.hidden = true;
        img.removeAttribute("src");
        img.setAttribute("data-image", "");
        if (empty) { empty.textContent = emptyText; }
        return;
      }
      var w = side === "diff" ? c.padded[0] : sides[side].width, h = side === "diff" ? c.padded[1] : sides[side].height;
      img.hidden = false;
      img.width = w * zoom;
      img.height = h * zoom;
      img.setAttribute("data-image", String(imageIndex));
      if (img.getAttribute("src") !== data.images[imageIndex]) { img.src = data.images[imageIndex]; }
      if (empty) { empty.textContent = ""; }
    }
    function sideImage(side, index) {
      var list = sides[side].frames;
      return index < list.length ? list[index].image : null;
    }
    function render(actualIndex, expectedIndex, rowIndex) {
      var row = c.rows[rowIndex];
      state.frame = rowIndex;
      section.setAttribute("data-frame", String(rowIndex));
      ["actual", "expected"].forEach(function (side) {
        var index = side === "actual" ? actualIndex : expectedIndex;
        var image = sideImage(side, index);
        put(q(".img-" + side), side, index, image, q(".pane-" + side + " .empty"), "no frame " + index + " in " + side);
        put(q(".m-" + side), side, index, image, null, "");
      });
      var diffText = row.status === "identical" ? "frame " + rowIndex + " is identical: no diff" : "";
      put(q(".img-diff"), "diff", rowIndex, row.diff, q(".pane-diff .empty"), diffText);
      put(q(".m-diff"), "diff", rowIndex, row.diff, null, "");
      buttons.forEach(function (b, i) { b.setAttribute("aria-current", i === rowIndex ? "true" : "false"); });
      var text = "Frame " + rowIndex + " of " + c.rows.length + " at " + row.start + " ms (" + row.duration + " ms): " + STATUS[row.status] +
        "; actual frame " + frames(row.actualFrames) + ", expected frame " + frames(row.expectedFrames) +
        "; " + row.differing + " of " + row.pixels + " pixels differ, " + row.antialiased + " anti-aliased, " +
        row.ignored + " ignored, max distance " + row.maxDistance + ".";
      if (actualIndex !== rowIndex || expectedIndex !== rowIndex) {
        text += " Playing: actual frame " + actualIndex + ", expected frame " + expectedIndex + ".";
      }
      info.textContent = text;
      applyView();
    }
    function select(index) {
      index = Math.max(0, Math.min(c.rows.length - 1, index));
      render(index, index, index);
    }
    function applyView() {
      stage.setAttribute("data-view", state.view);
      section.setAttribute("data-view", state.view);
      var actual = q(".m-actual"), expected = q(".m-expected"), diff = q(".m-diff");
      actual.style.clipPath = "";
      actual.style.opacity = "";
      actual.style.visibility = "";
      expected.style.visibility = "";
      diff.style.display = "none";
      var p = Number(swipe.value);
      if (state.view === "swipe") {
        actual.style.clipPath = "inset(0 " + (100 - p) + "% 0 0)";
        q(".swipe-line").style.left = p + "%";
        caption.textContent = "Swipe: actual on the left of the line (" + p + " %), expected on the right";
      } else if (state.view === "onion") {
        actual.style.opacity = String(Number(onion.value) / 100);
        caption.textContent = "Onion skin: actual at " + onion.value + " % over expected";
      } else if (state.view === "blink") {
        actual.style.visibility = state.blinkActual ? "visible" : "hidden";
        caption.textContent = "Blink: showing " + (state.blinkActual ? "actual" : "expected");
      } else if (state.view === "overlay") {
        expected.style.visibility = "hidden";
        diff.style.display = "";
        caption.textContent = "Diff overlaid on actual";
      }
      section.setAttribute("data-shown", state.view === "blink" ? (state.blinkActual ? "actual" : "expected") : "");
    }
    function setView(view) {
      state.view = view;
      clearInterval(state.blinkTimer);
      state.blinkTimer = null;
      state.blinkActual = true;
      if (view === "blink") {
        state.blinkTimer = setInterval(function () { state.blinkActual = !state.blinkActual; applyView(); }, 500);
      }
      applyView();
    }
    function tick() {
      var t = performance.now() - state.t0;
      var ta = t % cum.actual[cum.actual.length - 1], te = t % cum.expected[cum.expected.length - 1];
      var tr = t % cum.rows[cum.rows.length - 1];
      var a = at(cum.actual, ta), e = at(cum.expected, te), r = at(cum.rows, tr);
      render(Math.min(a, c.actual.frames.length - 1), Math.min(e, c.expected.frames.length - 1), r);
      var next = Math.min(cum.actual[a + 1] - ta, cum.expected[e + 1] - te, cum.rows[r + 1] - tr);
      state.timer = setTimeout(tick, Math.max(5, next));
    }
    function start() {
      if (state.timer !== null || c.actual.frames.length === 0 || c.expected.frames.length === 0) { return; }
      state.t0 = performance.now() - cum.rows[state.frame];
      play.setAttribute("aria-pressed", "true");
      play.textContent = "Pause";
      tick();
    }
    function stop() {
      if (state.timer === null) { return; }
      clearTimeout(state.timer);
      state.timer = null;
      play.setAttribute("aria-pressed", "false");
      play.textContent = "Play";
      select(state.frame);
    }
    function key(event) {
      var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (step !== undefined || event.key === "Home" || event.key === "End") {
        stop();
        // From the focused frame button when there is one, else from the frame shown.
        var from = buttons.indexOf(event.target) >= 0 ? buttons.indexOf(event.target) : state.frame;
        select(event.key === "Home" ? 0 : event.key === "End" ? c.rows.length - 1 : from + step);
        if (scrubber.contains(document.activeElement)) { buttons[state.frame].focus(); }
        event.preventDefault();
      } else if (event.key === "p" || event.key === "P") {
        if (state.timer === null) { start(); } else { stop(); }
        event.preventDefault();
      }
    }
    section.addEventListener("keydown", function (event) {
      var tag = event.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") { return; }
      key(event);
    });
    Array.prototype.forEach.call(section.querySelectorAll("fieldset.views input"), function (radio) {
      radio.addEventListener("change", function () { if (radio.checked) { setView(radio.value); } });
    });
    swipe.addEventListener("input", applyView);
    onion.addEventListener("input", applyView);
    play.addEventListener("click", function () { if (state.timer === null) { start(); } else { stop(); } });
    select(c.initial);
    return { key: key };
  }
})();
"""#
}

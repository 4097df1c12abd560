// Umpire's small script. Every page works without it; with it, deadlines
// show in the reader's own time zone, the order editor checks as the
// player types, and the map pans and zooms.
(function () {
  "use strict";
  // Deadlines in the reader's zone.
  document.querySelectorAll("time[data-local]").forEach(function (t) {
    var d = new Date(t.getAttribute("datetime"));
    if (isNaN(d)) return;
    var local = d.toLocaleString(undefined, { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
    var span = document.createElement("span");
    span.className = "muted";
    span.textContent = " (your time: " + local + ")";
    t.after(span);
  });

  // Deadlines counted down.
  var left = function (ms) {
    if (ms <= 0) return "due now";
    if (ms < 60000) return "in less than a minute";
    var minutes = Math.floor(ms / 60000);
    var d = Math.floor(minutes / 1440), h = Math.floor(minutes / 60) % 24, m = minutes % 60;
    var part = function (n, one) { return n + " " + one + (n === 1 ? "" : "s"); };
    if (d === 0 && h === 0) return "in " + part(m, "minute");
    if (d === 0) return "in " + part(h, "hour") + " " + part(m, "minute");
    if (h === 0) return "in " + part(d, "day");
    return "in " + part(d, "day") + " " + part(h, "hour");
  };
  var counters = document.querySelectorAll("[data-until]");
  var tick = function () {
    counters.forEach(function (c) {
      c.textContent = "(" + left(Number(c.getAttribute("data-until")) - Date.now()) + ")";
    });
  };
  if (counters.length) { tick(); setInterval(tick, 15000); }

  // The order editor: the same checker as mail, as you type; the worst
  // finding of each line marks its number in the gutter.
  var editor = document.getElementById("orders");
  var list = document.getElementById("diagnostics");
  var gutter = document.getElementById("gutter");
  if (editor && list) {
    var url = editor.getAttribute("data-check");
    var csrf = editor.getAttribute("data-csrf");
    var helpBase = editor.getAttribute("data-help");
    var timer = null;
    var found = [];
    var rank = { error: 3, warning: 2, note: 1, help: 1 };
    var drawGutter = function () {
      if (!gutter) return;
      var n = Math.max(1, editor.value.split("\n").length);
      var worst = {};
      found.forEach(function (d) {
        if (!d.line) return;
        var w = worst[d.line];
        if (!w || (rank[d.severity] || 0) > (rank[w.severity] || 0)) worst[d.line] = d;
      });
      gutter.textContent = "";
      for (var i = 1; i <= n; i++) {
        var span = document.createElement("span");
        span.className = "ln" + (worst[i] ? " " + worst[i].severity : "");
        span.setAttribute("data-line", String(i));
        if (worst[i]) span.title = worst[i].code + ": " + worst[i].message;
        span.textContent = String(i);
        gutter.appendChild(span);
        gutter.appendChild(document.createTextNode("\n"));
      }
      gutter.scrollTop = editor.scrollTop;
    };
    var goTo = function (line) {
      var lines = editor.value.split("\n");
      var start = 0;
      for (var i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
      editor.focus();
      editor.setSelectionRange(start, start + (lines[line - 1] || "").length);
    };
    var check = function () {
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ text: editor.value }),
        credentials: "same-origin"
      }).then(function (r) { return r.json(); }).then(function (answer) {
        if (!answer.diagnostics) return;
        found = answer.diagnostics;
        list.innerHTML = "";
        if (found.length === 0) {
          var ok = document.createElement("li");
          ok.className = "ok";
          ok.textContent = "No problems found.";
          list.appendChild(ok);
        }
        if (answer.more) {
          var more = document.createElement("li");
          more.className = "more";
          more.textContent = "… and " + answer.more + " more: fix these first.";
          setTimeout(function () { list.appendChild(more); }, 0);
        }
        found.forEach(function (d) {
          var li = document.createElement("li");
          li.className = d.severity;
          li.setAttribute("data-line", d.line || "");
          li.textContent = (d.line ? "line " + d.line + ": " : "") + d.severity + " " + d.code + ": " + d.message + (d.help ? " (" + d.help + ")" : "");
          if (d.line) li.addEventListener("click", function () { goTo(d.line); });
          list.appendChild(li);
        });
        list.setAttribute("data-checked", String(answer.checked));
        drawGutter();
      });
    };
    // Help on the order where the caret is.
    var help = document.getElementById("order-help");
    var showHelp = function () {
      if (!help || !helpBase) return;
      var before = editor.value.slice(0, editor.selectionStart);
      var line = editor.value.split("\n")[before.split("\n").length - 1] || "";
      var word = (line.trim().split(/\s+/)[0] || "").replace(/^[#@]+/, "").toUpperCase();
      if (!/^[A-Z]+$/.test(word)) return;
      help.textContent = "Help on ";
      var a = document.createElement("a");
      a.href = helpBase + encodeURIComponent(word);
      a.textContent = word;
      a.target = "_blank";
      help.appendChild(a);
    };
    // What is typed is kept on the server as a draft, so leaving the page
    // loses nothing; leaving with orders not sent asks first all the same.
    var draftUrl = editor.getAttribute("data-draft");
    var state = document.getElementById("draft-state");
    var keptTimer = null;
    var keep = function () {
      if (!draftUrl) return;
      fetch(draftUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ text: editor.value }),
        credentials: "same-origin"
      }).then(function (r) { return r.json(); }).then(function (answer) {
        if (answer.kept && state) {
          state.textContent = "Draft kept " + new Date().toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }) + "; not sent until you send it.";
          state.setAttribute("data-kept", "1");
        }
      });
    };
    var sending = false;
    editor.form.addEventListener("submit", function () { sending = true; });
    window.addEventListener("beforeunload", function (e) {
      if (sending || editor.value === editor.getAttribute("data-sent")) return;
      e.preventDefault();
      e.returnValue = "";
    });
    editor.addEventListener("input", function () {
      drawGutter(); clearTimeout(timer); timer = setTimeout(check, 250);
      clearTimeout(keptTimer); keptTimer = setTimeout(keep, 800);
    });
    editor.addEventListener("scroll", function () { if (gutter) gutter.scrollTop = editor.scrollTop; });
    editor.addEventListener("keyup", showHelp);
    editor.addEventListener("click", showHelp);
    check();
  }

  // A link to a place or unit in the report opens it.
  var openTarget = function () {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (el && el.tagName === "DETAILS") { el.open = true; el.scrollIntoView(); }
  };
  window.addEventListener("hashchange", openTarget);
  openTarget();

  // The map: drag to pan; the wheel or the buttons zoom; a tap shows the
  // place's summary. It opens on the faction's own units at a scale
  // where a name reads well; far out, the names step aside.
  var svg = document.getElementById("map");
  if (svg) {
    var READABLE = 1.6; // screen pixels per map unit for the opening view
    var LABEL = 7;      // a name's size in map units
    var vb = svg.getAttribute("viewBox").split(" ").map(Number);
    var all = (svg.getAttribute("data-all") || "").split(" ").map(Number);
    var focus = (svg.getAttribute("data-focus") || "").split(" ").map(Number);
    var set = function () {
      svg.setAttribute("viewBox", vb.join(" "));
      var scale = Math.min(svg.clientWidth / vb[2], svg.clientHeight / vb[3]);
      svg.classList.toggle("far", scale * LABEL < 9);
    };
    var around = function (cx, cy, perPixel) {
      var w = svg.clientWidth / perPixel, h = svg.clientHeight / perPixel;
      vb = [cx - w / 2, cy - h / 2, w, h];
      set();
    };
    var zoom = function (k) {
      var cx = vb[0] + vb[2] / 2, cy = vb[1] + vb[3] / 2;
      vb[2] *= k; vb[3] *= k; vb[0] = cx - vb[2] / 2; vb[1] = cy - vb[3] / 2; set();
    };
    var mine = function () { if (focus.length === 2 && svg.clientWidth) around(focus[0], focus[1], READABLE); };
    mine();
    var tools = document.getElementById("map-tools");
    if (tools) {
      tools.hidden = false;
      tools.addEventListener("click", function (e) {
        var b = e.target.closest("button[data-zoom]");
        if (!b) return;
        var z = b.getAttribute("data-zoom");
        if (z === "in") zoom(1 / 1.5);
        else if (z === "out") zoom(1.5);
        else if (z === "mine") mine();
        else if (z === "all" && all.length === 4) { vb = all.slice(); set(); }
      });
    }
    var drag = null, moved = 0;
    svg.addEventListener("pointerdown", function (e) { drag = { x: e.clientX, y: e.clientY }; moved = 0; });
    window.addEventListener("pointerup", function () { drag = null; });
    svg.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var s = vb[2] / svg.clientWidth;
      moved += Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y);
      vb[0] -= (e.clientX - drag.x) * s; vb[1] -= (e.clientY - drag.y) * s;
      drag = { x: e.clientX, y: e.clientY }; set();
    });
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    // A tap: the place's summary, with the way to it in the report.
    var panel = document.getElementById("place");
    svg.addEventListener("click", function (e) {
      var a = e.target.closest("a");
      if (!a || !panel) return;
      e.preventDefault();
      if (moved > 6) return;
      var title = a.querySelector("title");
      var parts = (title ? title.textContent : "").split("; ");
      panel.textContent = "";
      var h = document.createElement("h2");
      h.textContent = parts.shift() || "";
      panel.appendChild(h);
      if (parts.length) {
        var ul = document.createElement("ul");
        parts.forEach(function (p) { var li = document.createElement("li"); li.textContent = p; ul.appendChild(li); });
        panel.appendChild(ul);
      }
      var p = document.createElement("p");
      var link = document.createElement("a");
      link.href = a.getAttribute("href");
      link.id = "place-open";
      link.textContent = "Open it in the report of turn " + a.getAttribute("data-turn");
      p.appendChild(link);
      panel.appendChild(p);
      panel.hidden = false;
      svg.querySelectorAll("a.chosen").forEach(function (c) { c.classList.remove("chosen"); });
      a.classList.add("chosen");
    });
    window.addEventListener("resize", function () { set(); });
  }
})();

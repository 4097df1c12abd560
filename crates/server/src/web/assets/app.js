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
    // The check's result, said to a screen reader when it changes: the
    // counts and the first of the worst findings.
    var status = document.getElementById("check-state");
    var say = function (found) {
      if (!status) return;
      var n = function (severity) { return found.filter(function (d) { return d.severity === severity; }).length; };
      var part = function (k, one) { return k + " " + one + (k === 1 ? "" : "s"); };
      var errors = n("error"), warnings = n("warning"), notes = found.length - n("error") - warnings;
      var parts = [];
      if (errors) parts.push(part(errors, "error"));
      if (warnings) parts.push(part(warnings, "warning"));
      if (notes) parts.push(part(notes, "note"));
      var text = parts.length ? parts.join(", ") + "." : "No problems found.";
      var worst = function (severity) { return found.filter(function (d) { return d.severity === severity; })[0]; };
      var first = worst("error") || worst("warning") || found[0];
      if (first) text += " First: " + (first.line ? "line " + first.line + ": " : "") + first.severity + " " + first.code + ": " + first.message;
      if (status.textContent !== text) status.textContent = text;
    };
    list.addEventListener("click", function (e) {
      var a = e.target.closest("[data-line]");
      var line = a && Number(a.getAttribute("data-line"));
      if (!line) return;
      e.preventDefault();
      goTo(line);
    });
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
          if (d.line) {
            var jump = document.createElement("a");
            jump.className = "jump";
            jump.href = "#orders";
            jump.setAttribute("data-line", String(d.line));
            jump.textContent = "line " + d.line;
            li.appendChild(jump);
            li.appendChild(document.createTextNode(": "));
          }
          li.appendChild(document.createTextNode(d.severity + " " + d.code + ": " + d.message + (d.help ? " (" + d.help + ")" : "")));
          list.appendChild(li);
        });
        list.setAttribute("data-checked", String(answer.checked));
        say(found);
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
    // A tap, or Enter on a hex: the place's summary, with the way to it
    // in the report when the report shows it.
    var panel = document.getElementById("place");
    var summary = function (a) {
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
      if (a.hasAttribute("href")) {
        var link = document.createElement("a");
        link.href = a.getAttribute("href");
        link.id = "place-open";
        link.textContent = "Open it in the report of turn " + a.getAttribute("data-turn");
        p.appendChild(link);
      } else {
        p.textContent = "Seen only as a neighbour: no report of yours shows it.";
      }
      panel.appendChild(p);
      panel.hidden = false;
      svg.querySelectorAll("a.chosen").forEach(function (c) { c.classList.remove("chosen"); });
      a.classList.add("chosen");
    };
    svg.addEventListener("click", function (e) {
      var a = e.target.closest("a");
      if (!a || !panel) return;
      e.preventDefault();
      if (moved > 6) return;
      summary(a);
    });
    // The keyboard: one hex takes Tab, the arrows lead to its neighbours
    // (the view follows), Enter or Space shows its summary; + and - zoom,
    // 0 shows the whole map, Shift with an arrow moves the view.
    var hexes = {};
    svg.querySelectorAll("a.hex").forEach(function (a) { hexes[a.getAttribute("data-q") + "," + a.getAttribute("data-r")] = a; });
    var NEIGHBOURS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
    var ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, -0.01], ArrowRight: [1, 0.01] };
    var xy = function (a) { return [Number(a.getAttribute("data-x")), Number(a.getAttribute("data-y"))]; };
    var step = function (a, dir) {
      var q = Number(a.getAttribute("data-q")), r = Number(a.getAttribute("data-r"));
      var here = xy(a), best = null, score = 0.3;
      NEIGHBOURS.forEach(function (d) {
        var b = hexes[(q + d[0]) + "," + (r + d[1])];
        if (!b) return;
        var there = xy(b), dx = there[0] - here[0], dy = there[1] - here[1];
        var s = (dx * dir[0] + dy * dir[1]) / Math.hypot(dx, dy) / Math.hypot(dir[0], dir[1]);
        if (s > score) { score = s; best = b; }
      });
      return best;
    };
    var visit = function (b) {
      svg.querySelectorAll("a.hex[tabindex='0']").forEach(function (o) { o.setAttribute("tabindex", "-1"); });
      b.setAttribute("tabindex", "0");
      var c = xy(b), m = 20;
      if (c[0] < vb[0] + m || c[0] > vb[0] + vb[2] - m || c[1] < vb[1] + m || c[1] > vb[1] + vb[3] - m) {
        vb[0] = c[0] - vb[2] / 2; vb[1] = c[1] - vb[3] / 2; set();
      }
      b.focus();
    };
    var pan = function (dx, dy) { vb[0] += dx * vb[2] / 4; vb[1] += dy * vb[3] / 4; set(); };
    svg.addEventListener("keydown", function (e) {
      var a = e.target.closest && e.target.closest("a.hex");
      var dir = ARROWS[e.key];
      if (dir && e.shiftKey) { pan(Math.round(dir[0]), Math.round(dir[1])); e.preventDefault(); return; }
      if (dir && a) {
        var b = step(a, dir);
        if (b) visit(b);
        e.preventDefault();
        return;
      }
      if ((e.key === "Enter" || e.key === " ") && a) { e.preventDefault(); if (panel) summary(a); return; }
      if (e.key === "+" || e.key === "=") { zoom(1 / 1.5); e.preventDefault(); }
      else if (e.key === "-") { zoom(1.5); e.preventDefault(); }
      else if (e.key === "0" && all.length === 4) { vb = all.slice(); set(); e.preventDefault(); }
    });
    if (tools) {
      tools.addEventListener("click", function (e) {
        var b = e.target.closest("button[data-pan]");
        if (!b) return;
        var d = { n: [0, -1], s: [0, 1], w: [-1, 0], e: [1, 0] }[b.getAttribute("data-pan")];
        if (d) pan(d[0], d[1]);
      });
    }
    window.addEventListener("resize", function () { set(); });
  }
})();

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

  // The order editor: the same checker as mail, as you type.
  var editor = document.getElementById("orders");
  var list = document.getElementById("diagnostics");
  if (editor && list) {
    var url = editor.getAttribute("data-check");
    var csrf = editor.getAttribute("data-csrf");
    var timer = null;
    var check = function () {
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ text: editor.value }),
        credentials: "same-origin"
      }).then(function (r) { return r.json(); }).then(function (found) {
        list.innerHTML = "";
        if (found.diagnostics.length === 0) {
          var ok = document.createElement("li");
          ok.className = "ok";
          ok.textContent = "No problems found.";
          list.appendChild(ok);
        }
        found.diagnostics.forEach(function (d) {
          var li = document.createElement("li");
          li.className = d.severity;
          li.setAttribute("data-line", d.line || "");
          li.textContent = (d.line ? "line " + d.line + ": " : "") + d.severity + " " + d.code + ": " + d.message + (d.help ? " (" + d.help + ")" : "");
          list.appendChild(li);
        });
        list.setAttribute("data-checked", String(found.checked));
      });
    };
    editor.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(check, 250); });
    check();
  }

  // The map: drag to pan, wheel or pinch to zoom, by the viewBox.
  var svg = document.getElementById("map");
  if (svg) {
    var vb = svg.getAttribute("viewBox").split(" ").map(Number);
    var set = function () { svg.setAttribute("viewBox", vb.join(" ")); };
    var drag = null;
    svg.addEventListener("pointerdown", function (e) { drag = { x: e.clientX, y: e.clientY }; });
    window.addEventListener("pointerup", function () { drag = null; });
    svg.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var s = vb[2] / svg.clientWidth;
      vb[0] -= (e.clientX - drag.x) * s; vb[1] -= (e.clientY - drag.y) * s;
      drag = { x: e.clientX, y: e.clientY }; set();
    });
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      var k = e.deltaY > 0 ? 1.15 : 1 / 1.15;
      var cx = vb[0] + vb[2] / 2, cy = vb[1] + vb[3] / 2;
      vb[2] *= k; vb[3] *= k; vb[0] = cx - vb[2] / 2; vb[1] = cy - vb[3] / 2; set();
    }, { passive: false });
  }
})();

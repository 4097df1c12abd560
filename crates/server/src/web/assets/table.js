// A table's page: every open page follows the table live (the server
// sends only a change count; the page then asks for its own view),
// commands are answered in place, and the map's pieces are dragged and
// measured between. Without this script the forms still work.
(function () {
  'use strict';
  const base = document.body.dataset.table;
  if (!base) return;
  const state = document.getElementById('live-state');
  const live = document.getElementById('live');
  let busy = false;
  let again = false;

  async function refresh() {
    if (!live) return;
    if (busy) { again = true; return; }
    busy = true;
    try {
      const r = await fetch(base + '/view', { cache: 'no-store' });
      if (r.ok) {
        const open = {};
        live.querySelectorAll('details[id]').forEach(function (d) { open[d.id] = d.open; });
        live.innerHTML = await r.text();
        live.querySelectorAll('details[id]').forEach(function (d) {
          if (d.id in open) d.open = open[d.id];
        });
        bindMap();
        const t = document.getElementById('title');
        if (t) document.body.dataset.version = t.dataset.version;
      }
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  if (live && window.EventSource) {
    const events = new EventSource(base + '/events');
    events.addEventListener('changed', function () { refresh(); });
    events.onopen = function () { state.textContent = 'live'; refresh(); };
    events.onerror = function () { state.textContent = 'reconnecting…'; };
  }

  // Commands answered in place.
  document.addEventListener('submit', async function (ev) {
    const form = ev.target;
    if (!form.action || form.action.indexOf(base) < 0) return;
    ev.preventDefault();
    const body = new URLSearchParams(new FormData(form, ev.submitter));
    const box = document.getElementById('answer');
    let r;
    try {
      r = await fetch(form.action, { method: 'POST', body: body, headers: { Accept: 'application/json' } });
    } catch (e) {
      box.className = 'flash bad';
      box.textContent = 'The server could not be reached; nothing was run. Try again.';
      return;
    }
    const a = r.ok ? await r.json() : { answer: 'error: ' + (await r.text()).replace(/<[^>]*>/g, ' ').trim(), refused: true };
    box.className = a.refused ? 'flash bad' : 'flash';
    box.innerHTML = '';
    if (a.line) {
      const c = document.createElement('code');
      c.textContent = a.line;
      box.appendChild(c);
    }
    const pre = document.createElement('pre');
    pre.textContent = a.answer || '(done)';
    box.appendChild(pre);
    if (form.id === 'typed' && !a.refused) form.reset();
    refresh();
  });

  // The map: drag your own pieces; tap two pieces to measure.
  let chosen = [];
  function bindMap() {
    const svg = document.querySelector('svg.tablemap');
    if (!svg) return;
    svg.querySelectorAll('g.piece').forEach(function (g) {
      if (chosen.indexOf(g.dataset.name) >= 0) g.classList.add('chosen');
      g.addEventListener('pointerdown', function (ev) { grab(svg, g, ev); });
    });
  }

  function point(svg, ev) {
    const p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  function grab(svg, g, ev) {
    ev.preventDefault();
    const start = point(svg, ev);
    const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute('transform')) || [0, 0, 0];
    const from = { x: Number(m[1]), y: Number(m[2]) };
    let moved = false;
    let at = from;
    const mine = g.classList.contains('mine');
    function move(e) {
      if (!mine) return;
      const p = point(svg, e);
      if (Math.hypot(p.x - start.x, p.y - start.y) > 0.3) moved = true;
      at = { x: from.x + p.x - start.x, y: from.y + p.y - start.y };
      g.setAttribute('transform', 'translate(' + at.x.toFixed(2) + ' ' + at.y.toFixed(2) + ')');
    }
    async function up() {
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      if (moved) {
        const body = new URLSearchParams({ name: g.dataset.name, x: at.x.toFixed(2), y: at.y.toFixed(2) });
        const r = await fetch(svg.dataset.place, { method: 'POST', body: body });
        if (!r.ok) {
          g.setAttribute('transform', 'translate(' + from.x + ' ' + from.y + ')');
          document.getElementById('measured').textContent = (await r.text()).replace(/<[^>]*>/g, ' ').trim();
        }
      } else {
        choose(svg, g.dataset.name);
      }
    }
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
  }

  async function choose(svg, name) {
    chosen = chosen.filter(function (n) { return n !== name; }).concat([name]).slice(-2);
    svg.querySelectorAll('g.piece').forEach(function (g) {
      g.classList.toggle('chosen', chosen.indexOf(g.dataset.name) >= 0);
    });
    const out = document.getElementById('measured');
    if (chosen.length < 2) {
      out.textContent = name + ' chosen: tap another piece to measure.';
      return;
    }
    const q = new URLSearchParams({ a: chosen[0], b: chosen[1] });
    const r = await fetch(svg.dataset.measure + '?' + q, { cache: 'no-store' });
    if (!r.ok) { out.textContent = 'That cannot be measured.'; return; }
    const d = await r.json();
    out.innerHTML = '';
    const unit = d.unit === 'cm' ? ' cm (' + d.inches + ' in)' : ' in';
    out.appendChild(document.createTextNode(d.a + ' to ' + d.b + ': ' + d.distance + unit + ' '));
    const use = document.createElement('button');
    use.type = 'button';
    use.className = 'quiet';
    use.id = 'use-distance';
    use.textContent = 'Use ' + d.inches + ' in the commands';
    use.addEventListener('click', function () {
      document.querySelectorAll('input.measure').forEach(function (i) { i.value = d.inches; });
      out.appendChild(document.createTextNode(' — filled in; change it if the players measure otherwise.'));
    });
    out.appendChild(use);
  }

  bindMap();
})();

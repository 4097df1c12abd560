// A table's page: every open page follows the table live (the server
// sends only a change count; the page then asks for its own view and
// changes only what changed, so focus stays where the reader left it),
// commands are answered in place, what others do is said to a screen
// reader, and the map's pieces are dragged, chosen and measured between
// with a pointer or the keyboard. Without this script the forms still work.
(function () {
  'use strict';
  const base = document.body.dataset.table;
  if (!base) return;
  const me = document.body.dataset.who || 'umpire';
  const state = document.getElementById('live-state');
  const live = document.getElementById('live');
  const heard = document.getElementById('heard');
  let busy = false;
  let again = false;
  // Pieces this page moved itself: not announced back to it.
  const movedHere = new Set();

  // Say something to a screen reader, politely.
  function say(text) {
    if (!heard || !text) return;
    heard.textContent = text;
  }

  // What identifies a node among its siblings across redraws.
  function keyOf(n) {
    if (n.nodeType !== 1) return null;
    return n.id || n.getAttribute('data-seq') || n.getAttribute('data-name') || null;
  }

  // What the reader changed and a redraw must not undo: a section opened
  // or closed, the piece that takes Tab, the pieces chosen.
  function kept(el, name) {
    if (el.tagName === 'DETAILS' && name === 'open') return true;
    return el.classList && el.classList.contains('piece') && (name === 'tabindex' || name === 'aria-pressed' || name === 'class');
  }

  function attributes(a, b) {
    for (const at of Array.from(a.attributes)) {
      if (!b.hasAttribute(at.name) && !kept(a, at.name)) a.removeAttribute(at.name);
    }
    for (const at of Array.from(b.attributes)) {
      if (a.getAttribute(at.name) !== at.value && !kept(a, at.name)) a.setAttribute(at.name, at.value);
    }
  }

  // Make `a` look like `b`, keeping every node that stays (and so the
  // focus on it); only what differs is touched.
  function morph(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) { a.replaceWith(b); return; }
    if (a.nodeType !== 1) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
    if (a.hasAttribute('data-keep')) return;
    attributes(a, b);
    children(a, b);
  }

  function children(a, b) {
    const keyed = new Map();
    a.childNodes.forEach(function (c) { const k = keyOf(c); if (k) keyed.set(k, c); });
    let cursor = a.firstChild;
    Array.from(b.childNodes).forEach(function (n) {
      const k = keyOf(n);
      let m = null;
      if (k) { m = keyed.get(k) || null; if (m) keyed.delete(k); }
      else if (cursor && !keyOf(cursor) && cursor.nodeName === n.nodeName) m = cursor;
      if (m) {
        if (m === cursor) cursor = cursor.nextSibling; else a.insertBefore(m, cursor);
        morph(m, n);
      } else {
        a.insertBefore(n, cursor);
      }
    });
    while (cursor) { const next = cursor.nextSibling; a.removeChild(cursor); cursor = next; }
  }

  function where(g) {
    const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute('transform') || '') || [0, 0, 0];
    return { x: Number(m[1]), y: Number(m[2]) };
  }

  function pieces(root) {
    const out = new Map();
    root.querySelectorAll('g.piece').forEach(function (g) { out.set(g.dataset.name, g.getAttribute('transform')); });
    return out;
  }

  function lines(root) {
    return Array.from(root.querySelectorAll('#log li[data-seq]'));
  }

  async function refresh() {
    if (!live) return;
    if (busy) { again = true; return; }
    busy = true;
    try {
      const r = await fetch(base + '/view', { cache: 'no-store' });
      if (r.ok) {
        const fresh = document.createElement('div');
        fresh.innerHTML = await r.text();
        // What is new since the page last looked, for the screen reader.
        const seen = new Set(lines(live).map(function (li) { return li.dataset.seq; }));
        const news = lines(fresh).filter(function (li) { return !seen.has(li.dataset.seq); }).reverse();
        const before = pieces(live);
        const focused = document.activeElement;
        const focusKey = focused && live.contains(focused) ? keyOf(focused) : null;
        children(live, fresh);
        // Focus stays where it was; should its element have gone, it
        // goes to the one that stands for the same thing.
        if (focusKey && !document.contains(focused)) {
          const again = live.querySelector('[id="' + focusKey + '"], [data-name="' + focusKey + '"], [data-seq="' + focusKey + '"]');
          if (again) again.focus();
        }
        const said = [];
        news.forEach(function (li) {
          const who = (li.querySelector('.who') || {}).textContent || '';
          if (who === me) return;
          const pre = li.querySelector('pre');
          const code = li.querySelector('code');
          said.push(who + ': ' + (code ? code.textContent : '') + (pre ? ' — ' + pre.textContent.split('\n')[0] : ''));
        });
        pieces(live).forEach(function (t, name) {
          if (before.has(name) && before.get(name) !== t) {
            if (movedHere.has(name)) { movedHere.delete(name); return; }
            const g = live.querySelector('g.piece[data-name="' + name + '"]');
            const at = where(g);
            said.push(name + ' moved to ' + at.x.toFixed(1) + ', ' + at.y.toFixed(1));
          }
        });
        if (said.length) say(said.join('. '));
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

  // Commands answered in place (the answer is a polite live region).
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
      // A piece this page put somewhere is not announced back to it.
      const put = /^place\s+(\S+)\s+[-\d.]+\s+[-\d.]+$/i.exec(a.line);
      if (put && !a.refused) {
        const g = Array.from(document.querySelectorAll('g.piece')).find(function (p) { return p.dataset.name.toLowerCase() === put[1].toLowerCase(); });
        if (g) movedHere.add(g.dataset.name);
      }
    }
    const pre = document.createElement('pre');
    pre.textContent = a.answer || '(done)';
    box.appendChild(pre);
    if (form.id === 'typed' && !a.refused) form.reset();
    refresh();
  });

  // The map: drag your own pieces; tap two pieces to measure. By
  // keyboard: the arrows go to the nearest piece that way, Enter or Space
  // chooses it, Shift with an arrow moves your own piece an inch (or a
  // centimetre).
  let chosen = [];

  function svgOf(el) { return el.closest('svg.tablemap'); }

  function point(svg, ev) {
    const p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  async function put(svg, g, at, from) {
    movedHere.add(g.dataset.name);
    const body = new URLSearchParams({ name: g.dataset.name, x: at.x.toFixed(2), y: at.y.toFixed(2) });
    const r = await fetch(svg.dataset.place, { method: 'POST', body: body });
    const out = document.getElementById('measured');
    if (!r.ok) {
      movedHere.delete(g.dataset.name);
      g.setAttribute('transform', 'translate(' + from.x + ' ' + from.y + ')');
      out.textContent = (await r.text()).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    } else {
      out.textContent = g.dataset.name + ' is now at ' + at.x.toFixed(1) + ', ' + at.y.toFixed(1) + ' ' + (svg.dataset.unit || '') + '.';
    }
  }

  function grab(svg, g, ev) {
    ev.preventDefault();
    const start = point(svg, ev);
    const from = where(g);
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
      if (moved) await put(svg, g, at, from);
      else choose(svg, g.dataset.name);
    }
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
  }

  if (live) {
    live.addEventListener('pointerdown', function (ev) {
      const g = ev.target.closest && ev.target.closest('g.piece');
      if (g) grab(svgOf(g), g, ev);
    });
    live.addEventListener('keydown', function (ev) {
      const g = ev.target.closest && ev.target.closest('g.piece');
      if (!g) return;
      const svg = svgOf(g);
      const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      const d = dirs[ev.key];
      if (d && ev.shiftKey) {
        ev.preventDefault();
        if (!g.classList.contains('mine')) return;
        const from = where(g);
        const at = { x: from.x + d[0], y: from.y + d[1] };
        g.setAttribute('transform', 'translate(' + at.x.toFixed(2) + ' ' + at.y.toFixed(2) + ')');
        put(svg, g, at, from);
        return;
      }
      if (d) {
        ev.preventDefault();
        const here = where(g);
        let best = null, score = Infinity;
        svg.querySelectorAll('g.piece').forEach(function (o) {
          if (o === g) return;
          const there = where(o), dx = there.x - here.x, dy = there.y - here.y;
          const dist = Math.hypot(dx, dy);
          const cos = (dx * d[0] + dy * d[1]) / (dist || 1);
          if (cos < 0.5) return;
          const s = dist / cos;
          if (s < score) { score = s; best = o; }
        });
        if (best) {
          svg.querySelectorAll('g.piece[tabindex="0"]').forEach(function (o) { o.setAttribute('tabindex', '-1'); });
          best.setAttribute('tabindex', '0');
          best.focus();
        }
        return;
      }
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        choose(svg, g.dataset.name);
      }
    });
  }

  async function choose(svg, name) {
    chosen = chosen.filter(function (n) { return n !== name; }).concat([name]).slice(-2);
    svg.querySelectorAll('g.piece').forEach(function (g) {
      const on = chosen.indexOf(g.dataset.name) >= 0;
      g.classList.toggle('chosen', on);
      g.setAttribute('aria-pressed', on ? 'true' : 'false');
    });
    const out = document.getElementById('measured');
    if (chosen.length < 2) {
      out.textContent = name + ' chosen: choose another piece to measure.';
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
})();

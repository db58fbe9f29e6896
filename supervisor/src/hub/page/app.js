// bext status page: fills the charts from /__bext/history, then follows
// /__bext/events (server-sent events) while the tab is visible.
'use strict';
(() => {
  const $ = (s) => document.querySelector(s);
  const body = document.body;
  const actionsOn = body.dataset.actions === '1';
  const KEEP = 300, SPARK = 120;
  const pools = {};   // name -> {rps, p50, p99, queue}
  const rss = {};     // "pool/slot" -> [bytes]
  let view = null, lastTick = 0, lastId = +body.dataset.lastEvent || 0, es = null;

  const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const mb = (b) => ((b || 0) / 1048576).toFixed(1) + ' MB';
  // The JS heap, and what the censuses say it retains per 1,000 requests.
  const heap = (w) => mb(w.js_heap_bytes) + (w.heap_growth ? ' · ' + (w.heap_growth.bytes_per_1k / 1024).toFixed(1) + ' KB/1k' +
    (w.heap_growth.leaking ? ' <b class="leak">leaking</b>' : '') : '');
  const up = (ms) => { const s = Math.floor((ms || 0) / 1000); return s < 60 ? s + 's' : s < 3600 ? Math.floor(s / 60) + 'm' + String(s % 60).padStart(2, '0') + 's' : Math.floor(s / 3600) + 'h' + String(Math.floor(s % 3600 / 60)).padStart(2, '0') + 'm'; };
  const push = (arr, v, n) => { arr.push(v); if (arr.length > n) arr.splice(0, arr.length - n); };
  const pts = (vals, w, h, max) => { const n = Math.max(vals.length - 1, 1); return vals.map((v, i) => (w * i / n).toFixed(1) + ',' + (h - Math.min((v || 0) / max, 1) * h).toFixed(1)).join(' '); };
  const setConn = (t) => { const c = $('#conn'); c.textContent = t; c.className = 'conn ' + t; };

  function draw(id, lines) {
    const svg = document.getElementById(id);
    if (!svg) return;
    let max = 1e-9;
    for (const l of lines) for (const v of l) if (v > max) max = v;
    svg.querySelectorAll('polyline').forEach((pl, i) => pl.setAttribute('points', pts(lines[i] || [], 300, 60, max)));
    const m = document.getElementById(id + '-max');
    if (m) m.textContent = 'max ' + Math.round(max * 10) / 10;
  }

  // The view options, kept in the URL.
  const opts = () => ({ q: $('#q').value.trim().toLowerCase(), sort: $('#sort').value, wrong: $('#wrong').checked });
  function saveUrl() {
    const o = opts(), p = new URLSearchParams();
    if (o.q) p.set('q', $('#q').value.trim());
    if (o.sort !== 'id') p.set('sort', o.sort);
    if (o.wrong) p.set('wrong', '1');
    const qs = p.toString();
    history.replaceState(null, '', '/__bext/' + (qs ? '?' + qs : ''));
    render();
  }
  $('#controls').addEventListener('submit', (e) => { e.preventDefault(); saveUrl(); });
  for (const s of ['#q', '#sort', '#wrong']) $(s).addEventListener('input', saveUrl);
  $('#apply').classList.add('hidden');

  function wrong(w, max) {
    return w.state !== 'ACTIVE' || w.consecutive_failures > 0 || w.last_exit != null || (max && w.current_memory_bytes * 10 > max * 9);
  }

  function renderPools() {
    for (const p of view.pools) {
      const card = document.querySelector('.pool[data-pool="' + CSS.escape(p.name) + '"]');
      if (!card) continue;
      card.querySelector('.queue').textContent = p.queue;
      for (const c of ['429', '502', '503', '504']) card.querySelector('.e' + c).textContent = p.errors[c];
      const hr = p.cache && p.cache.hit_ratio;
      card.querySelector('.cache').textContent = !p.cache ? 'off' : hr == null ? '-' : Math.round(hr * 100) + '%';
      card.querySelector('.size').textContent = view.workers.filter((w) => w.pool === p.name && w.state === 'ACTIVE').length;
      const s = pools[p.name], id = 'c-' + p.name;
      if (!s) continue;
      draw(id + '-rps', [s.rps]);
      draw(id + '-lat', [s.p50, s.p99]);
      draw(id + '-queue', [s.queue]);
      const now = (k, t) => { const e = document.getElementById(id + k + '-now'); if (e) e.textContent = t; };
      now('-rps', p.rps.toFixed(1));
      now('-lat', p.p50_ms.toFixed(2) + ' / ' + p.p99_ms.toFixed(2));
      now('-queue', p.queue);
    }
  }

  function renderWorkers() {
    const o = opts(), limit = {};
    for (const p of view.pools) limit[p.name] = p.max_memory_bytes;
    let rows = view.workers.filter((w) => {
      const hay = (w.pool + ' ' + w.id + ' ' + w.pid + ' ' + w.state).toLowerCase();
      return (!o.q || hay.includes(o.q)) && (!o.wrong || wrong(w, limit[w.pool]));
    });
    const by = { rss: 'current_memory_bytes', requests: 'requests_served', restarts: 'restarts', uptime: 'uptime_ms' }[o.sort];
    if (by) rows.sort((a, b) => b[by] - a[by]);
    else if (o.sort === 'state') rows.sort((a, b) => a.state.localeCompare(b.state));
    let html = '';
    for (const w of rows) {
      const key = w.pool + '/' + w.id, max = limit[w.pool], line = rss[key] || [];
      let top = max || 1;
      for (const v of line) if (v > top) top = v;
      const lim = max ? '<line class="limit" x1="0" x2="80" y1="' + (16 - max / top * 16).toFixed(1) + '" y2="' + (16 - max / top * 16).toFixed(1) + '"/>' : '';
      const why = [w.last_exit, w.rotation_reason && (typeof w.rotation_reason === 'string' ? w.rotation_reason : JSON.stringify(w.rotation_reason)), w.last_error].filter(Boolean).filter((t, i, all) => !all.slice(0, i).some((p) => p.includes(t))).join(' · ');
      const act = actionsOn && w.pid ? '<button data-act="restart" data-pool="' + esc(w.pool) + '" data-worker="' + w.id + '">restart</button>' : '';
      html += '<tr data-key="' + esc(key) + '" class="st-' + w.state + '"><td>' + esc(w.pool) + '</td><td>' + w.id + '</td><td><span class="state st-' + w.state + '">' + w.state +
        '</span></td><td>' + (w.pid ?? '–') + '</td><td>' + w.generation + (w.version ? ' · ' + esc(w.version) : '') + '</td><td>' + up(w.uptime_ms) + '</td><td>' + w.requests_served + '</td><td>' + w.in_flight + '</td><td>' + sockets(w) +
        '</td><td class="rss"><svg class="spark" viewBox="0 0 80 16" preserveAspectRatio="none">' + lim + '<polyline points="' + pts(line, 80, 16, top) + '"/></svg> ' + mb(w.current_memory_bytes) +
        '</td><td>' + heap(w) + '</td><td>' + w.restarts + '</td><td class="why">' + esc(why) + '</td><td class="act">' + act + '</td></tr>';
    }
    $('#wrows').innerHTML = html;
    $('#wcount').textContent = rows.length;
  }

  // Open WebSockets, or – for a worker that never had one (as the server renders it).
  function sockets(w) {
    const s = w.sockets || {};
    return s.open || s.messages_in || s.messages_out ? String(s.open || 0) : '–';
  }

  function renderJobs() {
    let html = '';
    for (const j of view.jobs) {
      const live = j.status === 'running' || j.status === 'queued';
      const act = actionsOn && live ? '<button data-act="cancel" data-job="' + esc(j.id) + '">cancel</button>' : '';
      html += '<tr data-job="' + esc(j.id) + '"><td>' + esc(j.id) + '</td><td>' + esc(j.pool) + '</td><td>' + esc(j.status) + '</td><td><meter min="0" max="1" value="' + (j.progress || 0) +
        '"></meter></td><td><meter min="0" max="' + (j.memory_bytes || 1) + '" value="' + (j.rss_bytes || 0) + '"></meter> ' + mb(j.rss_bytes) + ' / ' + mb(j.memory_bytes) + '</td><td>' + (j.pid ?? '–') + '</td><td class="act">' + act + '</td></tr>';
    }
    $('#jrows').innerHTML = html;
    const st = view.store || {}, out = st.up === false;
    const line = 'store: ' + (st.kind || '') + ' ' + (st.location || '') + ' — ' +
      (out ? 'OUT for ' + Math.round((view.t - st.down_since) / 1000) + ' s: ' + (st.error || 'unreachable') : 'up');
    $('#store').textContent = line;
    $('#store').className = 'store ' + (out ? 'down' : 'up');
  }

  function render() {
    if (!view) return;
    renderPools();
    renderWorkers();
    renderJobs();
  }

  function onTick(v) {
    view = v;
    if (v.tick > lastTick) {
      lastTick = v.tick;
      for (const p of v.pools) {
        const s = pools[p.name] || (pools[p.name] = { rps: [], p50: [], p99: [], queue: [] });
        push(s.rps, p.rps, KEEP); push(s.p50, p.p50_ms, KEEP); push(s.p99, p.p99_ms, KEEP); push(s.queue, p.queue, KEEP);
      }
      const newest = {};
      for (const w of v.workers) {
        const key = w.pool + '/' + w.id;
        if (!newest[key] || newest[key].generation < w.generation) newest[key] = w;
      }
      for (const key in newest) push(rss[key] || (rss[key] = []), newest[key].current_memory_bytes, SPARK);
    }
    render();
    body.dataset.live = '1';
  }

  function onEvent(e) {
    const whom = e.job ? 'job ' + e.job : e.pool ? e.pool + (e.worker != null ? '/' + e.worker : '') : '';
    const t = new Date(e.at).toISOString().slice(11, 19);
    const li = document.createElement('li');
    li.className = 'ev lv-' + e.level;
    li.dataset.id = e.id;
    li.innerHTML = '<time>' + t + '</time> <b>' + esc(e.kind) + '</b> <span class="who">' + esc(whom) + '</span> ' + esc(e.text) +
      (e.trace_id ? ' <span class="trace">trace <code>' + esc(e.trace_id) + '</code></span>' : '') +
      (e.detail ? '<details><summary>details</summary><pre>' + esc(JSON.stringify(e.detail, null, 2)) + '</pre></details>' : '');
    const feed = $('#feed');
    if (feed.querySelector('[data-id="' + e.id + '"]')) return;
    feed.prepend(li);
    while (feed.children.length > 500) feed.lastChild.remove();
  }

  function connect() {
    if (es) return;
    setConn('connecting');
    es = new EventSource('/__bext/events?last_event_id=' + lastId);
    es.onopen = () => setConn('live');
    es.onerror = () => setConn('reconnecting');
    es.addEventListener('tick', (m) => onTick(JSON.parse(m.data)));
    es.addEventListener('event', (m) => { lastId = Math.max(lastId, +m.lastEventId || 0); onEvent(JSON.parse(m.data)); });
  }
  function pause() { if (es) { es.close(); es = null; } setConn('paused'); }
  document.addEventListener('visibilitychange', () => (document.hidden ? pause() : connect()));

  // Actions: only with [server] admin_token; the token stays in this tab.
  if (actionsOn) {
    const box = $('#token-box');
    box.classList.remove('hidden');
    box.innerHTML = '<input id="token" type="password" placeholder="admin token" autocomplete="off">';
    for (const card of document.querySelectorAll('.pool')) {
      const n = esc(card.dataset.pool);
      card.querySelector('.act').innerHTML = '<button data-act="restart-pool" data-pool="' + n + '">rolling restart</button> <button data-act="maint" data-pool="' + n + '">maintenance</button>';
    }
    const tok = $('#token');
    tok.value = sessionStorage.getItem('bext-token') || '';
    tok.addEventListener('change', () => sessionStorage.setItem('bext-token', tok.value));
    document.addEventListener('click', async (ev) => {
      const b = ev.target.closest('button[data-act]');
      if (!b) return;
      const d = b.dataset;
      const [a, what] = {
        cancel: [{ action: 'cancel', job: d.job }, 'Cancel job ' + d.job],
        restart: [{ action: 'restart', pool: d.pool, worker: +d.worker }, 'Restart worker ' + d.pool + '/' + d.worker],
        'restart-pool': [{ action: 'restart', pool: d.pool }, 'Drain and replace every worker of pool ' + d.pool + ' (rolling)'],
        maint: [{ action: 'maint', pool: d.pool }, 'Run a maintenance sweep of pool ' + d.pool],
      }[d.act];
      if (!confirm(what + '?')) return;
      const r = await fetch('/__bext/actions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-bext-token': tok.value }, body: JSON.stringify(a) });
      if (!r.ok) alert(what + ': ' + (await r.text()));
    });
  }

  // First: the history, so the charts start full; then the stream.
  fetch('/__bext/history?res=1s&last=' + KEEP)
    .then((r) => r.json())
    .then((h) => {
      for (const p of h.pools) {
        pools[p.name] = { rps: p.rps.filter((v) => v != null), p50: p.p50_ms.filter((v) => v != null), p99: p.p99_ms.filter((v) => v != null), queue: p.queue.filter((v) => v != null) };
      }
      for (const w of h.workers) rss[w.pool + '/' + w.worker] = w.rss_bytes.filter((v) => v != null).slice(-SPARK);
      lastTick = h.tick;
      body.dataset.history = String(h.len);
    })
    .catch(() => {})
    .finally(() => { if (!document.hidden) connect(); });
})();

// gpuarch site: filtering, sorting, column choice, a two-GPU view and
// permalinks for the instruction table, and arrow-key movement between
// its cells. The table is complete in the HTML; this script only adds to
// it, reads the page's own attributes and writes text, never markup.
(function () {
  'use strict';
  var table = document.getElementById('inst');
  if (!table) { return; }
  var form = document.getElementById('controls');
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  var keys = (table.getAttribute('data-cols') || '').split(' ').filter(Boolean);
  var index = {};
  keys.forEach(function (k, i) { index[k] = i; });
  var FIRST = 4; // heading cells before the columns' cells
  var count = document.getElementById('count');
  var permalink = document.getElementById('permalink');
  var style = document.createElement('style');
  document.head.appendChild(style);
  var el = function (id) { return document.getElementById(id); };
  var fields = { q: el('q'), unit: el('unit'), family: el('family'), width: el('width'), suite: el('suite'), a: el('a'), b: el('b') };
  var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name=gpu]'));
  var state = blank();
  var cache = null; // per row: search text, unit, families, widths, suite

  function blank() { return { q: '', unit: '', family: '', width: '', suite: '', a: '', b: '', hide: [], sort: '', dir: '' }; }

  function rowData() {
    if (!cache) {
      cache = rows.map(function (r) {
        return { s: r.getAttribute('data-s') || '', u: r.getAttribute('data-u') || '', f: ' ' + (r.getAttribute('data-f') || '') + ' ',
          w: ' ' + (r.getAttribute('data-w') || '') + ' ', g: r.getAttribute('data-g') || '' };
      });
    }
    return cache;
  }

  // State <-> the URL's fragment, so that a view is a link.
  function readHash() {
    var s = blank();
    var p = new URLSearchParams(location.hash.replace(/^#/, ''));
    ['q', 'unit', 'family', 'width', 'suite', 'a', 'b', 'sort', 'dir'].forEach(function (k) { s[k] = p.get(k) || ''; });
    s.hide = (p.get('hide') || '').split(',').filter(function (k) { return k in index; });
    if (!(s.a in index)) { s.a = ''; }
    if (!(s.b in index)) { s.b = ''; }
    if (s.dir !== 'asc' && s.dir !== 'desc') { s.dir = s.sort ? 'asc' : ''; }
    return s;
  }
  function hashOf(s) {
    var p = new URLSearchParams();
    ['q', 'unit', 'family', 'width', 'suite', 'a', 'b', 'sort', 'dir'].forEach(function (k) { if (s[k]) { p.set(k, s[k]); } });
    if (s.hide.length) { p.set('hide', s.hide.join(',')); }
    var h = p.toString();
    return h ? '#' + h : '';
  }
  function save() {
    var h = hashOf(state);
    permalink.href = h || '#';
    if (location.hash !== h) {
      history.replaceState(null, '', h ? h : location.pathname + location.search);
    }
  }

  function showControls() {
    fields.q.value = state.q; fields.unit.value = state.unit; fields.family.value = state.family;
    fields.width.value = state.width; fields.suite.value = state.suite; fields.a.value = state.a; fields.b.value = state.b;
    boxes.forEach(function (b) { b.checked = state.hide.indexOf(b.value) < 0; b.disabled = pairOn(); });
  }
  function pairOn() { return state.a !== '' && state.b !== '' && state.a !== state.b; }

  // Filtering: every word of the name filter, and each select.
  function filter() {
    var words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
    var data = rowData();
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var d = data[i];
      var ok = (!state.unit || d.u === state.unit) && (!state.family || d.f.indexOf(' ' + state.family + ' ') >= 0) &&
        (!state.width || d.w.indexOf(' ' + state.width + ' ') >= 0) && (!state.suite || d.g === state.suite);
      for (var j = 0; ok && j < words.length; j++) { ok = d.s.indexOf(words[j]) >= 0; }
      if (rows[i].hidden === ok) { rows[i].hidden = !ok; }
      if (ok) { shown++; }
    }
    count.textContent = shown === rows.length ? rows.length + ' operations' : shown + ' of ' + rows.length + ' operations';
  }

  // Columns: hidden ones by a style rule each; a pair shows only A and B
  // and the change columns.
  function columns() {
    var rules = [];
    var pair = pairOn();
    keys.forEach(function (k, i) {
      var hide = pair ? (k !== state.a && k !== state.b) : state.hide.indexOf(k) >= 0;
      if (hide) {
        var at = FIRST + 3 * i;
        rules.push('#inst .c' + i + ',#inst tbody>tr>:nth-child(' + (at + 1) + '),#inst tbody>tr>:nth-child(' + (at + 2) + '),#inst tbody>tr>:nth-child(' + (at + 3) + '){display:none}');
      }
    });
    style.textContent = rules.join('\n');
    table.classList.toggle('cmp', pair);
    if (pair) { changes(); }
  }

  function value(cell) {
    if (!cell) { return NaN; }
    var v = cell.getAttribute('data-v');
    return v === null || v === '' ? NaN : parseFloat(v);
  }
  function cellOf(row, key, field) {
    var i = index[key];
    var off = field === 'lat' ? 0 : field === 'tp' ? 1 : 2;
    return row.cells[FIRST + 3 * i + off];
  }

  // The change of B against A per row, in the two last cells.
  function changes() {
    var last = FIRST + 3 * keys.length;
    rows.forEach(function (r) {
      ['lat', 'tp'].forEach(function (f, j) {
        var a = value(cellOf(r, state.a, f)), b = value(cellOf(r, state.b, f));
        var cell = r.cells[last + j];
        var text = '';
        if (isFinite(a) && isFinite(b) && a !== 0) {
          var d = (b - a) / a;
          cell.setAttribute('data-v', String(d));
          text = (d >= 0.0005 ? '+' : d <= -0.0005 ? '−' : '±') + (Math.abs(d) < 0.0005 ? 0 : Math.abs(100 * d)).toFixed(1) + '%';
        } else {
          cell.removeAttribute('data-v');
        }
        cell.textContent = text;
      });
    });
  }

  // Sorting: by a heading column's text, or a figure's value (rows
  // without one last, whichever the direction); ties keep the page's
  // order.
  function sort() {
    var heads = table.tHead.querySelectorAll('th[aria-sort]');
    Array.prototype.forEach.call(heads, function (th) { th.removeAttribute('aria-sort'); });
    var order = rows.map(function (r, i) { return { r: r, i: i, k: null }; });
    if (state.sort) {
      var btn = table.tHead.querySelector('button[data-sort="' + cssEscape(state.sort) + '"]');
      if (btn) { btn.parentNode.setAttribute('aria-sort', state.dir === 'desc' ? 'descending' : 'ascending'); }
      var spec = state.sort.split('.');
      var sign = state.dir === 'desc' ? -1 : 1;
      var text = { name: 0, ptx: 1, spirv: 2, unit: 3 };
      var numeric = true;
      order.forEach(function (o) {
        var c;
        if (spec[0] in text && spec.length === 1) {
          c = o.r.cells[text[spec[0]]]; numeric = false; o.k = (c.textContent || '').toLowerCase();
        } else if (spec[0] === 'd') {
          c = o.r.cells[FIRST + 3 * keys.length + (spec[1] === 'lat' ? 0 : 1)]; o.k = value(c);
        } else if (spec[0] in index && spec[1] === 'code') {
          c = cellOf(o.r, spec[0], 'code'); numeric = false; o.k = (c.textContent || '').toLowerCase();
        } else if (spec[0] in index) {
          o.k = value(cellOf(o.r, spec[0], spec[1]));
        }
      });
      order.sort(function (x, y) {
        var a = x.k, b = y.k;
        if (numeric) {
          var na = !isFinite(a), nb = !isFinite(b);
          if (na || nb) { return na === nb ? x.i - y.i : na ? 1 : -1; }
        } else if (a === '' || b === '') {
          return a === b ? x.i - y.i : a === '' ? 1 : -1;
        }
        return a < b ? -sign : a > b ? sign : x.i - y.i;
      });
    }
    var frag = document.createDocumentFragment();
    order.forEach(function (o) { frag.appendChild(o.r); });
    tbody.appendChild(frag);
  }
  function cssEscape(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&'); }

  function apply(what) {
    if (what.filter) { filter(); }
    if (what.columns) { columns(); }
    if (what.sort) { sort(); }
    save();
  }

  // Controls.
  var timer = 0;
  fields.q.addEventListener('input', function () {
    state.q = fields.q.value;
    clearTimeout(timer);
    timer = setTimeout(function () { apply({ filter: true }); }, rows.length > 2000 ? 120 : 40);
  });
  ['unit', 'family', 'width', 'suite'].forEach(function (k) {
    fields[k].addEventListener('change', function () { state[k] = fields[k].value; apply({ filter: true }); });
  });
  ['a', 'b'].forEach(function (k) {
    fields[k].addEventListener('change', function () {
      state[k] = fields[k].value;
      boxes.forEach(function (b) { b.disabled = pairOn(); });
      if (!pairOn() && state.sort.indexOf('d.') === 0) { state.sort = ''; state.dir = ''; apply({ columns: true, sort: true }); return; }
      apply({ columns: true, sort: state.sort.indexOf('d.') === 0 });
    });
  });
  boxes.forEach(function (b) {
    b.addEventListener('change', function () {
      state.hide = boxes.filter(function (x) { return !x.checked; }).map(function (x) { return x.value; });
      apply({ columns: true });
    });
  });
  table.tHead.addEventListener('click', function (e) {
    var btn = e.target.closest('button[data-sort]');
    if (!btn) { return; }
    var s = btn.getAttribute('data-sort');
    if (state.sort === s) {
      state.dir = state.dir === 'asc' ? 'desc' : 'asc';
    } else {
      state.sort = s;
      state.dir = /\.(tp)$/.test(s) ? 'desc' : 'asc'; // throughput: the fastest first
    }
    apply({ sort: true });
  });
  el('reset').addEventListener('click', function () {
    state = blank();
    showControls();
    apply({ filter: true, columns: true, sort: true });
  });
  permalink.addEventListener('click', function (e) {
    e.preventDefault();
    save();
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(location.href).catch(function () {}); }
    permalink.textContent = 'Permalink to this view (in the address bar)';
  });
  window.addEventListener('hashchange', function () {
    state = readHash();
    showControls();
    apply({ filter: true, columns: true, sort: true });
  });

  // Arrow keys move between the table's cells; a cell's link takes the
  // focus where it has one.
  table.addEventListener('keydown', function (e) {
    var dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    var d = dirs[e.key];
    if (!d || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var cell = e.target.closest('td, th');
    if (!cell || !tbody.contains(cell)) { return; }
    var tr = cell.parentNode;
    var ci = cell.cellIndex, target = null;
    if (d[0] !== 0) {
      var r = tr;
      do { r = d[0] > 0 ? r.nextElementSibling : r.previousElementSibling; } while (r && r.hidden);
      if (r) { target = r.cells[ci]; }
    } else {
      var c = ci + d[1];
      while (c >= 0 && c < tr.cells.length && getComputedStyle(tr.cells[c]).display === 'none') { c += d[1]; }
      if (c >= 0 && c < tr.cells.length) { target = tr.cells[c]; }
    }
    if (!target) { return; }
    e.preventDefault();
    var link = target.querySelector('a');
    if (link) { link.focus(); } else { target.tabIndex = -1; target.focus(); }
  });

  form.hidden = false;
  state = readHash();
  showControls();
  var any = state.q || state.unit || state.family || state.width || state.suite;
  if (any) { filter(); }
  if (state.hide.length || pairOn()) { columns(); }
  if (state.sort) { sort(); }
  permalink.href = hashOf(state) || '#';
  // Time to interactive: from the navigation's start to here, the
  // handlers attached and any permalink's view applied.
  document.documentElement.setAttribute('data-tti', performance.now().toFixed(1));
  // And when the first frame after it was drawn (style and layout of the
  // whole table done): the page answers input from then on.
  requestAnimationFrame(function () {
    setTimeout(function () { document.documentElement.setAttribute('data-painted', performance.now().toFixed(1)); }, 0);
  });
})();

(function () {
  "use strict";
  var source = document.getElementById("report-data");
  var data = source ? JSON.parse(source.textContent) : {};
  var codes = data.codes || [];
  var explain = data.explain || {};
  var opponents = data.opponents || {};
  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  var status = document.getElementById("status");

  /* ---- rows by start rank (both tables) ------------------------------------------------ */
  var rowsBySno = new Map();
  Array.prototype.forEach.call(document.querySelectorAll("tbody tr[data-sno]"), function (tr) {
    var list = rowsBySno.get(tr.dataset.sno);
    if (!list) { list = []; rowsBySno.set(tr.dataset.sno, list); }
    list.push(tr);
  });

  /* ---- sorting ------------------------------------------------------------------------ */
  function cellKey(cell, type) {
    if (!cell) return null;
    if (type === "num") {  /* data-v where the text is not the exact number, else the text */
      var v = cell.getAttribute("data-v");
      if (v === null) v = cell.textContent.trim();
      if (v === "") return null;
      var n = Number(v);
      return isNaN(n) ? null : n;
    }
    var t = cell.getAttribute("data-v");
    if (t === null) t = cell.textContent;
    t = t.trim();
    return t === "" ? null : t;
  }

  var firstOrder = new Map();  /* row -> its place in the final order, to sort back and break ties */
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (tr, i) { firstOrder.set(tr, i); });
  });

  function sortBy(table, col, dir) {
    var head = table.tHead.rows[0].cells;
    var th = head[col];
    var type = th.getAttribute("data-type") || "num";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keyed = rows.map(function (tr) {
      return { tr: tr, key: cellKey(tr.cells[col], type), order: firstOrder.get(tr) };
    });
    var sign = dir === "descending" ? -1 : 1;
    keyed.sort(function (a, b) {
      if (a.key === null || b.key === null) {
        if (a.key === null && b.key !== null) return 1;
        if (b.key === null && a.key !== null) return -1;
        return a.order - b.order;
      }
      var c = type === "num" ? (a.key - b.key) : collator.compare(a.key, b.key);
      return c !== 0 ? sign * c : a.order - b.order;
    });
    var frag = document.createDocumentFragment();
    keyed.forEach(function (k) { frag.appendChild(k.tr); });
    body.appendChild(frag);
    Array.prototype.forEach.call(head, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir);
    if (status) status.textContent = "Sorted by " + th.textContent.trim() + ", " + dir + ".";
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    table.tHead.addEventListener("click", function (event) {
      var button = event.target.closest("button.sort");
      if (!button) return;
      var th = button.closest("th");
      var col = Array.prototype.indexOf.call(th.parentNode.cells, th);
      var current = th.getAttribute("aria-sort");
      var dir = current ? (current === "ascending" ? "descending" : "ascending")
                        : (th.getAttribute("data-first") || "ascending");
      sortBy(table, col, dir);
    });
  });

  /* ---- tie-break values become buttons that open their explanation: every row at once in a
     table of up to EAGER rows, else a row when it is first hovered or focused ---------------- */
  var EAGER = 1000;
  var valueColumns = [];
  var upgraded = new Set();
  var standingsTable = document.getElementById("standings-table");
  if (standingsTable && standingsTable.tHead) {
    Array.prototype.forEach.call(standingsTable.tHead.rows[0].cells, function (th, c) {
      if (th.hasAttribute("data-tb")) valueColumns.push([c, th.getAttribute("data-tb")]);
    });
  }
  function upgrade(tr) {
    if (!valueColumns.length || upgraded.has(tr) || tr.closest("table") !== standingsTable) return;
    upgraded.add(tr);
    valueColumns.forEach(function (pair) {
      var td = tr.cells[pair[0]];
      if (!td || td.firstElementChild || td.textContent === "") return;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "xp";
      b.setAttribute("data-i", pair[1]);
      b.setAttribute("aria-haspopup", "dialog");
      b.setAttribute("aria-expanded", "false");
      b.appendChild(td.firstChild);
      td.appendChild(b);
    });
  }
  if (standingsTable && standingsTable.tBodies[0].rows.length <= EAGER) {
    Array.prototype.forEach.call(standingsTable.tBodies[0].rows, upgrade);
  }

  /* ---- crosstable cells: a bare game cell (12w1) gets its colour class at once; its title and
     the link to the opponent's row when its row is first highlighted ---------------------- */
  var cellKinds = data.cells || {};
  var GAME = /^(#?)(\d+)([wb ]?)(.)$/;
  var rounds = document.querySelector("table.xt.rounds");
  var xrows = rounds ? rounds.tBodies[0].rows : [];
  function bareGame(td) {
    if (td.hasAttribute("class")) return null;
    var m = GAME.exec(td.textContent);
    return m && cellKinds[m[4]] ? m : null;
  }
  function opponentOf(m) {  /* No. in this table, or #start number for a player it does not list */
    if (m[1]) return m[2];
    var tr = xrows[Number(m[2]) - 1];
    return tr ? tr.dataset.sno : null;
  }
  if (rounds && !Object.keys(opponents).length) {
    Array.prototype.forEach.call(xrows, function (tr) {
      var met = [];
      for (var c = 3; c < tr.cells.length - 1; c++) {
        var td = tr.cells[c], m = bareGame(td), o = null;
        if (m) {
          td.className = cellKinds[m[4]][0];
          o = opponentOf(m);
        } else {
          var a = td.querySelector("a[href^='#x']");
          if (a) o = a.getAttribute("href").slice(2);
        }
        if (o !== null && met.indexOf(Number(o)) === -1) met.push(Number(o));
      }
      opponents[tr.dataset.sno] = met;
    });
  }
  var decorated = new Set();
  function decorate(tr) {
    if (!rounds || decorated.has(tr) || tr.closest("table") !== rounds) return;
    decorated.add(tr);
    for (var c = 3; c < tr.cells.length - 1; c++) {
      var td = tr.cells[c], m = GAME.exec(td.textContent), kind = m && cellKinds[m[4]];
      if (!kind || td.firstElementChild || td.title) continue;
      var o = opponentOf(m);
      var colour = m[3] === "w" ? "white" : m[3] === "b" ? "black" : "";
      td.title = "round " + (c - 2) + (colour ? ", " + colour : "") + ", " + kind[1];
      td.textContent = "";
      var ref = document.createTextNode(m[1] + m[2]);
      if (o !== null) {
        var a = document.createElement("a");
        a.href = "#x" + o;
        a.appendChild(ref);
        td.appendChild(a);
      } else td.appendChild(ref);
      if (m[3] === "w" || m[3] === "b") {
        var span = document.createElement("span");
        span.className = "col";
        span.textContent = m[3];
        td.appendChild(span);
      } else if (m[3]) td.appendChild(document.createTextNode(m[3]));
      td.appendChild(document.createTextNode(m[4]));
    }
  }

  /* ---- highlight a player's opponents --------------------------------------------------- */
  var marked = [];
  var current = null;
  var grid = document.querySelector("table.grid");
  var gridCols = new Map();
  if (grid) {
    Array.prototype.forEach.call(grid.tHead.rows[0].cells, function (th, i) {
      if (th.hasAttribute("data-col")) gridCols.set(th.getAttribute("data-col"), i);
    });
  }
  function clearMarks() {
    marked.forEach(function (el) { el.classList.remove("is-me", "is-opp", "is-col"); });
    marked = [];
    current = null;
  }
  function mark(sno) {
    if (sno === current) return;
    clearMarks();
    if (!sno) return;
    current = sno;
    (rowsBySno.get(sno) || []).forEach(function (tr) { tr.classList.add("is-me"); marked.push(tr); decorate(tr); });
    if (grid && gridCols.has(sno)) {  /* round-robin grid: the player's column too */
      var col = gridCols.get(sno);
      Array.prototype.forEach.call(grid.rows, function (tr) {
        var cell = tr.cells[col];
        if (cell) { cell.classList.add("is-col"); marked.push(cell); }
      });
    }
    (opponents[sno] || []).forEach(function (o) {
      (rowsBySno.get(String(o)) || []).forEach(function (tr) { tr.classList.add("is-opp"); marked.push(tr); });
    });
  }
  function rowOf(node) {
    var tr = node && node.closest ? node.closest("tbody tr[data-sno]") : null;
    return tr ? tr.dataset.sno : null;
  }
  function upgradeRowOf(node) {
    var tr = node && node.closest ? node.closest("tbody tr[data-sno]") : null;
    if (tr) upgrade(tr);
  }
  document.addEventListener("mouseover", function (event) {
    upgradeRowOf(event.target);
    var sno = rowOf(event.target);
    if (sno) mark(sno); else if (!document.activeElement || !rowOf(document.activeElement)) clearMarks();
  });
  document.addEventListener("focusin", function (event) { upgradeRowOf(event.target); mark(rowOf(event.target)); });

  /* ---- explanation text from the columns (tiebreaks/explain_columns.py) -------------------
     The same text as Explanation.__str__ (tiebreaks/explain.py) for the terms rebuilt there by
     explanation(): the formula line, remarks, unplayed rounds, cuts, notes. */
  var columns = data.columns || null;
  var playerIndex = null;
  function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) { var t = a % b; a = b; b = t; } return a; }
  function num(v, d) {  /* fmt_number(Fraction(v, d)): exact, at least one decimal */
    var g = gcd(v, d) || 1;
    v /= g; d /= g;
    var rest = d, twos = 0, fives = 0;
    while (rest % 2 === 0) { rest /= 2; twos++; }
    while (rest % 5 === 0) { rest /= 5; fives++; }
    if (rest !== 1) return "~" + (v / d).toFixed(4);
    var places = Math.max(twos, fives, 1), scale = Math.pow(10, places);
    var a = Math.abs(v) * (scale / d), whole = Math.floor(a / scale), frac = String(a - whole * scale);
    while (frac.length < places) frac = "0" + frac;
    return (v < 0 ? "-" : "") + whole + "." + frac;
  }
  function cellIndex(group) {  /* flat cell -> offset of its unplayed run / remark pair, once */
    if (!group.byCell) {
      var u = new Map(), m = new Map(), x;
      for (x = 0; x < group.unplayed.length; x += 5) u.set(group.unplayed[x], x);
      for (x = 0; x < group.remarks.length; x += 2) m.set(group.remarks[x], x);
      group.byCell = { unplayed: u, remarks: m };
    }
    return group.byCell;
  }
  function columnText(j, sno) {
    var tb = columns && columns.tiebreaks[j];
    if (!tb) return null;
    if (!playerIndex) {
      playerIndex = new Map();
      columns.start_ranks.forEach(function (s, i) { playerIndex.set(String(s), i); });
    }
    var i = playerIndex.get(sno);
    if (i === undefined) return null;
    var S = columns.strings, kind = tb.kind, product = kind === "product";
    var group = kind === "progressive" ? null : columns.groups[tb.group];
    var ctx = columns.contexts[group ? group.context : tb.context];
    var n = ctx.n, unit = ctx.unit, base = i * n, terms = [], r, run = 0;
    for (r = 0; r < n; r++) {
      var w = ctx.pts[base + r];
      run += w;
      terms.push({ round: r + 1, v: group ? group.values[base + r] : run, w: w, cut: null, unplayed: null, remark: null });
    }
    if (group) {
      var by = cellIndex(group);
      for (r = 0; r < n; r++) {
        var x = by.unplayed.get(base + r);
        if (x !== undefined) terms[r].unplayed = group.unplayed.slice(x + 1, x + 4);
        x = by.remarks.get(base + r);
        if (x !== undefined) terms[r].remark = S[group.remarks[x + 1]];
      }
    }
    for (r = 0; r < tb.cuts; r++) terms[tb.cut[i * tb.cuts + r]].cut = S[tb.why[i * tb.cuts + r]];
    var d = product ? unit * unit : unit, total = 0, parts = [];
    terms.forEach(function (t) {
      if (t.cut !== null) return;
      total += product ? t.w * t.v : t.v;
      if (!product) parts.push(num(t.v, unit));
      else if (t.w !== 0) parts.push(num(t.w, unit) + "*" + num(t.v, unit));
    });
    var lines = [(parts.length ? parts.join(" + ") : "0") + " = " + num(total, d)];
    terms.forEach(function (t) { if (t.remark !== null) lines.push("  R" + t.round + ": " + t.remark); });
    terms.forEach(function (t) {
      if (t.unplayed === null) return;
      var opp = t.unplayed[1], rule = S[t.unplayed[2]];
      lines.push("  R" + t.round + ": " + S[t.unplayed[0]] + (opp ? " (scheduled opponent #" + opp + ")" : "") +
        ", valued " + num(t.v, unit) + (rule ? "; " + rule : ""));
    });
    terms.forEach(function (t) {
      if (t.cut === null) return;
      lines.push("  cut: R" + t.round + " " + (product ? num(t.w * t.v, d) : num(t.v, unit)) +
        (t.cut ? " (" + t.cut + ")" : ""));
    });
    tb.notes.forEach(function (note) { lines.push("  " + note); });
    return lines.join("\n");
  }

  /* ---- tie-break explanations ----------------------------------------------------------- */
  var pop = document.getElementById("pop");
  var popTitle = document.getElementById("pop-title");
  var popSub = document.getElementById("pop-sub");
  var popText = document.getElementById("pop-text");
  var popClose = document.getElementById("pop-close");
  var opener = null;

  function closePop(returnFocus) {
    if (pop.hidden) return;
    pop.hidden = true;
    if (opener) {
      opener.setAttribute("aria-expanded", "false");
      if (returnFocus) opener.focus();
    }
    opener = null;
  }
  function openPop(button) {
    var tr = button.closest("tr");
    var sno = tr.dataset.sno;
    var i = Number(button.getAttribute("data-i"));
    var code = codes[i] === undefined ? "" : codes[i];
    var nameCell = tr.querySelector(".name");
    var list = explain[sno];
    var text = (list && list[i]) || columnText(i, sno) || "No explanation available for this value.";
    if (opener && opener !== button) opener.setAttribute("aria-expanded", "false");
    opener = button;
    popTitle.textContent = code + " = " + button.textContent.trim();
    popSub.textContent = (nameCell ? nameCell.textContent.trim() : "") + " (" + (data.numbered || "start no.") + " " + sno + ")" +
      (data.names && data.names[i] && data.names[i] !== code ? " · " + data.names[i] : "");
    popText.textContent = text;
    pop.hidden = false;
    button.setAttribute("aria-expanded", "true");
    var r = button.getBoundingClientRect();
    var width = pop.offsetWidth;
    var left = Math.max(window.scrollX + 8,
      Math.min(window.scrollX + r.left - 12, window.scrollX + document.documentElement.clientWidth - width - 8));
    pop.style.left = left + "px";
    pop.style.top = (window.scrollY + r.bottom + 6) + "px";
    popClose.focus({ preventScroll: true });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.xp") : null;
    var cell = !button && event.target.closest ? event.target.closest("#standings-table td") : null;
    if (cell) {  /* a value in a row not made buttons yet (no hover or focus came first) */
      upgrade(cell.parentNode);
      button = cell.querySelector("button.xp");
    }
    if (button) {
      if (opener === button && !pop.hidden) closePop(false); else openPop(button);
      event.preventDefault();
      return;
    }
    if (!pop.hidden && !pop.contains(event.target)) closePop(false);
  });
  popClose.addEventListener("click", function () { closePop(true); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !pop.hidden) { closePop(true); event.preventDefault(); }
  });

  /* ---- find a player --------------------------------------------------------------------- */
  var controls = document.getElementById("controls");
  var filter = document.getElementById("filter");
  if (controls && filter) {
    controls.hidden = false;
    var texts = new Map();
    rowsBySno.forEach(function (list, sno) {
      var first = list[0];
      var name = first.querySelector(".name");
      var fed = first.querySelector(".fed");
      texts.set(sno, ((name ? name.textContent : "") + " " + (fed ? fed.textContent : "") + " #" + sno).toLowerCase());
    });
    var timer = 0;
    filter.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = filter.value.trim().toLowerCase();
        var shown = 0;
        rowsBySno.forEach(function (list, sno) {
          var text = texts.get(sno);
          var hit = !q || text.indexOf(q) !== -1 || ("#" + sno) === q || sno === q;
          list.forEach(function (tr) { tr.hidden = !hit; });
          if (hit) shown++;
        });
        if (status) status.textContent = q ? shown + " of " + rowsBySno.size + " players shown." : "";
      }, 80);
    });
  }
})();

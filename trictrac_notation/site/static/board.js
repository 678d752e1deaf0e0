/* The board's writer in the browser: a game's frame (viewdata.py: positions, moves, annotations) laid out
   from the board's description (window.TRICTRAC_LAYOUT: layout.py's names, as JSON) step by step as
   diagram.py lays it out, and written as svg.py writes it.  Same description, same steps, same SVG: a test
   draws every frame of games both ways in Chromium and compares them (tests/test_board_js.py).  Nothing here
   holds a measure or a colour of its own.  Text from records is escaped before it is written. */
(function () {
  "use strict";
  var D = window.TRICTRAC_LAYOUT;
  if (!D) { return; }
  var U = D.U, COLORS = ["white", "black"];

  function other(color) { return color === "white" ? "black" : "white"; }

  // --- numbers and text, as svg.py writes them ---------------------------------------------------
  function num(x) {  // f"{x:.1f}" without a useless ".0" (Python rounds a tie to even: 0.25 -> 0.2)
    var t = x * 10, s;
    if (Number.isInteger(t * 2) && !Number.isInteger(t)) {
      var r = Math.floor(t);
      if (r % 2 !== 0) { r += 1; }
      s = (r / 10).toFixed(1);
    } else {
      s = x.toFixed(1);
    }
    return s.slice(-2) === ".0" ? s.slice(0, -2) : s;
  }

  function esc(s, quote) {
    s = String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return quote ? s.replace(/"/g, "&quot;").replace(/'/g, "&#x27;") : s;
  }

  function chars(s) { return Array.from(s); }

  // --- the text boxes of labels.py -------------------------------------------------------------
  var TW = D.TEXT_WIDTHS;
  function isLower(c) { return c.toLowerCase() === c && c.toUpperCase() !== c; }
  function isUpper(c) { return c.toUpperCase() === c && c.toLowerCase() !== c; }
  function textWidth(s, size, bold) {
    var em = 0;
    chars(s).forEach(function (c) {
      em += c in TW.widths ? TW.widths[c] : isLower(c) ? TW.lower : isUpper(c) ? TW.upper : TW.other;
    });
    return em * size * (bold ? TW.bold : 1.0) * TW.margin;
  }
  function box(x0, y0, x1, y1) { return [x0, y0, x1, y1]; }
  function overlaps(a, b) { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]; }
  function inside(a, b) { return b[0] <= a[0] && a[2] <= b[2] && b[1] <= a[1] && a[3] <= b[3]; }
  function textBox(x, y, s, size, anchor, bold, halo) {
    var w = textWidth(s, size, bold);
    var x0 = anchor === "middle" || anchor === undefined ? x - w / 2 : anchor === "end" ? x - w : x;
    var pad = halo ? TW.halo_pad * size : 0.0;
    return box(x0 - pad, y - TW.half_height * size - pad, x0 + w + pad, y + TW.half_height * size + pad);
  }
  function circleBox(cx, cy, r) { return box(cx - r, cy - r, cx + r, cy + r); }
  function fitSize(texts, size, width, bold) {
    var widest = 0;
    texts.forEach(function (t) { widest = Math.max(widest, textWidth(t, 1.0, bold)); });
    return widest ? Math.min(size, width / widest) : size;
  }

  // --- where things are (layout.py) ------------------------------------------------------------
  function columnLeft(col) { return D.FRAME_X0 + D.SHORT_L + col * U + (col >= 6 ? D.MIDDLE : 0); }
  function place(wt, bottom) {
    var owner = wt < 12 ? "white" : "black", col = wt < 12 ? wt : 23 - wt;
    return [owner === bottom ? "bottom" : "top", col];
  }
  function whiteTrack(color, t) { return color === "white" ? t : 23 - t; }
  function slot(wt, bottom, k) {
    var p = place(wt, bottom), x = columnLeft(p[1]) + U / 2;
    k = Math.min(k, D.SHOWN - 1);
    return p[0] === "top" ? [x, D.TOP_IN + (k + 0.5) * U] : [x, D.BOTTOM_IN - (k + 0.5) * U];
  }
  function offTray(color, bottom) {
    return [D.MARGIN_L / 2, color === bottom ? D.TOP_IN + D.OFF_DY : D.BOTTOM_IN - D.OFF_DY];
  }
  function barSpot(color, bottom) {
    return [D.FRAME_X0 + D.SHORT_L + 6 * U + D.MIDDLE / 2, color === bottom ? D.MID_Y + U : D.MID_Y - U];
  }
  function bandY(color, bottom) { return color === bottom ? D.FRAME_Y1 - D.BAND / 2 : D.FRAME_Y0 + D.BAND / 2; }
  function holeXY(color, holes, bottom) {
    if (holes <= 0) { return [D.SHORT_L_X, color === bottom ? D.BOTTOM_IN - D.START_DY : D.TOP_IN + D.START_DY]; }
    return [columnLeft(Math.min(holes, 12) - 1) + U / 2, bandY(color, bottom)];
  }
  function jetonX(points) {
    points = Math.floor((Math.max(0, points) % 12) / 2) * 2;
    if (points === 0) { return null; }
    if (points <= 6) { return columnLeft(points - 1) + U - (points === 6 ? D.JETON_NEAR : 0); }
    if (points === 8) { return columnLeft(6) + D.JETON_NEAR; }
    return columnLeft(11) + U - D.JETON_NEAR;
  }
  function labelY(row) { return row === "top" ? D.FRAME_Y0 / 2 : D.FRAME_Y1 + D.LABELS / 2; }

  // --- shapes (diagram.py) ----------------------------------------------------------------------
  function shape(kind, geom, style, cls, data) { return {kind: kind, geom: geom, style: style, cls: cls || "", data: data || []}; }
  function text(x, y, s, size, o) {
    o = o || {};
    return shape("text", [x, y + D.BASELINE * size, s], {fill: o.fill || D.INK, size: size, anchor: o.anchor || "middle",
      bold: !!o.bold, halo: o.halo || null}, o.cls, o.data);
  }
  var S = D.STYLES;

  // the arrows placed for ``bottom`` (the colour whose first arrows are at the bottom); ``named``: the player named
  // at the bottom (the other on backgammon's turned board)
  function boardShapes(labels, prefixes, bottom, layout, named) {
    var size = fitSize(labels, layout.label, D.LABEL_FIT);
    var out = [shape("rect", [0, 0, D.WIDTH, D.BOARD_HEIGHT, 0], S.paper, "paper"),
      shape("rect", [D.FRAME_X0, D.FRAME_Y0, D.FRAME_X1 - D.FRAME_X0, D.FRAME_Y1 - D.FRAME_Y0, D.FRAME_CORNER], S.frame, "frame")];
    [columnLeft(0), columnLeft(6)].forEach(function (left) {
      out.push(shape("rect", [left, D.TOP_IN, 6 * U, D.BOTTOM_IN - D.TOP_IN, 0], S.table, "table"));
    });
    for (var wt = 0; wt < 24; wt++) {
      var p = place(wt, bottom), x = columnLeft(p[1]);
      var base = p[0] === "top" ? D.TOP_IN : D.BOTTOM_IN, tip = p[0] === "top" ? D.TOP_IN + D.ARROW : D.BOTTOM_IN - D.ARROW;
      out.push(shape("polygon", [[x, base], [x + U, base], [x + U / 2, tip]], S["arrow-" + (wt % 2)], "arrow", [["track", wt]]));
      var band = p[0] === "top" ? D.FRAME_Y0 + D.BAND / 2 : D.FRAME_Y1 - D.BAND / 2;
      out.push(shape("circle", [x + U / 2, band, D.R_HOLE], S.hole, "hole"));
      out.push(text(x + U / 2, labelY(p[0]), labels[wt], size, {cls: "label", data: [["track", wt]]}));
    }
    ["top", "bottom"].forEach(function (row) {
      if (prefixes[row]) {
        out.push(text(columnLeft(11) + U + D.PREFIX_X, labelY(row), prefixes[row], size, {anchor: "start", cls: "label prefix"}));
      }
    });
    [D.TOP_IN + D.START_DY, D.MID_Y, D.BOTTOM_IN - D.START_DY].forEach(function (y) {
      out.push(shape("circle", [D.SHORT_L_X, y, D.R_HOLE], S.hole, "hole start"));
    });
    named = named || bottom;
    [[other(named), "top"], [named, "bottom"]].forEach(function (cr) {
      out.push(text(D.SIDE_X, labelY(cr[1]), cr[0], fitSize([cr[0]], layout.side, columnLeft(0) - D.SIDE_FIT, true),
        {anchor: "start", bold: true, cls: "side"}));
    });
    return out;
  }

  // the labels of a layout: the compact one writes a row's shared prefix once (diagram.arrow_labels)
  function layoutLabels(board, compact) {
    var labels = board.labels.slice(), prefixes = compact ? board.prefixes || {} : {};
    for (var wt = 0; wt < 24; wt++) {
      var pre = prefixes[place(wt, board.bottom)[0]];
      if (pre) { labels[wt] = labels[wt].slice(pre.length); }
    }
    return [labels, prefixes];
  }

  function readPosition(code) {  // viewdata.position_code
    var rows = {}, off = {}, bar = {};
    COLORS.forEach(function (c, i) {
      rows[c] = [];
      for (var t = 0; t < 24; t++) { rows[c].push(parseInt(code.charAt(25 * i + t), 36)); }
      off[c] = parseInt(code.charAt(25 * i + 24), 36);
      bar[c] = code.length > 50 ? parseInt(code.charAt(50 + i), 36) : 0;
    });
    return {rows: rows, off: off, bar: bar};
  }

  function dame(x, y, color, wt, cls) {
    return shape("circle", [x, y, D.R_DAME], S["dame-" + color], (cls || "dame") + " " + color, wt === null ? [] : [["track", wt]]);
  }
  function count(x, y, n, color, cls, size) {
    var s = String(n);
    return text(x, y, s, fitSize([s], size, D.COUNT_FIT, true), {fill: D.DAME_FILL[other(color)], bold: true, cls: cls});
  }

  function dames(pos, bottom, layout) {
    var out = [];
    COLORS.forEach(function (color) {
      var row = pos.rows[color], x, y;
      for (var t = 0; t < 24; t++) {
        var n = row[t];
        if (!n) { continue; }
        var wt = whiteTrack(color, t);
        for (var k = 0; k < Math.min(n, D.SHOWN); k++) {
          var p = slot(wt, bottom, k);
          x = p[0]; y = p[1];
          out.push(dame(x, y, color, wt));
        }
        if (n > D.SHOWN) { out.push(count(x, y, n, color, "count", layout.count)); }
      }
      var off = pos.off[color];
      if (off) {
        var o = offTray(color, bottom);
        out.push(dame(o[0], o[1], color, null, "off"));
        out.push(count(o[0], o[1], off, color, "count off", layout.count));
        out.push(text(o[0], o[1] + (color === bottom ? -D.OFF_TAG_DY : D.OFF_TAG_DY), "off", layout.tag, {cls: "tag"}));
      }
      var bar = pos.bar[color];
      if (bar) {  // backgammon's dames hit and waiting to enter
        var b = barSpot(color, bottom);
        out.push(dame(b[0], b[1], color, null, "bar"));
        out.push(count(b[0], b[1], bar, color, "count bar", layout.count));
      }
    });
    return out;
  }

  function scoreMarks(score, bottom) {
    var out = [];
    COLORS.forEach(function (color) {
      var entry = score && score[color];
      if (!entry) { return; }
      var points = entry[0], holes = entry[1], x = jetonX(points), y;
      if (x !== null) {
        y = bandY(color, bottom);
        var data = [["points", points]];
        if (entry[2]) {
          out.push(shape("circle", [x - D.BREDOUILLE_DX, y - D.BREDOUILLE_DX, D.R_JETON], S["dame-" + color], "jeton " + color, data));
          x += D.BREDOUILLE_DX; y += D.BREDOUILLE_DX;
        }
        out.push(shape("circle", [x, y, D.R_JETON], S["dame-" + color], "jeton " + color, data));
      }
      var h = holeXY(color, holes, bottom), f = D.FICHET;
      out.push(shape("polygon", [[h[0], h[1] - f], [h[0] + f, h[1]], [h[0], h[1] + f], [h[0] - f, h[1]]],
        S["fichet-" + color], "fichet " + color, [["holes", holes]]));
    });
    var marker = score && score.k;
    if (marker) {
      var x = D.SHORT_L_X - D.PAVILLON_DX, y = D.MID_Y + (marker === bottom ? D.PAVILLON_DY : -D.PAVILLON_DY);
      var reach = D.FLAG[0], tip = D.FLAG[1], foot = D.FLAG[2];
      out.push(shape("line", [[x, y + D.POLE], [x, y - D.POLE]], S.pole, "pavillon-pole"));
      out.push(shape("polygon", [[x, y - D.POLE], [x + reach, y - D.POLE + tip], [x, y - D.POLE + foot]], S.pavillon,
        "pavillon " + marker));
    }
    return out;
  }

  // --- backgammon's board (turned.py): turned half round, and the doubling cube on the bar -----------------------
  var ANCHOR = {start: "end", end: "start", middle: "middle"};
  function mirror(shapes) {
    return shapes.map(function (s) {
      var g = s.geom, geom, style = s.style;
      if (s.kind === "rect") { geom = [D.WIDTH - g[0] - g[2]].concat(g.slice(1)); } else if (s.kind === "circle") {
        geom = [D.WIDTH - g[0]].concat(g.slice(1));
      } else if (s.kind === "text") {
        geom = [D.WIDTH - g[0]].concat(g.slice(1));
        style = {fill: style.fill, size: style.size, anchor: ANCHOR[style.anchor], bold: style.bold, halo: style.halo};
      } else { geom = g.map(function (p) { return [D.WIDTH - p[0], p[1]]; }); }
      return shape(s.kind, geom, style, s.cls, s.data);
    });
  }

  function cubeShapes(cube, bottom) {
    if (!cube) { return []; }
    var value = cube[0], owner = cube[1], x = D.FRAME_X0 + D.SHORT_L + 6 * U + D.MIDDLE / 2, half = D.CUBE_SIZE / 2;
    var y = owner === "white" || owner === "black" ? D.MID_Y + (owner === bottom ? D.CUBE_DY : -D.CUBE_DY) : D.MID_Y;
    var words = value === 1 && !owner ? "64" : String(value);
    return [shape("rect", [x - half, y - half, D.CUBE_SIZE, D.CUBE_SIZE, 0.12 * U], S.die, "cube",
      [["value", value], ["owner", owner || ""]]),
      shape("text", [x, y + D.BASELINE * D.CUBE, words], {fill: D.INK, size: D.CUBE, anchor: "middle", bold: true, halo: null},
        "cube-value")];
  }

  function unit(dx, dy) {
    var n = Math.sqrt(dx * dx + dy * dy) || 1.0;
    return [dx / n, dy / n];
  }

  function curvedArrow(p0, p1, shortenStart, shortenEnd, head, style) {  // diagram.curved_arrow
    style = style || "move";
    var x0 = p0[0], y0 = p0[1], x1 = p1[0], y1 = p1[1], dx = x1 - x0, dy = y1 - y0;
    var length = Math.sqrt(dx * dx + dy * dy), nv = unit(-dy, dx), nx = nv[0], ny = nv[1];
    var mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    if (nx * ((D.FRAME_X0 + D.FRAME_X1) / 2 - mx) + ny * (D.MID_Y - my) < 0) { nx = -nx; ny = -ny; }
    var bow = Math.min(Math.max(D.BOW_SHARE * length, D.BOW_MIN), D.BOW_MAX);
    var c = [mx + nx * bow, my + ny * bow];
    var u = unit(x0 - c[0], y0 - c[1]);
    var start = [x0 - u[0] * shortenStart, y0 - u[1] * shortenStart];
    var t = unit(x1 - c[0], y1 - c[1]), tx = t[0], ty = t[1];
    var tip = [x1 - tx * shortenEnd, y1 - ty * shortenEnd];
    var end = head ? [tip[0] - tx * D.HEAD_LEN, tip[1] - ty * D.HEAD_LEN] : tip;
    var out = [shape("path", [start, c, end], S.halo, "halo"), shape("path", [start, c, end], S[style], style)];
    if (head) {
      out.push(shape("polygon", [tip, [end[0] - ty * D.HEAD_W, end[1] + tx * D.HEAD_W],
        [end[0] + ty * D.HEAD_W, end[1] - tx * D.HEAD_W]], S[style + "-head"], style + "-head"));
    }
    return out;
  }

  function ghost(p, cls) { return shape("circle", [p[0], p[1], D.R_GHOST], S.ghost, cls || "ghost"); }

  // each dame's way [src, rest..., dst] (mover's frame; -1 the bar, 24 off): diagram.moves
  function moves(pos, mover, paths, bottom) {
    var after = pos.rows[mover].slice(), run = after.slice(), bar = pos.bar[mover], out = [], entered = false;
    paths = paths.filter(function (p) { return p.length >= 2 && p[0] >= -1 && p[0] < 24; });
    paths.forEach(function (p) {
      var dst = p[p.length - 1];
      if (p[0] !== -1) { run[p[0]] += 1; }
      if (dst < 24) { run[dst] -= 1; }
    });
    paths.forEach(function (p) {
      var src = p[0], dst = p[p.length - 1], p0, p1, shorten = D.R_DAME;
      var rests = p.slice(1, -1).filter(function (v) { return v >= 0 && v < 24; });
      if (src === -1) {
        p0 = barSpot(mover, bottom);
        if (!bar && !entered) { out.push(ghost(p0)); }
        entered = true;
      } else {
        run[src] -= 1;
        var k = Math.max(run[src], 0);
        p0 = slot(whiteTrack(mover, src), bottom, k);
        if (after[src] <= k && k < D.SHOWN) { out.push(ghost(p0)); }
      }
      if (dst >= 24) {
        p1 = offTray(mover, bottom);
      } else {
        p1 = slot(whiteTrack(mover, dst), bottom, Math.max(run[dst], 0));
        run[dst] += 1;
      }
      rests.forEach(function (via) {
        var rest = slot(whiteTrack(mover, via), bottom, after[via]);
        out.push(ghost(rest, "rest"));
        out = out.concat(curvedArrow(p0, rest, shorten, D.R_GHOST, false));
        p0 = rest;
        shorten = D.R_GHOST;
      });
      out = out.concat(curvedArrow(p0, p1, shorten, D.R_DAME, true));
    });
    return out;
  }

  // The better play an analysis gives (the frame's ``a.bw``: each dame's way as ``m``), drawn over the play made in
  // its own colour: from the top of the arrow the dame would have left, through its rests, to the arrow it would reach.
  function better(pos, mover, paths, bottom) {
    var row = pos.rows[mover], out = [];
    function top(t, extra) { return slot(whiteTrack(mover, t), bottom, Math.min(Math.max(row[t] + extra, 0), D.SHOWN - 1)); }
    paths.forEach(function (p) {
      if (p.length < 2 || p[0] < 0 || p[0] >= 24) { return; }
      var p0 = top(p[0], -1);
      p.slice(1).forEach(function (t, i) {
        var last = i === p.length - 2, p1 = t >= 24 ? offTray(mover, bottom) : top(t, 0);
        out = out.concat(curvedArrow(p0, p1, D.R_DAME, last ? D.R_DAME : D.R_GHOST, last, "better").map(function (sh) {
          return sh.cls === "halo" ? shape(sh.kind, sh.geom, sh.style, "halo better-halo") : sh;  // the analysis's own
        }));
        p0 = p1;
      });
    });
    return out;
  }

  // dames hit to the bar (backgammon): diagram.knocked
  function knocked(tracks, mover, bottom) {
    var out = [], bar = barSpot(other(mover), bottom);
    tracks.forEach(function (wt) {
      var p = slot(wt, bottom, 0);
      out.push(shape("circle", [p[0], p[1], D.R_HIT], S["hit-bar"], "hit bar", [["track", wt]]));
      out = out.concat(curvedArrow(p, bar, D.R_HIT, D.R_DAME, true, "knock"));
    });
    return out;
  }

  function hits(list, bottom) {
    return list.map(function (h) {
      var p = slot(h[1], bottom, 0);
      return shape("circle", [p[0], p[1], D.R_HIT], S["hit-" + h[0]], "hit " + h[0], [["track", h[1]]]);
    });
  }

  function plein(j, bottom) {  // [row, first column, name] of a plein [jan, quadrant, beneficiary]
    var q = D.QUADRANTS[j[1]], a = place(whiteTrack(j[2], q[0]), bottom), b = place(whiteTrack(j[2], q[1] - 1), bottom);
    return [a[0], Math.min(a[1], b[1]), D.JAN_TITLES[j[0]] + " (" + D.QUADRANT_TITLES[j[1]] + ")"];
  }

  function fills(list, bottom) {
    return list.map(function (j) {
      var p = plein(j, bottom), y = p[0] === "top" ? D.TOP_IN : D.BOTTOM_IN - D.ARROW;
      return shape("rect", [columnLeft(p[1]), y, 6 * U, D.ARROW, D.PLEIN_CORNER], S.plein, "plein " + j[0], [["quadrant", j[1]]]);
    });
  }

  var SURFACE_BOX = box(columnLeft(0), D.TOP_IN, columnLeft(11) + U, D.BOTTOM_IN);

  function gapPoints(x, row, span) {
    var ys = [D.MID_Y - D.TAG_GAP_DY, D.MID_Y, D.MID_Y + D.TAG_GAP_DY], steps = [0.0], out = [];
    if (row !== "top") { ys.reverse(); }
    for (var d = 1; d <= Math.floor(span / D.TAG_STEP); d++) { steps.push(d * D.TAG_STEP, d * -D.TAG_STEP); }
    steps.forEach(function (dx) { ys.forEach(function (y) { out.push([x + dx, y]); }); });
    return out;
  }

  function tags(frame, bottom, shapes, layout) {
    var obstacles = [];
    shapes.forEach(function (sh) {
      if (sh.kind === "circle" && ["dame", "off", "jeton"].indexOf(sh.cls.split(" ")[0]) >= 0) {
        obstacles.push(circleBox(sh.geom[0], sh.geom[1], sh.geom[2]));
      }
    });
    shapes.forEach(function (sh) {
      if (sh.kind === "text") {
        obstacles.push(textBox(sh.geom[0], sh.geom[1] - D.BASELINE * sh.style.size, sh.geom[2], sh.style.size,
          sh.style.anchor, sh.style.bold, !!sh.style.halo));
      }
    });
    var size = layout.tag, wanted = [];
    (frame.j || []).forEach(function (j) {
      var p = plein(j, bottom), x = columnLeft(p[1]) + 3 * U;
      var y = p[0] === "top" ? D.TOP_IN + D.ARROW + D.TAG_PLEIN_DY : D.BOTTOM_IN - D.ARROW - D.TAG_PLEIN_DY;
      wanted.push([p[2], "tag plein", [[x, y]].concat(gapPoints(x, p[0], D.TAG_PLEIN_SPAN))]);
    });
    (frame.v || []).forEach(function (h) {
      var row = place(h[1], bottom)[0], own = [];
      for (var k = 1; k < D.SHOWN; k++) { own.push(slot(h[1], bottom, k + D.TAG_SLOT)); }
      wanted.push(["à " + h[0], "tag " + h[0], own.concat(gapPoints(own[0][0], row, D.TAG_HIT_SPAN))]);
    });
    return wanted.map(function (w) {
      var words = w[0], points = w[2], chosen = null;
      for (var i = 0; i < points.length && !chosen; i++) {
        var b = textBox(points[i][0], points[i][1], words, size, "middle", true, true);
        if (inside(b, SURFACE_BOX) && !obstacles.some(function (o) { return overlaps(b, o); })) { chosen = [points[i], b]; }
      }
      if (!chosen) { chosen = [points[0], textBox(points[0][0], points[0][1], words, size, "middle", true, true)]; }
      obstacles.push(chosen[1]);
      return text(chosen[0][0], chosen[0][1], words, size, {fill: D.INK, bold: true, halo: D.PAPER, cls: w[1]});
    });
  }

  function wrap(words, width) {  // diagram.wrap
    var lines = [], line = [];
    words.split(/\s+/).filter(Boolean).forEach(function (w) {
      var word = chars(w);
      while (word.length > width) {
        if (line.length) { lines.push(line.join("")); line = []; }
        lines.push(word.slice(0, width).join(""));
        word = word.slice(width);
      }
      if (!line.length) { line = word; } else if (line.length + 1 + word.length <= width) { line = line.concat([" "], word); } else {
        lines.push(line.join("")); line = word;
      }
    });
    if (line.length) { lines.push(line.join("")); }
    return lines;
  }

  function die(x, y, n, size) {
    var out = [shape("rect", [x, y, size, size, D.DIE_CORNER * size], S.die, "die", [["value", n]])], q = size / 4;
    (D.PIPS[String(n)] || []).forEach(function (ij) {
      out.push(shape("circle", [x + ij[0] * q, y + ij[1] * q, D.R_PIP * size], S.pip, "pip"));
    });
    return out;
  }

  function caption(lines, dice, top) {
    if (!lines.length && !dice) { return [[], 0.0]; }
    var out = [], x = D.CAPTION_X;
    if (dice) {
      dice.forEach(function (d, i) { out = out.concat(die(x + i * (D.DIE + D.DIE_GAP), top + D.DIE_TOP, d, D.DIE)); });
      x += 2 * D.DIE + D.DIE_AFTER;
    }
    var width = Math.floor((D.WIDTH - x - D.CAPTION_RIGHT) / (D.CHAR * D.CAPTION_SIZE)), y = top + D.LINE / 2;
    lines.forEach(function (line) {
      var pieces = wrap(line, width);
      (pieces.length ? pieces : [""]).forEach(function (piece) {
        out.push(text(x, y, piece, D.CAPTION_SIZE, {anchor: "start", cls: "caption"}));
        y += D.LINE;
      });
    });
    return [out, Math.max(y - D.LINE / 2 - top, dice ? D.DICE_HEIGHT : 0) + D.CAPTION_BOTTOM];
  }

  function scoreLine(score) {  // diagram.score_text
    if (!score) { return null; }
    var parts = [];
    COLORS.forEach(function (c) { if (score[c]) { parts.push(score[c][3]); } });
    if (score.k) { parts.push("pavillon: " + score.k); }
    return "score: " + parts.join("; ");
  }

  function positionText(pos, board) {  // diagram.position_text
    return COLORS.map(function (color) {
      var where = [];
      pos.rows[color].forEach(function (n, t) { if (n) { where.push(board.labels[whiteTrack(color, t)] + ":" + n); } });
      var off = pos.off[color], bar = pos.bar[color];
      return color + " (" + (color === board.bottom ? "bottom" : "top") + "): " + (where.join(" ") || "no dame on the board") +
        (bar ? ", " + bar + " on the bar" : "") + (off ? ", " + off + " off" : "");
    }).join("; ") + ".";
  }

  // The scene of frame n (diagram.scene): its shapes over the background, its size, title and description.
  // ``score``: the score after the frame (the latest a frame gave: frames give it where it changes).
  function scene(board, frame, score, compact) {
    var layout = D.LAYOUTS[compact ? "compact" : "full"], bottom = board.bottom, pos = readPosition(frame.p);
    var at = board.turned ? other(bottom) : bottom;  // the colour whose first arrows are drawn at the bottom
    var piled = dames(pos, at, layout), isCount = function (s) { return s.cls.indexOf("count") === 0; };
    var shapes = fills(frame.j || [], at).concat(piled.filter(function (s) { return !isCount(s); }), scoreMarks(score, at));
    if (frame.s) { shapes = shapes.concat(moves(pos, frame.s, frame.m || [], at), knocked(frame.b || [], frame.s, at)); }
    if (frame.s && frame.a && frame.a.bw) { shapes = shapes.concat(better(pos, frame.s, frame.a.bw, at)); }
    shapes = shapes.concat(hits(frame.v || [], at), cubeShapes(frame.cu, bottom), piled.filter(isCount));  // counts on top
    shapes = shapes.concat(tags(frame, at, shapes, layout));
    if (board.turned) { shapes = mirror(shapes); }
    var lines = (frame.t ? [frame.t] : []).concat(frame.e || [], frame.c || []), sl = scoreLine(score);
    if (sl) { lines.push(sl); }
    var used = 0.0;
    if (layout.caption) {
      var cap = caption(lines, frame.d || null, D.BOARD_HEIGHT);
      shapes = shapes.concat(cap[0]);
      used = cap[1];
    }
    if (used) { shapes.unshift(shape("rect", [0, D.BOARD_HEIGHT, D.WIDTH, used, 0], S.paper, "paper")); }
    var name = board.name || "Trictrac", heading = lines.length ? lines[0] : name + " position";
    var desc = lines.filter(function (t) { return t !== heading; }).join(" ");
    desc = (desc ? desc + " " : "") + positionText(pos, board);
    var ll = layoutLabels(board, compact), back = boardShapes(ll[0], ll[1], at, layout, bottom);
    return {width: D.WIDTH, height: D.BOARD_HEIGHT + used, background: board.turned ? mirror(back) : back,
      shapes: shapes, title: name + ": " + heading, desc: desc};
  }

  // --- the SVG (svg.py) ----------------------------------------------------------------------------
  function paint(style, kind) {
    var out = "";
    if (kind === "text") {
      out += ' font-size="' + num(style.size) + '"';
      if (style.anchor !== "start") { out += ' text-anchor="' + style.anchor + '"'; }
      if (style.bold) { out += ' font-weight="bold"'; }
      if (style.halo) {
        out += ' stroke="' + style.halo + '" stroke-width="' + num(style.size * D.HALO) +
          '" stroke-linejoin="round" paint-order="stroke"';
      }
    }
    out += style.fill ? ' fill="' + style.fill + '"' : ' fill="none"';
    if (style.opacity !== undefined && style.opacity !== 1.0) { out += ' fill-opacity="' + style.opacity + '"'; }
    if (style.stroke && kind !== "text") {
      out += ' stroke="' + style.stroke + '" stroke-width="' + num(style.width) + '"';
      if (style.dash) { out += ' stroke-dasharray="' + style.dash.map(num).join(" ") + '"'; }
    }
    return out;
  }

  function points(ps) { return ps.map(function (p) { return num(p[0]) + "," + num(p[1]); }).join(" "); }

  function shapeSVG(sh) {
    var g = sh.geom, attrs = (sh.cls ? ' class="' + sh.cls + '"' : "") +
      sh.data.map(function (kv) { return " data-" + kv[0] + '="' + esc(kv[1], true) + '"'; }).join("") + paint(sh.style, sh.kind);
    switch (sh.kind) {
      case "circle": return '<circle cx="' + num(g[0]) + '" cy="' + num(g[1]) + '" r="' + num(g[2]) + '"' + attrs + "/>";
      case "polygon": return '<polygon points="' + points(g) + '"' + attrs + "/>";
      case "text": return '<text x="' + num(g[0]) + '" y="' + num(g[1]) + '"' + attrs + ">" + esc(g[2]) + "</text>";
      case "rect":
        return '<rect x="' + num(g[0]) + '" y="' + num(g[1]) + '" width="' + num(g[2]) + '" height="' + num(g[3]) + '"' +
          (g[4] ? ' rx="' + num(g[4]) + '"' : "") + attrs + "/>";
      case "path":
        return '<path d="M' + num(g[0][0]) + " " + num(g[0][1]) + "Q" + num(g[1][0]) + " " + num(g[1][1]) + " " +
          num(g[2][0]) + " " + num(g[2][1]) + '"' + attrs + ' stroke-linecap="round"/>';
      case "line":
        return '<line x1="' + num(g[0][0]) + '" y1="' + num(g[0][1]) + '" x2="' + num(g[1][0]) + '" y2="' + num(g[1][1]) + '"' + attrs + "/>";
    }
    throw new Error("unknown shape kind " + sh.kind);
  }

  function backgroundSVG(sc) { return sc.background.map(shapeSVG).join(""); }

  // svg.scene_svg: ``background`` the SVG of the board itself, or null to write it in place
  function sceneSVG(sc, width, id, useId) {
    var body = (useId ? '<use href="#' + useId + '"/>' : backgroundSVG(sc)) + sc.shapes.map(shapeSVG).join("");
    return '<svg xmlns="http://www.w3.org/2000/svg" id="' + esc(id, true) + '" width="' + num(width) + '" height="' +
      num(width * sc.height / sc.width) + '" viewBox="0 0 ' + num(sc.width) + " " + num(sc.height) +
      '" role="img" aria-labelledby="' + id + "-title " + id + '-desc" font-family="DejaVu Sans, Verdana, sans-serif">' +
      '<title id="' + id + '-title">' + esc(sc.title) + '</title><desc id="' + id + '-desc">' + esc(sc.desc) + "</desc>" +
      body + "</svg>";
  }

  // The score after each frame: a frame gives it (``sc``) where it changes.
  function scores(frames) {
    var out = [], last = null;
    frames.forEach(function (f) {
      if (Object.prototype.hasOwnProperty.call(f, "sc")) { last = f.sc; }
      out.push(last);
    });
    return out;
  }

  window.TrictracBoard = {
    scene: scene, scores: scores, sceneSVG: sceneSVG, backgroundSVG: backgroundSVG,
    // the SVG of frame n of a game's data ({board, frames}); ``useId``: refer to the board drawn elsewhere
    frameSVG: function (game, n, compact, width, id, useId) {
      var sc = scene(game.board, game.frames[n], scores(game.frames)[n], compact);
      return sceneSVG(sc, width, id, useId);
    }
  };
})();

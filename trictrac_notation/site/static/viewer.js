/* The game viewer of the trictrac site: step through the throws of a game with the buttons, the keys (← → a throw,
   Home/End the ends, ↓ into a throw's variation, ↑ back out of it) or by clicking a throw in the move list, which
   keeps the current throw in sight by scrolling itself, never the page. Works from file://: the game's data come
   from a <script src> (games/ID.data.js) that fills window.TRICTRAC_GAMES; nothing is fetched. Each step's diagram
   is drawn here from the data by board.js (both layouts: the style sheet shows one by the screen's width), its
   board drawn once a layout. A throw after which the dames are re-piled has a second step, the re-piling; a
   variation is a line of its own, entered as a branch. Text from records is written with textContent, or escaped
   by board.js; the book's figures are SVG from the site builder. */
(function () {
  "use strict";
  var viewers = [];
  var active = null;
  var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };

  // The score and the flags come worded by the site builder (the words of every other report):
  // a player's score is [points, holes, bredouille, words].
  function scoreText(color, s) {
    return s ? s[3] : color + " 0 holes 0 points";
  }

  function fill(list, items, cls) {
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = typeof item === "string" ? item : item.text;
      if (cls) { li.className = cls + (item.kind ? " flag-" + item.kind : ""); }
      list.appendChild(li);
    });
  }

  // The book's figures of this position: SVG from the site builder; captions escaped here, every difference named.
  function bookHTML(figures) {
    return figures.map(function (b) {
      var cap = document.createElement("figcaption"), n = b.differences.length;
      cap.textContent = b.caption + ": " + (n ? "it differs from the replay in " + n + " place" + (n > 1 ? "s" : "") +
        ": " + b.differences.join("; ") : "as in the replay");
      return '<figure class="tv-figure">' + b.svg + cap.outerHTML + "</figure>";
    }).join("");
  }

  var LAYOUTS = [["full", false], ["compact", true]];

  function texts(parent, selector) {
    return Array.prototype.map.call(parent.querySelectorAll(selector), function (e) { return e.textContent; });
  }

  // What the page's move list says of each throw of the main line, the data leave out: its events, flags and
  // comments in words (under its row) and the score's words (in its row, each beginning with the player's colour).
  function fromPage(frames) {
    var rows = {};
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist tr[data-throw]"), function (row) {
      rows[row.className.split(" ")[0] + row.getAttribute("data-throw")] = row;
    });
    frames.forEach(function (frame, n) {
      var details = rows["details" + n], row = rows["throw" + n];
      frame.e = details ? texts(details, ":scope > td > .event") : [];
      frame.x = details ? texts(details, ":scope > td > .comment") : [];
      frame.f = details ? Array.prototype.map.call(details.querySelectorAll(".flag"), function (e) {
        var kind = /flag-(\S+)/.exec(e.className);
        return {kind: kind ? kind[1] : "", text: e.textContent};
      }) : [];
      if (frame.sc && row) {
        texts(row, "td.score span").forEach(function (words) {
          var color = words.split(" ")[0];
          if (frame.sc[color]) { frame.sc[color][3] = words; }
        });
      }
    });
  }

  // The steps of a line of frames: a throw, and after it the re-piling where it ended a relevé; each with the
  // score after it (a frame gives it where it changes). ``base``: a branch's first step, the position it leaves.
  function stepsOf(frames, base) {
    var out = base ? [base] : [], last = base ? base.score : null;
    frames.forEach(function (f, i) {
      if (has(f, "sc")) { last = f.sc; }
      out.push({f: f, i: i, score: last});
      if (f.r) { out.push({f: f.r, i: i, score: last, repile: true, of: f}); }
    });
    return out;
  }

  function Viewer(root, data, index) {
    this.root = root;
    this.data = data;
    fromPage(data.frames);
    this.main = {steps: stepsOf(data.frames, null), parent: null};
    this.id = "tv" + index;
    this.line = this.main;
    this.k = 0;
    this.last = data.frames.length - 1;
    var q = function (sel) { return root.querySelector(sel); };
    this.el = {
      counter: q(".tv-counter"), label: q(".tv-label"), diagram: q(".tv-diagram"),
      white: q(".tv-score-white"), black: q(".tv-score-black"), events: q(".tv-events"), flags: q(".tv-flags"),
      status: q(".tv-status"),
      book: q(".tv-book"), up: q(".tv-up"),
      first: q(".tv-first"), prev: q(".tv-prev"), next: q(".tv-next"), end: q(".tv-last")
    };
    this.list = document.querySelector(".trictrac-moves");
    var self = this;
    this.el.first.addEventListener("click", function () { self.show(0); });
    this.el.prev.addEventListener("click", function () { self.show(self.k - 1); });
    this.el.next.addEventListener("click", function () { self.show(self.k + 1); });
    this.el.end.addEventListener("click", function () { self.show(self.line.steps.length - 1); });
    if (this.el.up) { this.el.up.addEventListener("click", function () { self.leave(); }); }
    root.addEventListener("focusin", function () { active = self; });
    root.addEventListener("click", function () { active = self; });
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist tr[data-throw]"), function (row) {
      row.addEventListener("click", function (event) {
        if (event.target.closest("a")) { event.preventDefault(); }  // a row's link must not move the page
        active = self;
        self.line = self.main;
        self.show(self.stepOf(parseInt(row.getAttribute("data-throw"), 10)));
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist a.tv-branch"), function (a) {
      a.addEventListener("click", function (event) {
        event.preventDefault();
        event.stopPropagation();
        active = self;
        self.line = self.main;
        self.k = self.stepOf(parseInt(a.getAttribute("data-throw"), 10));
        self.enter(parseInt(a.getAttribute("data-branch"), 10), parseInt(a.getAttribute("data-step"), 10));
      });
    });
    this.boards();
    this.show(0);
  }

  // The first step of throw n of the current line.
  Viewer.prototype.stepOf = function (n) {
    var steps = this.line.steps;
    for (var k = 0; k < steps.length; k++) { if (steps[k].i === n && !steps[k].repile && steps[k] !== this.line.base) { return k; } }
    return 0;
  };

  // Into variation v of the current step's throw, at its step ``at`` (1: its first throw).
  Viewer.prototype.enter = function (v, at) {
    var step = this.line.steps[this.k], branches = step && !step.repile ? step.f.br : null;
    if (!branches || !branches[v]) { return false; }
    var before = this.line.steps[Math.max(this.k - 1, 0)];
    var base = {f: before.f, i: -1, score: before.score, base: true};
    this.line = {steps: stepsOf(branches[v], base), parent: {line: this.line, k: this.k, v: v}, base: base};
    this.show(at || 1);
    return true;
  };

  // Back to the line the current variation branches from, at the throw it replaces.
  Viewer.prototype.leave = function () {
    var parent = this.line.parent;
    if (!parent) { return false; }
    this.line = parent.line;
    this.show(parent.k);
    return true;
  };

  // The board of each layout, drawn once in the viewer: every step's diagram refers to it.
  Viewer.prototype.boards = function () {
    var B = window.TrictracBoard, frame = this.data.frames[0], self = this, defs = "";
    LAYOUTS.forEach(function (l) {
      var sc = B.scene(self.data.board, frame, null, l[1]);
      defs += '<g id="' + self.id + "-" + l[0] + '">' + B.backgroundSVG(sc) + "</g>";
    });
    var holder = document.createElement("div");
    holder.innerHTML = '<svg class="tv-boards" width="0" height="0" aria-hidden="true" focusable="false"><defs>' +
      defs + "</defs></svg>";
    this.root.appendChild(holder.firstChild);
  };

  Viewer.prototype.draw = function (step, k) {
    var B = window.TrictracBoard, self = this;
    return LAYOUTS.map(function (l) {
      var sc = B.scene(self.data.board, step.f, step.score, l[1]);
      return '<div class="tv-' + l[0] + '">' + B.sceneSVG(sc, self.data.width, self.id + "-" + k + "-" + l[0],
        self.id + "-" + l[0]) + "</div>";
    }).join("");
  };

  // Where the step stands, in words: 'throw 12 / 40', 'variation 2 of throw 12: throw 1 / 3', '… the dames re-piled'.
  Viewer.prototype.where = function (step) {
    var parent = this.line.parent, words;
    if (!parent) {
      var ix = step.repile ? step.of.ix : step.f.ix;  // a match numbers each game's throws
      words = ix ? "game " + ix[0] + " · throw " + ix[1] + " (" + step.i + " / " + this.last + ")" :
        "throw " + step.i + " / " + this.last;
    } else {
      var count = this.line.steps.filter(function (s) { return !s.repile && !s.base; }).length;
      var at = parent.line.steps[parent.k];
      words = "variation " + (parent.v + 1) + " of throw " + at.i + ": " + (step.base ? "before it" :
        "throw " + (step.i + 1) + " / " + count);
    }
    return words + (step.repile ? " · re-piled" : "");
  };

  Viewer.prototype.show = function (k) {
    var steps = this.line.steps;
    k = Math.max(0, Math.min(steps.length - 1, k));
    var step = steps[k], frame = step.repile ? step.of : step.f;
    this.k = k;
    this.el.counter.textContent = this.where(step);
    var label = step.base ? "the position before the variation" : frame.l || "starting position";
    this.el.label.textContent = step.repile ? label + " — " + (step.f.c || []).join("; ") : label;
    this.el.diagram.innerHTML = this.draw(step, k);
    if (this.el.white) {  // a game marking points and holes (the page has no such score otherwise)
      this.el.white.textContent = scoreText("white", step.score ? step.score.white : null);
      this.el.black.textContent = scoreText("black", step.score ? step.score.black : null);
    }
    if (this.el.status) { this.el.status.textContent = (step.f.c || []).join(" · "); }  // pips, cube, match
    var shown = step.repile || step.base ? {} : frame;
    if (this.el.book) { this.el.book.innerHTML = bookHTML(shown.g || []); }
    fill(this.el.events, shown.e || [], "event");
    var judged = shown.a ? [{kind: "analysis", text: "analysis: " + shown.a.w + (shown.a.bw ? " (drawn dashed)" : "")}] : [];
    fill(this.el.flags, (shown.f || []).concat(shown.x || [], judged), "flag");
    this.el.first.disabled = this.el.prev.disabled = k === 0;
    this.el.next.disabled = this.el.end.disabled = k === steps.length - 1;
    if (this.el.up) { this.el.up.hidden = !this.line.parent; }
    this.root.setAttribute("data-throw", String(this.line.parent ? -1 : step.i));
    this.mark(step);
  };

  // The current throw's row (and variation) marked in the move list, brought into sight inside the list.
  Viewer.prototype.mark = function (step) {
    var top = this.line, n = step.i, branch = null;
    while (top.parent) {
      branch = {v: top.parent.v, at: top === this.line ? step.i + 1 : null};
      n = top.parent.line.steps[top.parent.k].i;
      top = top.parent.line;
    }
    var current = null;
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist tr.throw[data-throw]"), function (row) {
      var on = row.getAttribute("data-throw") === String(n);
      row.classList.toggle("current", on);
      if (on) { current = row; }
    });
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist a.tv-branch"), function (a) {
      a.classList.toggle("current", !!branch && a.getAttribute("data-throw") === String(n) &&
        a.getAttribute("data-branch") === String(branch.v) && a.getAttribute("data-step") === String(branch.at));
    });
    var list = this.list;
    if (!current || !list || list.scrollHeight <= list.clientHeight) { return; }
    var box = list.getBoundingClientRect(), head = list.querySelector("thead");
    var from = box.top + (head ? head.getBoundingClientRect().height : 0), r = current.getBoundingClientRect();
    var details = current.nextElementSibling, bottom = details && details.classList.contains("details") ?
      Math.min(details.getBoundingClientRect().bottom, r.top + box.height / 2) : r.bottom;
    if (r.top < from) { list.scrollTop -= from - r.top + 4; } else if (bottom > box.bottom) { list.scrollTop += bottom - box.bottom + 4; }
  };

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    var v = active || viewers[0];
    if (!v || typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var moves = {ArrowRight: v.k + 1, ArrowLeft: v.k - 1, Home: 0, End: v.line.steps.length - 1};
    if (event.key in moves) {
      event.preventDefault();
      v.show(moves[event.key]);
    } else if ((event.key === "ArrowDown" && v.enter(0, 1)) || (event.key === "ArrowUp" && v.leave())) {
      event.preventDefault();  // (otherwise the keys scroll the page, as always)
    }
  });

  function init() {
    var games = window.TRICTRAC_GAMES || {};
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-viewer[data-game]"), function (root) {
      var data = games[root.getAttribute("data-game")];
      if (!data || !data.board || !window.TrictracBoard) {
        root.querySelector(".tv-label").textContent = "the game's data (" + root.getAttribute("data-game") +
          ".data.js) or the drawing script (board.js) did not load";
        return;
      }
      viewers.push(new Viewer(root, data, viewers.length));
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();

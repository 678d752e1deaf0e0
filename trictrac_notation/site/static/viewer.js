/* The game viewer of the trictrac site: step through the throws of a game with the buttons or the
   arrow keys (Home/End for the ends). Works from file://: the game's data come from a <script src>
   (games/ID.data.js) that fills window.TRICTRAC_GAMES; nothing is fetched. Each throw's diagram is drawn
   here from the data by board.js (both layouts: the style sheet shows one by the screen's width), its
   board drawn once a layout. Text from records is written with textContent, or escaped by board.js;
   the book's figures are SVG from the site builder. */
(function () {
  "use strict";
  var viewers = [];
  var active = null;

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

  // The book's figures of this position: SVG from the site builder; captions escaped here.
  function bookHTML(figures) {
    return figures.map(function (b) {
      var cap = document.createElement("figcaption");
      cap.textContent = b.caption + ": " + (b.differences.length ? "differs from the replay: " + b.differences.join("; ") : "as in the replay");
      return '<figure class="tv-figure">' + b.svg + cap.outerHTML + "</figure>";
    }).join("");
  }

  var LAYOUTS = [["full", false], ["compact", true]];

  function texts(parent, selector) {
    return Array.prototype.map.call(parent.querySelectorAll(selector), function (e) { return e.textContent; });
  }

  // What the page's move list says of each throw, the data leave out: its events, flags and comments in
  // words (under its row) and the score's words (in its row, each beginning with the player's colour).
  function fromPage(frames) {
    var rows = {};
    Array.prototype.forEach.call(document.querySelectorAll(".trictrac-movelist tr[data-throw]"), function (row) {
      rows[row.className + row.getAttribute("data-throw")] = row;
    });
    frames.forEach(function (frame, n) {
      var details = rows["details" + n], row = rows["throw" + n];
      frame.e = details ? texts(details, ".event") : [];
      frame.x = details ? texts(details, ".comment") : [];
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

  function Viewer(root, data, index) {
    this.root = root;
    this.data = data;
    this.frames = data.frames;
    fromPage(this.frames);
    this.scores = window.TrictracBoard.scores(this.frames);
    this.id = "tv" + index;
    this.n = 0;
    this.last = this.frames.length - 1;
    var q = function (sel) { return root.querySelector(sel); };
    this.el = {
      counter: q(".tv-counter"), label: q(".tv-label"), diagram: q(".tv-diagram"),
      white: q(".tv-score-white"), black: q(".tv-score-black"), events: q(".tv-events"), flags: q(".tv-flags"),
      book: q(".tv-book"),
      first: q(".tv-first"), prev: q(".tv-prev"), next: q(".tv-next"), end: q(".tv-last")
    };
    var self = this;
    this.el.first.addEventListener("click", function () { self.show(0); });
    this.el.prev.addEventListener("click", function () { self.show(self.n - 1); });
    this.el.next.addEventListener("click", function () { self.show(self.n + 1); });
    this.el.end.addEventListener("click", function () { self.show(self.last); });
    root.addEventListener("focusin", function () { active = self; });
    root.addEventListener("click", function () { active = self; });
    var rows = document.querySelectorAll("tr[data-throw]");
    Array.prototype.forEach.call(rows, function (row) {
      row.addEventListener("click", function (event) {
        if (event.target.tagName === "A") { event.preventDefault(); }
        active = self;
        self.show(parseInt(row.getAttribute("data-throw"), 10));
        self.reveal();
      });
    });
    this.boards();
    this.show(0);
  }

  // Bring the viewer's buttons into sight when they are not: below the site's fixed header (the
  // viewer's scroll-margin-top in trictrac.css), not under it.
  Viewer.prototype.reveal = function () {
    var box = this.el.first.parentNode.getBoundingClientRect();
    var header = document.querySelector(".md-header");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    if (box.top < top || box.bottom > window.innerHeight) { this.root.scrollIntoView({block: "start"}); }
  };

  // The board of each layout, drawn once in the viewer: every frame's diagram refers to it.
  Viewer.prototype.boards = function () {
    var B = window.TrictracBoard, frame = this.frames[0], self = this, defs = "";
    LAYOUTS.forEach(function (l) {
      var sc = B.scene(self.data.board, frame, null, l[1]);
      defs += '<g id="' + self.id + "-" + l[0] + '">' + B.backgroundSVG(sc) + "</g>";
    });
    var holder = document.createElement("div");
    holder.innerHTML = '<svg class="tv-boards" width="0" height="0" aria-hidden="true" focusable="false"><defs>' +
      defs + "</defs></svg>";
    this.root.appendChild(holder.firstChild);
  };

  Viewer.prototype.draw = function (n) {
    var B = window.TrictracBoard, self = this;
    return LAYOUTS.map(function (l) {
      var sc = B.scene(self.data.board, self.frames[n], self.scores[n], l[1]);
      return '<div class="tv-' + l[0] + '">' + B.sceneSVG(sc, self.data.width, self.id + "-" + n + "-" + l[0],
        self.id + "-" + l[0]) + "</div>";
    }).join("");
  };

  Viewer.prototype.show = function (n) {
    n = Math.max(0, Math.min(this.last, n));
    var frame = this.frames[n];
    this.n = n;
    this.el.counter.textContent = "throw " + n + " / " + this.last;
    this.el.label.textContent = frame.l || "starting position";
    this.el.diagram.innerHTML = this.draw(n);
    // the score after the latest scored throw up to this one
    var score = null;
    for (var k = n; k >= 0 && !score; k--) { score = this.scores[k]; }
    if (this.el.white) {  // a game marking points and holes (the page has no such score otherwise)
      this.el.white.textContent = scoreText("white", score ? score.white : null);
      this.el.black.textContent = scoreText("black", score ? score.black : null);
    }
    if (this.el.book) { this.el.book.innerHTML = bookHTML(frame.g || []); }
    fill(this.el.events, frame.e || [], "event");
    fill(this.el.flags, (frame.f || []).concat(frame.x || []), "flag");
    this.el.first.disabled = this.el.prev.disabled = n === 0;
    this.el.next.disabled = this.el.end.disabled = n === this.last;
    this.root.setAttribute("data-throw", String(n));
    var rows = document.querySelectorAll("tr.throw[data-throw]");  // its notes' row follows it (trictrac.css)
    Array.prototype.forEach.call(rows, function (row) {
      row.classList.toggle("current", row.getAttribute("data-throw") === String(n));
    });
  };

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    var v = active || viewers[0];
    if (!v || typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var moves = { ArrowRight: v.n + 1, ArrowLeft: v.n - 1, Home: 0, End: v.last };
    if (!(event.key in moves)) { return; }
    event.preventDefault();
    v.show(moves[event.key]);
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

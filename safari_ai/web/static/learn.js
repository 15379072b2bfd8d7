// learn.js: "Learn from your mistakes" (issue 30, point 4), after "Analyse the game".
//
// It walks one player through their own marked decisions (doubtful, bad,
// very bad), one at a time: the board shows the position before the
// decision, the player tries a move there (by clicks, as in play, or typed),
// and the page says whether the move is within the doubtful threshold of the
// best, with the numbers of the game's own analysis:
//
// * the move played in the game or the analysis's best move: that ply of the
//   analysis as it is (its error and class; the best move's error is 0);
// * any other move: the same analysis (POST /api/analyse of a record) of a
//   one-move record, that decision with the tried move, at the same level or
//   limits: its search of the position is the one the game's analysis ran
//   there, and it values the tried move the way it valued the move played
//   (in the same search when the move is among its lines, else by the search
//   of the position after it) — nothing the search did not show.
//
// Then it shows the engine's line (the analysis's best line). Previous, Next
// and Quit move along the decisions; the game itself is never changed.
//
// The page (app.js) hands it its state and a few of its functions; it calls
// back `deciding()` (moves may be tried at the shown position), `takes(move)`
// (a move chosen on the board goes here, not into the game), `reviewed()`
// after an analysis and `reset()` when the analysis is emptied.

const MARKS = { "doubtful": "?!", "bad": "?", "very bad": "??" };

export class Learn {
  // page: {state, api, goTo, say, formatValue}: app.js's state and functions
  constructor(page) {
    this.page = page;
    this.analysis = null;     // the game's analysis (the POST /api/analyse result)
    this.asked = null;        // its level or limits ({level} or {limits})
    this.list = [];           // the marked decisions of the chosen player
    this.index = -1;          // the one shown; -1: not learning
    this.pending = 0;         // bumps with each try, so a late answer is dropped
    this.last = null;         // the last verdict, for tests and the console
    this.build();
  }

  get active() { return this.index >= 0; }

  build() {
    const $ = (id) => document.getElementById(id);
    const make = (tag, attrs = {}, text = "") => {
      const el = document.createElement(tag);
      Object.assign(el, attrs);
      if (text) el.textContent = text;
      return el;
    };
    // in the review: the player and the start button
    this.player = make("select", { id: "learn-player" });
    this.start = make("button", { type: "button", id: "learn-start", disabled: true }, "Learn from your mistakes");
    const label = make("label", {}, "player ");
    label.append(this.player);
    const row = make("p", { id: "learn-controls" });
    row.append(label, " ", this.start);
    $("review-status").before(row);
    // under the board: the decision, the verdict, the line, the buttons
    this.panel = make("section", { id: "learn", hidden: true });
    this.panel.setAttribute("aria-label", "Learn from your mistakes");
    this.text = make("p", { id: "learn-text" });
    this.text.setAttribute("aria-live", "polite");
    this.verdict = make("p", { id: "learn-verdict" });
    this.verdict.setAttribute("aria-live", "polite");
    this.line = make("p", { id: "learn-line" });
    const buttons = make("p");
    this.prev = make("button", { type: "button", id: "learn-prev" }, "Previous");
    this.show = make("button", { type: "button", id: "learn-show" }, "Show the engine's line");
    this.next = make("button", { type: "button", id: "learn-next" }, "Next");
    this.quit = make("button", { type: "button", id: "learn-quit" }, "Quit");
    buttons.append(this.prev, " ", this.show, " ", this.next, " ", this.quit);
    this.panel.append(this.text, this.verdict, this.line, buttons);
    $("ply-note").after(this.panel);
    this.start.addEventListener("click", () => this.begin());
    this.prev.addEventListener("click", () => this.go(this.index - 1));
    this.next.addEventListener("click", () => this.go(this.index + 1));
    this.show.addEventListener("click", () => this.showLine());
    this.quit.addEventListener("click", () => this.stop());
  }

  // A decision of a player that the analysis marked (not a forced one).
  static marked(ply, player) {
    return ply.by === player && ply.class && !ply.forced;
  }

  // After "Analyse the game": the players with marked decisions, the human
  // seats first.
  reviewed(analysis, asked) {
    this.stop();
    this.analysis = analysis;
    this.asked = asked;
    const { state } = this.page;
    const players = state.seats.map((seat, i) => i)
      .filter((p) => analysis.plies.some((ply) => Learn.marked(ply, p)));
    players.sort((a, b) => (state.seats[a] === "human" ? 0 : 1) - (state.seats[b] === "human" ? 0 : 1));
    this.player.innerHTML = "";
    for (const p of players) {
      const count = analysis.plies.filter((ply) => Learn.marked(ply, p)).length;
      this.player.append(new Option(`p${p} (${count} marked)`, String(p)));
    }
    this.start.disabled = players.length === 0;
  }

  reset() {
    this.stop();
    this.analysis = null;
    this.player.innerHTML = "";
    this.start.disabled = true;
  }

  begin() {
    if (!this.analysis) return;
    const player = Number(this.player.value);
    this.list = this.analysis.plies.filter((ply) => Learn.marked(ply, player));
    if (!this.list.length) return;
    const analyse = document.getElementById("analyse");   // no engine hints while learning
    if (analyse.checked) { analyse.checked = false; analyse.dispatchEvent(new Event("change")); }
    this.panel.hidden = false;
    this.go(0);
  }

  stop() {
    this.index = -1;
    this.pending += 1;
    this.panel.hidden = true;
    this.last = null;
  }

  // The decision shown: its ply's entry in the analysis.
  get item() { return this.list[this.index]; }

  go(index) {
    if (index < 0 || index >= this.list.length) return;
    this.index = index;
    this.pending += 1;
    this.last = null;
    const item = this.item;
    this.text.textContent = `Decision ${index + 1} of ${this.list.length}: ply ${item.ply}, player ${item.by} to move. `
      + `In the game: ${item.move} ${MARKS[item.class]} (${item.class}). Find a better move: play it on the board.`;
    this.verdict.textContent = "";
    this.verdict.className = "";
    this.line.textContent = "";
    this.prev.disabled = index === 0;
    this.next.disabled = index === this.list.length - 1;
    this.page.goTo(item.ply - 1);                  // the position before the decision
  }

  // Moves are tried at the decision shown (whoever's seat it is).
  deciding() {
    return this.active && this.page.state.cursor === this.item.ply - 1;
  }

  // A move chosen on the page while learning: judged, never played. True when
  // learning (the page then does not play it).
  takes(move) {
    if (!this.active) return false;
    if (!this.deciding()) {
      this.page.say("Learning: Previous or Next shows a decision again (Quit to play on).");
      return true;
    }
    this.judge(move);
    return true;
  }

  async judge(move) {
    const item = this.item;
    const ticket = ++this.pending;
    const units = this.analysis.units;
    const value = (x) => this.page.formatValue(x, units);
    const doubtful = this.analysis.thresholds.doubtful;
    let verdict;
    if (move === item.best) {
      verdict = { move, error: 0, class: null, source: "the analysis's best move" };
    } else if (move === item.move) {
      verdict = { move, error: item.error, class: item.class, source: "the move played in the game" };
    } else {
      this.verdict.textContent = `${move}: analysing…`;
      this.verdict.className = "";
      try {
        const tried = await this.page.api("/api/analyse", { record: this.record(item, move), ...this.asked });
        if (ticket !== this.pending) return;
        const ply = tried.plies[0];
        verdict = { move, error: ply.error, class: ply.class, best: ply.best,
          source: ply.played_in_lines ? "valued in the analysis's search of this position"
            : "not among the search's lines: valued by the search after it, capped at its last line" };
      } catch (error) {
        if (ticket === this.pending) this.verdict.textContent = `${move}: ${error.message}`;
        return;
      }
    }
    if (ticket !== this.pending) return;
    this.last = verdict;
    const good = verdict.class === null;
    this.verdict.textContent = (good
      ? `${move}: good, within the doubtful threshold of the best (error ${value(verdict.error)} < ${value(doubtful)}).`
      : `${move}: ${MARKS[verdict.class]} ${verdict.class} (error ${value(verdict.error)}; doubtful from ${value(doubtful)}).`)
      + ` (${verdict.source})`;
    this.verdict.className = good ? "good" : verdict.class.replace(" ", "-");
    this.showLine();
  }

  showLine() {
    if (!this.active) return;
    const item = this.item;
    this.line.textContent = `The engine's line: ${item.pv.join(" ")}`
      + (item.reason ? `. ${item.reason.text}` : "");
  }

  // A record of one move, the decision with the tried move, from the
  // position before it: what the analysis reads.
  record(item, move) {
    const { state } = this.page;
    const start = item.ply === 1 ? state.start : state.plies[item.ply - 2].pos;
    return {
      format: "safari-ai-record", version: 1, game: state.game, date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      players: [], settings: {}, start, moves: [{ ply: 1, by: item.by, move }], result: null, termination: "abandoned",
    };
  }
}

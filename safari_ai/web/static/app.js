// safari-ai's web page: play and analyse the four games against the engine.
// It speaks only the public API of docs/web.md: HTTP for positions, moves and
// pictures, the WebSocket /api/engine (the engine protocol) for live thinking.
// Every request goes through engine.request: engine-http.js to `safari-ai
// serve`, or, in the static site (`safari-ai export-site`, whose index.html
// says <meta name="safari-engine" content="wasm">), engine-wasm.js to the
// C core as WebAssembly in the page.

import { showBoard } from "./boardview.js";
import { Learn } from "./learn.js";

const $ = (id) => document.getElementById(id);
const PARAMS = new URLSearchParams(location.search);
// The pause before the page rolls the dice, so that a person follows (?roll_ms=0: none).
const ROLL_MS = Math.max(0, Number(PARAMS.get("roll_ms") ?? 400) || 0);
const ENGINE = document.querySelector('meta[name="safari-engine"]')?.content === "wasm"
  ? "./engine-wasm.js" : "./engine-http.js";
const engine = await import(ENGINE);
import { buildSettingsForm } from "./settings-form.js";

// ---------------------------------------------------------------- the API ----

class ApiError extends Error {
  constructor(message, field) { super(message); this.field = field; }
}

// An answer that is not the API's JSON (a proxy's error page, a server
// crash) is reported with its HTTP status, never as a JSON parse error.
function parseAnswer(response, text) {
  try {
    return JSON.parse(text);
  } catch {
    const what = text.trim().split("\n")[0].slice(0, 120) || "an empty answer";
    throw new ApiError(`the server answered HTTP ${response.status}: ${what}`, null);
  }
}

async function failure(response) {
  const data = parseAnswer(response, await response.text());
  return new ApiError(data.error || `the server answered HTTP ${response.status}`, data.field);
}

const post = (body, signal) => ({
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });

let inFlight = 0;
async function api(path, body) {
  inFlight += 1;
  markIdle();
  try {
    const response = await engine.request(path, body === undefined ? {} : post(body));
    if (!response.ok) throw await failure(response);
    if (path === "/api/render") return await response.text();
    return parseAnswer(response, await response.text());
  } finally {
    inFlight -= 1;
    markIdle();
  }
}

// A streamed search (docs/web.md, "stream": true): onProgress gets every
// {"progress"} line as it comes; the answer is the {"result"}. Aborting the
// signal closes the connection, which stops the search on the server.
async function apiStream(path, body, onProgress, signal) {
  inFlight += 1;
  markIdle();
  try {
    const response = await engine.request(path, post({ ...body, stream: true }, signal));
    if (!response.ok) throw await failure(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (!line) continue;                      // a keep-alive
        const data = parseAnswer(response, line);
        if (data.progress !== undefined) onProgress(data.progress);
        else if (data.result !== undefined) return data.result;
        else throw new ApiError(data.error, data.field);
      }
    }
    throw new ApiError("the answer ended before its result", null);
  } finally {
    inFlight -= 1;
    markIdle();
  }
}

// The streamed HTTP searches under way, by kind: "move" (an engine move in a
// game with hidden tiles: stopped, it plays its best move so far), "analysis" (the shown
// position with hidden tiles) and "review" (the game analysis).
const streams = new Map();   // AbortController -> {kind, stop}
function stopStreams(...kinds) {
  for (const { kind, stop } of streams.values()) if (kinds.includes(kind)) stop();
}

// --------------------------------------------------------------- the state ----

const S = {
  facts: {},          // game name -> facts from /api/games
  game: null,
  seats: [],          // "human" | "engine", one per player
  start: null,        // the start position (JSON)
  plies: [],          // {move, by, pos}: pos is the position after the move
  cursor: 0,          // plies shown: the position is posAt(cursor)
  legal: null,        // {moves} or {outcomes} or {moves: [], result} of the shown position
  described: new Map(), // move -> {places, text} of the shown position (POST /api/describe)
  sel: [],            // the keys clicked so far
  thinking: false,    // an engine move is being searched
  token: 0,           // bumps whenever the shown position changes
  review: null,       // the game analysis, by ply
  rng: null,
  lastRoll: null,
  undone: [],         // the plies Undo took back, for Redo
  holdDice: false,    // a loaded position's dice wait for Roll (so it can be analysed first)
  legalFor: -1,       // the token S.legal was fetched for
  legalAt: null,      // the position S.legal was fetched for (see legalHere)
  chosen: null,       // the seats the user chose, kept while a load makes every seat human
};
window.safari = { state: S };  // for tests and the console
// "Learn from your mistakes" (learn.js): the player's marked decisions, one by one
const learn = new Learn({ state: S, api: (path, body) => api(path, body), goTo: (i) => goTo(i),
  say: (text) => say(text), formatValue: (x, units) => formatValue(x, units) });
window.safari.learn = learn;

const posAt = (i) => (i === 0 ? S.start : S.plies[i - 1].pos);
const shown = () => posAt(S.cursor);
const atEnd = () => S.cursor === S.plies.length;
// S.legal if it is the shown position's, else null. Between a move and the end
// of the refresh it starts, the shown position is new and its moves are not in
// yet: a panel redrawn then (a seat changed, say) must not offer the last
// position's moves, nor read a chance position's outcomes as moves.
const legalHere = () => (S.legalAt === shown() ? S.legal : null);
const limits = () => ({ [$("limit-kind").value]: Math.max(1, parseInt($("limit-value").value, 10) || 1) });
const multipv = () => Math.max(1, Math.min(Number($("multipv").max), parseInt($("multipv").value, 10) || 1));

function markIdle() {
  // idle: nothing pending that changes the game (a running analysis does not)
  const idle = inFlight === 0 && !S.thinking && !autoplayTimer && !(search.active && search.active.forMove);
  document.body.dataset.idle = String(idle);
}

function say(text, kind = "error") {
  const box = $("message");
  box.textContent = text;
  box.className = kind;
}

// The game's facts (GET /api/games): zero_sum, hidden_tiles, ...
const facts = () => S.facts[S.game] || {};

// Hidden tiles: with exactly one human seat, the page shows only that seat's tile.
function viewer() {
  if (!facts().hidden_tiles) return null;
  if (S.start && posAt(S.plies.length).to_move === "terminal") return null;   // the race is over: every tile shown
  const humans = S.seats.map((s, i) => (s === "human" ? i : -1)).filter((i) => i >= 0);
  return humans.length === 1 ? humans[0] : null;
}

// ------------------------------------------------------------ random dice ----

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(outcomes) {
  let x = S.rng();
  for (const [outcome, p] of outcomes) {
    const [num, den] = p.split("/").map(Number);
    x -= num / den;
    if (x < 0) return outcome;
  }
  return outcomes[outcomes.length - 1][0];
}

// ------------------------------------------------ clicks: places of elements ----
// A place ("KIND:NAME") names what a click designates: the board element whose
// data-KIND attribute is NAME (docs/web.md, POST /api/describe). A move's
// places, in the order a player points at them, and its words come from the
// game's own code (the server's or the module's /api/describe).

const PLACE_KINDS = ["id", "cell", "hex", "space", "position"];
const movePlaces = (move) => (S.described.get(move) || { places: [] }).places;
const moveTitle = (move) => (S.described.get(move) || { text: "" }).text;

function elementKeys(el) {
  return PLACE_KINDS.filter((kind) => el.dataset[kind] !== undefined)
    .map((kind) => `${kind}:${el.dataset[kind]}`);
}

const keyText = (key) => key.slice(key.indexOf(":") + 1);

// What `moves` do, each in the position the ones before it lead to from `pos`.
async function describeLine(pos, moves) {
  return (await api("/api/describe", { position: pos, moves })).moves;
}

function humanMoves() {
  const pos = shown();
  const legal = legalHere();
  if (!legal || pos.to_move === "terminal") return [];
  if (pos.to_move === "chance") return $("dice-mode").value === "manual" ? legal.outcomes.map((o) => o[0]) : [];
  if (learn.deciding()) return legal.moves;        // a move to try, whoever's seat it is
  return S.seats[pos.to_move] === "human" ? legal.moves : [];
}

function matching(sel) {
  return humanMoves().filter((m) => {
    const keys = movePlaces(m);
    return sel.every((k, i) => keys[i] === k);
  });
}

function onBoardClick(el) {
  const keys = elementKeys(el);
  if (!keys.length) return;
  if (!humanMoves().length) {
    say(S.thinking ? "Wait: the engine is thinking." : "It is not your move.");
    return;
  }
  for (const sel of [...keys.map((k) => [...S.sel, k]), ...keys.map((k) => [k])]) {
    const found = matching(sel);
    if (found.length) return choose(sel, found);
  }
  const where = keyText(keys[keys.length - 1]);
  say(S.sel.length
    ? `Illegal: no legal move goes from ${S.sel.map(keyText).join(" ")} to ${where}.`
    : `Illegal: nothing to play at ${where}.`);
  S.sel = [];
  showChoices();
}

function choose(sel, found) {
  S.sel = sel;
  const complete = found.filter((m) => movePlaces(m).length === sel.length);
  if (found.length === 1 && (sel.length >= 2 || complete.length === 1)) {
    play(found[0]);
    return;
  }
  say(found.length > 1 ? `${found.length} moves: click on, or pick one below.` : "Click the target, or pick the move below.", "info");
  showChoices();
}

// ------------------------------------------------------------- the board ----

function fetchBoard() {
  const pos = shown();
  const last = S.cursor > 0 ? S.plies[S.cursor - 1].move : undefined;
  const body = { position: pos };
  if (last) body.last_move = last;
  const seat = viewer();
  if (seat !== null) body.seat = seat;
  return api("/api/render", body);
}

function putBoard(svg) {
  const board = $("board");
  showBoard(svg, board, $("board-key"));
  for (const el of board.querySelectorAll("[data-cell], [data-hex], [data-space], [data-id], [data-position]")) {
    if (!elementKeys(el).length) continue;
    el.classList.add("clickable");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", elementKeys(el).map(keyText).join(" "));
  }
  highlight();
  markReview();
}

// The analysed decision that led to the shown position: the best move's
// cells marked on the board ("best-move", beside the render's "last-move"
// cells of the move played), and under the board the mark and the reason.
function markReview() {
  const note = S.review && S.cursor > 0 ? S.review[S.cursor - 1] : null;
  const text = $("ply-note");
  text.textContent = "";
  text.className = "";
  delete $("board").dataset.bestMarked;
  if (!note || note.by === "chance") return;
  const best = note.best && note.best !== note.move ? note.best : null;
  if (best) markBest(posAt(S.cursor - 1), best);
  const mark = MARKS[note.class] ? ` ${MARKS[note.class]} (${note.class})` : "";
  text.textContent = `p${note.by} played ${note.move}${mark}`
    + (best ? `; best ${best}` : note.forced ? "; forced" : "; the best move")
    + (note.reason ? `. ${note.reason.text}` + (note.reason.dice ? `; dice: ${note.reason.dice.text}` : "") : "");
  if (note.class) text.className = note.class.replace(" ", "-");
}

// The best move's places (it is legal in `before`, the position before the ply).
async function markBest(before, best) {
  const token = S.token;
  const [described] = await describeLine(before, [best]);
  if (token !== S.token) return;
  const keys = new Set(described.places);
  for (const el of $("board").querySelectorAll(".clickable")) {
    if (elementKeys(el).some((k) => keys.has(k))) el.classList.add("best-move");
  }
  $("board").dataset.bestMarked = best;
}

async function drawBoard() {
  const token = S.token;
  const svg = await fetchBoard();
  if (token === S.token) putBoard(svg);
}

function highlight() {
  const board = $("board");
  for (const el of board.querySelectorAll(".selected, .target")) el.classList.remove("selected", "target");
  if (!S.sel.length) return;
  const next = new Set(matching(S.sel).map((m) => movePlaces(m)[S.sel.length]).filter(Boolean));
  for (const el of board.querySelectorAll(".clickable")) {
    const keys = elementKeys(el);
    if (keys.some((k) => S.sel.includes(k))) el.classList.add("selected");
    if (keys.some((k) => next.has(k))) el.classList.add("target");
  }
}

function showChoices() {
  const list = $("candidates");
  list.innerHTML = "";
  const moves = S.sel.length ? matching(S.sel) : humanMoves();
  const probs = new Map(legalHere()?.outcomes || []);
  for (const move of moves.slice(0, 300)) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "candidate";
    button.dataset.move = move;
    button.textContent = probs.has(move) ? `${move} (${probs.get(move)})` : move;
    button.title = moveTitle(move);
    button.addEventListener("click", () => play(move));
    item.append(button);
    list.append(item);
  }
  if (moves.length > 300) {
    const item = document.createElement("li");
    item.textContent = `… ${moves.length - 300} more: type to filter`;
    list.append(item);
  }
  const options = $("move-options");
  options.innerHTML = "";
  for (const move of humanMoves().slice(0, 500)) {
    const option = document.createElement("option");
    option.value = move;
    options.append(option);
  }
  const pos = shown();
  $("roll").hidden = !(pos.to_move === "chance" && ($("dice-mode").value === "manual" || S.holdDice));
  highlight();
}

function resultText(result) {
  if (!result) return "game over";
  if (!facts().zero_sum) return "game over: scores " + result.map((r, i) => `player ${i} ${r}`).join(", ");
  const winner = result.indexOf(Math.max(...result));
  return result.every((r) => r === result[0]) ? "game over: a draw" : `game over: player ${winner} wins (${result.join(" / ")})`;
}

function showStatus() {
  const pos = shown();
  let text;
  if (pos.to_move === "terminal") text = resultText(legalHere()?.result);
  else if (pos.to_move === "chance") text = "dice to roll";
  else {
    const who = S.seats[pos.to_move] === "engine" ? "engine" : "you";
    text = `player ${pos.to_move} to move (${who})` + (S.thinking ? ": the engine is thinking" : "");
  }
  if (!atEnd()) text += ` (viewing ply ${S.cursor} of ${S.plies.length})`;
  $("status").textContent = `${S.game}: ${text}`;
  document.body.dataset.toMove = String(pos.to_move);
}

function dealtTo(before) {
  // Ostrich: an outcome pred:XXXX goes to the first player without a tile.
  return before.predictions ? before.predictions.indexOf(null) : -1;
}

function moveLabel(index) {
  const ply = S.plies[index];
  const seat = viewer();
  if (seat !== null && ply.move.startsWith("pred:") && dealtTo(posAt(index)) !== seat) return "pred:????";
  return ply.move;
}

function showMoveList() {
  const list = $("movelist");
  list.innerHTML = "";
  S.plies.forEach((ply, index) => {
    const item = document.createElement("li");
    if (index + 1 === S.cursor) item.className = "current";
    const button = document.createElement("button");
    button.type = "button";
    const note = S.review && S.review[index];
    const bad = note && (note.class === "bad" || note.class === "very bad");
    button.innerHTML = "";
    const label = document.createElement("span");
    label.textContent = `${ply.by === "chance" ? "dice" : "p" + ply.by} ${moveLabel(index)}`
      + (note && MARKS[note.class] ? ` ${MARKS[note.class]}` : "");
    if (ply.text && moveLabel(index) === ply.move) button.title = ply.text;   // not a hidden tile's
    if (bad) label.className = "mistake";
    button.append(label);
    button.addEventListener("click", () => goTo(index + 1));
    item.append(button);
    list.append(item);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// Everything the shown position needs: its moves, its picture, the panels.
async function refresh() {
  S.token += 1;
  S.sel = [];
  const token = S.token;
  const pos = shown();
  const [legal, svg, described] = await Promise.all([api("/api/moves", { position: pos }), fetchBoard(),
    api("/api/describe", { position: pos })]);
  if (token !== S.token) return;
  S.legal = legal;
  S.legalAt = pos;
  S.described = new Map(described.moves.map((d) => [d.move, d]));
  S.legalFor = token;
  if (atEnd()) S.lastResult = legal.result || null;
  showStatus();
  showMoveList();
  showChoices();
  putBoard(svg);
  restartAnalysis();
  scheduleAutoplay();
}

// ----------------------------------------------------------- moves & undo ----

async function play(move, by) {
  if (learn.takes(move)) return false;           // learning: judged, not played
  const pos = shown();
  const mover = by !== undefined ? by : pos.to_move;
  const token = S.token;
  let next;
  try {
    next = await api("/api/apply", { position: pos, moves: [move] });
  } catch (error) {
    const illegal = error.field && error.field.startsWith("moves");
    say(`${illegal ? "Illegal" : "The move was not played"}: ${error.message}`);
    return false;
  }
  if (token !== S.token) return false;
  S.plies = S.plies.slice(0, S.cursor);
  S.plies.push({ move, by: mover, pos: next, text: moveTitle(move) });
  S.cursor = S.plies.length;
  if (S.review) resetReview();                   // the analysis was of another game
  S.undone = [];
  S.holdDice = false;
  if (mover !== "chance" || $("dice-mode").value === "manual") say("");
  await refresh();
  return true;
}

function goTo(cursor) {
  const target = Math.max(0, Math.min(cursor, S.plies.length));
  stopEngineMove();
  S.cursor = target;
  say("");
  refresh();
}

function undo() {
  // Back to the last position where a human was to move (else one ply).
  let i = S.cursor - 1;
  while (i > 0) {
    const pos = posAt(i);
    if (pos.to_move !== "chance" && pos.to_move !== "terminal" && S.seats[pos.to_move] === "human") break;
    i -= 1;
  }
  if (S.cursor === 0) return;
  // the moves are taken back (Redo brings them back), not only the view moved
  S.undone = [...S.plies.slice(Math.max(0, i)), ...(atEnd() ? S.undone : [])];
  S.plies = S.plies.slice(0, Math.max(0, i));
  if (S.review) resetReview();
  goTo(S.plies.length);
}

function redo() {
  // Brings back the plies Undo took, up to the next position where a human is to move.
  if (!atEnd()) { goTo(S.cursor + 1); return; }
  if (!S.undone.length) return;
  do {
    S.plies.push(S.undone.shift());
  } while (S.undone.length && !humanToMove(S.plies[S.plies.length - 1].pos));
  goTo(S.plies.length);
}

const humanToMove = (pos) => pos.to_move !== "chance" && pos.to_move !== "terminal" && S.seats[pos.to_move] === "human";

// ------------------------------------------------------ autoplay: engine & dice ----

let autoplayTimer = null;

function scheduleAutoplay() {
  clearTimeout(autoplayTimer);
  autoplayTimer = null;
  if (S.legalFor !== S.token) return markIdle();   // refresh() is under way: it schedules
  const pos = shown();
  if (!atEnd() || S.thinking || pos.to_move === "terminal") return markIdle();
  const engineTurn = pos.to_move !== "chance" && S.seats[pos.to_move] === "engine";
  const autoDice = pos.to_move === "chance" && $("dice-mode").value === "auto" && !S.holdDice;
  if (!engineTurn && !autoDice) return markIdle();
  autoplayTimer = setTimeout(() => {
    autoplayTimer = null;
    if (autoDice) roll(); else engineMove();
  }, autoDice ? ROLL_MS : 0);
  markIdle();
}

function roll() {
  const pos = shown();
  const legal = legalHere();
  if (pos.to_move !== "chance" || !legal || !legal.outcomes) return;
  const outcome = sample(legal.outcomes);
  const p = new Map(legal.outcomes).get(outcome);
  const seat = viewer();
  const hidden = seat !== null && outcome.startsWith("pred:") && dealtTo(pos) !== seat;
  const box = $("dice");
  box.textContent = hidden
    ? `dealt a hidden tile to player ${dealtTo(pos)}`
    : `rolled ${outcome} (probability ${p})`;
  box.classList.remove("rolled");
  void box.offsetWidth;
  box.classList.add("rolled");
  play(outcome, "chance");
}

async function engineMove() {
  const pos = shown();
  const seat = pos.to_move;
  S.thinking = true;
  showStatus();
  markIdle();
  const token = S.token;
  let best = null;
  let failed = false;
  try {
    if (facts().hidden_tiles) {
      // Fair play with hidden tiles: the engine redraws the tiles it cannot see (its
      // own are real), and its thinking is shown as it goes.
      best = await sampledSearch(pos, seat, { seed: parseInt($("seed").value, 10) || 0 }, true);
    } else {
      best = await search.run(pos, "go " + Object.entries(limits()).map(([k, v]) => `${k} ${v}`).join(" "), 1, true);
    }
  } catch (error) {
    say(`Engine: ${error.message}`);
    failed = true;
  }
  S.thinking = false;
  markIdle();
  if (token !== S.token) {
    // the position changed while the engine thought (a new game, a step back):
    // what is shown now may be waiting for its own engine move or roll
    scheduleAutoplay();
    return;
  }
  if (!best || best === "(none)") {
    if (!failed) say("The engine found no move.");   // else the error stays shown
    showStatus();
    return;
  }
  await play(best, seat);
}

function stopEngineMove() {
  if (S.thinking) { search.stop(); stopStreams("move"); }
}

// A search of a position with the hidden tiles `player` cannot see redrawn
// (POST /api/analyse, "predictions": "sampled"), streamed to the engine panel.
// Resolves to the best move; Stop ends it with the best move found so far
// (forMove) or leaves the last lines shown.
async function sampledSearch(pos, player, extra, forMove) {
  const controller = new AbortController();
  const token = S.token;
  let last = null;
  let stopWanted = false;
  // an engine move stopped before its first iteration stops at its first
  const stop = () => { stopWanted = true; if (last || !forMove) controller.abort(); };
  streams.set(controller, { kind: forMove ? "move" : "analysis", stop });
  try {
    const report = await apiStream("/api/analyse", {
      position: pos, limits: limits(), multipv: multipv(), predictions: "sampled", player, ...extra },
    (partial) => {
      last = partial;
      if (token === S.token) showReport(partial, pos);
      if (stopWanted) controller.abort();
    }, controller.signal);
    if (token === S.token) showReport(report, pos);
    return report.bestmove;
  } catch (error) {
    if (error.name !== "AbortError") throw error;
    return forMove && last ? last.bestmove : null;
  } finally {
    streams.delete(controller);
  }
}

// ------------------------------------------------ the engine over a WebSocket ----

const search = {
  ws: null,
  ready: null,
  active: null,       // {resolve, lines}: the search whose bestmove is awaited
  connect() {
    if (this.ready) return this.ready;
    this.ready = new Promise((resolve, reject) => {
      const ws = engine.request("/api/engine");
      ws.onopen = () => { ws.send("safari"); resolve(ws); };
      ws.onerror = () => reject(new Error("cannot reach the engine"));
      ws.onclose = () => { this.ready = null; this.ws = null; if (this.active) this.finish(null); };
      ws.onmessage = (event) => this.onLine(event.data);
      this.ws = ws;
    });
    return this.ready;
  },
  onLine(line) {
    if (line.startsWith("info string error")) say(line.slice(12));
    if (!this.active) return;
    if (line.startsWith("info ")) showInfo(line, this.active);
    else if (line.startsWith("bestmove ")) this.finish(line.split(" ")[1]);
  },
  finish(best) {
    const active = this.active;
    this.active = null;
    markIdle();
    if (active) active.resolve(best);
  },
  async run(pos, goLine, multipv, forMove = false) {
    const ws = await this.connect();
    await this.stopAndWait();
    ws.send(`setoption name MultiPV value ${multipv}`);
    ws.send(`position json ${JSON.stringify(pos)}`);
    const done = new Promise((resolve) => { this.active = { resolve, lines: {}, pos, forMove }; });
    markIdle();
    ws.send(goLine);
    return done;
  },
  stop() {
    if (this.active && this.ws) this.ws.send("stop");
  },
  async stopAndWait() {
    while (this.active) {
      const pending = new Promise((resolve) => {
        const old = this.active.resolve;
        this.active.resolve = (best) => { old(best); resolve(); };
      });
      this.stop();
      await pending;
    }
  },
};

function parseInfo(line) {
  const tokens = line.split(" ");
  const info = {};
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === "pv") { info.pv = tokens.slice(i + 1); break; }
    if (t === "score") { info.score = tokens[i + 1] + " " + tokens[i + 2]; i += 2; continue; }
    if (t === "string") { info.string = tokens.slice(i + 1).join(" "); break; }
    info[t] = tokens[i + 1];
    i += 1;
  }
  return info;
}

function scoreToWin(score) {
  if (!score) return 0.5;
  const [kind, n] = score.split(" ");
  if (kind === "win") return 1;
  if (kind === "loss") return 0;
  return 1 / (1 + Math.exp(-Number(n) / 400));
}

function showInfo(line, active) {
  const info = parseInfo(line);
  if (info.string || info.outcome) {
    if (info.outcome) {
      active.lines["outcome " + info.outcome] = `${info.outcome} (${info.prob}): ${info.score || ""} ${info.expect ? "expect " + info.expect : ""}${info.pv ? " best " + info.pv.join(" ") : ""}`;
      renderLines(active);
    }
    return;
  }
  const mover = active.pos.to_move;
  const pov = info.pov !== undefined ? Number(info.pov) : (typeof mover === "number" ? mover : 0);
  const k = info.multipv || "1";
  if (k === "1") {
    const win = info.winprob !== undefined ? Number(info.winprob) : scoreToWin(info.score);
    const forZero = pov === 0 ? win : 1 - win;
    if (facts().zero_sum) $("evalfill").style.width = `${Math.round(100 * forZero)}%`;
    let text = `depth ${info.depth || "?"} nodes ${info.nodes || "?"} nps ${info.nps || "?"}`;
    if (info.score) text += ` | score ${info.score} (player ${pov})`;
    if (!facts().zero_sum && info.expect) {
      text += ` | expected points ${info.expect}`;
      if (info.winchance) text += ` | win chances ${percents(info.winchance.split(",").map(Number))}`;
    } else text += ` | player ${pov} wins ${Math.round(100 * win)}%`;
    $("engine-info").textContent = text;
  }
  if (info.pv) active.lines[k] = `${info.score || ""} ${info.pv.join(" ")}`;
  renderLines(active);
}

// Every player's win chance as "p0 62%, p1 38%".
function percents(chances) {
  return chances.map((x, i) => `p${i} ${Math.round(100 * x)}%`).join(", ");
}

function renderLines(active) {
  const list = $("pv-lines");
  list.innerHTML = "";
  for (const key of Object.keys(active.lines).sort()) {
    const item = document.createElement("li");
    item.textContent = active.lines[key];
    list.append(item);
  }
}

// A report of POST /api/analyse (partial while it streams): depth, nodes,
// which sample of the redrawn tiles, expected points, the lines.
function showReport(report, pos) {
  const mover = pos && typeof pos.to_move === "number" ? pos.to_move : 0;
  let text = `depth ${report.depth} nodes ${report.nodes} nps ${report.nps}`;
  if (report.samples) text += ` | sample ${report.sample || report.samples}/${report.samples}`;
  if (report.expected) {
    text += ` | expected points ${report.expected.map((x, i) => `p${i} ${x.toFixed(2)}`).join(", ")}`;
    if (report.win_chances) text += ` | win chances ${percents(report.win_chances)}`;
  } else {
    text += ` | score ${report.score_text} (player ${mover})`;
    if (report.win_probability !== null && report.win_probability !== undefined) {
      text += ` | player ${mover} wins ${Math.round(100 * report.win_probability)}%`;
    }
  }
  $("engine-info").textContent = text;
  const list = $("pv-lines");
  list.innerHTML = "";
  for (const line of report.lines || []) {
    const item = document.createElement("li");
    const value = line.expected && line.expected.length ? `${line.expected[mover].toFixed(2)} pts` : line.score_text;
    item.textContent = `${value} ${line.pv.join(" ")}`;
    list.append(item);
  }
}

// The analysis of the shown position: live over the WebSocket, or, when the
// page hides tiles, a streamed HTTP search that redraws the tiles the
// viewer cannot see.
async function restartAnalysis() {
  stopStreams("analysis");                      // the shown position changed
  if (!$("analyse").checked || S.thinking) return;
  const pos = shown();
  if (atEnd() && typeof pos.to_move === "number" && S.seats[pos.to_move] === "engine") return;
  if (pos.to_move === "terminal") { $("engine-info").textContent = resultText(legalHere()?.result); return; }
  const seat = viewer();
  if (seat !== null) {
    if (pos.to_move === "chance") { $("engine-info").textContent = "analysis resumes after the roll"; return; }
    try {
      await sampledSearch(pos, seat, {}, false);
    } catch (error) { say(`Analysis: ${error.message}`); }
    return;
  }
  search.run(pos, "go infinite", multipv());
}

// ---------------------------------------------------------- load and save ----

function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function makeRecord() {
  const last = posAt(S.plies.length);
  const over = last.to_move === "terminal";
  return {
    format: "safari-ai-record", version: 1, game: S.game, date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    players: S.seats.map((seat, i) => (seat === "engine"
      ? { seat: i, name: "safari-ai", settings: { algo: "auto", ...limits() } } : { seat: i, name: "human" })),
    settings: { web: { dice: $("dice-mode").value, seed: parseInt($("seed").value, 10) || 0 } },
    start: S.start,
    moves: S.plies.map((ply, i) => ({ ply: i + 1, by: ply.by, move: ply.move })),
    result: over && S.lastResult ? S.lastResult : null,
    termination: over ? "end of game" : "abandoned",
  };
}

async function load(text) {
  let data;
  try { data = JSON.parse(text); } catch (error) { say(`Load: not JSON: ${error.message}`); return; }
  try {
    stopEngineMove();
    const seatsBefore = [...S.seats];
    if (data && data.format === "safari-ai-record") {
      const replay = await api("/api/replay", { record: data });
      setGame(replay.record.game, replay.positions[0], replay.positions.length);
      const played = replay.record.moves.map((entry) => entry.move);
      const described = await describeLine(replay.positions[0], played);
      S.plies = replay.record.moves.map((entry, i) => ({ move: entry.move, by: entry.by, pos: replay.positions[i + 1],
        text: described[i].text }));
      S.cursor = S.plies.length;
    } else {
      const legal = await api("/api/moves", { position: data });
      void legal;
      setGame(data.game, data);
    }
    drawRules(S.start.rules || {});             // the form shows the loaded game's rules
    if (!S.chosen) S.chosen = [...seatsBefore];  // New game brings them back
    S.seats = S.seats.map(() => "human");
    S.holdDice = true;                           // no roll before the user asks: analyse first
    drawSeats();
    say(`Loaded ${S.plies.length ? "a game record" : "a position"}; every seat is now human (New game brings your seats back).`, "info");
    await refresh();
  } catch (error) {
    say(`Load: ${error.message}`);
  }
}

// ------------------------------------------------------------ the new game ----

// The rules form of the selected game: its defaults, or the `rules` of a
// loaded position.
function drawRules(rules = {}) {
  const box = $("rules");
  box.querySelectorAll("label").forEach((el) => el.remove());
  for (const option of S.facts[$("game").value].options) {
    const label = document.createElement("label");
    label.textContent = option.key + " ";
    const value = option.key in rules ? rules[option.key] : option.default;
    let input;
    if (option.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
    } else if (option.type === "enum") {
      input = document.createElement("select");
      for (const choice of option.choices) input.append(new Option(choice, choice));
      input.value = value;
    } else {
      input = document.createElement("input");
      input.type = option.type === "int" ? "number" : "text";
      if (option.type === "int") { input.min = option.minimum; input.max = option.maximum; }
      input.value = value;
      input.size = 8;
    }
    label.title = option.description;
    input.dataset.key = option.key;
    input.dataset.type = option.type;
    input.name = "rule-" + option.key;
    if (option.key === "players") input.addEventListener("change", () => drawSeats(seatCount()));
    label.append(input);
    box.append(label);
  }
}

function readRules() {
  const rules = {};
  for (const input of $("rules").querySelectorAll("input, select")) {
    const type = input.dataset.type;
    if (type === "bool") rules[input.dataset.key] = input.checked;
    else if (type === "int") rules[input.dataset.key] = Number(input.value);
    else rules[input.dataset.key] = input.value;
  }
  return rules;
}

function seatCount() {
  const players = $("rules").querySelector('input[data-key="players"]');
  return players ? Number(players.value) : S.facts[$("game").value].players;
}

function drawSeats(count) {
  const n = count || S.seats.length;
  while (S.seats.length < n) S.seats.push(S.seats.length === 0 ? "human" : "engine");
  S.seats.length = n;
  const box = $("seats");
  box.querySelectorAll("label").forEach((el) => el.remove());
  S.seats.forEach((seat, i) => {
    const label = document.createElement("label");
    label.textContent = `player ${i} `;
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    for (const value of ["human", "engine"]) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      option.selected = value === seat;
      select.append(option);
    }
    select.addEventListener("change", () => {
      S.seats[i] = select.value;
      if (S.chosen) S.chosen[i] = select.value;
      if (S.start) { showStatus(); showChoices(); drawBoard(); scheduleAutoplay(); }
    });
    label.append(select);
    box.append(label);
  });
}

function setGame(game, start) {
  S.game = game;
  S.start = start;
  S.plies = [];
  S.cursor = 0;
  S.review = null;
  S.rng = mulberry32(parseInt($("seed").value, 10) || 0);
  S.undone = [];
  S.holdDice = false;
  $("game").value = game;
  $("dice").textContent = "";
  resetReview();
  $("pv-lines").innerHTML = "";
  $("engine-info").textContent = "idle";
  $("evalfill").style.width = "50%";
  $("evalbar").hidden = $("evalcaption").hidden = !S.facts[game].zero_sum;
  const players = start.rules && start.rules.players ? start.rules.players : S.facts[game].players;
  drawSeats(players);
}

async function newGame(event) {
  if (event) event.preventDefault();
  stopEngineMove();
  const game = $("game").value;
  try {
    const start = await api("/api/new", { game, rules: readRules() });
    // after a load (every seat human), the seats the user had chosen come back
    const seats = S.chosen || [...$("seats").querySelectorAll("select")].map((s) => s.value);
    S.chosen = null;
    setGame(game, start);
    seats.forEach((seat, i) => { if (i < S.seats.length) S.seats[i] = seat; });
    drawSeats();
    say("");
    await refresh();
  } catch (error) {
    say(`New game: ${error.message}` + (error.field ? ` (${error.field})` : ""));
  }
}

// ------------------------------------------------------------ game review ----

// A value of the record analysis in its units: points (the race), or a win
// probability shown in percent.
function formatValue(x, units, signed = false) {
  if (x === null || x === undefined) return "?";
  const shown = units === "points" ? x.toFixed(2) : (100 * x).toFixed(1);
  const value = Number(shown) === 0 ? shown.replace("-", "") : shown;   // no "-0.00"
  return (signed && !value.startsWith("-") ? "+" : "") + value + (units === "points" ? "" : "%");
}

function tableRow(cells, tag = "td") {
  const row = document.createElement("tr");
  for (const value of cells) {
    const cell = document.createElement(tag);
    cell.textContent = String(value);
    row.append(cell);
  }
  return row;
}

// The review of the game shown: emptied as a whole (table, its headers,
// summary, ratings, graph, progress) when the game changes, so nothing of an
// old game's analysis stays on the page (issue 30, point 1).
const REVIEW_HEAD = ["ply", "by", "move", "best", "error", "why"];
function resetReview() {
  stopStreams("review");
  S.review = null;
  learn.reset();
  const head = $("review-table").querySelector("thead");
  head.innerHTML = "";
  head.append(tableRow(REVIEW_HEAD, "th"));
  $("review-table").querySelector("tbody").innerHTML = "";
  $("review-summary").querySelector("thead").innerHTML = "";
  $("review-summary").querySelector("tbody").innerHTML = "";
  $("review-text").textContent = "";
  $("review-progress").hidden = true;
  $("review-graph").innerHTML = "";
}

// The marks of docs/records.md's classes, as on a chess board.
const MARKS = { "doubtful": "?!", "bad": "?", "very bad": "??" };
const MARK_COLOURS = { "doubtful": "#d4a000", "bad": "#e07000", "very bad": "#b3261e" };

// The evaluation over the game: two players, player 0's win probability
// after each ply (a decision's `win_probability` is its mover's); the race,
// every player's chance to win it, one line each. The marked decisions are
// dots in their class colours; a dot's <title> names the ply, the move and
// the mark, and a click shows that position.
// While the analysis runs, `plies` are the ones analysed so far and `span`
// the game's length, so the graph fills in from the left.
function drawGraph(plies, players, span = plies.length) {
  const box = $("review-graph");
  box.innerHTML = "";
  box.dataset.plies = String(plies.length);     // how many it shows (it fills in live)
  const series = Array.from({ length: players }, () => []);
  plies.forEach((ply, i) => {
    if (ply.by === "chance") return;
    if (ply.win_chances) ply.win_chances.forEach((w, p) => { if (p < players) series[p].push([i, w]); });
    else if (ply.win_probability !== null && ply.win_probability !== undefined) {
      const w = ply.by === 0 ? ply.win_probability : 1 - ply.win_probability;
      series[0].push([i, w]);
    }
  });
  const lines = players === 2 || series.slice(1).every((s) => !s.length) ? [series[0]] : series;
  const W = 600, H = 160, pad = 6, n = Math.max(1, span - 1);
  const x = (i) => pad + (W - 2 * pad) * i / n;
  const y = (w) => pad + (H - 2 * pad) * (1 - w);
  const NS = "http://www.w3.org/2000/svg";
  const el = (name, attrs) => {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": players === 2 ? "evaluation graph: player 0's win probability over the plies"
      : "evaluation graph: each player's chance to win the race over the plies" });
  svg.append(el("rect", { x: 0, y: 0, width: W, height: H, fill: "#fff", stroke: "#ccc" }));
  svg.append(el("line", { x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5), stroke: "#bbb", "stroke-dasharray": "4 4" }));
  const colours = ["#2f6fd0", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#6d4c41"];
  lines.forEach((points, p) => {
    if (!points.length) return;
    const d = points.map(([i, w], k) => `${k ? "L" : "M"}${x(i).toFixed(1)},${y(w).toFixed(1)}`).join(" ");
    const path = el("path", { d, fill: "none", stroke: colours[p % colours.length], "stroke-width": 2 });
    path.dataset.player = String(p);
    svg.append(path);
  });
  plies.forEach((ply, i) => {
    if (!ply.class) return;
    const own = lines.length === 1 ? series[0].find(([j]) => j === i) : null;
    const w = own ? own[1] : (ply.win_chances ? ply.win_chances[ply.by] : 0.5);
    const dot = el("circle", { cx: x(i), cy: y(w), r: 5, fill: MARK_COLOURS[ply.class] || "#555",
      stroke: "#fff", class: "mark" });
    dot.dataset.ply = String(ply.ply);
    dot.dataset.class = ply.class;
    const title = el("title", {});
    title.textContent = `ply ${ply.ply}: p${ply.by} ${ply.move} ${MARKS[ply.class] || ""} (${ply.class})`;
    dot.append(title);
    dot.addEventListener("click", () => goTo(ply.ply));
    svg.append(dot);
  });
  box.append(svg);
}

function reviewLimits() {
  return { [$("review-kind").value]: Math.max(1, parseInt($("review-value").value, 10) || 1) };
}

// The analysis of the game so far (POST /api/analyse of the record, streamed
// for its progress): per ply the engine's best move, the error of the move
// played and every player's luck; per player a summary.
async function review() {
  const table = $("review-table");
  const body = table.querySelector("tbody");
  const bar = $("review-progress");
  const note = $("review-text");
  const seat = viewer();
  if (seat !== null && posAt(S.plies.length).to_move !== "terminal") {
    say("Game analysis reads every player's prediction tile: it opens when the race is over "
      + "(or with every seat human).");
    return;
  }
  resetReview();
  bar.hidden = false;
  bar.removeAttribute("value");                 // indeterminate until the first position
  note.textContent = "analysing…";
  $("review-run").disabled = true;
  const controller = new AbortController();
  streams.set(controller, { kind: "review", stop: () => controller.abort() });
  try {
    // a level (the default): depths, the same verdicts on any load; else the limits typed
    const kind = $("review-kind").value;
    const asked = kind.startsWith("level:") ? { level: kind.slice("level:".length) } : { limits: reviewLimits() };
    const record = makeRecord();
    const live = [];                              // each ply's entry as it streams in
    const players = S.seats.length;
    const result = await apiStream("/api/analyse", { record, ...asked },
      ({ done, total, ply }) => {
        bar.max = total;
        bar.value = done;
        note.textContent = `analysing: ${done} of ${total} positions`;
        if (ply && !controller.signal.aborted) {
          live.push(ply);
          drawGraph(live, players, record.moves.length);
        }
      }, controller.signal);
    if (controller.signal.aborted) return;         // a new game came meanwhile: not this one's
    S.review = result.plies;
    learn.reviewed(result, asked);
    const dice = result.plies.some((ply) => ply.by === "chance");   // luck columns only with dice
    const head = table.querySelector("thead");
    head.innerHTML = "";
    head.append(tableRow([...REVIEW_HEAD,
      ...(dice ? Array.from({ length: players }, (_, p) => `luck p${p}`) : [])], "th"));
    for (const ply of result.plies) {
      const chance = ply.by === "chance";
      const luck = chance ? (ply.luck || Array(players).fill(null)).map((x) => formatValue(x, result.units, true))
        : Array(dice ? players : 0).fill("");
      const best = chance ? "" : (ply.best === ply.move ? "=" : ply.best || "");
      const error = chance ? "" : (ply.forced ? "forced"
        : formatValue(ply.error, result.units) + (ply.class ? ` ${ply.class}` : ""));
      // a marked move's reason: the two lines, the features, the dice (docs/records.md)
      const why = ply.reason ? ply.reason.text + (ply.reason.dice ? `; dice: ${ply.reason.dice.text}` : "") : "";
      const row = tableRow([ply.ply, chance ? "dice" : `p${ply.by}`, moveLabel(ply.ply - 1), best, error, why, ...luck]);
      row.dataset.ply = String(ply.ply);
      if (ply.class === "bad" || ply.class === "very bad") row.className = "mistake";
      row.addEventListener("click", () => goTo(ply.ply));
      body.append(row);
    }
    drawGraph(result.plies, players);
    markReview();
    const summary = $("review-summary");
    summary.querySelector("thead").append(tableRow(
      ["player", "moves", "errors", "avg error", "rolls", "luck", "rating", "accuracy"], "th"));
    for (const [player, row] of Object.entries(result.summary)) {
      summary.querySelector("tbody").append(tableRow([`p${player}`, row.moves, row.errors,
        formatValue(row.average_error, result.units), row.rolls,
        formatValue(row.total_luck, result.units, true), row.rating || "-",
        row.accuracy === null || row.accuracy === undefined ? "-" : `${row.accuracy.toFixed(1)}%`]));
    }
    // as the CLI's first line: "depth 4 or 1000000 nodes" where both stop a search
    const spell = (limits) => Object.entries(limits)
      .map(([k, v]) => (k === "nodes" && Object.keys(limits).length > 1 ? `${v} nodes` : `${k} ${v}`))
      .join(" or ");
    const rolls = result.chance_limits && spell(result.chance_limits) !== spell(result.limits)
      ? `; rolls ${spell(result.chance_limits)}` : "";
    const used = spell(result.limits) + rolls;
    note.textContent = `analysed ${result.plies.length} plies in ${result.seconds.toFixed(1)} s `
      + `(values in ${result.units}${result.units === "points" ? ", errors and luck in margin points" : ""}; ${result.level ? `level ${result.level}, ` : ""}${used})`;
    showMoveList();
  } catch (error) {
    note.textContent = error.name === "AbortError" ? "stopped" : "";
    if (error.name !== "AbortError") say(`Game analysis: ${error.message}`);
  } finally {
    streams.delete(controller);
    bar.hidden = true;
    $("review-run").disabled = false;
  }
}

window.safari.movePlaces = movePlaces;
window.safari.describeLine = describeLine;
window.safari.humanMoves = () => humanMoves();

// ----------------------------------------------------------------- wiring ----

async function main() {
  buildSettingsForm(await api("/api/schema"));
  const { games } = await api("/api/games");
  for (const facts of games) {
    S.facts[facts.name] = facts;
    const option = document.createElement("option");
    option.value = facts.name;
    option.textContent = facts.name;
    $("game").append(option);
  }
  const wanted = PARAMS.get("game");
  if (wanted && S.facts[wanted]) $("game").value = wanted;
  $("game").addEventListener("change", () => { drawRules(); drawSeats(seatCount()); });
  drawRules();
  drawSeats(seatCount());
  $("new-game").addEventListener("submit", newGame);
  $("board").addEventListener("click", (event) => {
    const el = event.target.closest(".clickable");
    if (el) onBoardClick(el);
  });
  $("board").addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.classList.contains("clickable")) {
      event.preventDefault();
      onBoardClick(event.target);
    }
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (!move) return;
    if (!humanMoves().includes(move)) { say(`Illegal: ${move} is not a legal move here.`); return; }
    $("move-input").value = "";
    play(move, shown().to_move === "chance" ? "chance" : undefined);
  });
  $("roll").addEventListener("click", roll);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(S.cursor - 1));
  $("next").addEventListener("click", () => goTo(S.cursor + 1));
  $("last").addEventListener("click", () => goTo(S.plies.length));
  $("stop").addEventListener("click", () => { search.stop(); stopStreams("move", "analysis"); });
  $("analyse").addEventListener("change", () => {
    if ($("analyse").checked) restartAnalysis(); else if (!S.thinking) { search.stop(); stopStreams("analysis"); }
  });
  $("dice-mode").addEventListener("change", () => { showChoices(); scheduleAutoplay(); });
  $("save-record").addEventListener("click", () => download(`${S.game}-game.json`, makeRecord()));
  $("save-position").addEventListener("click", () => download(`${S.game}-position.json`, shown()));
  $("load").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) await load(await file.text());
    event.target.value = "";
  });
  $("review-run").addEventListener("click", review);
  document.addEventListener("keydown", (event) => {
    if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    if (event.key === "Escape") { S.sel = []; say(""); showChoices(); }
    if (event.key === "ArrowLeft") goTo(S.cursor - 1);
    if (event.key === "ArrowRight") goTo(S.cursor + 1);
  });
  await newGame();
}

main().catch((error) => say(`The page could not start: ${error.message}`));

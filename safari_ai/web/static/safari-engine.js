// safari-engine.js: the safari_ai engine in the page, with nothing installed.
//
// An ES module that any web page can import (docs/web.md, "The engine in the
// browser"). Each function answers as the HTTP endpoint of `safari-ai serve`
// of the same name does, with the same JSON (an error too: the answer is then
// {"error", "field"}, as the endpoint's HTTP 400 body):
//
//   games()                       GET  /api/games
//   newPosition(game, rules)      POST /api/new      {"game", "rules"}
//   moves(position)               POST /api/moves    {"position"}
//   apply(position, moves)        POST /api/apply    {"position", "moves"}
//   replay(record)                POST /api/replay   {"record"}
//   describe(position, moves)     POST /api/describe {"position", "moves"} (moves optional)
//   analyse(position, settings, onProgress)
//                                 POST /api/analyse  {"position", ...settings}
//   stop()                        ends the running analyse() (see below)
//
// The engine is the C core compiled to WebAssembly (safari.wasm, next to this
// file; `make -C csrc wasm`). analyse() runs in a Web Worker, so the page
// never freezes; onProgress (optional) gets the report of every completed
// iteration, as the streamed endpoint's {"progress"} lines. stop() ends the
// worker at once: the running analyse() then answers with the last
// completed iteration's report, as the engine protocol's `stop` does (or
// {"error": "stopped", "field": null} before the first one); the next
// analyse() starts a fresh worker. Analyses run one at a time, in the order
// asked. The searches run one thread; their
// limits are those of a default `safari-ai serve` (movetime at most 10000 ms).
//
// Ostrich's sampled predictions ("predictions": "sampled", "player": P) are
// the core's sa_search_sampled, and a game record is read, checked and
// replayed by the core's record reader, and analysed by the core's
// whole-game analysis ({"record"}, search/annotate.c), as behind the HTTP
// API; a record given as a JavaScript object has lost how its numbers were
// spelled (3.0 is 3), as it has when a page posts it to the server. Not here
// (Python, safari_ai/reasons.py): a marked move's "reason".

import { instantiate } from "./safari-core.js";

// The limits of a default `safari-ai serve` (safari_ai/web/app.py).
const MAX_DEPTH = 120;
const MAX_MULTIPV = 16;
const MAX_U64 = "18446744073709551615";  // nodes and seed: C's uint64_t (safari_ai/settings.py)
const MAX_NODES = Number(MAX_U64);
const MAX_APPLY_MOVES = 10000;
const MAX_MOVETIME_MS = 10000;
const DEFAULT_MOVETIME_MS = 1000;
const MAX_SEED = Number(MAX_U64);
const ALGORITHMS = ["auto", "alphabeta", "mcts", "expectimax"];
const RECORD_FORMAT = "safari-ai-record";
const RECORD_BUDGET_MS = 120000;   // the longest a record's analysis may take (app.py)
const LEVELS = ["quick", "default", "thorough"];

// -- loading ---------------------------------------------------------------

let setup = { worker: true, module: null, games: null };
let loading = null;

// Where the module and the games' facts come from, and whether analyse()
// uses a Web Worker: {worker, module (a WebAssembly.Module), games (the list
// of GET /api/games)}; each defaults to the files next to this one. Node
// (tests) passes all three.
export function useEngine(options) {
  setup = { ...setup, ...options };
  loading = null;
}

function load() {
  if (!loading) {
    loading = (async () => {
      const here = (name) => new URL(name, import.meta.url);
      // compile() of the bytes, not compileStreaming(): any file server will
      // do, whatever MIME type it gives .wasm
      const module = setup.module
        ?? await WebAssembly.compile(await (await fetch(here("safari.wasm"))).arrayBuffer());
      const games = setup.games ?? (await (await fetch(here("games.json"))).json()).games;
      return { module, games, core: await instantiate(module) };
    })();
  }
  return loading;
}

// -- the checks of the HTTP API (safari_ai/web/app.py), word for word --------

class ApiError extends Error {
  constructor(message, field) { super(message); this.answer = { error: message, field }; }
}

const dumps = (value) => JSON.stringify(value);
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isInt = (value) => typeof value === "number" && Number.isInteger(value);
const repr = (text) => `'${text}'`;

// A JSON value's type, as the server's messages name it (safari_ai.settings.type_name).
function typeName(value) {
  if (value === null) return "null";
  if (typeof value === "boolean") return "a boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a float";
  if (typeof value === "string") return "a string";
  return Array.isArray(value) ? "an array" : "an object";
}

function int(data, key, low, high, where) {
  const value = data[key];
  if (value === undefined) return null;
  const range = `${low}..${high === MAX_SEED ? MAX_U64 : high}`;
  if (!isInt(value)) {
    const shown = typeof value === "number" || typeof value === "string" ? dumps(value) : null;
    const found = typeName(value) + (shown !== null && shown.length < 40 ? ` (${shown})` : "");
    throw new ApiError(`${where} must be an integer in ${range}, got ${found}`, where);
  }
  if (value < low || value > high) {
    throw new ApiError(`${where} must be an integer in ${range}, got ${value}`, where);
  }
  return value;
}

function choice(data, key, choices, fallback) {
  const value = data[key] ?? fallback;
  if (!choices.includes(value)) {
    throw new ApiError(`${key} must be one of ${choices.join(", ")}, got ${dumps(value)}`, key);
  }
  return value;
}

function bool(data, key) {
  const value = data[key] ?? false;
  if (typeof value !== "boolean") throw new ApiError(`${key} must be true or false, got ${typeName(value)}`, key);
  return value;
}

// The core's {"error", "field"} of a position, worded as the HTTP API's.
function positionError(answer, key = "position") {
  return new ApiError(`${key}: ${answer.error}`, answer.field ? `${key}.${answer.field}` : key);
}

function positionText(data, core) {
  if (!("position" in data)) throw new ApiError("missing field 'position'", "position");
  if (!isObject(data.position)) throw new ApiError("position: must be a position object", "position");
  const text = dumps(data.position);
  const read = core.moves(text);
  if (read.error !== undefined) throw positionError(read);
  return { text, read };
}

// The limits asked (app.py's _limits): those given, else the default time.
function askedLimits(data) {
  const raw = data.limits ?? {};
  if (!isObject(raw)) throw new ApiError('limits must be an object such as {"movetime": 500}', "limits");
  const unknown = Object.keys(raw).filter((k) => !["depth", "nodes", "movetime"].includes(k)).sort();
  if (unknown.length) {
    throw new ApiError(`limits: unknown limit ${repr(unknown[0])} (depth, nodes, movetime)`,
                       `limits.${unknown[0]}`);
  }
  const out = {};
  for (const [key, high] of [["depth", MAX_DEPTH], ["nodes", MAX_NODES], ["movetime", MAX_MOVETIME_MS]]) {
    const value = int(raw, key, 1, high, `limits.${key}`);
    if (value !== null) out[key] = value;
  }
  if (!Object.keys(out).length) out.movetime = DEFAULT_MOVETIME_MS;
  return out;
}

// The limits of a search: those asked, and every search also stops at the
// server's time cap.
function limits(data) {
  const out = askedLimits(data);
  out.movetime = Math.min(out.movetime ?? MAX_MOVETIME_MS, MAX_MOVETIME_MS);
  return out;
}

async function answered(work) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return error.answer;
    throw error;
  }
}

// -- the endpoints ----------------------------------------------------------------

export function games() {
  return answered(async () => ({ games: (await load()).games }));
}

export function newPosition(game, rules) {
  return answered(async () => {
    const { core, games: known } = await load();
    if (game === undefined) throw new ApiError("missing field 'game'", "game");
    if (typeof game !== "string") throw new ApiError(`field 'game': expected a string, got ${typeName(game)}`, "game");
    const names = known.map((g) => g.name);
    if (!names.includes(game)) throw new ApiError(`unknown game ${repr(game)} (one of ${names.join(", ")})`, "game");
    rules = rules === undefined ? {} : rules;
    if (!isObject(rules)) throw new ApiError("rules must be an object of rules options", "rules");
    const pos = core.newPosition(game, dumps(rules));
    if (pos.error !== undefined) {
      throw new ApiError(pos.error, pos.field && pos.field.startsWith("rules") ? pos.field : "rules");
    }
    return pos;
  });
}

export function moves(position) {
  return answered(async () => positionText({ position }, (await load()).core).read);
}

function checkMoves(movesList) {
  if (!Array.isArray(movesList) || !movesList.every((m) => typeof m === "string")) {
    throw new ApiError("moves must be a list of move strings", "moves");
  }
  if (movesList.length > MAX_APPLY_MOVES) throw new ApiError(`moves: at most ${MAX_APPLY_MOVES} moves`, "moves");
}

// The core's answer to a list of moves, its refusal worded as the HTTP API's.
function movesAnswer(answer, movesList) {
  if (answer.error !== undefined && answer.index !== undefined) {
    const i = answer.index;
    throw new ApiError(`move ${i + 1} (${movesList[i]}): ${answer.error}`, `moves[${i}]`);
  }
  return answer;
}

export function apply(position, movesList) {
  return answered(async () => {
    const { core } = await load();
    const { text } = positionText({ position }, core);
    checkMoves(movesList);
    return movesAnswer(core.apply(text, movesList), movesList);
  });
}

// What moves do ({"moves": [{"move", "places", "text"}...]}): every legal
// move or outcome (movesList undefined), or each move of the list where it comes.
export function describe(position, movesList) {
  return answered(async () => {
    const { core } = await load();
    const { text } = positionText({ position }, core);
    if (movesList === undefined) return core.describe(text, null);
    checkMoves(movesList);
    return movesAnswer(core.describe(text, movesList), movesList);
  });
}

export function replay(record) {
  return answered(async () => {
    const { core } = await load();
    if (record === undefined) throw new ApiError("missing field 'record'", "record");
    const answer = core.replay(dumps(record));
    if (answer.error !== undefined) throw new ApiError(`record: ${answer.error}`, "record");
    return answer;
  });
}

// The options of an analysis, checked in the order of app.py's _analyse.
function analysisOptions(data) {
  return {
    limits: limits(data),
    multipv: int(data, "multipv", 1, MAX_MULTIPV, "multipv") || 1,
    seed: int(data, "seed", 0, MAX_SEED, "seed") || 0,
    algo: choice(data, "algo", ALGORITHMS, "auto"),
    predictions: choice(data, "predictions", ["open", "sampled"], "open"),
    player: int(data, "player", 0, 4, "player"),
  };
}

export function analyse(position, settings = {}, onProgress = null) {
  return answered(async () => {
    const { core, module } = await load();
    const data = { ...settings, position };
    if ("record" in data || (isObject(position) && position.format === RECORD_FORMAT)) {
      return analyseRecord(data, core, module, onProgress);
    }
    const { text, read } = positionText(data, core);
    const options = analysisOptions(data);
    bool(data, "stream");
    if (options.predictions === "sampled" && options.player === null) {
      throw new ApiError("predictions 'sampled' needs 'player'", "player");
    }
    if (read.result !== undefined) {
      throw new ApiError("position: the game is over, there is nothing to search", "position");
    }
    if (options.predictions !== "open" && read.outcomes !== undefined) {
      throw new ApiError("predictions 'sampled' needs a decision position, not a chance one", "position");
    }
    const sampled = options.predictions === "sampled" ? { predictions: "sampled", player: options.player } : {};
    const request = dumps({ ...options.limits, multipv: options.multipv, seed: options.seed, algo: options.algo,
                            ...sampled });
    const report = await search(module, core, text, request, onProgress);
    if (report.error !== undefined) {
      const where = read.outcomes !== undefined ? "position" : report.error.includes("algo") ? "algo" : "limits";
      throw new ApiError(report.error, where);
    }
    return report;
  });
}

// A whole record, as app.py's _analyse_record: the core's analysis
// (search/annotate.c) in the worker, without the marked moves' reasons
// (safari_ai/reasons.py, Python); onProgress gets {done, total}.
async function analyseRecord(data, core, module, onProgress) {
  const key = "record" in data ? "record" : "position";
  const text = dumps(data[key]);
  const replayed = core.replay(text);
  if (replayed.error !== undefined) throw new ApiError(`${key}: ${replayed.error}`, key);
  const options = analysisOptions(data);
  const asked = "limits" in data ? askedLimits(data) : {};
  const level = "limits" in data && !("level" in data) ? null : choice(data, "level", LEVELS, "default");
  if (Object.keys(asked).length && level !== null) {
    throw new ApiError("level: give a level or limits, not both", "level");
  }
  bool(data, "stream");
  const searches = replayed.positions.length;
  if (asked.movetime !== undefined && asked.movetime * searches > RECORD_BUDGET_MS) {
    const most = Math.max(1, Math.floor(RECORD_BUDGET_MS / searches));
    throw new ApiError(`limits.movetime: ${searches} positions at ${asked.movetime} ms take more `
      + `than the server's ${RECORD_BUDGET_MS / 1000} s for a record; use at most ${most} ms`,
    "limits.movetime");
  }
  const request = dumps({ ...asked, ...(level === null ? {} : { level }), algo: options.algo,
                          seed: options.seed, movetime_cap: MAX_MOVETIME_MS, budget: RECORD_BUDGET_MS });
  const result = await search(module, core, { record: text }, request, onProgress);
  if (result.error === "over budget") {
    throw new ApiError(`record analysis took more than the server's ${RECORD_BUDGET_MS / 1000} s; `
      + "use smaller limits", "limits");
  }
  if (result.error !== undefined) throw new ApiError(result.error, key);
  return result;
}

// -- the search, in a Web Worker ------------------------------------------------

let worker = null;
let running = null;   // {resolve, last}: the analyse() in progress
let queue = Promise.resolve();

// One search at a time, in the order asked (the worker has one thread).
function search(module, core, text, request, onProgress) {
  const work = typeof text === "string" ? { position: text } : text;
  if (!setup.worker) {
    return work.record !== undefined ? core.annotate(work.record, request, onProgress)
      : core.analyse(work.position, request, onProgress);
  }
  const turn = queue.then(() => searchInWorker(module, work, request, onProgress));
  queue = turn;
  return turn;
}

function searchInWorker(module, work, request, onProgress) {
  if (!worker) {
    worker = new Worker(new URL("./safari-worker.js", import.meta.url), { type: "module" });
    worker.postMessage({ module });
    worker.onerror = (event) => {   // the worker could not start: answer, never hang
      worker = null;
      const done = running;
      running = null;
      if (done) done.resolve({ error: `the engine's worker failed: ${event.message}`, field: null });
    };
    worker.onmessage = ({ data }) => {
      if (!running) return;
      if (data.progress) {
        running.last = data.progress;
        if (running.onProgress) running.onProgress(data.progress);
      } else {
        const done = running;
        running = null;
        done.resolve(data.answer);
      }
    };
  }
  return new Promise((resolve) => {
    running = { resolve, last: null, onProgress, record: work.record !== undefined };
    worker.postMessage({ ...work, options: request });
  });
}

// Ends the running analyse() at once (it answers with its last completed
// iteration's report); does nothing when none runs. Analyses asked for
// meanwhile wait their turn, and then run.
export function stop() {
  if (!running) return;
  worker.terminate();
  worker = null;
  const done = running;
  running = null;
  // a search answers with its last iteration; a record's analysis has none
  done.resolve(!done.record && done.last ? done.last : { error: "stopped", field: null });
}

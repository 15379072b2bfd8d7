// engine-wasm.js: the page's engine in the browser, for the static site
// (`safari-ai export-site`): the same `request` as engine-http.js, answered
// by safari-engine.js (the C core as WebAssembly) instead of a server.
//
//   request(path, init)   "/api/..." endpoints: a Response with the JSON (or
//                         NDJSON stream) the server would send;
//                         "/api/engine": an object with a WebSocket's send,
//                         close, onopen and onmessage, answering the few
//                         engine-protocol lines the page sends.
//
// The board pictures are render.js's; the race's engine seats search with
// the tiles they cannot see redrawn (the core's sa_search_sampled); a game
// record is replayed (/api/replay) and analysed (/api/analyse {"record"}) by
// the core, without the marked moves' reasons (Python: safari-ai serve).
import * as engine from "./safari-engine.js";
import { render } from "./render.js";

const ANALYSIS_MAX_MS = 10000;   // "go infinite": the longest search the engine allows

function answer(data) {
  return new Response(JSON.stringify(data), {
    status: data && data.error !== undefined ? 400 : 200,
    headers: { "content-type": "application/json" },
  });
}

// A streamed analysis as NDJSON lines: {"progress"}..., then {"result"} or
// {"error", "field"}; aborting the signal stops the search.
function streamed(position, settings, signal) {
  let closed = false;
  const stream = new ReadableStream({
    start(controller) {
      const line = (data) => { if (!closed) controller.enqueue(new TextEncoder().encode(JSON.stringify(data) + "\n")); };
      if (signal) {
        signal.addEventListener("abort", () => {
          engine.stop();
          if (!closed) controller.error(new DOMException("The operation was aborted.", "AbortError"));
          closed = true;
        });
      }
      engine.analyse(position, settings, (progress) => line({ progress })).then((result) => {
        line(result.error !== undefined ? result : { result });
        if (!closed) controller.close();
        closed = true;
      });
    },
  });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson" } });
}

// The board picture (render.js) of the position as the engine reads it.
async function picture(body) {
  const pos = await engine.apply(body.position, []);
  if (pos.error !== undefined) return answer(pos);
  const { result } = await engine.moves(pos);
  return new Response(render(pos, body.last_move, body.seat ?? null, result ?? null),
                      { headers: { "content-type": "image/svg+xml" } });
}

export function request(path, init = {}) {
  if (path === "/api/engine") return new EngineSocket();
  return (async () => {
    if (path === "/api/games") return answer(await engine.games());
    if (path === "/api/schema") return fetch(new URL("./schema.json", import.meta.url));
    let body;
    try {
      body = JSON.parse(init.body);
    } catch (error) {
      return answer({ error: `request body is not JSON: ${error.message}`, field: "body" });
    }
    const { position, ...settings } = body;
    switch (path) {
      case "/api/new": return answer(await engine.newPosition(body.game, body.rules));
      case "/api/moves": return answer(await engine.moves(position));
      case "/api/apply": return answer(await engine.apply(position, body.moves));
      case "/api/describe": return answer(await engine.describe(position, body.moves));
      case "/api/analyse":
        if (settings.stream === true) return streamed(position, settings, init.signal);
        return answer(await engine.analyse(position, settings));
      case "/api/render": return picture(body);
      case "/api/replay": return answer(await engine.replay(body.record));
      default: return answer({ error: `no such endpoint ${path}`, field: null });
    }
  })();
}

// The engine protocol lines the page sends (docs/protocol.md): setoption
// MultiPV, position json, go (depth / nodes / movetime / infinite), stop;
// answered with info lines of each report and a bestmove.
class EngineSocket {
  constructor() {
    this.multipv = 1;
    this.position = null;
    setTimeout(() => this.onopen && this.onopen(), 0);
  }

  emit(line) {
    setTimeout(() => this.onmessage && this.onmessage({ data: line }), 0);
  }

  send(text) {
    for (const line of text.split("\n")) this.line(line.trim());
  }

  line(line) {
    const [command, ...rest] = line.split(" ");
    if (command === "setoption" && rest[1] === "MultiPV") this.multipv = Number(rest[3]) || 1;
    else if (command === "position" && rest[0] === "json") this.position = JSON.parse(rest.slice(1).join(" "));
    else if (command === "go") this.go(rest);
    else if (command === "stop") engine.stop();
  }

  async go(tokens) {
    const limits = {};
    for (let i = 0; i < tokens.length; i++) {
      if (["depth", "nodes", "movetime"].includes(tokens[i])) limits[tokens[i]] = Number(tokens[++i]);
      else if (tokens[i] === "infinite") limits.movetime = ANALYSIS_MAX_MS;
    }
    const settings = { limits, multipv: this.multipv };
    const report = await engine.analyse(this.position, settings, (r) => this.info(r));
    if (report.error !== undefined) {
      this.emit(`info string error: ${report.error}`);
      this.emit("bestmove (none)");
      return;
    }
    this.info(report);
    this.emit(`bestmove ${report.bestmove ?? "(none)"}`);
  }

  // A report as the protocol's info lines (the fields the page reads).
  info(report) {
    const head = `info depth ${report.depth} nodes ${report.nodes} nps ${report.nps}`;
    if (report.outcomes) {
      this.emit(head);
      for (const o of report.outcomes) {
        if (o.expected) this.emit(`info outcome ${o.outcome} prob ${o.probability} expect ${o.expected.join(",")}`);
      }
      return;
    }
    report.lines.forEach((line, i) => {
      let text = `${head} multipv ${i + 1} score ${line.score_text}`;
      if (i === 0 && report.win_probability !== null) text += ` winprob ${report.win_probability}`;
      if (line.expected.length) text += ` expect ${line.expected.join(",")}`;
      if (i === 0 && report.win_chances) text += ` winchance ${report.win_chances.join(",")}`;
      this.emit(`${text} pv ${line.pv.join(" ")}`);
    });
  }

  close() {
    engine.stop();
  }
}

// tests/wasm_driver.mjs: runs requests through the WebAssembly build in Node,
// for tests/test_wasm.py. Reads one JSON object on standard input:
//
//   {"wasm": PATH, "static": DIR, "games": [...], "mode": "core" | "engine",
//    "requests": [...]}
//
// mode "core": each request is {"call": "moves" | "apply" | "analyse" | "new",
//   "args": [...]}, sent to safari-core.js's function of that name as is
//   (positions and options as JSON text);
// mode "render": each request's args go to render.js's render(); its SVG text;
// mode "engine": each request is {"call": NAME, "args": [...]}, sent to
//   safari-engine.js's exported async function NAME, with the Web Worker
//   replaced by a direct call (useEngine({worker: false})).
// Prints one JSON array: the answers, in order; with "progress": true a
// request's answer is {"answer": ..., "progress": [reports...]}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const input = JSON.parse(readFileSync(0, "utf8"));
const module = new WebAssembly.Module(readFileSync(input.wasm));
const answers = [];
if (input.mode === "render") {
  const { render } = await import(pathToFileURL(path.join(input.static, "render.js")));
  for (const request of input.requests) answers.push(render(...request.args));
} else if (input.mode === "core") {
  const { instantiate } = await import(pathToFileURL(path.join(input.static, "safari-core.js")));
  const core = await instantiate(module);
  for (const request of input.requests) {
    const progress = [];
    const answer = request.call === "analyse"
      ? core.analyse(...request.args, (report) => progress.push(report))
      : core[request.call](...request.args);
    answers.push(request.progress ? { answer, progress } : answer);
  }
} else {
  const engine = await import(pathToFileURL(path.join(input.static, "safari-engine.js")));
  engine.useEngine({ worker: false, module, games: input.games });
  for (const request of input.requests) {
    const progress = [];
    const args = request.call === "analyse" ? [...request.args, (r) => progress.push(r)] : request.args;
    const answer = await engine[request.call](...args);
    answers.push(request.progress ? { answer, progress } : answer);
  }
}
process.stdout.write(JSON.stringify(answers));

// safari-worker.js: the Web Worker in which safari-engine.js runs searches,
// so that the page never freezes. The first message brings the compiled
// WebAssembly.Module; each later one {position, options} (JSON text) is one
// search: a {progress} message per completed iteration, then {answer}.
import { instantiate } from "./safari-core.js";

let core = null;
let queue = [];

async function start(module) {
  core = await instantiate(module);
  for (const request of queue) run(request);
  queue = [];
}

function run({ position, options }) {
  const answer = core.analyse(position, options, (progress) => postMessage({ progress }));
  postMessage({ answer });
}

onmessage = ({ data }) => {
  if (data.module) start(data.module);
  else if (core) run(data);
  else queue.push(data);
};

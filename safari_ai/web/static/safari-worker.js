// safari-worker.js: the Web Worker in which safari-engine.js runs searches,
// so that the page never freezes. The first message brings the compiled
// WebAssembly.Module; each later one (JSON texts) is one search
// ({position, options}) or a record's analysis ({record, options}):
// a {progress} message per completed iteration (or position), then {answer}.
import { instantiate } from "./safari-core.js";

let core = null;
let queue = [];

async function start(module) {
  core = await instantiate(module);
  for (const request of queue) run(request);
  queue = [];
}

function run({ position, record, options }) {
  const progress = (report) => postMessage({ progress: report });
  const answer = record !== undefined ? core.annotate(record, options, progress)
    : core.analyse(position, options, progress);
  postMessage({ answer });
}

onmessage = ({ data }) => {
  if (data.module) start(data.module);
  else if (core) run(data);
  else queue.push(data);
};

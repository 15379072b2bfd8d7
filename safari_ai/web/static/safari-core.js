// safari-core.js: the thin binding of the C core compiled to WebAssembly
// (csrc/wasm/binding.c, built by `make -C csrc wasm`). Synchronous calls on
// JSON text, in whatever thread instantiates it: the page's Web Worker
// (safari-worker.js), the page itself for the quick calls, or Node (tests).
// No game or search logic here: every answer is the C core's.
//
//   const core = await instantiate(module);      // a WebAssembly.Module
//   core.newPosition("turtles", "{}")            // -> object (or {error, field})
//   core.moves(positionText)                     // -> {moves} / {outcomes} (+ result)
//   core.apply(positionText, ["d1d3"])           // -> position (or {error, field, index})
//   core.replay(recordText)                      // -> {record, positions} (or {error, field})
//   core.annotate(recordText, optionsText, onProgress)    // -> analysis (or {error, field})
//   core.analyse(positionText, optionsText, onProgress)   // -> report (or {error, field})

// The few WASI calls wasi-libc makes: the clock (search time limits) and
// stdio stubs (the core writes nothing; abort() would print to stderr).
function wasi(memory) {
  const view = () => new DataView(memory().buffer);
  const start = performance.now();
  return {
    clock_time_get(id, precision, out) {
      // nanoseconds; the core only ever asks for the monotonic clock
      const ns = BigInt(Math.round((performance.timeOrigin + performance.now() - start) * 1e6));
      view().setBigUint64(out, ns, true);
      return 0;
    },
    fd_write(fd, iovs, count, written) {
      let total = 0;
      for (let i = 0; i < count; i++) total += view().getUint32(iovs + 8 * i + 4, true);
      view().setUint32(written, total, true);
      return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return 70; },   // ESPIPE: nothing to seek
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function instantiate(module) {
  let exports = null;
  let onProgress = null;
  const memory = () => exports.memory;
  const text = (ptr, length) =>
    decoder.decode(new Uint8Array(memory().buffer, ptr, length ?? strlen(ptr)));
  const strlen = (ptr) => new Uint8Array(memory().buffer, ptr).indexOf(0);
  const imports = {
    env: {
      safari_progress(ptr, length) {
        if (onProgress) onProgress(JSON.parse(text(ptr, length)));
      },
    },
    wasi_snapshot_preview1: wasi(memory),
  };
  const instance = await WebAssembly.instantiate(module, imports);
  exports = instance.exports;
  exports._initialize();

  // Strings in: each NUL-terminated, one after the other, in one allocation.
  function call(fn, strings) {
    const bytes = strings.map((s) => (s === null ? null : encoder.encode(s)));
    const size = bytes.reduce((n, b) => n + (b ? b.length + 1 : 0), 0);
    const base = exports.safari_alloc(size);
    if (base === 0) return { error: "out of memory", field: null };
    const args = [];
    let at = base;
    for (const b of bytes) {
      if (b === null) { args.push(0); continue; }
      new Uint8Array(memory().buffer, at, b.length + 1).set([...b, 0]);
      args.push(at);
      at += b.length + 1;
    }
    try {
      return JSON.parse(text(fn(...args)));
    } finally {
      exports.safari_free(base);
    }
  }

  return {
    version: () => text(exports.safari_version()),
    newPosition: (game, rulesText) => call(exports.safari_new, [game, rulesText]),
    moves: (positionText) => call(exports.safari_moves, [positionText]),
    // Moves NUL-separated (any text is one move, as the HTTP API's list).
    apply: (positionText, moves) =>
      call((p, m) => exports.safari_apply(p, m, moves.length), [positionText, moves.join("\0")]),
    replay: (recordText) => call(exports.safari_replay, [recordText]),
    // moves null: every legal move or outcome; else the line, NUL-separated.
    describe: (positionText, moves) =>
      call((p, m) => exports.safari_describe(p, m, moves === null ? -1 : moves.length),
           [positionText, moves === null ? null : moves.join("\0")]),
    analyse(positionText, optionsText, progress = null) {
      onProgress = progress;
      try {
        return call(exports.safari_analyse, [positionText, optionsText]);
      } finally {
        onProgress = null;
      }
    },
    annotate(recordText, optionsText, progress = null) {
      onProgress = progress;
      try {
        return call(exports.safari_annotate, [recordText, optionsText]);
      } finally {
        onProgress = null;
      }
    },
  };
}

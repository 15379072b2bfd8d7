// engine-http.js: the page's engine behind `safari-ai serve` (docs/web.md).
// The page (app.js) reaches its engine through `request` only; the static
// site's engine-wasm.js offers the same function over safari-engine.js.
//
//   request(path, init)   "/api/..." HTTP endpoints: a fetch() Response;
//                         "/api/engine": a WebSocket speaking the engine protocol

// Every request to the server is made here: the one place to add a header
// or a token to the HTTP calls and the WebSocket alike.
export function request(path, init = {}) {
  if (path === "/api/engine") {
    return new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
  }
  return fetch(path, init);
}

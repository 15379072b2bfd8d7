// engine-http.js: the page's engine behind `safari-ai serve` (docs/web.md).
// The page (app.js) reaches its engine through `request` only; the static
// site's engine-wasm.js offers the same function over safari-engine.js.
//
//   request(path, init)   "/api/..." HTTP endpoints: a fetch() Response;
//                         "/api/engine": a WebSocket speaking the engine protocol

// The server's token (docs/web.md, "Who can use the server"), read once from
// the page's URL (?token=...): sent as a header on HTTP requests and as
// ?token= on the WebSocket's URL (a WebSocket takes no header).
const SERVER_TOKEN = new URLSearchParams(location.search).get("token");

function withServerToken(target) {
  if (SERVER_TOKEN === null) return target;
  if (typeof target === "string") return `${target}?token=${encodeURIComponent(SERVER_TOKEN)}`;
  return { ...target, headers: { ...target.headers, "x-safari-token": SERVER_TOKEN } };
}

// Every request to the server is made here: the one place where the token is
// added to the HTTP calls and the WebSocket alike.
export function request(path, init = {}) {
  if (path === "/api/engine") {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return new WebSocket(scheme + location.host + withServerToken(path));
  }
  return fetch(path, withServerToken(init));
}

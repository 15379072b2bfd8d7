// render.js: the board pictures of the static site, drawn in the page.
//
// The same SVG as `safari-ai render` (safari_ai/render/, Python), element
// for element and attribute for attribute, drawn from a position's JSON: a
// drawing only. Everything a picture says about the game comes from the
// position JSON or from the engine (the result, from moves()); the one line
// that the Python pictures compute from the rules, zebras' "points if it
// ended now" (majorities of the territories), is left out here rather than
// written a second time. tests/test_wasm.py compares every picture with the
// Python one.
//
//   render(position, lastMove, seat, result) -> SVG text

// -- _svg.py: the element tree, numbers, shared shapes ---------------------------

const SVG_NS = "http://www.w3.org/2000/svg";
const PLAYER_COLOURS = ["#d94f30", "#2f6fd0", "#3a9a48", "#9b59b6", "#c9a227"];
const NEUTRAL_COLOUR = "#9a9a9a";
const ANIMAL_COLOUR = "#7a5230";
const LAST_MOVE_COLOUR = "#f2c500";
const FONT = "DejaVu Sans, Arial, sans-serif";

const playerColour = (player) => PLAYER_COLOURS[player % PLAYER_COLOURS.length];

// Python's f"{x:.Nf}": the nearest, an exact tie to the even digit.
function fixed(x, digits) {
  const scaled = x * 10 ** digits;
  if (Math.abs(scaled % 1) === 0.5) {
    let n = Math.floor(scaled);
    if (n % 2 !== 0) n += 1;
    return (n / 10 ** digits).toFixed(digits);
  }
  return x.toFixed(digits);
}

// _svg._n: a number without a useless fraction (12 -> "12", 3.14159 -> "3.14").
function num(value) {
  if (typeof value !== "number") return String(value);
  const text = fixed(value, 2).replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

class Element {
  constructor(tag, attrs = {}) { this.tag = tag; this.attrs = attrs; this.children = []; this.text = null; }
}

const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s) => escapeText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;")
  .replace(/\r/g, "&#13;").replace(/\t/g, "&#09;");

// ElementTree's indent() then tostring().
function serialise(el, level) {
  const pad = "  ".repeat(level);
  const attrs = Object.entries(el.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
  if (!el.children.length) {
    return el.text === null ? `${pad}<${el.tag}${attrs} />` : `${pad}<${el.tag}${attrs}>${escapeText(el.text)}</${el.tag}>`;
  }
  const inner = el.children.map((c) => serialise(c, level + 1)).join("\n");
  return `${pad}<${el.tag}${attrs}>${el.text ? escapeText(el.text) : ""}\n${inner}\n${pad}</${el.tag}>`;
}

class Canvas {
  constructor(width, height, title) {
    this.root = new Element("svg", { xmlns: SVG_NS, version: "1.1", width: num(width), height: num(height),
      viewBox: `0 0 ${num(width)} ${num(height)}`, "font-family": FONT });
    const t = this.sub(this.root, "title", {});
    t.text = title;
    this.sub(this.root, "rect", { x: "0", y: "0", width: num(width), height: num(height), fill: "#fbf8f0" });
  }

  sub(parent, tag, attrs) {
    const el = new Element(tag, attrs);
    (parent ?? this.root).children.push(el);
    return el;
  }

  group(cls, parent = null, attrs = {}) {
    return this.sub(parent, "g", { class: cls, ...attrs });
  }

  // attrs in the order given; null and undefined values left out
  add(parent, tag, attrs) {
    const clean = {};
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) clean[k] = num(v);
    return this.sub(parent, tag, clean);
  }

  text(parent, x, y, content, { size = 12, anchor = "middle", cls = null, fill = "#222", weight = null } = {}) {
    const el = this.add(parent, "text", { x, y, "font-size": size, "text-anchor": anchor,
      "dominant-baseline": "central", fill, "font-weight": weight, class: cls });
    el.text = content;
    return el;
  }

  label(parent, x, y, content, { size = 8, fill = "#3d3d3d", cls = "cell-name" } = {}) {
    const el = this.text(parent, x, y, content, { size, fill, cls, weight: "bold" });
    Object.assign(el.attrs, { stroke: "#ffffff", "stroke-width": "2.2", "stroke-linejoin": "round",
      "paint-order": "stroke" });
    return el;
  }

  // _svg.Canvas.views: the board's and the key's view boxes (data-board, data-key)
  views(board, key) {
    this.root.attrs["data-board"] = board.map(num).join(" ");
    this.root.attrs["data-key"] = key.map(num).join(" ");
  }

  toString() {
    return serialise(this.root, 0) + "\n";
  }
}

const radians = (deg) => deg * (Math.PI / 180);

function hexPoints(cx, cy, size, pointy) {
  const start = pointy ? 30 : 0;
  return [0, 1, 2, 3, 4, 5].map((i) => `${num(cx + size * Math.cos(radians(start + 60 * i)))},`
    + `${num(cy + size * Math.sin(radians(start + 60 * i)))}`).join(" ");
}

function die(canvas, parent, x, y, face, { size = 22, black = false, cls = "die" } = {}) {
  const group = canvas.group(cls, parent, { "data-face": face });
  canvas.add(group, "rect", { x, y, width: size, height: size, rx: 4, fill: black ? "#222" : "#fff",
    stroke: "#222", "stroke-width": 1.5 });
  canvas.text(group, x + size / 2, y + size / 2, face, { size: size * 0.6, fill: black ? "#fff" : "#222",
    weight: "bold", cls: "die-face" });
}

function caption(canvas, lines, x, y, { size = 13, step = 18 } = {}) {
  const group = canvas.group("caption");
  for (const line of lines) {
    canvas.text(group, x, y, line, { size, anchor: "start" });
    y += step;
  }
  return y;
}

class Legend {
  constructor(canvas, x, y, { title = "key", step = 17 } = {}) {
    Object.assign(this, { canvas, x, y, step });
    this.group = canvas.group("legend");
    canvas.text(this.group, x, y, title, { size: 12, anchor: "start", weight: "bold" });
    this.y += step;
  }

  row(text, { fill = null, symbol = "", shape = "rect", textFill = "#fff", stroke = "#222", dashed = false } = {}) {
    const { canvas: c, x, y } = this;
    const entry = c.group("legend-entry", this.group, { "data-symbol": symbol || text });
    if (fill !== null) {
      const dash = dashed ? "3 2" : null;
      if (shape === "circle") {
        c.add(entry, "circle", { cx: x + 7, cy: y, r: 7, fill, stroke, "stroke-width": 1, "stroke-dasharray": dash });
      } else if (shape === "line") {
        c.add(entry, "line", { x1: x, y1: y, x2: x + 14, y2: y, stroke: fill, "stroke-width": 5 });
      } else {
        c.add(entry, "rect", { x, y: y - 7, width: 14, height: 14, rx: 2, fill, stroke, "stroke-width": 1,
          "stroke-dasharray": dash });
      }
    }
    if (symbol) c.text(entry, x + 7, y, symbol, { size: 9, fill: textFill, weight: "bold" });
    c.text(entry, x + 20, y, text, { size: 11, anchor: "start" });
    this.y += this.step;
  }

  note(text) {
    this.canvas.text(this.group, this.x, this.y, text, { size: 11, anchor: "start" });
    this.y += this.step;
  }
}

function resultText(result, points = false) {
  if (result === null || result === undefined) return "";
  if (points) return "final scores: " + result.map((v, i) => `player ${i} ${v}`).join(", ");
  const numbers = result.join(", ");
  const best = Math.max(...result);
  const winners = result.map((v, i) => [v, i]).filter(([v]) => v === best).map(([, i]) => i);
  if (winners.length === result.length) return `draw (result ${numbers})`;
  return `player ${winners[0]} wins (result ${numbers})`;
}

function toMoveText(pos) {
  const who = pos.to_move;
  if (who === "terminal") return "game over";
  if (who === "chance") return "chance to play";
  return `player ${who} to move`;
}

const sortedEntries = (object) => Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

// -- turtles.py ----------------------------------------------------------------------

const TURTLES = { SIZE: 30, TATTOOS: { L: "Life", C: "Change", I: "Immortality", X: "Contamination" },
  BOARD_VIEW: [48, 26, 344, 380], KEY_VIEW: [410, 0, 350, 440] };

function turtleCells() {
  const out = {};
  for (let q = -3; q < 4; q++) {
    for (let r = -3; r < 4; r++) {
      if (Math.abs(q + r) <= 3) out[`${"abcdefg"[q + 3]}${Math.min(3, 3 - q) - r + 1}`] = [q, r];
    }
  }
  return out;
}

function turtles(pos, lastMove, result) {
  const SIZE = TURTLES.SIZE;
  const canvas = new Canvas(760, 440, `turtles: ${toMoveText(pos)}`);
  const [cx, cy] = [220, 215];
  const marked = lastMove ? lastMove.match(/[a-g][1-7]/g) || [] : [];
  const board = canvas.group("board");
  const pieces = canvas.group("pieces");
  const path = canvas.group("last-move-layer");
  const names = canvas.group("cell-names");
  const goals = { d7: true, d1: true };
  for (const [name, [q, r]] of sortedEntries(turtleCells())) {
    const x = cx + q * 1.5 * SIZE;
    const y = cy + (r + q / 2) * Math.sqrt(3) * SIZE;
    const on = marked.includes(name);
    canvas.add(board, "polygon", { points: hexPoints(x, y, SIZE - 1, false),
      fill: on ? LAST_MOVE_COLOUR : (goals[name] ? "#e9dcb5" : "#d8e8c8"), stroke: "#6b7f5a",
      "stroke-width": 1.5, class: "cell" + (on ? " last-move" : ""), "data-cell": name });
    canvas.label(names, x, y + SIZE * 0.66, name, { size: 12 });
    const code = pos.board[name];
    if (code === undefined) continue;
    const owner = code[0] === "n" ? "neutral" : code[0];
    const kind = code.slice(1);
    const group = canvas.group("piece", pieces, { "data-owner": owner, "data-cell": name, "data-kind": kind || "plain" });
    canvas.add(group, "circle", { cx: x, cy: y - 3, r: SIZE * 0.54,
      fill: owner === "neutral" ? NEUTRAL_COLOUR : playerColour(Number(owner)), stroke: "#222",
      "stroke-width": 2, "stroke-dasharray": owner === "neutral" ? "4 3" : null });
    if (kind) canvas.text(group, x, y - 3, kind, { size: 14, fill: "#fff", weight: "bold" });
  }
  if (marked.length) {
    const table = turtleCells();
    const points = marked.filter((n) => n in table).map((n) => {
      const [q, r] = table[n];
      return `${fixed(cx + q * 1.5 * SIZE, 1)},${fixed(cy + (r + q / 2) * Math.sqrt(3) * SIZE, 1)}`;
    });
    if (points.length >= 2) {
      canvas.add(path, "polyline", { points: points.join(" "), fill: "none", stroke: "#222",
        "stroke-width": 3, "stroke-opacity": 0.6, class: "last-move-path" });
    }
  }
  const lines = [`turtles  ${toMoveText(pos)}`, `phase ${pos.phase}, turn ${pos.turns}`];
  if (result) lines.push(resultText(result));
  if (pos.reserve.some((n) => n)) lines.push(`reserves: player 0 ${pos.reserve[0]}, player 1 ${pos.reserve[1]}`);
  if (pos.pending.length) lines.push("effects pending: " + pos.pending.join(" "));
  if (pos.changing) lines.push(`Change waiting at ${pos.changing}`);
  if (lastMove) lines.push(`last move: ${lastMove}`);
  const end = caption(canvas, lines, 420, 40);
  const key = new Legend(canvas, 420, end + 8);
  key.row("player 0, runs north to d7", { fill: playerColour(0), shape: "circle" });
  key.row("player 1, runs south to d1", { fill: playerColour(1), shape: "circle" });
  key.row("neutral (turned over)", { fill: NEUTRAL_COLOUR, shape: "circle", dashed: true });
  key.row("d1 / d7: home corners, goals", { fill: "#e9dcb5", stroke: "#6b7f5a" });
  key.row("cells of the last move", { fill: LAST_MOVE_COLOUR, stroke: "#6b7f5a" });
  if (pos.rules.tattoo) {
    key.note("tattooed turtles:");
    for (const [letter, name] of Object.entries(TURTLES.TATTOOS)) key.row(name, { fill: "#777", symbol: letter, shape: "circle" });
  }
  key.note("cell names: column a-g, rank 1");
  key.note("at the south end of each column");
  canvas.views(TURTLES.BOARD_VIEW, TURTLES.KEY_VIEW);
  return canvas.toString();
}

// -- zebras.py -------------------------------------------------------------------------

const Z = {
  CELL: 60, LEFT: 60, TOP: 60,
  TERRITORY: ["123333", "122344", "112334", "512226", "556666"],
  FILL: { 1: "#e8d8a8", 2: "#cfe3b8", 3: "#f0c9a0", 4: "#bcd7e6", 5: "#e0c0d8", 6: "#d6d0f0" },
  NAMES: { Z: "zebra", G: "gazelle", E: "elephant", L: "lion", C: "crocodile" },
  VALUES: { Z: 6, G: 2, E: 5, L: 1, C: 0 },
  BOARD_VIEW: [10, 10, 460, 400], KEY_VIEW: [475, 0, 255, 460],
};

function trackXY(p) {
  const { CELL, LEFT, TOP } = Z;
  if (p <= 5) return [LEFT + (p + 0.5) * CELL, TOP - 25];
  if (p <= 10) return [LEFT + 6 * CELL + 25, TOP + (p - 6 + 0.5) * CELL];
  if (p <= 16) return [LEFT + (16 - p + 0.5) * CELL, TOP + 5 * CELL + 25];
  return [LEFT - 25, TOP + (21 - p + 0.5) * CELL];
}

function zebras(pos, lastMove, result) {
  const { CELL, LEFT, TOP, TERRITORY } = Z;
  const canvas = new Canvas(LEFT * 2 + 6 * CELL + 250, TOP * 2 + 5 * CELL + 40, `zebras: ${toMoveText(pos)}`);
  const marked = (lastMove || "").match(/[a-f][1-5]/g) || [];
  const board = canvas.group("board");
  const pieces = canvas.group("pieces");
  const names = canvas.group("cell-names");
  const labelled = new Set();
  for (let row = 0; row < 5; row++) {
    const tokens = pos.board[row].split(" ");
    for (let col = 0; col < 6; col++) {
      const name = `${"abcdef"[col]}${row + 1}`;
      const [x, y] = [LEFT + col * CELL, TOP + row * CELL];
      const territory = TERRITORY[row][col];
      const on = marked.includes(name);
      canvas.add(board, "rect", { x, y, width: CELL, height: CELL, fill: on ? LAST_MOVE_COLOUR : Z.FILL[territory],
        stroke: "#999", "stroke-width": 0.5, class: on ? "cell last-move" : "cell", "data-cell": name,
        "data-territory": `T${territory}` });
      canvas.label(names, x + 13, y + 10, name, { size: 15 });
      if (!labelled.has(territory)) {
        labelled.add(territory);
        canvas.label(names, x + CELL - 13, y + 10, `T${territory}`, { size: 15, fill: "#7a4a00", cls: "territory-name" });
      }
      const token = tokens[col];
      if (token === "..") continue;
      const [owner, letter] = [token[0], token[1]];
      const up = letter === letter.toUpperCase();
      const group = canvas.group("piece", pieces, { "data-owner": owner, "data-cell": name,
        "data-kind": Z.NAMES[letter.toUpperCase()], "data-face": up ? "up" : "down" });
      canvas.add(group, "rect", { x: x + 10, y: y + 16, width: CELL - 20, height: CELL - 20, rx: 8,
        fill: up ? playerColour(Number(owner)) : "#fff", stroke: playerColour(Number(owner)), "stroke-width": 3 });
      canvas.text(group, x + CELL / 2, y + CELL / 2 + 6, letter.toUpperCase(), { size: 20,
        fill: up ? "#fff" : playerColour(Number(owner)), weight: "bold" });
    }
  }
  const rivers = canvas.group("rivers");
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 6; col++) {
      if (col < 5 && TERRITORY[row][col] !== TERRITORY[row][col + 1]) {
        const x = LEFT + (col + 1) * CELL;
        canvas.add(rivers, "line", { x1: x, y1: TOP + row * CELL, x2: x, y2: TOP + (row + 1) * CELL,
          stroke: "#3a7bd5", "stroke-width": 5 });
      }
      if (row < 4 && TERRITORY[row][col] !== TERRITORY[row + 1][col]) {
        const y = TOP + (row + 1) * CELL;
        canvas.add(rivers, "line", { x1: LEFT + col * CELL, y1: y, x2: LEFT + (col + 1) * CELL, y2: y,
          stroke: "#3a7bd5", "stroke-width": 5 });
      }
    }
  }
  canvas.add(board, "rect", { x: LEFT, y: TOP, width: 6 * CELL, height: 5 * CELL, fill: "none", stroke: "#333",
    "stroke-width": 2 });
  const track = canvas.group("track");
  const guardian = pos.guardian ?? null;
  const movedTo = (lastMove || "").match(/@(\d\d)$/);
  for (let number = 0; number < 22; number++) {
    const [x, y] = trackXY(number);
    const here = guardian === number;
    canvas.add(track, "circle", { cx: x, cy: y, r: here ? 22 : 20,
      fill: here ? "#222" : (movedTo && Number(movedTo[1]) === number ? "#f2c500" : "#fff"),
      stroke: "#555", "stroke-width": 1, class: here ? "guardian" : "track-position", "data-position": String(number) });
    canvas.text(track, x, y, String(number), { size: 15, fill: here ? "#fff" : "#555" });
  }
  const lines = [`zebras  ${toMoveText(pos)}`];
  if (result) lines.push(resultText(result));
  // (the Python picture adds each player's points here: the rules' count, not drawn here)
  lines.push(`guardian: ${guardian !== null ? guardian : "not placed"}`,
    `inauguration: ${pos.inauguration === null || pos.inauguration === undefined ? "nobody" : `player ${pos.inauguration}`}`);
  (pos.hands || [{}, {}]).forEach((hand, player) => {
    lines.push(`hand ${player}: ` + Object.entries(hand).map(([k, v]) => `${k}${v}`).join(" "));
  });
  if (lastMove) lines.push(`last move: ${lastMove}`);
  const key = new Legend(canvas, LEFT + 6 * CELL + 60, TOP - 20);
  key.row("player 0 (face up)", { fill: playerColour(0) });
  key.row("player 1 (face up)", { fill: playerColour(1) });
  key.row("face down: worth 0", { fill: "#fff", stroke: playerColour(0) });
  for (const [letter, name] of Object.entries(Z.NAMES)) {
    const v = Z.VALUES[letter];
    key.row(`${name}, ${v} point${v !== 1 ? "s" : ""}`, { fill: "#888", symbol: letter });
  }
  key.row("river between territories", { fill: "#3a7bd5", shape: "line" });
  key.row("T1-T6 territories (colours)", { fill: Z.FILL[2], stroke: "#999" });
  key.row("guardian (its position)", { fill: "#222", shape: "circle" });
  key.row("guardian's last move", { fill: "#f2c500", shape: "circle", stroke: "#555" });
  key.note("track 0-21 clockwise: 0-5 columns a-f,");
  key.note("6-10 rows 1-5, 11-16 columns f-a,");
  key.note("17-21 rows 5-1");
  caption(canvas, lines, LEFT + 6 * CELL + 60, key.y + 8, { size: 12, step: 16 });
  canvas.views(Z.BOARD_VIEW, Z.KEY_VIEW);
  return canvas.toString();
}

// -- ostrich.py --------------------------------------------------------------------------

const O = {
  CELL: 34, LEFT: 50, TOP: 30, PANEL: 50 + 3 * 34 + 130,
  DEFAULT_TRACK: [
    { name: "start", curve: false, rows: ["nnn", "n.n", "..."] },
    { name: "crocodiles", curve: false, rows: [".#.", "kkk", "..."] },
    { name: "lava", curve: false, rows: ["..#", "lll", "..."] },
    { name: "ravine", curve: false, rows: ["...", "=x=", "..."] },
    { name: "vortex", curve: true, rows: ["q..", ".@.", "..q"] },
    { name: "finish", curve: false, rows: ["...", ".#.", "fff"] },
  ],
  TERRAIN: { ".": ["normal", "#e8e2c8"], "#": ["rock", "#6d6d6d"], q: ["quicksand", "#c9a66b"],
    k: ["crocodile", "#5f9a5a"], l: ["lava", "#e0603a"], "=": ["bridge", "#a0703a"], x: ["ravine", "#2b2b2b"],
    "@": ["vortex", "#7b6fd0"], n: ["nest", "#f4e1a8"], f: ["finish", "#ffffff"] },
  COLOURS: { A: "#00897b", B: "#00acc1", C: "#6d4c41", D: "#d81b60", E: "#212121" },
};

function ostrichMarks(move) {
  if (!move) return [new Set(), new Set()];
  const spaces = new Set([...move.matchAll(/(\d{1,2})([abc])/g)].map((m) => `${Number(m[1])}${m[2]}`));
  const letters = new Set();
  const head = move.match(/^([A-E])\d:|^\*([A-E])$/);
  if (head) letters.add(head[1] || head[2]);
  const target = move.match(/^target:([A-E])$/);
  if (target) letters.add(target[1]);
  return [spaces, letters];
}

function ostrich(pos, lastMove, result) {
  const { CELL, LEFT, TOP } = O;
  const tiles = (pos.track ?? "default") === "default" ? O.DEFAULT_TRACK : pos.track;
  const rows = tiles.flatMap((tile) => tile.rows.map((row) => [row, tile.name, Boolean(tile.curve)]));
  const nRows = rows.length;
  const boardH = nRows * CELL;
  const [width, height] = [O.PANEL + 425, Math.max(TOP * 2 + boardH + 20, 640)];
  const canvas = new Canvas(width, height, `ostrich: ${toMoveText(pos)}`);
  const [spaces, letters] = ostrichMarks(lastMove);
  const board = canvas.group("track");
  for (let lane = 0; lane < 3; lane++) {
    for (const yLane of [TOP - 10, TOP + boardH + 10]) {
      canvas.text(board, LEFT + lane * CELL + CELL / 2, yLane, "abc"[lane], { size: 12, fill: "#555", cls: "lane-name" });
    }
  }
  const xy = (space) => {
    const m = space.match(/^(\d{1,2})([abc])$/);
    return [LEFT + "abc".indexOf(m[2]) * CELL + CELL / 2, TOP + (nRows - 1 - Number(m[1])) * CELL + CELL / 2];
  };
  let previous = null;
  const marks = [];
  rows.forEach(([terrainRow, tile, curve], number) => {
    const y = TOP + (nRows - 1 - number) * CELL;
    canvas.text(board, LEFT - 14, y + CELL / 2, String(number), { size: 12, fill: "#555" });
    if (tile !== previous) {
      canvas.text(board, LEFT + 3 * CELL + 8, y + CELL / 2, tile + (curve ? " (curve)" : ""),
        { size: 12, anchor: "start", fill: "#777" });
      canvas.add(board, "line", { x1: LEFT - 4, y1: y + CELL, x2: LEFT + 3 * CELL + 4, y2: y + CELL,
        stroke: "#333", "stroke-width": 2 });
      previous = tile;
    }
    [...terrainRow].forEach((char, lane) => {
      const name = `${number}${"abc"[lane]}`;
      const [kind, fill] = O.TERRAIN[char] || ["unknown", "#fff"];
      const on = spaces.has(name);
      canvas.add(board, "rect", { x: LEFT + lane * CELL, y, width: CELL, height: CELL, fill: on ? LAST_MOVE_COLOUR : fill,
        stroke: "#999", "stroke-width": curve ? 1.5 : 0.5, class: on ? "space last-move" : "space",
        "data-space": name, "data-terrain": kind });
      if (char !== ".") marks.push([LEFT + lane * CELL + 7, y + CELL - 8, char]);
    });
  });
  const pieces = canvas.group("pieces");
  for (const space of pos.berries || []) {
    const [x, y] = xy(space);
    canvas.add(pieces, "circle", { cx: x + CELL / 3, cy: y - CELL / 3, r: 5, fill: "#8e2a6b", stroke: "#fff",
      class: "berry", "data-space": space });
  }
  const bewitched = pos.bewitched || "";
  for (const [letter, space] of sortedEntries(pos.ostriches || {})) {
    const [x, y] = xy(space);
    const on = letters.has(letter);
    const group = canvas.group(on ? "piece last-move" : "piece", pieces, { "data-owner": "race", "data-kind": letter, "data-id": letter,
      "data-space": space, "data-state": bewitched.includes(letter) ? "bewitched" : "running" });
    canvas.add(group, "circle", { cx: x, cy: y, r: CELL * 0.47, fill: O.COLOURS[letter], stroke: on ? "#f2c500" : "#222",
      "stroke-width": on ? 4 : 1.5, "stroke-dasharray": bewitched.includes(letter) ? "3 2" : null });
    canvas.text(group, x, y, letter, { size: 14, fill: "#fff", weight: "bold" });
  }
  const lion = pos.lion || {};
  if (lion.space) {
    const [x, y] = xy(lion.space);
    const group = canvas.group("piece", pieces, { "data-owner": "lion", "data-kind": "lion", "data-space": lion.space });
    canvas.add(group, "rect", { x: x - 15, y: y - 15, width: 30, height: 30, rx: 3, fill: "#b5651d", stroke: "#222" });
    canvas.text(group, x, y, "L", { size: 14, fill: "#fff", weight: "bold" });
  }
  const names = canvas.group("terrain-letters");
  for (const [x, y, char] of marks) canvas.label(names, x, y, char, { size: 12, cls: "terrain-letter" });
  const panel = O.PANEL;
  const diceGroup = canvas.group("dice");
  let y = TOP;
  if (pos.dice) {
    canvas.text(diceGroup, panel, y + 11, "roll", { size: 12, anchor: "start" });
    [...pos.dice.white].forEach((face, i) => die(canvas, diceGroup, panel + 40 + i * 27, y, face));
    die(canvas, diceGroup, panel + 40 + 5 * 27 + 8, y, pos.dice.black, { black: true });
    y += 34;
  }
  if (pos.left) {
    canvas.text(diceGroup, panel, y + 8, `dice left: ${pos.left}`, { size: 12, anchor: "start" });
    y += 20;
  }
  if (pos.reroll) {
    canvas.text(diceGroup, panel, y + 8, `re-rolling: ${pos.reroll.white || "-"}${pos.reroll.black ? " and black" : ""}`,
      { size: 12, anchor: "start" });
    y += 20;
  }
  const show = (v) => (v === null || v === undefined ? "None" : v);
  const lines = [`ostrich  ${toMoveText(pos)}`, `turn of player ${show(pos.current)}, ${show(pos.mode)} roll, phase ${show(pos.phase)}`];
  if (result) lines.push(resultText(result, true));
  (pos.predictions || []).forEach((tile, player) => lines.push(`player ${player} predicts: ${tile || "(not dealt)"}`));
  if (pos.finished && pos.finished.length) lines.push(`finished (1st, 2nd, 3rd): ${[...pos.finished].join(", ")}`);
  if (bewitched) lines.push(`bewitched: ${bewitched}`);
  const pool = pos.berry_pool || {};
  if (Object.keys(pool).length) lines.push("berry pool: " + sortedEntries(pool).map(([k, v]) => `${k} ${v}`).join(", "));
  if ((lion.state ?? "off") !== "off") lines.push(`lion: ${lion.state}` + (lion.space ? ` on ${lion.space}` : ""));
  if (pos.bonus || pos.extra) lines.push(`bonus rolls ${pos.bonus ?? 0}, extra turns ${pos.extra ?? 0}`);
  if (lastMove) lines.push(`last move: ${lastMove}`);
  const top = y + 20;
  const end = caption(canvas, lines, panel, top, { size: 12 });
  const first = 2 + (result ? 1 : 0);
  (pos.predictions || []).forEach((_, player) => {
    canvas.add(null, "rect", { x: panel - 12, y: top + (player + first) * 18 - 4, width: 8, height: 8,
      fill: playerColour(player), class: "player-key" });
  });
  const key = new Legend(canvas, panel, end + 6, { step: 16 });
  key.row("ostriches A-E (nobody's)", { fill: O.COLOURS.A, symbol: "A", shape: "circle" });
  key.row("bewitched ostrich", { fill: O.COLOURS.B, symbol: "B", shape: "circle", dashed: true });
  key.row("lion", { fill: "#b5651d", symbol: "L" });
  key.row("face-down berry", { fill: "#8e2a6b", shape: "circle", stroke: "#fff" });
  key.note("terrain (letter in the space's corner):");
  for (const [char, [name, fill]] of Object.entries(O.TERRAIN)) if (char !== ".") key.row(`${char}  ${name}`, { fill, stroke: "#999" });
  key.note("thick outline: a curve tile, no lane change");
  key.note("space names: row, then lane (13c)");
  canvas.views([20, 6, 245, TOP + boardH + 18], [panel - 16, 0, width - panel + 16, height]);
  return canvas.toString();
}

// -- arena.py --------------------------------------------------------------------------------

const SPECIES_LETTER = { lion: "L", bear: "B", rhino: "R" };
const ARENA_TEXT = 14.5;   // arena.py's TEXT

function defaultArena() {
  const hexes = [];
  for (let q = 0; q < 9; q++) for (let r = 0; r < 9; r++) if (q + r >= 4 && q + r <= 12) hexes.push(`${String.fromCharCode(97 + q)}${r + 1}`);
  return { hexes: hexes.sort(), I: "a5", II: "i5" };
}

function arenaMarks(move) {
  if (!move) return [new Set(), new Set()];
  const at = move.indexOf(":");
  const [kind, arg] = at < 0 ? [move, ""] : [move.slice(0, at), move.slice(at + 1)];
  if ((kind === "move" || kind === "step") && /^[a-z]\d{1,2}$/.test(arg)) return [new Set([arg]), new Set()];
  if (["attack", "activate", "target"].includes(kind)) return [new Set(), new Set([arg])];
  return [new Set(), new Set()];
}

function arena(pos, lastMove, result) {
  const SIZE = 28;
  const field = (pos.arena ?? "default") === "default" ? defaultArena() : pos.arena;
  const coords = Object.fromEntries(field.hexes.map((n) => [n, [n.charCodeAt(0) - 97, Number(n.slice(1)) - 1]]));
  const w = Math.sqrt(3) * SIZE;
  const xs = Object.values(coords).map(([q, r]) => (q + r / 2) * w);
  const ys = Object.values(coords).map(([, r]) => -r * 1.5 * SIZE);
  const [offX, offY] = [40 - Math.min(...xs) + w / 2, 40 - Math.min(...ys) + SIZE];
  const boardW = Math.max(...xs) - Math.min(...xs) + w + 80;
  const boardH = Math.max(...ys) - Math.min(...ys) + 2 * SIZE + 80;
  const [width, height] = [boardW + 320, Math.max(boardH, 560) + 40];
  const canvas = new Canvas(width, height, `arena: ${toMoveText(pos)}`);
  const [hexes, ids] = arenaMarks(lastMove);
  const pending = pos.pending || {};
  const active = (pos.active || {}).id;
  const xy = (name) => { const [q, r] = coords[name]; return [offX + (q + r / 2) * w, offY - r * 1.5 * SIZE]; };
  const board = canvas.group("board");
  const pieces = canvas.group("pieces");
  const names = canvas.group("hex-names");
  for (const name of field.hexes) {
    const [x, y] = xy(name);
    const start = name === field.I ? "I" : name === field.II ? "II" : null;
    const on = hexes.has(name);
    canvas.add(board, "polygon", { points: hexPoints(x, y, SIZE - 1, true),
      fill: on ? LAST_MOVE_COLOUR : (start ? "#e6cf9c" : "#efe3c4"), stroke: "#a08a5a", "stroke-width": 1,
      class: on ? "hex last-move" : "hex", "data-hex": name });
    canvas.label(names, x, y + SIZE * 0.68, name + (start ? ` ${start}` : ""), { size: ARENA_TEXT, cls: "hex-name" });
  }
  const fighter = (c, kind, owner, draw) => {
    if (c.hex === null || c.hex === undefined) return;
    const [x, y] = xy(c.hex);
    const marked = ids.has(c.id) || c.id === active;
    const group = canvas.group(ids.has(c.id) ? "piece last-move" : "piece", pieces, { "data-owner": owner,
      "data-kind": kind, "data-id": c.id, "data-hex": c.hex });
    draw(group, x, y, marked);
    canvas.text(group, x, y + 4, `${c.attack}/${c.defense}/${c.speed}`, { size: ARENA_TEXT, fill: "#fff", cls: "dice-triplet" });
  };
  for (const g of pos.gladiators || []) {
    fighter(g, "gladiator", String(g.side), (group, x, y, marked) => {
      canvas.add(group, "circle", { cx: x, cy: y - 3, r: SIZE * 0.7, fill: playerColour(g.side),
        stroke: marked ? "#f2c500" : "#222", "stroke-width": marked ? 4 : 1.5 });
      canvas.text(group, x, y - 10, g.id, { size: ARENA_TEXT, fill: "#fff", weight: "bold" });
    });
  }
  for (const a of pos.animals || []) {
    fighter(a, a.species, "animals", (group, x, y, marked) => {
      canvas.add(group, "polygon", { points: hexPoints(x, y - 3, SIZE * 0.8, false), fill: ANIMAL_COLOUR,
        stroke: marked ? "#f2c500" : "#222", "stroke-width": marked ? 4 : 1.5 });
      canvas.text(group, x, y - 10, (SPECIES_LETTER[a.species] || "?") + a.id, { size: ARENA_TEXT, fill: "#fff", weight: "bold" });
    });
  }
  if (pending.attacker && pending.target) {
    const where = Object.fromEntries([...(pos.gladiators || []), ...(pos.animals || [])].map((c) => [c.id, c.hex]));
    const [a, t] = [where[pending.attacker], where[pending.target]];
    if (a && t) {
      const [[x1, y1], [x2, y2]] = [xy(a), xy(t)];
      canvas.add(null, "line", { x1, y1, x2, y2, stroke: "#c0392b", "stroke-width": 4, "stroke-opacity": 0.7, class: "attack" });
    }
  }
  const lines = [`arena  ${toMoveText(pos)}`, `round ${pos.round}, phase ${pos.phase}`];
  if (pos.team_order && pos.team_order.length) lines.push("team order: " + pos.team_order.join(" "));
  if (pos.pool) lines.push(`event pool: ${pos.pool} dice`);
  if (active) lines.push(`acting: ${active}`);
  if (pending.attacker) lines.push(`attack: ${pending.attacker} on ${pending.target}`);
  if (pending.wounds) lines.push(`wounds to take: ${pending.wounds} on ${pending.target}`);
  for (const g of pos.gladiators || []) lines.push(`${g.id} ${g.name}: A${g.attack} D${g.defense} S${g.speed} wounds ${g.wounds}`);
  for (const a of pos.animals || []) {
    lines.push(`${a.id} ${a.species}: A${a.attack} D${a.defense} S${a.speed}` + (a.hex ? "" : ` waiting at ${a.entry}`));
  }
  if (result) lines.push(resultText(result));
  if (lastMove) lines.push(`last move: ${lastMove}`);
  const end = caption(canvas, lines, boardW + 10, 40, { size: 12 });
  const key = new Legend(canvas, boardW + 10, end + 8, { step: 16 });
  key.row("side 0 gladiator (0a, 0b)", { fill: playerColour(0), shape: "circle" });
  key.row("side 1 gladiator (1a, 1b)", { fill: playerColour(1), shape: "circle" });
  for (const [species, letter] of Object.entries(SPECIES_LETTER)) key.row(`${species} (animal x, y or z)`, { fill: ANIMAL_COLOUR, symbol: letter });
  key.note("4/3/2 under a fighter: its Attack /");
  key.note("Defense / Speed dice (a wound costs one)");
  key.row("active fighter, or one the move names", { fill: "#fff", shape: "circle", stroke: "#f2c500" });
  key.row("attack being rolled", { fill: "#c0392b", shape: "line" });
  key.row("I, II: start and entry hexes", { fill: "#e6cf9c", stroke: "#a08a5a" });
  key.note("hex names: letter, row (row 1 at the bottom)");
  canvas.views([34, 34, boardW - 68, boardH - 68], [boardW, 0, width - boardW, height]);
  return canvas.toString();
}

// -- render/__init__.py ------------------------------------------------------------------------

const GAMES = { turtles, zebras, ostrich, arena };

// An ostrich position as `seat` may see it: the others' prediction tiles as ????.
function hidePredictions(pos, seat) {
  if (pos.game !== "ostrich" || !Array.isArray(pos.predictions)) return pos;
  return { ...pos, predictions: pos.predictions.map((t, i) => (i === seat || t === null ? t : "????")) };
}

// The SVG of `position` (read and checked by the engine first); `result`:
// the engine's result at the end of the game (moves()), else null.
export function render(position, lastMove = null, seat = null, result = null) {
  const shown = seat === null || seat === undefined ? position : hidePredictions(position, seat);
  return GAMES[position.game](shown, lastMove || null, result);
}

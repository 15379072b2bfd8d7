// boardview.js: the board picture shown as two parts (issue 30, point 5).
//
// A picture of safari_ai/render (or render.js) holds the board and its key
// (caption and legend) side by side, and names where each lies: the view
// boxes `data-board` and `data-key` on its <svg>. The page shows the board
// alone in one <svg>, scaled to its box, and the key in a copy of the picture
// beside it on a wide screen, below it on a phone (style.css): the board then
// fills the phone's width, and its text and pieces keep a readable size.

const box = (text) => text.split(" ").map(Number);

// Puts the picture `svgText` into `board` (the board part: the one the page
// makes clickable) and `key` (the caption and legend, a copy hidden from
// screen readers: the board's <svg> holds the same text).
export function showBoard(svgText, board, key) {
  board.innerHTML = svgText;
  key.innerHTML = "";
  const svg = board.querySelector("svg");
  if (!svg || !svg.dataset.board || !svg.dataset.key) return;   // a picture without the two views
  const copy = svg.cloneNode(true);
  for (const [el, view] of [[svg, svg.dataset.board], [copy, svg.dataset.key]]) {
    const [, , width, height] = box(view);
    el.setAttribute("viewBox", view);
    el.setAttribute("width", String(width));
    el.setAttribute("height", String(height));
  }
  const [, , width, height] = box(svg.dataset.board);
  svg.style.setProperty("--aspect", String(width / height));
  copy.removeAttribute("data-board");
  copy.querySelector("title")?.remove();
  key.append(copy);
}

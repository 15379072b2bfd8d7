// settings-form.js: the page's search-setting controls, made from the search
// settings' JSON Schema: GET /api/schema (safari_ai/settings.py's one table,
// with the ranges the server enforces), or schema.json in the static site.
// Each control's range, choices, default and help (its title) come from the
// schema; this file says only where the page shows which setting, and the
// page's own starting values. The ids are the page's (app.js and the browser
// tests read #limit-kind, #limit-value, #seed, #multipv, #review-kind,
// #review-value).
//
//   buildSettingsForm(schema)   puts the controls into index.html's sections

const $ = (id) => document.getElementById(id);

// The page's starting values, where they differ from the schema's defaults:
// a move of 500 ms, two lines of analysis, seed 1, 20 of a limit a position
// in the game analysis (which starts at the analysis level's default).
const START = { limit: "movetime", limitValue: 500, multipv: 2, seed: 1, reviewValue: 20 };

function labelled(text, control) {
  const label = document.createElement("label");
  label.append(`${text} `, control);
  return label;
}

// A number input for an integer setting: its range and help from the schema.
function numberInput(id, property, value, size) {
  const input = document.createElement("input");
  input.id = id;
  input.type = "number";
  input.size = size;
  ranged(input, property);
  input.value = String(value ?? property.default ?? property.minimum);
  return input;
}

function ranged(input, property) {
  input.min = String(property.minimum ?? 1);
  if (property.maximum !== undefined) input.max = String(property.maximum);
  else input.removeAttribute("max");
  input.title = property.description ?? "";
}

// The settings that bound a search ("x-bound": depth, nodes, movetime), as
// choices of a select; the unit in the label where the name does not say it.
function bounds(schema) {
  return Object.entries(schema.properties).filter(([, p]) => p["x-bound"]).map(([name, p]) => ({
    value: name, text: p["x-unit"] ? `${name} (${p["x-unit"]})` : name, property: p,
  }));
}

// A select of kinds (each with the property its value follows) and the number
// input beside it, whose range and help follow the kind chosen.
function kindAndValue(kindId, valueId, kinds, selected, value) {
  const kind = document.createElement("select");
  kind.id = kindId;
  for (const { value: v, text } of kinds) {
    const option = document.createElement("option");
    option.value = v;
    option.textContent = text;
    kind.append(option);
  }
  kind.value = selected;
  const current = () => kinds.find((k) => k.value === kind.value).property;
  const input = numberInput(valueId, current(), value, 7);
  kind.addEventListener("change", () => ranged(input, current()));
  return [kind, input];
}

export function buildSettingsForm(schema) {
  const properties = schema.properties;
  const limits = bounds(schema);
  // Engine and dice: each engine move's limit, and the seed of the dice and the engine
  const [kind, value] = kindAndValue("limit-kind", "limit-value", limits, START.limit, START.limitValue);
  $("engine-settings").querySelector("legend").after(labelled("Limit", kind), labelled("value", value));
  $("engine-settings").append(labelled("Seed", numberInput("seed", properties.seed, START.seed, 6)));
  // Engine: the lines of the live analysis
  $("stop").before(labelled("lines", numberInput("multipv", properties.multipv, START.multipv, 3)));
  // Game analysis: an analysis level (the same verdicts on any load), or a limit a position
  const level = properties.level;
  const levels = level.enum.map((name) => ({ value: `level:${name}`, text: `level ${name}`,
                                             property: { description: level.description, minimum: 1 } }));
  const [reviewKind, reviewValue] = kindAndValue("review-kind", "review-value", [...levels, ...limits],
                                                 `level:${level.default}`, START.reviewValue);
  $("review-run").before(labelled("each position", reviewKind), labelled("value", reviewValue));
}

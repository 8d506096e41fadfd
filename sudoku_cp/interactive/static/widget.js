// sudoku_cp's interactive widgets: one ES module for the notebook (anywidget) and the
// standalone page (sudoku_cp/interactive/page.py). render({model, el}) reads model.get("data"),
// the JSON of sudoku_cp/interactive/data.py, and draws one of three views by its "kind":
// "explain" (a solving path step by step, with graded hints), "trace" (a recorded search
// tree, rendered lazily: only the rows of expanded nodes exist in the page) and
// "propagation" (one rule application at a time). The current step or node is written back
// to the model ("step", "selected") so that Python can read it.

const RULE_CLASS = ["rule-forward", "rule-hidden", "rule-hall", "rule-propagator", "rule-yours"];
const STATUS_MARK = ["", "\u2717", "\u2713", "\u2026"]; // open, dead end, solution, unexplored
const VALUE_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

const key = (...parts) => parts.join(",");
// A value in words: a grid of other digits (board.chars: 0..8) names its own digit.
const digitOf = (board, v) => (board.chars ? board.chars[v - 1] : String(v));
const cellName = (row, column) => `r${row + 1}c${column + 1}`;

// The grid: digits, candidates, and what to show on them.
//   state.digits[i] (0: open), state.candidates[i] (values), state.marks: Map "r,c,v" -> class,
//   state.cells: Set "r,c" (premise cells), state.units: Set "r,c" (tinted), state.labels: Map "r,c,v" -> title
function drawBoard(board, state) {
  const n = board.side;
  const chars = board.chars || VALUE_CHARS; // a grid of other digits (0..8) names its own
  const perRow = Math.ceil(Math.sqrt(n));
  const grid = h("div", { class: "board", "data-testid": "board" });
  grid.style.gridTemplateColumns = `repeat(${board.columns}, var(--cell))`;
  grid.style.gridTemplateRows = `repeat(${board.rows}, var(--cell))`;
  const regionAt = new Map(board.positions.map(([r, c], i) => [key(r, c), board.regions[i]]));
  board.positions.forEach(([row, column], index) => {
    const here = board.regions[index];
    const edge = (r, c) => regionAt.get(key(r, c)) !== here;
    const classes = ["cell"];
    if (edge(row - 1, column)) classes.push("top");
    if (edge(row + 1, column)) classes.push("bottom");
    if (edge(row, column - 1)) classes.push("left");
    if (edge(row, column + 1)) classes.push("right");
    const name = key(row, column);
    if (state.units && state.units.has(name)) classes.push("unit");
    if (state.cells && state.cells.has(name)) classes.push("premise-cell");
    const cell = h("div", { class: classes.join(" "), "data-cell": name, title: cellName(row, column) });
    cell.style.gridRow = row + 1;
    cell.style.gridColumn = column + 1;
    const digit = state.digits ? state.digits[index] : 0;
    const values = state.candidates ? state.candidates[index] : [];
    const marked = [];
    for (let v = 1; v <= n; v++) if (state.marks && state.marks.has(key(row, column, v))) marked.push(v);
    if (board.givens[index]) {
      cell.append(h("span", { class: "digit given", text: chars[board.givens[index] - 1] }));
    } else if (digit && !marked.length) {
      cell.append(h("span", { class: "digit filled", text: chars[digit - 1] }));
    } else {
      const marks = h("div", { class: "candidates" });
      marks.style.gridTemplateColumns = `repeat(${perRow}, 1fr)`;
      const shown = new Set([...values, ...marked]);
      for (let v = 1; v <= n; v++) {
        const mark = state.marks ? state.marks.get(key(row, column, v)) : undefined;
        const span = h("span", { class: "cand" + (mark ? " " + mark : ""), "data-value": v });
        if (shown.has(v)) span.textContent = chars[v - 1];
        const label = state.labels && state.labels.get(key(row, column, v));
        if (label) span.title = label;
        marks.append(span);
      }
      cell.append(marks);
    }
    grid.append(cell);
  });
  return grid;
}

// A chain's links over a drawn board: a line between the centres of each link's two ends
// (candidates), solid for a strong link, dashed for a weak one. Drawn once the board is in the
// page, where the candidates have their places.
function drawLinks(grid, links) {
  if (!links.length || !grid.isConnected) return;
  const NS = "http://www.w3.org/2000/svg";
  const frame = grid.getBoundingClientRect();
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "links");
  svg.setAttribute("width", frame.width);
  svg.setAttribute("height", frame.height);
  const centre = (end) => {
    const points = end.map(([r, c, v]) => {
      const mark =
        grid.querySelector(`[data-cell='${key(r, c)}'] .cand[data-value='${v}']`) ||
        grid.querySelector(`[data-cell='${key(r, c)}']`);
      const place = mark.getBoundingClientRect();
      return [place.left + place.width / 2 - frame.left, place.top + place.height / 2 - frame.top];
    });
    return [0, 1].map((axis) => points.reduce((sum, p) => sum + p[axis], 0) / points.length);
  };
  for (const [a, b, strong] of links) {
    if (!a.length || !b.length) continue;
    const [[x1, y1], [x2, y2]] = [centre(a), centre(b)];
    const line = document.createElementNS(NS, "line");
    for (const [name, value] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(name, value.toFixed(1));
    line.setAttribute("class", strong ? "strong" : "weak");
    svg.append(line);
  }
  grid.append(svg);
}

function navigation(count, onMove, labelOf) {
  const slider = h("input", { type: "range", min: 0, max: count, value: 0, "aria-label": "jump" });
  const where = h("span", { class: "where", "data-testid": "where" });
  const back = h("button", { "data-testid": "back", text: "\u25c0 back" });
  const next = h("button", { "data-testid": "next", text: "next \u25b6" });
  const first = h("button", { "data-testid": "first", text: "\u25c0\u25c0 first" });
  const last = h("button", { "data-testid": "last", text: "last \u25b6\u25b6" });
  let index = 0;
  const go = (i) => {
    index = Math.max(0, Math.min(count, i));
    slider.value = index;
    where.textContent = labelOf(index);
    back.disabled = index === 0;
    next.disabled = index === count;
    onMove(index);
  };
  back.addEventListener("click", () => go(index - 1));
  next.addEventListener("click", () => go(index + 1));
  first.addEventListener("click", () => go(0));
  last.addEventListener("click", () => go(count));
  slider.addEventListener("input", () => go(Number(slider.value)));
  return { bar: h("div", { class: "nav" }, first, back, slider, next, last, where), go };
}

// -- an explanation -----------------------------------------------------------------------

function explainView(model, el, data) {
  const steps = data.steps;
  // The digits and candidates before each step (and at the end), replayed from the start:
  // each step removes its eliminations and sets each placed cell to its digit.
  const states = [data.start];
  for (const step of steps) {
    const last = states[states.length - 1];
    const digits = [...last.digits];
    const candidates = last.candidates.map((values) => new Set(values));
    for (const [r, c, v] of step.eliminations) candidates[cellIndex(data.board, r, c)].delete(v);
    for (const [r, c, v] of step.placements) {
      const cell = cellIndex(data.board, r, c);
      digits[cell] = v;
      candidates[cell] = new Set([v]);
    }
    states.push({ digits, candidates: candidates.map((values) => [...values].sort((a, b) => a - b)) });
  }
  const boardBox = h("div", { class: "board-box" });
  const text = h("div", { class: "step-text", "data-testid": "step-text" });
  const hints = h("ol", { class: "hints", "data-testid": "hints" });
  const levelBox = h("div", { class: "levels" });
  const after = h("input", { type: "checkbox", "data-testid": "after" });
  let index = 0;
  let level = 4;
  const levelButtons = data.hintLevels.map((name, i) =>
    h("button", { "data-testid": `level-${i + 1}`, text: `${i + 1} ${name}`, onclick: () => ((level = i + 1), show()) }),
  );
  levelBox.append(h("span", { text: "hint: " }), ...levelButtons);
  const list = h("ol", { class: "step-list" });
  steps.forEach((step, i) =>
    list.append(h("li", { text: step.text, onclick: () => nav.go(i), "data-step": i })),
  );
  function show() {
    levelButtons.forEach((b, i) => b.classList.toggle("active", i + 1 === level));
    [...list.children].forEach((li, i) => li.classList.toggle("current", i === index));
    boardBox.replaceChildren();
    hints.replaceChildren();
    if (index === steps.length) {
      text.textContent = data.summary;
      boardBox.append(drawBoard(data.board, states[index]));
      return;
    }
    const step = steps[index];
    const later = states[after.checked ? index + 1 : index];
    const state = { digits: later.digits, candidates: later.candidates, marks: new Map() };
    if (level >= 2) state.units = new Set(step.unitCells.flat().map(([r, c]) => key(r, c)));
    if (level >= 3) {
      state.cells = new Set(step.cells.map(([r, c]) => key(r, c)));
      for (const [r, c, v] of step.premises) state.marks.set(key(r, c, v), "premise");
      for (const [a, b, strong] of step.links)
        for (const [r, c, v] of [...a, ...b]) {
          const before = state.marks.get(key(r, c, v));
          state.marks.set(key(r, c, v), (before ? before + " " : "") + (strong ? "link strong" : "link weak"));
        }
    }
    if (level >= 4 && !after.checked) {
      for (const [r, c, v] of step.eliminations) state.marks.set(key(r, c, v), "removed");
      for (const [r, c, v] of step.placements) state.marks.set(key(r, c, v), "placed");
    }
    hints.append(h("li", { text: step.hints[level - 1] })); // each level's text holds the ones before
    text.textContent = level >= 4 ? `${index + 1}. ${step.text}` : `${index + 1}. (hint level ${level})`;
    const grid = drawBoard(data.board, state);
    boardBox.append(grid);
    if (level >= 3) requestAnimationFrame(() => drawLinks(grid, step.links));
  }
  const nav = navigation(
    steps.length,
    (i) => {
      index = i;
      level = 4;
      show();
      model.set("step", i);
      model.save_changes();
    },
    (i) => (i === steps.length ? `end (${steps.length} steps)` : `step ${i + 1} of ${steps.length}`),
  );
  after.addEventListener("change", show);
  el.append(
    h("div", { class: "title", text: "Explanation" }),
    nav.bar,
    h("div", { class: "row" }, boardBox, h("div", { class: "side" }, text, levelBox, hints,
      h("label", {}, after, " show the candidates after the step"), list)),
  );
  nav.go(model.get("step") || 0);
}

// -- a propagation --------------------------------------------------------------------------

function propagationView(model, el, data) {
  const steps = data.steps;
  const boardBox = h("div", { class: "board-box" });
  const text = h("div", { class: "step-text", "data-testid": "step-text" });
  const legend = h("div", { class: "legend" },
    ...data.rules.map((rule, i) => h("span", { class: "cand removed " + RULE_CLASS[i], text: rule })));
  function show(count) {
    const candidates = data.initial.map((values) => new Set(values));
    for (const step of steps.slice(0, count))
      for (const [r, c, v] of step.removed) candidates[cellIndex(data.board, r, c)].delete(v);
    const state = { candidates: candidates.map((s) => [...s]), marks: new Map(), labels: new Map() };
    state.digits = state.candidates.map((values) => (values.length === 1 ? values[0] : 0));
    boardBox.replaceChildren();
    if (count === 0) {
      text.textContent = `${steps.length} rule applications (${data.propagation} propagation); press next`;
    } else {
      const step = steps[count - 1];
      const rule = data.rules[step.rule];
      const label = data.labels[step.constraint];
      state.units = new Set(step.cells.map(([r, c]) => key(r, c)));
      for (const [r, c, v] of step.removed) {
        state.marks.set(key(r, c, v), "removed " + RULE_CLASS[step.rule]);
        state.labels.set(key(r, c, v), `${rule} (${label}) removes ${digitOf(data.board, v)}`);
      }
      const by = {};
      for (const [r, c, v] of step.removed) (by[v] = by[v] || []).push(cellName(r, c));
      const what = Object.entries(by)
        .map(([v, cells]) => `${digitOf(data.board, Number(v))} from ${cells.join(", ")}`).join("; ");
      text.textContent = `${count}. ${rule} on ${label} removes ${what}`;
      text.className = "step-text " + RULE_CLASS[step.rule];
    }
    boardBox.append(drawBoard(data.board, state));
    model.set("step", count);
    model.save_changes();
  }
  const nav = navigation(steps.length, show, (i) => `application ${i} of ${steps.length}`);
  el.append(h("div", { class: "title", text: "Propagation" }), nav.bar, legend,
    h("div", { class: "row" }, boardBox, h("div", { class: "side" }, text)));
  nav.go(model.get("step") || 0);
}

function cellIndex(board, row, column) {
  if (!board._index) board._index = new Map(board.positions.map(([r, c], i) => [key(r, c), i]));
  return board._index.get(key(row, column));
}

// -- a search tree ------------------------------------------------------------------------------

function traceView(model, el, data) {
  const nodes = data.nodes; // [parent, cell, value, status, depth, size, solutions, failedBy]
  const children = nodes.map(() => []);
  nodes.forEach((node, i) => { if (node[0] >= 0) children[node[0]].push(i); });
  const onPath = new Set(data.path);
  const expanded = new Set(data.expandAll ? nodes.map((_, i) => i) : data.path); // expandAll: the eager baseline
  const rows = new Map(); // node -> its row element, for the expanded ones only
  const tree = h("div", { class: "tree", "data-testid": "tree" });
  const detail = h("div", { class: "detail", "data-testid": "detail" });
  const boardBox = h("div", { class: "board-box" });
  const showAfter = h("input", { type: "checkbox", checked: "", "data-testid": "after" });
  let selected = -1;
  const position = (cell) => data.board.positions[cell];
  const name = (i) => {
    const [, cell, value] = nodes[i];
    return cell < 0 ? "root" : `${cellName(...position(cell))}=${digitOf(data.board, value)}`;
  };
  function row(i) {
    const [, , , status, depth, size, solutions] = nodes[i];
    const toggle = h("span", { class: "toggle", "data-testid": "toggle" });
    const label = h("span", { class: "label" + (onPath.has(i) ? " path" : ""), text: name(i) });
    const counts = h("span", { class: "counts",
      text: `${STATUS_MARK[status]} \u2212${data.removals[i].length}` + (children[i].length ?
        ` \u00b7 ${size} nodes, ${solutions} solution${solutions === 1 ? "" : "s"}` : "") });
    const line = h("div", { class: `node status-${data.statuses[status]}`, "data-node": i }, toggle, label, counts);
    line.style.paddingLeft = `${depth * 14}px`;
    toggle.textContent = children[i].length ? (expanded.has(i) ? "\u25be" : "\u25b8") : "\u00b7";
    toggle.addEventListener("click", (event) => { event.stopPropagation(); flip(i); });
    line.addEventListener("click", () => select(i));
    const box = h("div", { class: "subtree" }, line);
    const kids = h("div", { class: "children" });
    box.append(kids);
    rows.set(i, { box, kids, toggle, line });
    if (expanded.has(i)) fill(i);
    return box;
  }
  function fill(i) {
    const entry = rows.get(i);
    entry.kids.replaceChildren(...children[i].map(row));
    entry.toggle.textContent = children[i].length ? "\u25be" : "\u00b7";
  }
  function forget(i) {
    for (const child of children[i]) if (rows.has(child)) { forget(child); rows.delete(child); }
  }
  function flip(i) {
    if (!children[i].length) return;
    const entry = rows.get(i);
    if (expanded.has(i)) {
      expanded.delete(i);
      forget(i);
      entry.kids.replaceChildren();
      entry.toggle.textContent = "\u25b8";
    } else {
      expanded.add(i);
      fill(i);
    }
  }
  function pathOf(i) {
    const path = [];
    for (let j = i; j >= 0; j = nodes[j][0]) path.push(j);
    return path.reverse();
  }
  function domains(i, withOwn) {
    const sets = data.initial.map((values) => new Set(values));
    for (const j of pathOf(i)) {
      const [, cell, value] = nodes[j];
      if (cell >= 0) sets[cell] = new Set([value]);
      if (j !== i || withOwn) for (const [c, v] of data.removals[j]) sets[c].delete(v);
    }
    return sets.map((s) => [...s].sort((a, b) => a - b));
  }
  function select(i) {
    for (const j of pathOf(i)) if (j !== i && !expanded.has(j)) { expanded.add(j); if (rows.has(j)) fill(j); }
    if (rows.has(selected)) rows.get(selected).line.classList.remove("selected");
    selected = i;
    if (rows.has(i)) { rows.get(i).line.classList.add("selected"); rows.get(i).line.scrollIntoView({ block: "nearest" }); }
    const [, cell, value, status, , size, solutions, failedBy] = nodes[i];
    const removals = data.removals[i];
    const candidates = domains(i, showAfter.checked);
    const state = { candidates, marks: new Map(), labels: new Map(), cells: new Set() };
    state.digits = candidates.map((values) => (values.length === 1 ? values[0] : 0));
    if (cell >= 0) state.cells.add(key(...position(cell)));
    const list = h("ol", { class: "removals", "data-testid": "removals" });
    removals.forEach(([c, v, rule, constraint], k) => {
      const [r, col] = position(c);
      if (!showAfter.checked) state.marks.set(key(r, col, v), "removed " + RULE_CLASS[rule]);
      const on = constraint >= 0 ? ` on ${data.labels[constraint]}` : "";
      state.labels.set(key(r, col, v), data.rules[rule] + on);
      if (k < 200) list.append(h("li", { class: RULE_CLASS[rule], text: `${digitOf(data.board, v)} from ${cellName(r, col)}: ${data.rules[rule]}${on}` }));
    });
    if (removals.length > 200) list.append(h("li", { text: `... ${removals.length - 200} more` }));
    boardBox.replaceChildren(drawBoard(data.board, state));
    const ending = ["has children", "dead end", "solution", "not explored (the cap)"][status];
    detail.replaceChildren(
      h("div", { class: "step-text", "data-testid": "node-text",
        text: `node ${i}: ${name(i)}, ${removals.length} candidates removed, ${ending}` +
          (failedBy >= 0 ? ` (${data.labels[failedBy]})` : "") }),
      h("div", { class: "path-text", text: "path: " + pathOf(i).map(name).join(" \u2192 ") }),
      h("div", { text: `subtree: ${size} nodes, ${solutions} solution${solutions === 1 ? "" : "s"}` }),
      list,
    );
    model.set("selected", i);
    model.save_changes();
  }
  const toPath = h("button", { "data-testid": "to-solution", text: "path to the first solution",
    onclick: () => { if (data.path.length) select(data.path[data.path.length - 1]); } });
  const collapse = h("button", { text: "collapse all", onclick: () => {
    expanded.clear(); rows.clear(); tree.replaceChildren(row(0)); } });
  showAfter.addEventListener("change", () => selected >= 0 && select(selected));
  const how = data.propagation.endsWith("propagation") ? data.propagation : `${data.propagation} propagation`;
  const caption = `${data.order} search, ${how}: ${data.decisions} decisions, ` +
    `${data.failures} dead ends` + (data.complete ? "" : " (capped)");
  el.append(
    h("div", { class: "title", text: "Search tree", "data-testid": "caption" }, h("span", { class: "caption", text: " " + caption })),
    h("div", { class: "nav" }, toPath, collapse, h("label", {}, showAfter, " domains after the node's propagation")),
    h("div", { class: "row" }, tree, h("div", { class: "side" }, boardBox, detail)),
  );
  tree.append(row(0));
  select(model.get("selected") || 0);
}

function render({ model, el }) {
  const data = model.get("data");
  el.classList.add("sudoku-cp");
  const view = { explain: explainView, trace: traceView, propagation: propagationView }[data.kind];
  view(model, el, data);
}

export default { render };

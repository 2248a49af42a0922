// The page's side of the app's views when Python runs in a web worker (PyScript worker mode):
// the worker's Python holds no proxies of page objects; it sends lists of operations on the
// objects of a table kept here, one synchronous call per list (window.djambiOps), and the page's
// events come back to it as ids of objects put in that table.
//
// An operation is an array:
//   ["get", dst, obj, name]          table[dst] = table[obj][name]
//   ["set", obj, name, value]        table[obj][name] = value
//   ["call", dst, obj, name, args]   table[dst] = table[obj][name](...args)
//   ["new", dst, obj, args]          table[dst] = new table[obj](...args)
//   ["free", id]                     forget table[id]
//   ["same", a, b]                   answer {v: whether table[a] and table[b] are one object}
//   ["value", id]                    answer what table[id] is: {v: primitive}, {o: its class's
//                                    name} (an object or a function), {n: 1} (null), {u: 1} (undefined)
// An argument or value is JSON, or {"$": id} (an object of the table), {"f": id} (a Python
// callable of the worker: a function here that sends the call to the worker), {"j": json} (an
// object or array made from JSON).
const table = new Map([[0, globalThis], [1, document]]);
let nextId = -1; // ids made here (the arguments of events) are negative; the worker's positive
const functions = new Map();
let worker = null; // the app's PyScript worker (its script element's xworker)
// How many of the page's calls the worker has not finished yet (0: every event so far has been
// handled and its changes are on the page): what e2e's actions wait for (e2e/conftest.py).
globalThis.djambiBusy = 0;

function decode(value) {
  if (value === null || typeof value !== "object") return value;
  if ("$" in value) return table.get(value.$);
  if ("f" in value) return callback(value.f, value.once);
  if ("j" in value) return value.j;
  return value;
}

function callback(id, once) {
  if (!functions.has(id)) {
    functions.set(id, (...args) => {
      if (once) functions.delete(id);
      const ids = args.map((arg) => { const i = nextId--; table.set(i, arg); return i; });
      worker ??= document.querySelector('script[type="py"][worker]')?.xworker;
      globalThis.djambiBusy++;
      // Resolves to what the Python callable returns (a string, number or boolean), for the
      // page's own callers (the debugging hook djambiApp, tests).
      return worker.sync.djambi_call(id, JSON.stringify(ids))
        .catch((error) => console.error("Djambi:", error))
        .finally(() => { globalThis.djambiBusy--; });
    });
  }
  return functions.get(id);
}

function describe(value) {
  if (value === undefined) return { u: 1 };
  if (value === null) return { n: 1 };
  if (typeof value === "function") return { o: "function" };
  if (typeof value === "object") return { o: value.constructor?.name ?? "Object" };
  return { v: value };
}

globalThis.djambiBatches = 0; // how many batches have come (tests, benchmarks)
globalThis.djambiOps = (text) => {
  globalThis.djambiBatches++;
  const answers = [];
  for (const op of JSON.parse(text)) {
    try {
      switch (op[0]) {
        case "get": table.set(op[1], table.get(op[2])[op[3]]); break;
        case "set": table.get(op[1])[op[2]] = decode(op[3]); break;
        case "call": table.set(op[1], table.get(op[2])[op[3]](...op[4].map(decode))); break;
        case "apply": table.set(op[1], table.get(op[2])(...op[3].map(decode))); break;
        case "new": table.set(op[1], new (table.get(op[2]))(...op[3].map(decode))); break;
        case "free": table.delete(op[1]); break;
        case "value": answers.push(describe(table.get(op[1]))); break;
        case "same": answers.push({ v: table.get(op[1]) === table.get(op[2]) }); break;
        default: throw new Error(`unknown operation ${op[0]}`);
      }
    } catch (error) {
      // Said to the worker (an error of this operation), and the next operations still run, as
      // the page would have gone on had Python run there and caught it.
      answers.push({ e: `${op[0]} ${op[3] ?? op[2] ?? ""}: ${error}` });
    }
  }
  return JSON.stringify(answers);
};

// What must be decided while the page's event is dispatched, before the worker hears of it:
// the default actions the app's handlers prevent (app/views/play.py on_key, learnview.py's
// context menu, files.py's drop, gamesview.py's Enter in a game's name), and a dropped file's
// data (the browser empties a drop's DataTransfer once the event is over).
const BOARD_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Home", "End"]);
const MOVE_LIST_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
document.addEventListener("keydown", (event) => {
  // What the app's key handler asks of the page, as it was when the key was pressed (Escape
  // closes a dialog before the worker hears of the key): app/views/play.py on_key.
  event.djambiDialog = Boolean(document.querySelector("dialog[open]"));
  event.djambiFocus = document.activeElement?.id ?? "";
  if (event.djambiDialog) {
    if (event.key === "Enter" && event.target.classList?.contains("game-name-field")) event.preventDefault();
    return;
  }
  const focus = document.activeElement?.id;
  if ((focus === "board" && BOARD_KEYS.has(event.key)) || (focus === "move-list" && MOVE_LIST_KEYS.has(event.key))) {
    event.preventDefault();
  }
}, true);
document.addEventListener("contextmenu", (event) => {
  if (event.target.closest?.("#board")) event.preventDefault();
}, true);
for (const type of ["dragover", "drop"]) {
  document.addEventListener(type, (event) => {
    const transfer = event.dataTransfer;
    if (!transfer || !Array.from(transfer.types).includes("Files")) return;
    event.preventDefault();
    const files = Array.from(transfer.files);
    const kept = { types: Array.from(transfer.types), files: { length: files.length, item: (i) => files[i] ?? null } };
    Object.defineProperty(event, "dataTransfer", { value: kept });
  }, true);
}

// The move list and the narration follow the game (app/views/movelist.py: data-follow="1" while
// they do): their end in view as lines come and as their size changes, in the frame that shows
// the change, not once the worker has heard of it.
function follow(box) {
  if (box.dataset.follow === "1") box.scrollTop = box.scrollHeight;
}
function followLists() {
  for (const id of ["move-list", "event-log"]) {
    const box = document.getElementById(id);
    if (!box) continue;
    new MutationObserver(() => follow(box)).observe(box, { childList: true, subtree: true, characterData: true,
                                                           attributeFilter: ["data-follow"] });
    new ResizeObserver(() => follow(box)).observe(box);
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", followLists, { once: true });
else followLists();

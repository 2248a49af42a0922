// Offline app: registers the service worker (../sw.js, the site root) and handles new releases.
//
// A new release installs in the background while the page runs the old one. The service worker
// switches to it at the next start of the app; meanwhile a small toast offers "Reload" to switch
// now (the game is saved in localStorage at every move, so a reload loses nothing).
// Nothing happens where service workers are unavailable (old browsers, http:// on a LAN host).
// The worker is registered once the game is playable (see whenPlayable, at the end).

const sw = navigator.serviceWorker;
const WORKER_URL = new URL("../sw.js", import.meta.url);
const CHECK_EVERY_MS = 60 * 60 * 1000; // an installed app can stay open for days

let switching = false; // this page asked a waiting worker to take over: reload when it does

function activate(worker) {
  switching = true;
  worker.postMessage({ type: "skip-waiting" });
  // The old worker hands over once idle; should that not come, a reload lets sw.js switch.
  setTimeout(() => location.reload(), 10000);
}

function offer(worker) {
  showToast("A new version is ready.", "Reload", () => activate(worker));
}

function showToast(text, action, onAction) {
  document.getElementById("pwa-toast")?.remove();
  if (!document.getElementById("pwa-style")) {
    const style = document.createElement("style");
    style.id = "pwa-style";
    style.textContent = `
#pwa-toast { position: fixed; left: 50%; bottom: max(12px, env(safe-area-inset-bottom)); z-index: 1000;
  transform: translateX(-50%); display: flex; align-items: center; gap: 8px; max-width: calc(100vw - 24px);
  padding: 6px 6px 6px 16px; border-radius: 10px; background: #1d1b18; color: #f7f3ea;
  box-shadow: 0 4px 18px rgba(0,0,0,.4); font: 16px/1.3 system-ui, sans-serif; }
#pwa-toast button { min-width: 44px; min-height: 44px; padding: 0 14px; border: 0; border-radius: 8px;
  font: inherit; font-weight: 600; cursor: pointer; touch-action: manipulation; }
#pwa-toast span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#pwa-toast .pwa-action { background: #f0c020; color: #1d1b18; }
#pwa-toast .pwa-close { background: transparent; color: inherit; }`;
    document.head.append(style);
  }
  const toast = document.createElement("div");
  toast.id = "pwa-toast";
  toast.setAttribute("role", "status");
  const label = document.createElement("span");
  label.textContent = text;
  const go = document.createElement("button");
  go.type = "button";
  go.className = "pwa-action";
  go.textContent = action;
  go.addEventListener("click", () => {
    go.disabled = true;
    label.textContent = "Updating\u2026";
    onAction();
  });
  const close = document.createElement("button");
  close.type = "button";
  close.className = "pwa-close";
  close.setAttribute("aria-label", "Dismiss");
  close.textContent = "\u00d7";
  close.addEventListener("click", () => toast.remove());
  toast.append(label, go, close);
  document.body.append(toast);
}

const tracked = new WeakSet();

function track(worker) {
  if (tracked.has(worker)) return;
  tracked.add(worker);
  let installed = false;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed") {
      installed = true;
      // While a worker controls this page: an update (the first install needs nothing).
      if (sw.controller) offer(worker);
    } else if (worker.state === "redundant" && !installed) {
      // A download failed or a file did not match the release's manifest (a deploy caught
      // half-way): the browser tries again at a later visit.
      console.warn("Djambi: the offline copy of this release could not be made");
    }
  });
}

function watch(registration) {
  if (registration.waiting && sw.controller) offer(registration.waiting);
  if (registration.installing) track(registration.installing);
  registration.addEventListener("updatefound", () => {
    if (registration.installing) track(registration.installing);
  });
}

async function start() {
  let controlled = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (switching) {
      location.reload();
    } else if (controlled) {
      // Another page switched to a new release: this one still runs the old files.
      showToast("Djambi was updated.", "Reload", () => location.reload());
    }
    controlled = true;
  });
  let registration;
  try {
    registration = await sw.register(WORKER_URL, { updateViaCache: "none" });
  } catch (error) {
    console.warn("Djambi: no offline mode (service worker not registered):", error);
    return;
  }
  if (!registration) return; // registration blocked (e.g. by a test harness)
  watch(registration);
  setInterval(() => registration.update().catch(() => {}), CHECK_EVERY_MS);
}

// Registered once the game is playable (or after 30 s whatever happens): a first visit's download of
// the whole release (15 MB, each file checked by hash) and a returning page's update check then
// never compete with the game's own start-up for the network and the CPU (issue 14).
function whenPlayable(then) {
  const ready = () => document.body?.dataset.ready === "1";
  if (ready()) return then();
  let done = false;
  const go = () => { if (!done) { done = true; observer.disconnect(); then(); } };
  const observer = new MutationObserver(() => { if (ready()) go(); });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  setTimeout(go, 30000);
}

if (sw) whenPlayable(start);

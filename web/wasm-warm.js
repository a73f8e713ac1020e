// ACAP Workbench: runs app.wasm's start once in a worker before the page
// runs it (app.js, rewritten by wasm/appjs.go, sends the compiled module).
//
// Why: the browser compiles a WebAssembly function the first time it is
// called, on the thread that calls it, and most of the workbench's start on
// the page's main thread was that compilation (1,800 functions). The
// compiled code belongs to the module, which the worker shares with the
// page: what the worker's run compiles, the page's start finds compiled.
//
// How: the worker has no page, so it gets a small stand-in (a document
// that keeps a tree of elements, a window, storage in memory) that is
// enough for the workbench to mount and draw its first screen. Nothing
// leaves the worker: no storage, no network (fetch fails), no messages to
// other tabs. A part the stand-in lacks makes the run stop early, which
// only makes the warm-up shorter.
//
// Messages in: {module, exec, href, width, height} (exec: wasm_exec.js's
// URL; href: the page's address). Out: "settled" once the workbench's
// start is over (it marks the document ready) and what follows it has run
// (the program has not run for 100 ms, or 1 s has passed since the start),
// or "ended: " and why, if the run ended first. The page starts on either,
// or after a time limit of its own, and ends the worker.
"use strict";

(() => {
  const noop = () => { };
  const ELEMENT = 1, TEXT = 3;

  class FakeStyle {
    setProperty(k, v) { this[k] = v; }
    removeProperty(k) { delete this[k]; }
    getPropertyValue(k) { return this[k] || ""; }
  }

  class FakeClassList {
    constructor(el) { this.el = el; }
    names() { return (this.el.attrs.class || "").split(/\s+/).filter(Boolean); }
    set(list) { this.el.attrs.class = list.join(" "); }
    add(...c) { const l = this.names(); for (const x of c) if (!l.includes(x)) l.push(x); this.set(l); }
    remove(...c) { this.set(this.names().filter((x) => !c.includes(x))); }
    contains(c) { return this.names().includes(c); }
    toggle(c, force) {
      const on = force === undefined ? !this.contains(c) : !!force;
      if (on) this.add(c); else this.remove(c);
      return on;
    }
  }

  class FakeNode {
    constructor(type, name) {
      this.nodeType = type;
      this.nodeName = name;
      this.tagName = name;
      this.childNodes = [];
      this.parentNode = null;
      this.attrs = {};
      this.style = new FakeStyle();
      this.classList = new FakeClassList(this);
      this.dataset = {};
      this.value = "";
      this.nodeValue = "";
      this.scrollTop = 0;
      this.scrollLeft = 0;
      this.selectionStart = 0;
      this.selectionEnd = 0;
      this.hidden = false;
      this.disabled = false;
      this.checked = false;
      this.readOnly = false;
      this.files = [];
    }
    get ownerDocument() { return fakeDocument; }
    get children() { return this.childNodes.filter((n) => n.nodeType === ELEMENT); }
    get childElementCount() { return this.children.length; }
    get firstChild() { return this.childNodes[0] || null; }
    get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
    get firstElementChild() { return this.children[0] || null; }
    get lastElementChild() { const c = this.children; return c[c.length - 1] || null; }
    get parentElement() { return this.parentNode && this.parentNode.nodeType === ELEMENT ? this.parentNode : null; }
    sibling(d) {
      if (!this.parentNode) return null;
      const s = this.parentNode.childNodes;
      return s[s.indexOf(this) + d] || null;
    }
    get nextSibling() { return this.sibling(1); }
    get previousSibling() { return this.sibling(-1); }
    get nextElementSibling() { let n = this.nextSibling; while (n && n.nodeType !== ELEMENT) n = n.nextSibling; return n; }
    get id() { return this.attrs.id || ""; }
    set id(v) { this.attrs.id = String(v); }
    get className() { return this.attrs.class || ""; }
    set className(v) { this.attrs.class = String(v); }
    get textContent() { return this.nodeType === TEXT ? this.nodeValue : this.childNodes.map((n) => n.textContent).join(""); }
    set textContent(v) {
      if (this.nodeType === TEXT) { this.nodeValue = String(v); return; }
      this.clear();
      if (v !== "") this.appendChild(fakeDocument.createTextNode(String(v)));
    }
    get innerText() { return this.textContent; }
    set innerText(v) { this.textContent = v; }
    get data() { return this.nodeValue; }
    set data(v) { this.nodeValue = String(v); }
    get innerHTML() { return this.html || ""; }
    // The markup is read by a small parser (parseMarkup), enough for the
    // workbench's own markup: the elements with an id are found again.
    set innerHTML(v) {
      this.clear();
      this.html = String(v);
      parseMarkup(this, this.html);
    }
    get outerHTML() { return "<" + this.nodeName.toLowerCase() + ">" + this.innerHTML + "</" + this.nodeName.toLowerCase() + ">"; }
    get textLength() { return String(this.value).length; }
    get clientWidth() { return fakeWindow.innerWidth; }
    get clientHeight() { return 600; }
    get offsetWidth() { return fakeWindow.innerWidth; }
    get offsetHeight() { return 600; }
    get scrollHeight() { return 600; }
    get scrollWidth() { return fakeWindow.innerWidth; }
    clear() { for (const c of this.childNodes) c.parentNode = null; this.childNodes = []; this.html = ""; }
    detach(n) { if (n.parentNode) n.parentNode.removeChild(n); }
    appendChild(n) { this.detach(n); this.childNodes.push(n); n.parentNode = this; return n; }
    append(...ns) { for (const n of ns) this.appendChild(typeof n === "string" ? fakeDocument.createTextNode(n) : n); }
    insertBefore(n, ref) {
      if (!ref) return this.appendChild(n);
      this.detach(n);
      const i = this.childNodes.indexOf(ref);
      this.childNodes.splice(i < 0 ? this.childNodes.length : i, 0, n);
      n.parentNode = this;
      return n;
    }
    removeChild(n) {
      const i = this.childNodes.indexOf(n);
      if (i >= 0) this.childNodes.splice(i, 1);
      n.parentNode = null;
      return n;
    }
    replaceChild(n, old) { this.insertBefore(n, old); this.removeChild(old); return old; }
    replaceWith(n) { if (this.parentNode) this.parentNode.replaceChild(n, this); }
    remove() { if (this.parentNode) this.parentNode.removeChild(this); }
    contains(n) { for (; n; n = n.parentNode) if (n === this) return true; return false; }
    setAttribute(k, v) { this.attrs[k] = String(v); if (k.startsWith("data-")) this.dataset[k.slice(5)] = String(v); }
    getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
    hasAttribute(k) { return k in this.attrs; }
    removeAttribute(k) { delete this.attrs[k]; }
    toggleAttribute(k, force) { const on = force === undefined ? !(k in this.attrs) : !!force; if (on) this.attrs[k] = ""; else delete this.attrs[k]; return on; }
    getBoundingClientRect() { return { x: 0, y: 0, top: 0, left: 0, right: fakeWindow.innerWidth, bottom: 20, width: fakeWindow.innerWidth, height: 20 }; }
    getClientRects() { return [this.getBoundingClientRect()]; }
    // each returns the first element under this one, in document order,
    // for which f is true (getElementById, querySelector: the workbench
    // asks for dozens of elements at its start).
    each(f) {
      for (const c of this.childNodes) {
        if (c.nodeType !== ELEMENT) continue;
        if (f(c)) return c;
        const r = c.each(f);
        if (r) return r;
      }
      return null;
    }
    all(f) { const out = []; this.each((c) => { if (f(c)) out.push(c); return false; }); return out; }
    getElementsByClassName(c) { return this.all((n) => n.classList.contains(c)); }
    getElementsByTagName(t) { t = t.toUpperCase(); return this.all((n) => t === "*" || n.nodeName === t); }
    matches(sel) { return selectorMatch(this, sel); }
    closest(sel) { for (let n = this; n && n.nodeType === ELEMENT; n = n.parentNode) if (selectorMatch(n, sel)) return n; return null; }
    querySelector(sel) { return this.each((n) => selectorMatch(n, sel)); }
    querySelectorAll(sel) { return this.all((n) => selectorMatch(n, sel)); }
    insertAdjacentHTML() { }
    addEventListener() { }
    removeEventListener() { }
    dispatchEvent() { return true; }
    focus() { fakeDocument.activeElement = this; }
    blur() { }
    click() { }
    select() { }
    scrollIntoView() { }
    scrollTo() { }
    setSelectionRange(a, b) { this.selectionStart = a; this.selectionEnd = b; }
    setRangeText() { }
    showModal() { }
    close() { }
    animate() { return { finished: Promise.resolve(), cancel: noop }; }
  }

  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
  const ENTITY = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  const unescape = (t) => t.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e) =>
    e[0] !== "#" ? (ENTITY[e] ?? all) : String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));

  // parseMarkup appends to parent the nodes of html: tags, their
  // attributes, text; no comments' contents, no scripts.
  function parseMarkup(parent, html) {
    const tag = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>\/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
    const attr = /([^\s=>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
    let at = 0, cur = parent, m;
    while ((m = tag.exec(html)) !== null) {
      if (m.index > at) {
        cur.appendChild(fakeDocument.createTextNode(unescape(html.slice(at, m.index))));
      }
      at = tag.lastIndex;
      if (m[1]) {
        const name = m[1].toUpperCase();
        for (let n = cur; n !== parent; n = n.parentNode) {
          if (n.nodeName === name) {
            cur = n.parentNode;
            break;
          }
        }
      } else if (m[2]) {
        const el = fakeDocument.createElement(m[2]);
        let a;
        while ((a = attr.exec(m[3])) !== null) {
          el.setAttribute(a[1].toLowerCase(), unescape(a[2] ?? a[3] ?? a[4] ?? ""));
        }
        if (el.hasAttribute("value")) el.value = el.getAttribute("value");
        cur.appendChild(el);
        if (!m[4] && !VOID.has(m[2].toLowerCase())) {
          cur = el;
        }
      }
    }
    if (at < html.length) {
      cur.appendChild(fakeDocument.createTextNode(unescape(html.slice(at))));
    }
  }

  // Simple selectors only (#id, .class, tag, tag.class, [attr]); a list
  // with commas matches any of its parts. Others match nothing.
  function selectorMatch(n, sel) {
    return String(sel).split(",").some((s) => {
      const m = /^\s*([a-zA-Z0-9-]*)(?:#([\w-]+))?((?:\.[\w-]+)*)(?:\[([\w-]+)\])?\s*$/.exec(s);
      if (!m) return false;
      if (m[1] && n.nodeName !== m[1].toUpperCase()) return false;
      if (m[2] && n.id !== m[2]) return false;
      if (m[3] && !m[3].split(".").filter(Boolean).every((c) => n.classList.contains(c))) return false;
      if (m[4] && !n.hasAttribute(m[4])) return false;
      return !!(m[1] || m[2] || m[3] || m[4]);
    });
  }

  const fakeDocument = {
    nodeType: 9,
    visibilityState: "visible",
    hidden: false,
    readyState: "complete",
    title: "",
    cookie: "",
    createElement: (t) => new FakeNode(ELEMENT, String(t).toUpperCase()),
    createElementNS: (ns, t) => new FakeNode(ELEMENT, String(t).toUpperCase()),
    createTextNode: (s) => { const n = new FakeNode(TEXT, "#text"); n.nodeValue = String(s); return n; },
    createDocumentFragment: () => new FakeNode(11, "#document-fragment"),
    createEvent: () => ({ initEvent: noop }),
    getElementById: (id) => fakeDocument.documentElement.each((n) => n.attrs.id === id),
    getElementsByClassName: (c) => fakeDocument.documentElement.getElementsByClassName(c),
    getElementsByTagName: (t) => fakeDocument.documentElement.getElementsByTagName(t),
    querySelector: (s) => fakeDocument.documentElement.querySelector(s),
    querySelectorAll: (s) => fakeDocument.documentElement.querySelectorAll(s),
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => true,
    execCommand: () => false,
    hasFocus: () => true,
    getSelection: () => ({ removeAllRanges: noop, addRange: noop, rangeCount: 0 }),
  };
  fakeDocument.documentElement = fakeDocument.createElement("html");
  fakeDocument.head = fakeDocument.createElement("head");
  fakeDocument.body = fakeDocument.createElement("body");
  fakeDocument.documentElement.appendChild(fakeDocument.head);
  fakeDocument.documentElement.appendChild(fakeDocument.body);
  // go-app replaces the page's first element (the pre-rendered one).
  fakeDocument.body.appendChild(fakeDocument.createElement("div"));
  fakeDocument.activeElement = fakeDocument.body;

  class FakeStorage {
    constructor() { this.m = new Map(); }
    get length() { return this.m.size; }
    key(i) { return [...this.m.keys()][i] ?? null; }
    getItem(k) { return this.m.has(String(k)) ? this.m.get(String(k)) : null; }
    setItem(k, v) { this.m.set(String(k), String(v)); }
    removeItem(k) { this.m.delete(String(k)); }
    clear() { this.m.clear(); }
  }

  const frame = (f) => setTimeout(() => f(performance.now()), 16);
  const fakeWindow = {
    innerWidth: 1280,
    innerHeight: 800,
    devicePixelRatio: 1,
    document: fakeDocument,
    location: null,
    history: { length: 1, state: null, pushState: noop, replaceState: noop, back: noop, forward: noop, go: noop },
    navigator: { userAgent: "", language: "en", languages: ["en"], onLine: true, clipboard: { writeText: () => Promise.reject(new Error("warm-up")) } },
    screen: { width: 1280, height: 800 },
    localStorage: new FakeStorage(),
    sessionStorage: new FakeStorage(),
    requestAnimationFrame: frame,
    cancelAnimationFrame: (id) => clearTimeout(id),
    requestIdleCallback: (f) => setTimeout(() => f({ didTimeout: false, timeRemaining: () => 10 }), 1),
    cancelIdleCallback: (id) => clearTimeout(id),
    matchMedia: (q) => ({ media: q, matches: false, addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop }),
    getComputedStyle: () => new FakeStyle(),
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => true,
    scrollTo: noop,
    print: noop,
    focus: noop,
    confirm: () => false,
    alert: noop,
    prompt: () => null,
    open: () => null,
    // Nothing leaves the worker.
    fetch: () => Promise.reject(new TypeError("warm-up: no network")),
    BroadcastChannel: class { constructor() { } postMessage() { } close() { } addEventListener() { } removeEventListener() { } },
    indexedDB: undefined,
    caches: undefined,
    Event: class { constructor(type) { this.type = type; } preventDefault() { } stopPropagation() { } },
    CustomEvent: class { constructor(type, o) { this.type = type; this.detail = o && o.detail; } },
  };

  self.workbenchWarmEnv = (href, width, height, onReady) => {
    const u = new URL(href);
    fakeWindow.location = {
      href: u.href, origin: u.origin, protocol: u.protocol, host: u.host, hostname: u.hostname,
      port: u.port, pathname: u.pathname, search: u.search, hash: u.hash,
      assign: noop, replace: noop, reload: noop, toString: () => u.href,
    };
    if (width > 0) fakeWindow.innerWidth = width;
    if (height > 0) fakeWindow.innerHeight = height;
    // The workbench marks the document ready at the end of its start.
    const root = fakeDocument.documentElement;
    const set = root.setAttribute;
    root.setAttribute = function (k, v) {
      set.call(this, k, v);
      if (k === "data-ready") onReady();
    };
    // The stand-in's names shadow the worker's own (self.fetch, self.caches,
    // self.indexedDB, self.BroadcastChannel: nothing leaves the worker).
    for (const k of Object.keys(fakeWindow)) {
      try {
        Object.defineProperty(self, k, { value: fakeWindow[k], configurable: true, writable: true });
      } catch (err) {
        // A name the worker does not let go of: left as it is.
      }
    }
    self.window = self;
    // What would reach beyond the worker must be the stand-in's, or the
    // run does not happen.
    for (const k of ["fetch", "BroadcastChannel", "indexedDB", "caches", "localStorage", "sessionStorage", "document", "navigator", "location"]) {
      if (self[k] !== fakeWindow[k]) {
        throw new Error("the worker's " + k + " could not be replaced");
      }
    }
  };
})();

// What the program wrote last (a panic's message, say), for the page to
// keep in workbenchWarmResult.
const lines = [];
console.log = console.error = console.warn = (...a) => {
  if (lines.length < 40) {
    lines.push(a.join(" ").slice(0, 300));
  }
};

onmessage = async (ev) => {
  const m = ev.data;
  let said = false;
  const say = (what) => {
    if (!said) {
      said = true;
      postMessage(what);
    }
  };
  try {
    importScripts(m.exec);
    // After the start, the run goes on with what follows it (the first
    // check, the first matrix, a piece a frame): "settled" once the
    // program has not run for 100 ms, or 1 s after the start at most.
    let last = performance.now(), mountedAt = 0;
    const settle = () => {
      const now = performance.now();
      if (now - last >= 100 || now - mountedAt >= 1000) {
        say("settled");
        return;
      }
      setTimeout(settle, 25);
    };
    self.workbenchWarmEnv(m.href, m.width, m.height, () => {
      last = mountedAt = performance.now();
      setTimeout(settle, 25);
    });
    const go = new Go();
    const resume = go._resume;
    go._resume = function () {
      last = performance.now();
      const r = resume.apply(this, arguments);
      last = performance.now();
      return r;
    };
    const inst = await WebAssembly.instantiate(m.module, go.importObject);
    await go.run(inst);
    say("ended: the run exited: " + lines.join(" | "));
  } catch (err) {
    // The page starts either way; only the warm-up is cut short.
    say("ended: " + err + ": " + lines.join(" | "));
  }
};

// ACAP Workbench guard. The workbench is Go compiled to WebAssembly; if the
// Go side ever stops (a panic, running out of memory), its event handlers
// and its autosave stop with it while the page still shows the text. This
// script does not depend on the Go runtime: it notices that the Go program
// has ended, keeps the editor's text in the browser's storage (and keeps
// doing so as the person types), and says so. On the next start the
// workbench adds the kept text to the workspace (app/ui/guard.go).
//
// It also marks a first visit on the page (data-first-visit on <html>)
// before the page is drawn, so that the start screen the pre-rendered page
// holds shows while app.wasm loads (see renderStart in app/ui/start.go). It
// marks only a visit the workbench will surely take for a first one:
// nothing of the workbench stored in this browser, no share link, and
// app.wasm loaded at all (go-app's app.js loads none for a crawler or with
// ?wasm=false).
(() => {
  if (/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) ||
    new URLSearchParams(location.search).get("wasm") === "false") {
    return;
  }
  try {
    const ours = (st) => {
      for (let i = 0; i < st.length; i++) {
        if ((st.key(i) || "").startsWith("acap-workbench:")) {
          return true;
        }
      }
      return false;
    };
    if (!location.hash && !ours(localStorage) && !ours(sessionStorage)) {
      document.documentElement.dataset.firstVisit = "1";
    }
  } catch (e) {
    // Storage refused: the workbench shows no start screen either.
  }
})();

(() => {
  "use strict";
  const key = "acap-workbench:v1:rescued";
  let stopped = false;
  let banner = null;

  // The name of the file in the editor, as its tab shows it.
  function fileName() {
    const input = document.getElementById("file-name");
    const name = input && input.value ? input.value.trim() : "";
    return name || "robots.txt";
  }

  // keep stores the editor's text in the form the workbench reads back.
  // A file shown read-only (1 MiB or more) holds only its shape in the
  // textarea: its text was saved by the workbench, and is not overwritten.
  function keep() {
    const ta = document.getElementById("editor-input");
    if (!ta || ta.readOnly) {
      return true;
    }
    try {
      const files = [{ name: fileName(), text: ta.value, dirty: true }];
      localStorage.setItem(key, JSON.stringify({ v: 1, files: files }));
      return true;
    } catch (err) {
      say("The workbench stopped, and this browser refused to store your text (" + err + "). Copy it from the editor before you reload.");
      return false;
    }
  }

  function say(msg) {
    if (!document.body) {
      return;
    }
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "workbench-stopped";
      banner.className = "stopped-banner";
      banner.setAttribute("role", "alert");
      const text = document.createElement("span");
      text.id = "workbench-stopped-text";
      const reload = document.createElement("button");
      reload.type = "button";
      reload.className = "btn";
      reload.textContent = "Reload";
      reload.addEventListener("click", () => location.reload());
      banner.append(text, " ", reload);
      document.body.append(banner);
    }
    banner.querySelector("#workbench-stopped-text").textContent = msg;
  }

  function stop(why) {
    if (stopped) {
      return;
    }
    stopped = true;
    if (why) {
      console.error("the workbench stopped:", why);
    }
    if (keep()) {
      say("The workbench stopped: your text is kept; reload to continue.");
    }
    document.documentElement.dataset.stopped = "1";
    // What is typed from now on is kept too.
    document.addEventListener("input", keep, true);
    window.addEventListener("pagehide", keep);
  }

  // wasm_exec.js defines the Go class; its run method returns a promise
  // that settles when the Go program ends, whatever ended it.
  function watch(cls) {
    if (!cls || !cls.prototype || cls.prototype.__guarded) {
      return;
    }
    const run = cls.prototype.run;
    cls.prototype.run = function (instance) {
      const done = run.call(this, instance);
      done.then(() => stop("the Go program exited"), (err) => stop(err));
      return done;
    };
    cls.prototype.__guarded = true;
  }
  let goClass = globalThis.Go;
  watch(goClass);
  Object.defineProperty(globalThis, "Go", {
    configurable: true,
    get() {
      return goClass;
    },
    set(v) {
      goClass = v;
      watch(v);
    },
  });

  // What the page's Content-Security-Policy refused, for the browser tests
  // (which assert that nothing was) and for the console.
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (ev) => {
    const what = ev.effectiveDirective + " refused " + (ev.blockedURI || "inline") + (ev.sample ? ": " + ev.sample : "");
    window.__cspViolations.push(what);
    console.error("Content-Security-Policy:", what);
  });

  // A call into a Go program that has ended throws; a trap in the
  // WebAssembly code is a RuntimeError.
  const fatal = (e) => /Go program has already exited|RuntimeError/.test(String(e));
  window.addEventListener("error", (ev) => {
    if (fatal(ev.error || ev.message)) {
      stop(ev.error || ev.message);
    }
  });
  window.addEventListener("unhandledrejection", (ev) => {
    if (fatal(ev.reason)) {
      stop(ev.reason);
    }
  });
})();

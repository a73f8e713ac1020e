//go:build !wasm

package main

import (
	"fmt"
	"os"
	"strings"
)

// appJSRewrites are the changes Build makes to the app.js go-app writes.
// Each old text must be found exactly once, or the build fails: a newer
// go-app must not silently lose them.
var appJSRewrites = []struct{ name, old, new string }{
	{
		// The loading label counts megabytes of app.wasm (see loadingLabel)
		// instead of a percentage.
		"progress in megabytes",
		"progess(Math.round((loaded * 100) / total));",
		"progess((loaded / 1e6).toFixed(1)); // acap-workbench: megabytes",
	},
	{
		// app.wasm is fetched once the pre-rendered page has been painted
		// (the browser has reported its first contentful paint), not while
		// the page's first paint still shares the line and the main thread
		// with app.wasm; the service worker is registered once
		// app.wasm has been fetched and started, so that precaching
		// (revalidating app.wasm, fetching the gallery and exercises) does
		// not compete with it either, and never asks for app.wasm while the
		// page's own request is under way. A hidden tab paints nothing: it
		// starts at once, as does a browser without paint timing; a timer
		// starts it if no paint is reported within 3 s.
		"start after the first paint",
		`goappInitServiceWorker();
goappWatchForUpdate();
goappWatchForInstallable();
goappInitWebAssembly();
`,
		`goappWatchForUpdate();
goappWatchForInstallable();
// acap-workbench: app.wasm after the first paint, the service worker after app.wasm.
(function () {
  let started = false;
  const start = () => {
    if (started) {
      return;
    }
    started = true;
    goappInitWebAssembly().finally(goappInitServiceWorker);
  };
  if (document.visibilityState !== "visible" || !window.PerformanceObserver ||
    !(PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) {
      observer.disconnect();
      setTimeout(start, 0);
    }
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, 3000);
})();
`,
	},
	{
		// app.wasm is handed to the browser's streaming compilation in
		// slices of 128 KB, one per task: the browser decodes what it is
		// handed in the task that hands it on, and a fast line delivers
		// megabytes at once, which made long main-thread tasks while the
		// page was showing. The response is still read as fast as it
		// comes (a reader that waits leaves the browser to queue the rest
		// and hand it all on in one long task at the end); the slices are
		// handed on from what was read. A task is yielded through a
		// MessageChannel, which the browser does not delay as it does
		// nested timers.
		"hand app.wasm on in slices",
		`        async start(controller) {
          var reader = response.body.getReader();
          for (; ;) {
            var { done, value } = await reader.read();

            if (done) {
              progressHandler(total, total);
              break;
            }

            loaded += value.byteLength;
            progressHandler(loaded, total);
            controller.enqueue(value);
          }
          controller.close();
        },
`,
		`        async start(controller) {
          // acap-workbench: read as it comes, handed on in slices, one per task.
          const reader = response.body.getReader();
          const read = [];
          let ended = false, failed = null, wake = null;
          (async () => {
            try {
              for (; ;) {
                const { done, value } = await reader.read();
                if (done) {
                  break;
                }
                read.push(value);
                if (wake) {
                  wake();
                }
              }
            } catch (err) {
              failed = err;
            }
            ended = true;
            if (wake) {
              wake();
            }
          })();
          for (; ;) {
            if (read.length === 0) {
              if (ended) {
                break;
              }
              await new Promise((resolve) => { wake = resolve; });
              wake = null;
              continue;
            }
            const value = read.shift();
            for (let i = 0; i < value.byteLength; i += 131072) {
              const part = value.subarray(i, i + 131072);
              loaded += part.byteLength;
              progressHandler(loaded, total);
              controller.enqueue(part);
              await new Promise((resolve) => {
                const ch = new MessageChannel();
                ch.port1.onmessage = resolve;
                ch.port2.postMessage(null);
              });
            }
          }
          if (failed) {
            controller.error(failed);
            return;
          }
          progressHandler(total, total);
          controller.close();
        },
`,
	},
	{
		// app.wasm is fetched in a worker (web/wasm-fetch.js), which hands
		// its bytes to the page as they arrive; the page compiles them as
		// before. Reading a response of this size, and above all its end,
		// is work for the thread that reads it: on the page's main thread
		// that was a long task just before the workbench started. Where
		// there is no Worker, or the worker fails before the response
		// starts, the page fetches app.wasm itself. The same text defines
		// workbenchWarm, which the rewrite "warm up in a worker" calls (it
		// needs the address workbenchFetch was given).
		"fetch app.wasm in a worker",
		`async function fetchWithProgress(url, progess) {
  const response = await fetch(url);
`,
		`// acap-workbench: the start's functions compiled by a run in a worker.
let workbenchWasmURL = "";
function workbenchWarm(module) {
  return new Promise((resolve) => {
    let worker = null, timer = null;
    // How the warm-up went, for tests: "settled", "ended: " and why,
    // "timeout", or "none" (no worker).
    window.workbenchWarmResult = "none";
    const end = () => {
      clearTimeout(timer);
      if (worker) {
        worker.terminate();
      }
      resolve();
    };
    const dir = workbenchWasmURL.slice(0, workbenchWasmURL.lastIndexOf("/") + 1);
    if (!window.Worker || !module || !dir || new URLSearchParams(location.search).get("warm") === "0") {
      end();
      return;
    }
    timer = setTimeout(() => {
      window.workbenchWarmResult = "timeout";
      end();
    }, 3000);
    try {
      worker = new Worker(dir + "wasm-warm.js");
    } catch (err) {
      end();
      return;
    }
    worker.onmessage = (ev) => {
      window.workbenchWarmResult = String(ev.data);
      end();
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      window.workbenchWarmResult = "ended: " + ev.message;
      end();
    };
    worker.postMessage({
      module: module, exec: new URL(dir + "../wasm_exec.js", location.href).href,
      href: location.href, width: window.innerWidth, height: window.innerHeight,
    });
  });
}

// acap-workbench: app.wasm fetched in a worker, its bytes handed to the page.
function workbenchFetch(url) {
  workbenchWasmURL = url;
  if (!window.Worker) {
    return fetch(url);
  }
  return new Promise((resolve, reject) => {
    let worker, controller, started = false;
    // A failure after the response started ends its body; before, the
    // page fetches app.wasm itself.
    const failed = (msg) => {
      worker.terminate();
      if (started) {
        controller.error(new Error(msg));
      } else {
        started = true;
        resolve(fetch(url));
      }
    };
    try {
      worker = new Worker(url.slice(0, url.lastIndexOf("/") + 1) + "wasm-fetch.js");
    } catch (err) {
      resolve(fetch(url));
      return;
    }
    const body = new ReadableStream({ start(c) { controller = c; } });
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.chunk) {
        controller.enqueue(m.chunk);
      } else if (m.done) {
        controller.close();
        worker.terminate();
      } else if (m.error !== undefined) {
        failed(m.error);
      } else if (m.status !== undefined) {
        started = true;
        if (!m.ok) {
          worker.terminate();
          reject(new Error("app.wasm: " + m.status));
          return;
        }
        resolve(new Response(body, { status: m.status, headers: { "Content-Type": m.type || "application/wasm" } }));
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      failed(ev.message || "the worker failed");
    };
    worker.postMessage(url);
  });
}

async function fetchWithProgress(url, progess) {
  const response = await workbenchFetch(url);
`,
	},
	{
		// The page's start waits for a run of the same module in a worker
		// (web/wasm-warm.js) against a stand-in for the page, which
		// compiles the functions the start calls: the browser compiles a
		// function on its first call, on the thread that calls it, and the
		// compiled code is shared by every instance of the module. Most of
		// the start's long task on the main thread was that compilation.
		// The page starts when the worker's run has mounted the workbench
		// and run what follows the start (the first check and matrix) until
		// it idles, at most 1 s after the start (or when the run ended, or
		// after 3 s), and ends the worker then: its run would take the
		// page's processor time from then on. Where there
		// is no Worker, or it fails, the page starts at once; ?warm=0 in the
		// address turns the warm-up off (the benchmarks' baseline).
		// workbenchStartMs is how long the start's own task ran.
		"warm up in a worker",
		`    go.run(wasm.instance);
    loader.remove();
`,
		`    await workbenchWarm(wasm.module); // acap-workbench
    const workbenchRunAt = performance.now();
    go.run(wasm.instance);
    window.workbenchStartMs = performance.now() - workbenchRunAt;
    loader.remove();
`,
	},
}

// rewriteAppJS applies appJSRewrites to the app.js at path.
func rewriteAppJS(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for _, r := range appJSRewrites {
		if n := strings.Count(s, r.old); n != 1 {
			return fmt.Errorf("%s: go-app's app.js changed: the text for %q is found %d times instead of once; update appJSRewrites", path, r.name, n)
		}
		s = strings.Replace(s, r.old, r.new, 1)
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// ACAP Workbench: fetches app.wasm in a worker and hands its bytes to the
// page as they arrive (app.js, rewritten by wasm/appjs.go, starts it). The
// page compiles them; the download itself, its end included, is this
// worker's work rather than the page's main thread's. Messages: {status,
// ok, type}, then {chunk} for each part read (its buffer transferred),
// then {done}; or {error}.
"use strict";

onmessage = async (ev) => {
  try {
    const resp = await fetch(ev.data);
    postMessage({ status: resp.status, ok: resp.ok, type: resp.headers.get("Content-Type") });
    if (!resp.ok) {
      return;
    }
    const reader = resp.body.getReader();
    for (; ;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      postMessage({ chunk: value }, [value.buffer]);
    }
    postMessage({ done: true });
  } catch (err) {
    postMessage({ error: String(err) });
  }
};

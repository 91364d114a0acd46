/** Browser side of the benchmarks: "painted" = the DOM shows it and two animation frames have passed. */

/** Two animation frames: the frame with the change has been painted. */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
  );
}

/** Once `ready()` holds (checked on every DOM change), resolves with what `then` answers; rejects after `timeoutMs`. */
function onceDomHolds(ready: () => boolean, then: () => Promise<number>, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done || !ready()) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      then().then(resolve, reject);
    };
    const observer = new MutationObserver(finish);
    const timer = setTimeout(() => {
      observer.disconnect();
      if (!done) reject(new Error('not shown in time'));
    }, timeoutMs);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    finish();
  });
}

/** Resolves (with the paint time) once `ready()` holds, checked on every DOM change. */
export function paintedWhen(ready: () => boolean, timeoutMs = 15_000): Promise<number> {
  return onceDomHolds(ready, afterPaint, timeoutMs);
}

/** The next animation frame's start (the frame that will show what was rendered so far). */
export function nextAnimationFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

/**
 * The frame that shows what was rendered so far has been produced: its animation frame callbacks, style, layout,
 * pre-paint, paint and layerize ran on the main thread (a task queued from the animation frame runs after them).
 * Unlike afterPaint it does not wait for the following frame's start (up to one vsync of idle time).
 */
export function framePainted(): Promise<number> {
  return frameTimes().then((t) => t.produced);
}

/** The next frame's start (its animation frame callbacks) and when it has been produced (see framePainted). */
export function frameTimes(): Promise<{ start: number; produced: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame((start) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve({ start, produced: performance.now() });
      };
      channel.port2.postMessage(null);
    }),
  );
}

/** Resolves with the time the frame showing it was produced (framePainted) once `ready()` holds, checked on every DOM change. */
export function renderedWhen(ready: () => boolean, timeoutMs = 15_000): Promise<number> {
  return onceDomHolds(ready, framePainted, timeoutMs);
}

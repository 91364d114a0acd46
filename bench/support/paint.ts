/** Browser side of the benchmarks: "painted" = the DOM shows it and two animation frames have passed. */

/** Two animation frames: the frame with the change has been painted. */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
  );
}

/** Resolves (with the paint time) once `ready()` holds, checked on every DOM change. */
export function paintedWhen(ready: () => boolean, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done || !ready()) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      afterPaint().then(resolve, reject);
    };
    const observer = new MutationObserver(finish);
    const timer = setTimeout(() => {
      observer.disconnect();
      if (!done) reject(new Error('not painted in time'));
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

/** The next animation frame's start (the frame that will show what was rendered so far). */
export function nextAnimationFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

// The one redraw loop: any number of `redraw()` calls in a turn of the event loop draw once, in a
// microtask, so controllers can call it after every change without cost.

export function redrawLoop(draw: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  };
}

// Pointer input on the board: down on the canvas, move/up/cancel on the document (so a drag that
// leaves the board still ends cleanly). Mouse, pen and touch alike; positions in CSS pixels of
// the board. Whether a press became a drag is decided by the controller (a few pixels).

export function attachPointer(canvas, handlers) {
  const point = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !e.isPrimary) return;
    e.preventDefault();
    const move = (ev) => {
      if (ev.pointerId === e.pointerId) handlers.move(point(ev));
    };
    const up = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      cleanup();
      handlers.up(point(ev));
    };
    const cancel = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      cleanup();
      handlers.cancel();
    };
    function cleanup() {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', cancel);
    }
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', cancel);
    handlers.down(point(e));
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
}

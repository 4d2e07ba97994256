// A move is sent only for the table the player saw. Each move button carries the version it was drawn for and is
// refused at any other; when a new version is shown, its buttons wait a moment (disabled, so a second click or a
// repeated Enter lands on nothing) before they take a click. The bot answers in milliseconds, so without this the
// second click of a double-click would play the next turn's move, a discard or a give the player never saw.

const ARM_MILLISECONDS = 600;

/** Call on every draw: a version not shown before starts its moment of waiting; whether the moves may be clicked. */
export function armFor(current, onArmed) {
  const version = current.game.version;
  if (current.armedVersion !== version) {
    current.armedVersion = version;
    // The other seats' moves still being shown (a replay drawn for an earlier version goes on) hold the moves too.
    const replayLeft = Math.max(0, (current.replayEndsAt || 0) - performance.now());
    current.armedAt = performance.now() + ARM_MILLISECONDS + Math.max(current.paceMilliseconds || 0, replayLeft);
    if (current.armTimer) clearTimeout(current.armTimer);
    current.armTimer = setTimeout(() => {
      current.armTimer = null;
      if (!current.closed && current.armedVersion === version) onArmed();
    }, current.armedAt - performance.now());
  }
  return isArmed(current);
}

export function isArmed(current) {
  return performance.now() >= (current.armedAt || 0) && !current.armTimer;
}

/** Whether a click on a move drawn for `drawnVersion` may be sent now. */
export function maySend(current, drawnVersion) {
  return !current.busy && !current.closed && isArmed(current) && drawnVersion === current.game.version;
}

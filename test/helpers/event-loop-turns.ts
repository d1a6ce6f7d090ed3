// Counts the turns of the event loop: a callback that schedules itself for
// the next turn (setImmediate), so a test can say that work it started let
// the loop run N times, without timing anything.

/** A running count of the event loop's turns; `stop()` ends it. */
export interface TurnCounter {
  readonly turns: number;
  stop(): number;
}

/** Starts counting the event loop's turns from now. */
export function countTurns(): TurnCounter {
  let turns = 0;
  let counting = true;
  const tick = (): void => {
    turns++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
      return turns;
    },
  };
}

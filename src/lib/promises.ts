// A promise started now and awaited later (after another await) must have a handler from the
// moment it exists: if it rejects while the code is still awaiting something else, Node sees a
// rejection nobody handles and, by default, ends the process. `startedEarly` attaches a no-op
// handler and returns the same promise, so the rejection still reaches whoever awaits it later.

/** The same promise, marked handled: await it later, or drop it, without ending the process. */
export function startedEarly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

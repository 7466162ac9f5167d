// Time is passed in, never read from Date.now() in features, so tests can move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export function isoAfter(clock: Clock, ms: number): string {
  return new Date(clock.now().getTime() + ms).toISOString();
}

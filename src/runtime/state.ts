import type { AppContext, StatePiece } from './types.js';

// Per-app state: what a feature keeps in memory for one running app (caches, the search indexer,
// the last time something was pruned). A feature declares each piece once, as an `AppState`, in
// its module file; the runtime builds every declared piece when it creates the app's context and
// closes them when the app stops. Services reach a piece through `ctx.state(piece)`. Nothing is
// kept in module-level maps: two apps in one process (tests, the admin CLI) never share state,
// and a request's context, a new object each time, finds the same state as the app's.

export type StateLifecycle<T> = StatePiece<T>['lifecycle'];

export class AppState<T> implements StatePiece<T> {
  constructor(
    /** For error messages: which piece is missing. */
    readonly name: string,
    /** Builds the piece for one app, with the app's own context. */
    readonly create: (ctx: AppContext) => T,
    readonly lifecycle: StateLifecycle<T> = {},
  ) {}
}

/** The pieces of one app, built from the declarations of its modules. */
export class StateRegistry {
  private readonly values = new Map<StatePiece<unknown>, unknown>();

  constructor(
    private readonly ctx: AppContext,
    declared: readonly StatePiece<unknown>[],
  ) {
    for (const piece of declared) if (!this.values.has(piece)) this.values.set(piece, piece.create(ctx));
  }

  get<T>(piece: StatePiece<T>): T {
    if (!this.values.has(piece as StatePiece<unknown>)) throw new Error(`The app state "${piece.name}" is not declared by any module of this app`);
    return this.values.get(piece as StatePiece<unknown>) as T;
  }

  async start(): Promise<void> {
    for (const [piece, value] of this.values) await piece.lifecycle.start?.(value, this.ctx);
  }

  async stop(): Promise<void> {
    for (const [piece, value] of this.values) await piece.lifecycle.stop?.(value);
  }
}

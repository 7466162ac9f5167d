import type { ComponentType } from 'preact';
import type { Route } from './router';

// What every screen takes (its own module, so that the screens and the loader table in screens.ts
// do not import each other).

export interface ScreenProps {
  route: Route;
  /** The path's `:param`, decoded. */
  param: string;
}

export type ScreenModule = { default: ComponentType<ScreenProps> };

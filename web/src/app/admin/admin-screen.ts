import { type StaffRole } from '@contracts/identity';
import { type ComponentType } from 'react';

/** The groups of the admin navigation and of the settings hub, in their order. */
export const ADMIN_GROUPS = [
  'Overview',
  'Shop',
  'Inbox & newsletter',
  'Content',
  'SEO',
  'Operations',
] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

/** Loads a screen's code (its own chunk) when it is first opened. */
export type LoadScreen = () => Promise<{ Component: ComponentType }>;

interface ScreenBase {
  /** Stable and unique: routes name their screen by it (`handle.adminScreen`). */
  readonly id: string;
  /** The navigation entry, hub card and breadcrumb text. */
  readonly title: string;
  /** As linked, in the spec's spelling (`/all-messages/`); a detail screen's has `{id}`. */
  readonly path: string;
  readonly group: AdminGroup;
  /** The screen's code; none for a page the server serves (reached with a full page load). */
  readonly load?: LoadScreen;
  /**
   * The staff roles that may use it, as its API routes allow (admins always may). None: admins
   * only; a detail screen without its own has its parent's.
   */
  readonly roles?: readonly StaffRole[];
}

/** A screen of its own: a navigation entry and a settings hub card. */
export interface AdminEntryScreen extends ScreenBase {
  readonly kind: 'entry';
  /** What the hub card says the screen is for. */
  readonly description: string;
}

/** A screen opened from another one for one record (`/view/{id}`): no entry or card of its own. */
export interface AdminDetailScreen extends ScreenBase {
  readonly kind: 'detail';
  /** The id of the screen it is opened from: its breadcrumb parent. */
  readonly parent: string;
}

export type AdminScreen = AdminEntryScreen | AdminDetailScreen;

/** What an admin route carries in its `handle`: which screen it shows (for the shell's breadcrumbs). */
export interface AdminRouteHandle {
  adminScreen: string;
}

/** Whether a screen is served by the server (Bull Board…), so linked with `<a href>`, not the router. */
export function isServerPage(screen: AdminScreen): boolean {
  return screen.load === undefined;
}

import type { ComponentType } from 'react';
import * as MENU_ICONS from './menu-icons.js';

/** The menu icons named in the route table, by name. */
const ICONS: Record<string, ComponentType> = MENU_ICONS;

export function RouteIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

// The key a route-missing hold (CARD-3) is kept under: one per interface, since the same URL under another generation
// or binding is another set of routes.

import type { CardInterface } from '../../../shared/a2a/detect';

export function routeKey(chosen: CardInterface): string {
  return `${chosen.generation} ${chosen.bindingWire} ${chosen.url}`;
}

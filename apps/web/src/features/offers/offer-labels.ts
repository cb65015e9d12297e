import type { OfferType } from '@cask/contracts/offers';

/** docs/screens/offers.md: the type filter and the table read Cask, Bottle, Experience. */
export function typeLabel(type: OfferType): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

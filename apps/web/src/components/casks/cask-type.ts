import type { CaskType } from '@cask/contracts/casks';

/** A cask's type as the screens read it: Cask, Bottle, Experience (docs/decisions/326). */
export const CASK_TYPE_LABELS: Record<CaskType, string> = {
  cask: 'Cask',
  bottle: 'Bottle',
  experience: 'Experience',
};

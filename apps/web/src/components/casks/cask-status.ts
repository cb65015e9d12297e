import type { CaskStatus, CaskType } from '@cask/contracts/casks';
import type { StatusTone } from '@/components/ui/status-badge.tsx';

/** docs/screens/casks.md: green Ready, yellow Maturing, blue Experience, grey otherwise. */
const statusTones: Record<CaskStatus, StatusTone> = {
  Ready: 'green',
  Maturing: 'yellow',
  Experience: 'blue',
};
export const caskStatusTone = (status: string): StatusTone =>
  statusTones[status as CaskStatus] ?? 'grey';

/** A cask's type as the screens read it: Cask, Bottle, Experience (docs/decisions/326). */
export const CASK_TYPE_LABELS: Record<CaskType, string> = {
  cask: 'Cask',
  bottle: 'Bottle',
  experience: 'Experience',
};

import { ABV_LEGAL_MINIMUM, CASK_ALERT_LABELS, caskAlertsOf } from '@cask/contracts/cask-alerts';
import type { Cask } from '@cask/contracts/casks';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDate } from '@/lib/format.ts';

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

export const BELOW_FORTY = 'Below 40%';

/** Whether the cask's ABV (its latest gauge, decision 305) is under the legal minimum. */
export const isBelowForty = (cask: Pick<Cask, 'abv'>) =>
  cask.abv !== null && cask.abv < ABV_LEGAL_MINIMUM;

/**
 * The gauge alerts of a cask as badges (issue 30, decision 230): 'Regauge due' and 'ABV near 40%'
 * with the day the trend crosses 40%, or 'Below 40%' when its latest gauge already is, with the
 * day of the gauge that found it (decision 305). `detailed` adds the days to the badges' text.
 */
export function CaskAlertBadges({
  cask,
  detailed = false,
}: {
  cask: Pick<Cask, 'regaugeDueOn' | 'abvFortyOn' | 'abv' | 'gaugedOn'>;
  detailed?: boolean;
}) {
  const alerts = caskAlertsOf(cask);
  const below = isBelowForty(cask);
  if (!alerts.regaugeDue && !alerts.abvNearForty && !below) return null;
  // The day the gauges found it below 40% (the database keeps it as the day it reached 40%).
  const foundOn = alerts.abvFortyOn ?? cask.gaugedOn;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {alerts.regaugeDue ? (
        <StatusBadge tone="red">
          {CASK_ALERT_LABELS['regauge-due']}
          {detailed && alerts.regaugeDueOn ? ` since ${day(alerts.regaugeDueOn)}` : ''}
        </StatusBadge>
      ) : null}
      {below ? (
        <StatusBadge tone="red">
          {BELOW_FORTY}
          {detailed && foundOn ? `: gauged ${day(foundOn)}` : ''}
        </StatusBadge>
      ) : alerts.abvNearForty && alerts.abvFortyOn ? (
        <StatusBadge tone="yellow">
          {CASK_ALERT_LABELS['abv-near-40']}
          {detailed ? `: 40% on ${day(alerts.abvFortyOn)}` : ''}
        </StatusBadge>
      ) : null}
    </span>
  );
}

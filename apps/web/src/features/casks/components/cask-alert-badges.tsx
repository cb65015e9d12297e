import { CASK_ALERT_LABELS, caskAlertsOf } from '@cask/contracts/cask-records';
import type { Cask } from '@cask/contracts/casks';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDate } from '@/lib/format.ts';

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

/**
 * The gauge alerts of a cask as badges (issue 30, decision 230): 'Regauge due' and 'ABV near 40%'
 * with the day the trend crosses 40%. `detailed` adds the days to the badges' text.
 */
export function CaskAlertBadges({
  cask,
  detailed = false,
}: {
  cask: Pick<Cask, 'regaugeDueOn' | 'abvFortyOn'>;
  detailed?: boolean;
}) {
  const alerts = caskAlertsOf(cask);
  if (!alerts.regaugeDue && !alerts.abvNearForty) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {alerts.regaugeDue ? (
        <StatusBadge tone="red">
          {CASK_ALERT_LABELS['regauge-due']}
          {detailed && alerts.regaugeDueOn ? ` since ${day(alerts.regaugeDueOn)}` : ''}
        </StatusBadge>
      ) : null}
      {alerts.abvNearForty && alerts.abvFortyOn ? (
        <StatusBadge tone="yellow">
          {CASK_ALERT_LABELS['abv-near-40']}
          {detailed ? `: 40% on ${day(alerts.abvFortyOn)}` : ''}
        </StatusBadge>
      ) : null}
    </span>
  );
}

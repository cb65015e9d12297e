import { useState } from 'react';
import { Link } from 'react-router';
import type {
  Finding,
  FindingCounts,
  FindingResolution,
  OurSide,
  StatementSide,
} from '@cask/contracts/reconciliations';
import {
  FINDING_KIND_LABELS,
  FINDING_KINDS,
  type FindingKind,
} from '@cask/contracts/reconciliations-plain';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { DataTable, type Column } from '@/components/ui/data-table.tsx';
import { lazyModal } from '@/components/ui/lazy-modal.tsx';
import { StatCard, StatCardGrid } from '@/components/ui/stat-card.tsx';
import { formatCount, formatDate } from '@/lib/format.ts';

const ResolveDialog = lazyModal(
  () => import('./resolve-dialog.tsx').then((m) => m.ResolveDialog),
  (props) => props.open,
);

/** How a resolved finding reads in its Status cell. */
export const RESOLUTION_LABELS: Record<FindingResolution, string> = {
  'accept-location': "Warehouse's location accepted",
  'record-gauge': "Statement's gauge recorded",
  investigate: 'Under investigation',
};

const day = (iso: string | null) => (iso ? formatDate(`${iso}T00:00:00Z`) : '');

function gaugeText(side: { bulkLitres: string | null; abv: string | null; rla: string | null }) {
  if (side.bulkLitres === null || side.abv === null) return null;
  return `${side.bulkLitres} BL at ${side.abv}% = ${side.rla ?? '?'} RLA`;
}

function StatementCell({ side }: { side: StatementSide | null }) {
  if (!side) return <span className="text-oak-700">Not listed</span>;
  const gauge = gaugeText(side);
  return (
    <div className="grid gap-0.5 text-sm">
      <span className="font-medium">
        {side.number} · {side.distillery}
      </span>
      <span>
        Line {side.line} · filled {day(side.fillDate)}
      </span>
      {side.location ? <span>{side.location}</span> : null}
      {gauge ? (
        <span>
          {gauge}
          {side.gaugedOn ? ` on ${day(side.gaugedOn)}` : ''}
        </span>
      ) : null}
    </div>
  );
}

function OursCell({ side }: { side: OurSide | null }) {
  if (!side) return <span className="text-oak-700">Not ours</span>;
  const gauge = gaugeText(side);
  return (
    <div className="grid gap-0.5 text-sm">
      <Link to={`/cask/${side.caskId}`} className="font-medium text-gold-700 underline">
        {side.name}
      </Link>
      <span>
        {side.number ?? 'No number'} · {side.distillery ?? ''}
      </span>
      <span>{[side.warehouse, side.location].filter(Boolean).join(', ') || 'No place'}</span>
      {gauge ? (
        <span>
          {gauge} {side.gaugedOn ? `gauged ${day(side.gaugedOn)}` : 'as filled'}
        </span>
      ) : null}
    </div>
  );
}

function StatusCell({ finding }: { finding: Finding }) {
  if (finding.kind === 'matched') return <span>Matched</span>;
  if (!finding.resolved) return <span className="font-medium text-red-800">Open</span>;
  return (
    <div className="grid gap-0.5 text-sm">
      <span>{RESOLUTION_LABELS[finding.resolved.resolution]}</span>
      {finding.resolved.note ? <span>{finding.resolved.note}</span> : null}
      {finding.resolved.admin ? (
        <span className="text-oak-700">{finding.resolved.admin}</span>
      ) : null}
    </div>
  );
}

const findingName = (finding: Finding) =>
  finding.statement?.number ?? finding.ours?.number ?? finding.ours?.name ?? 'cask';

/** The resolutions a finding of each kind offers (decision 410). */
const OFFERED: Record<FindingKind, FindingResolution[]> = {
  missing: ['investigate'],
  unknown: ['investigate'],
  location: ['accept-location', 'investigate'],
  gauge: ['record-gauge', 'investigate'],
  matched: [],
};
const BUTTON_LABELS: Record<FindingResolution, string> = {
  'accept-location': 'Accept location',
  'record-gauge': 'Record gauge',
  investigate: 'Investigate',
};

/**
 * A reconciliation's report (docs/screens/reconciliations.md#the-report): the counts first, then
 * each kind's findings with the statement's side and ours; in a saved report an admin resolves
 * the open ones.
 */
export function ReconciliationReport({
  counts,
  findings,
  reportId,
  canResolve,
}: {
  counts: FindingCounts;
  findings: readonly Finding[];
  /** A saved report's id; a preview has none and offers no resolution. */
  reportId?: string | undefined;
  canResolve: boolean;
}) {
  const [resolving, setResolving] = useState<{
    finding: Finding;
    resolution: FindingResolution;
  } | null>(null);
  const resolvable = reportId !== undefined && canResolve;
  const columns = (kind: FindingKind): Column<Finding>[] => [
    { id: 'statement', header: 'Statement', cell: (f) => <StatementCell side={f.statement} /> },
    { id: 'ours', header: 'Our records', cell: (f) => <OursCell side={f.ours} /> },
    {
      id: 'status',
      header: 'Status',
      cell: (f) => <StatusCell finding={f} />,
      hidden: reportId === undefined,
    },
    {
      id: 'action',
      header: 'Action',
      align: 'right',
      hidden: !resolvable || kind === 'matched',
      cell: (f) =>
        f.resolved || !f.id ? null : (
          <div className="flex flex-wrap justify-end gap-2">
            {OFFERED[f.kind].map((resolution) => (
              <Button
                key={resolution}
                size="sm"
                variant={resolution === 'investigate' ? 'secondary' : 'primary'}
                aria-label={`${BUTTON_LABELS[resolution]}: ${findingName(f)}`}
                onClick={() => setResolving({ finding: f, resolution })}
              >
                {BUTTON_LABELS[resolution]}
              </Button>
            ))}
          </div>
        ),
    },
  ];
  return (
    <div className="grid gap-6">
      <StatCardGrid>
        {FINDING_KINDS.map((kind) => (
          <StatCard
            key={kind}
            title={FINDING_KIND_LABELS[kind]}
            value={formatCount(counts[kind].total)}
            hint={
              kind === 'matched' || reportId === undefined
                ? undefined
                : `${formatCount(counts[kind].open)} open`
            }
          />
        ))}
      </StatCardGrid>
      {FINDING_KINDS.map((kind) => {
        const rows = findings.filter((finding) => finding.kind === kind);
        const shown = rows.length < counts[kind].total ? ` (first ${rows.length} shown)` : '';
        return (
          <Card key={kind} title={`${FINDING_KIND_LABELS[kind]} (${counts[kind].total})${shown}`}>
            <DataTable
              label={FINDING_KIND_LABELS[kind]}
              columns={columns(kind)}
              rows={rows}
              rowKey={(f) => f.id ?? `${f.kind}-${f.statement?.line ?? f.ours?.caskId}`}
              emptyText="None."
              keyboardScroll
            />
          </Card>
        );
      })}
      {reportId && resolving ? (
        <ResolveDialog
          open
          onOpenChange={(open) => (open ? undefined : setResolving(null))}
          reportId={reportId}
          finding={resolving.finding}
          resolution={resolving.resolution}
        />
      ) : null}
    </div>
  );
}

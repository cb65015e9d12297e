import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CaskRecord, ProvenanceEvent } from '@cask/contracts/cask-records';
import { formatAbv, formatVolume } from '@cask/contracts/lists-plain';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { DataTable, type Column } from '@/components/ui/data-table.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { ValueChart } from '@/components/ui/value-chart.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { RecordLoadFailure } from '@/components/ui/record-load-failure.tsx';
import { useCan } from '@/lib/current-admin.ts';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format.ts';
import { useCaskRecord, useProvenance } from './api/cask-record.ts';
import { formatMonth } from './components/appreciation-chart.tsx';
import { BELOW_FORTY, CaskAlertBadges, isBelowForty } from './components/cask-alert-badges.tsx';
import { CASK_TYPE_LABELS, caskStatusTone } from '@/components/casks/cask-status.ts';

/** A day reads on one line ('Feb 15, 2026'), on a phone too; longer texts wrap instead. */
const NOWRAP = 'whitespace-nowrap';
const RegaugeModal = lazyModal(
  () => import('./components/regauge-modal.tsx').then((m) => m.RegaugeModal),
  (props) => props.open,
);
const TransferModal = lazyModal(
  () => import('./components/transfer-modal.tsx').then((m) => m.TransferModal),
  (props) => props.open,
);
const IdentityModal = lazyModal(
  () => import('./components/identity-modal.tsx').then((m) => m.IdentityModal),
  (props) => props.open,
);
const ValuationModal = lazyModal(
  () => import('./components/valuation-modal.tsx').then((m) => m.ValuationModal),
  (props) => props.open,
);

export const CASK_FETCH_FAILURE = 'Failed to fetch cask.';
export const CASK_NOT_FOUND = 'This cask was not found.';

type Regauge = CaskRecord['regauges'][number];
type Transfer = CaskRecord['transfers'][number];

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);
const litres = (value: number) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} L`;

const regaugeColumns: Column<Regauge>[] = [
  { id: 'date', header: 'Date', className: NOWRAP, cell: (gauge) => day(gauge.gaugedOn) },
  { id: 'bulk', header: 'Bulk litres', align: 'right', cell: (gauge) => litres(gauge.bulkLitres) },
  { id: 'abv', header: 'ABV', align: 'right', cell: (gauge) => formatAbv(gauge.abv) },
  {
    id: 'lpa',
    header: 'Litres of pure alcohol',
    align: 'right',
    cell: (gauge) => litres(gauge.lpa),
  },
  {
    id: 'loss',
    header: "Angel's share (a year)",
    align: 'right',
    cell: (gauge) => (gauge.yearlyLoss === null ? '—' : `${gauge.yearlyLoss.toFixed(2)}%`),
  },
  { id: 'admin', header: 'Admin', cell: (gauge) => gauge.admin ?? 'Seed data' },
];

const transferColumns: Column<Transfer>[] = [
  {
    id: 'date',
    header: 'Date',
    className: NOWRAP,
    cell: (transfer) => day(transfer.transferredOn),
  },
  {
    id: 'from',
    header: 'From',
    cell: (transfer) => <CustomerLink id={transfer.from.id} name={transfer.from.fullName} />,
  },
  {
    id: 'to',
    header: 'To',
    cell: (transfer) => <CustomerLink id={transfer.to.id} name={transfer.to.fullName} />,
  },
  {
    id: 'price',
    header: 'Price',
    align: 'right',
    cell: (transfer) => (transfer.price === null ? '—' : formatMoney(transfer.price)),
  },
  { id: 'note', header: 'Note', cell: (transfer) => transfer.note ?? '—' },
  { id: 'admin', header: 'Admin', cell: (transfer) => transfer.admin ?? '—' },
];

const kindLabels: Record<ProvenanceEvent['kind'], string> = {
  added: 'Added',
  valuation: 'Valuation',
  status: 'Status',
  note: 'Note',
  regauge: 'Regauge',
  transfer: 'Transfer',
  removed: 'Removed',
  restored: 'Restored',
};

function Provenance({ id }: { id: string }) {
  const provenance = useProvenance(id);
  if (provenance.isPending) return <LoadingState label="Loading provenance..." />;
  if (provenance.isError)
    return (
      <ErrorState
        title="Error Loading Provenance"
        message={errorMessage(provenance.error, 'Failed to fetch provenance.')}
        onRetry={() => void provenance.refetch()}
      />
    );
  if (provenance.data.length === 0)
    return <p className="text-sm text-oak-700">Nothing recorded yet.</p>;
  return (
    <ol aria-label="Provenance, newest first" className="relative ml-2 border-l-2 border-cream-300">
      {provenance.data.map((event, index) => (
        <li key={`${event.at}-${index}`} className="relative pb-4 pl-5 last:pb-0">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[7px] h-3 w-3 rounded-full border-2 border-white bg-gold-500"
          />
          <p className="text-sm text-oak-900">
            <span className="font-semibold">{kindLabels[event.kind]}: </span>
            {event.summary}
          </p>
          <p className="text-xs text-oak-700">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {' · '}
            {event.admin ?? 'Recorded by the database'}
          </p>
        </li>
      ))}
    </ol>
  );
}

type Cask = CaskRecord['cask'];

/**
 * A figure of the latest gauge with the day it was measured; the filling's when the cask has no
 * gauge (decision 305).
 */
function Gauged({ value, cask }: { value: string | null; cask: Cask }) {
  if (value === null) return <>—</>;
  return (
    <>
      {value}{' '}
      <span className="text-oak-700">
        {cask.gaugedOn ? `(gauged ${day(cask.gaugedOn)})` : '(as filled)'}
      </span>
    </>
  );
}

/** 'Filled at': the volume and ABV the cask was added with, '500L at 53.6%'. */
function filledAt(cask: Cask): string {
  const parts = [
    cask.filledVolume === null ? null : formatVolume(cask.filledVolume),
    cask.filledAbv === null ? null : formatAbv(cask.filledAbv),
  ].filter((part) => part !== null);
  return parts.length === 0 ? '—' : parts.join(' at ');
}

/** Further than this, the ABV trend's crossing of 40% is no date worth showing. */
export const ABV_TREND_HORIZON_YEARS = 50;
export const ABV_TREND_FAR = `not within ${ABV_TREND_HORIZON_YEARS} years`;

/**
 * When the cask's ABV reaches 40%: 'Below 40%' with the day of the gauge that found it when it
 * already is, the trend's day, or 'not within 50 years'.
 */
function abvTrend({ cask, alerts }: CaskRecord): string {
  if (isBelowForty(cask)) {
    const foundOn = alerts.abvFortyOn ?? cask.gaugedOn;
    return foundOn ? `${BELOW_FORTY} (gauged ${day(foundOn)})` : BELOW_FORTY;
  }
  if (!alerts.abvFortyOn) return '—';
  const horizon = new Date();
  horizon.setUTCFullYear(horizon.getUTCFullYear() + ABV_TREND_HORIZON_YEARS);
  return alerts.abvFortyOn > horizon.toISOString().slice(0, 10)
    ? ABV_TREND_FAR
    : day(alerts.abvFortyOn);
}

function CaskDetails({ record }: { record: CaskRecord }) {
  const { cask } = record;
  const gain =
    cask.gain === null
      ? '—'
      : `${formatMoney(cask.gain)}${cask.gainPercentage === null ? '' : ` (${cask.gainPercentage}%)`}`;
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,14rem)_1fr]">
      {cask.caskImages ? (
        <img
          src={cask.caskImages}
          alt={`Cask ${cask.name}`}
          className="aspect-square w-full rounded-xl border border-cream-300 object-cover"
        />
      ) : (
        <div className="flex aspect-square w-full items-center justify-center rounded-xl border border-dashed border-cream-300 bg-cream-50 text-sm text-oak-700">
          No image
        </div>
      )}
      <DetailList columns={3}>
        <Detail term="Owner">
          <CustomerLink id={cask.owner.id} name={cask.owner.fullName} />
        </Detail>
        <Detail term="Type">{CASK_TYPE_LABELS[cask.type]}</Detail>
        <Detail term="Status">
          <StatusBadge tone={caskStatusTone(cask.status)}>{cask.status}</StatusBadge>
        </Detail>
        <Detail term="Distillery">{cask.distillery ?? '—'}</Detail>
        <Detail term="Cask Number">{cask.caskNumber ?? '—'}</Detail>
        <Detail term="Year">{cask.year === null ? '—' : String(cask.year)}</Detail>
        <Detail term="Fill Date">{cask.fillDate === null ? '—' : day(cask.fillDate)}</Detail>
        <Detail term="Warehouse">{cask.warehouse?.name ?? '—'}</Detail>
        <Detail term="Location">{cask.location ?? '—'}</Detail>
        <Detail term="Volume">
          <Gauged value={cask.volume === null ? null : formatVolume(cask.volume)} cask={cask} />
        </Detail>
        <Detail term="ABV">
          <Gauged value={cask.abv === null ? null : formatAbv(cask.abv)} cask={cask} />
        </Detail>
        <Detail term="Filled at">{filledAt(cask)}</Detail>
        <Detail term="Purchase Date">
          {cask.purchaseDate ? formatDate(cask.purchaseDate) : '—'}
        </Detail>
        <Detail term="Purchase Price">
          {cask.purchasePrice === null ? '—' : formatMoney(cask.purchasePrice)}
        </Detail>
        <Detail term="Estimated Value">
          {cask.estimatedValue === null ? '—' : formatMoney(cask.estimatedValue)}
        </Detail>
        <Detail term="Current Value">
          {cask.currentValue === null ? '—' : formatMoney(cask.currentValue)}
        </Detail>
        <Detail term="Gain">{gain}</Detail>
        <Detail term="Regauge due from">
          {record.alerts.regaugeDueOn ? day(record.alerts.regaugeDueOn) : '—'}
        </Detail>
        <Detail term="ABV trend reaches 40%">{abvTrend(record)}</Detail>
        <Detail term="Notes" wide>
          {cask.notes ?? '—'}
        </Detail>
      </DetailList>
    </div>
  );
}

/** The cask page (`/cask/:id`, issue 30): details, value, gauges, transfers and provenance. */
export default function CaskPage() {
  const { id = '' } = useParams();
  const record = useCaskRecord(id);
  const [regauging, setRegauging] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [valuing, setValuing] = useState(false);
  const [identifying, setIdentifying] = useState(false);
  // A Viewer is offered no change (docs/decisions/325).
  const canChange = useCan('change');

  if (record.isPending) return <LoadingState label="Loading cask..." />;
  if (record.isError)
    return (
      <RecordLoadFailure
        heading="Cask"
        error={record.error}
        notFound={CASK_NOT_FOUND}
        failureTitle="Error Loading Cask"
        fallback={CASK_FETCH_FAILURE}
        onRetry={() => void record.refetch()}
        back={{ to: '/cask', label: 'Back to the Cask List' }}
      />
    );

  const { cask, regauges, transfers } = record.data;
  return (
    <>
      <PageHeader
        title={cask.name}
        actions={
          canChange ? (
            <>
              <Button
                variant="secondary"
                onClick={() => setIdentifying(true)}
                {...preloadOn(IdentityModal)}
              >
                Edit Identity
              </Button>
              <Button
                variant="secondary"
                onClick={() => setTransferring(true)}
                {...preloadOn(TransferModal)}
              >
                Transfer Ownership
              </Button>
              <Button
                variant="secondary"
                onClick={() => setValuing(true)}
                {...preloadOn(ValuationModal)}
              >
                Record Valuation
              </Button>
              <Button onClick={() => setRegauging(true)} {...preloadOn(RegaugeModal)}>
                Record Regauge
              </Button>
            </>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-oak-700">
        <Link to="/cask" className="text-gold-700 underline">
          Cask List
        </Link>
        <span aria-hidden>/</span>
        <span>{cask.name}</span>
        <CaskAlertBadges cask={cask} detailed />
      </div>
      <div className="grid gap-4">
        <Card title="Details">
          <div className="px-4 pb-4">
            <CaskDetails record={record.data} />
          </div>
        </Card>
        <Card title="Value">
          <div className="px-4 pb-4">
            <ValueChart
              title="Value over time"
              points={cask.appreciationData.map((point) => ({
                label: formatMonth(point.month),
                value: point.value,
              }))}
              format={(value) => formatMoney(value)}
              xTitle="Month"
              yTitle="Value (USD)"
              emptyText="No valuations yet."
            />
          </div>
        </Card>
        <Card title="Regauges">
          <DataTable
            label="Regauges"
            keyboardScroll
            columns={regaugeColumns}
            rows={regauges}
            rowKey={(gauge) => gauge.id}
            emptyText="No regauges recorded."
          />
        </Card>
        <Card title="Transfers">
          <DataTable
            label="Transfers"
            keyboardScroll
            columns={transferColumns}
            rows={transfers}
            rowKey={(transfer) => transfer.id}
            emptyText="No transfers: the first owner holds it."
          />
        </Card>
        <Card title="Provenance">
          <div className="px-4 pb-4">
            <Provenance id={id} />
          </div>
        </Card>
      </div>
      <RegaugeModal caskId={id} open={regauging} onOpenChange={setRegauging} />
      <TransferModal caskId={id} open={transferring} onOpenChange={setTransferring} />
      <ValuationModal caskId={id} open={valuing} onOpenChange={setValuing} />
      <IdentityModal caskId={id} open={identifying} onOpenChange={setIdentifying} />
    </>
  );
}

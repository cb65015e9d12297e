import {
  GAUGE_DATE_IN_FUTURE,
  TRANSFER_OWNER_NOT_FOUND,
  TRANSFER_SAME_OWNER,
  caskAlertsOf,
  fillDateOf,
  gaugeDateBeforeFill,
  moreAlcoholThanLastGauge,
  todayIso,
  valuationDateRefusal,
  type CaskRecord,
  type ProvenanceEvent,
  type ValuationInput,
} from '@cask/contracts/cask-records';
import { CASK_NOT_FOUND } from '@cask/contracts/casks';
import type { z } from 'zod';
import type { regaugeBody, transferBody } from '@cask/contracts/cask-records';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { assertRecordVersion, type ExpectedRecordVersions } from '../../lib/preconditions.ts';
import { lockCustomer } from '../customers/customers.service.ts';
import * as records from './cask-records.repository.ts';
import * as repo from './casks.repository.ts';
import { toCask } from './casks.service.ts';

export type RegaugeInput = z.output<typeof regaugeBody>;
type TransferInput = z.output<typeof transferBody>;

/** Litres of pure alcohol in millilitres x 100 (bulk ml x ABV hundredths): exact integers. */
const lpaUnits = (millilitres: number, abvHundredths: number) => millilitres * abvHundredths;
/** Those units as litres of pure alcohol, e.g. '120.000'. */
const lpaText = (units: number) => (units / 1e7).toFixed(3);

const refuse = (field: string, message: string) =>
  new BadRequestError(message, [{ field, message }]);

/**
 * Issue 44 (decision 395): a valuation, kept as history, in the caller's transaction. With the
 * cask locked and its version checked (412), a day before the latest valuation's is refused
 * unless the input says it is meant; one that is the latest (a later day, or the same day:
 * recorded after) becomes the current value in the same transaction, and an earlier one only
 * joins the history. The audit row holds the current value before and after.
 */
async function recordValuation(
  tx: Tx,
  id: string,
  input: ValuationInput,
  actor: Actor,
  expected: ExpectedRecordVersions,
): Promise<void> {
  const cask = await repo.lockCask(tx, id);
  if (!cask) throw new NotFoundError(CASK_NOT_FOUND);
  assertRecordVersion(expected, cask.updatedAt);
  // The contract refused a day after today when it parsed; the day may have turned since.
  if (input.valuedOn > todayIso()) throw refuse('valuedOn', GAUGE_DATE_IN_FUTURE);
  const latest = await records.latestValuation(tx, id);
  const latestOn = latest?.valuedOn ?? null;
  const refusal = valuationDateRefusal(input.valuedOn, latestOn, input.earlierThanLatest);
  if (refusal) throw refuse('valuedOn', refusal);
  const note = input.note ? input.note : null;
  const valuation = await records.insertValuation(tx, {
    caskId: id,
    valuedOn: input.valuedOn,
    value: input.value,
    source: input.source,
    note,
    adminId: actor.adminId,
  });
  const isLatest = latestOn === null || input.valuedOn >= latestOn;
  await records.markCaskValued(tx, id, isLatest ? valuation.value : undefined);
  await writeAudit(tx, {
    adminId: actor.adminId,
    action: 'cask.valued',
    entity: 'cask',
    entityId: id,
    before: { currentValue: cask.currentValue },
    after: {
      currentValue: isLatest ? valuation.value : cask.currentValue,
      valuedOn: input.valuedOn,
      value: valuation.value,
      source: input.source,
      note,
      valuationId: valuation.id,
    },
    ip: actor.ip,
  });
}

/**
 * A regauge (docs/domain.md#impossible-gauges), in the caller's transaction: refused (400, naming
 * the field) when it is not physically possible, checked and added with the cask's row locked, with
 * its audit row. The cask page's 'Regauge' and a reconciliation's 'Record the statement's gauge'
 * (issue 44, decision 410) both take this one path.
 */
export async function recordRegauge(
  tx: Tx,
  id: string,
  input: RegaugeInput,
  actor: Actor,
): Promise<void> {
  const locked = await repo.lockCask(tx, id);
  if (!locked) throw new NotFoundError(CASK_NOT_FOUND);
  const row = await repo.findCask(tx, id);
  if (!row) throw new NotFoundError(CASK_NOT_FOUND);
  // The contract refused a day after today when it parsed; the day may have turned since.
  if (input.gaugedOn > todayIso()) throw refuse('gaugedOn', GAUGE_DATE_IN_FUTURE);
  if (row.year !== null && input.gaugedOn < fillDateOf(row.year)) {
    throw refuse('gaugedOn', gaugeDateBeforeFill(row.year));
  }
  const units = lpaUnits(Math.round(input.bulkLitres * 1000), Math.round(input.abv * 100));
  const around = await records.gaugesAround(tx, id, input.gaugedOn);
  // Before any regauge, the cask's figures as it was added are its gauge (decision 230).
  const before =
    around.before ??
    (around.after === null && row.filledVolume !== null && row.filledAbv !== null
      ? {
          ml: Math.round(Number(row.filledVolume) * 1000),
          abv100: Math.round(Number(row.filledAbv) * 100),
        }
      : null);
  if (before && units > lpaUnits(before.ml, before.abv100)) {
    throw refuse(
      'bulkLitres',
      moreAlcoholThanLastGauge(lpaText(lpaUnits(before.ml, before.abv100))),
    );
  }
  if (around.after && units < lpaUnits(around.after.ml, around.after.abv100)) {
    throw refuse(
      'gaugedOn',
      `A later gauge (${around.after.on}) holds more pure alcohol than these figures: a cask gains no alcohol in bond. Check the date.`,
    );
  }
  const regaugeId = await records.insertRegauge(tx, {
    caskId: id,
    gaugedOn: input.gaugedOn,
    bulkLitres: input.bulkLitres,
    abv: input.abv,
    adminId: actor.adminId,
  });
  await writeAudit(tx, {
    adminId: actor.adminId,
    action: 'cask.regauged',
    entity: 'cask',
    entityId: id,
    after: { regaugeId, ...input },
    ip: actor.ip,
  });
}

/**
 * The cask page (issue 30): a cask with its gauges, transfers and alerts; a regauge refused when it
 * is not physically possible (docs/domain.md#impossible-gauges); a transfer of ownership; a
 * valuation (issue 44, docs/domain.md#valuation); the provenance. Each change is one transaction with its audit entry; history rows are only ever
 * added.
 */
export function createCaskRecordsService(deps: { database: Database }) {
  const { db } = deps.database;

  async function lockExisting(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: string) {
    const cask = await repo.lockCask(tx, id);
    if (!cask) throw new NotFoundError(CASK_NOT_FOUND);
    return cask;
  }

  return {
    async read(id: string): Promise<CaskRecord> {
      const row = await repo.findCask(db, id);
      if (!row) throw new NotFoundError(CASK_NOT_FOUND);
      const cask = toCask(row);
      const [regauges, transfers, latest] = await Promise.all([
        records.listRegauges(db, id),
        records.listTransfers(db, id),
        records.latestValuation(db, id),
      ]);
      return {
        cask,
        regauges,
        transfers,
        alerts: caskAlertsOf(cask),
        latestValuation: latest && { ...latest, value: Number(latest.value) },
      };
    },

    async regauge(id: string, input: RegaugeInput, actor: Actor): Promise<void> {
      await db.transaction((tx) => recordRegauge(tx, id, input, actor));
    },

    async transfer(id: string, input: TransferInput, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const cask = await lockExisting(tx, id);
        if (cask.ownerId === input.toCustomerId) {
          throw refuse('toCustomerId', TRANSFER_SAME_OWNER);
        }
        await lockCustomer(tx, input.toCustomerId).catch((error: unknown) => {
          if (!(error instanceof NotFoundError)) throw error;
          throw refuse('toCustomerId', TRANSFER_OWNER_NOT_FOUND);
        });
        const last = await records.lastTransferOn(tx, id);
        if (last !== null && input.transferredOn < last) {
          throw refuse('transferredOn', `Date cannot be before the last transfer (${last})`);
        }
        const values = {
          caskId: id,
          fromCustomerId: cask.ownerId,
          toCustomerId: input.toCustomerId,
          transferredOn: input.transferredOn,
          price: input.price ?? null,
          note: input.note ? input.note : null,
          adminId: actor.adminId,
        };
        const transferId = await records.insertTransfer(tx, values);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'cask.transferred',
          entity: 'cask',
          entityId: id,
          // The owner before and after under one name, so the change reads 'Owner: A -> B'.
          before: { ownerId: cask.ownerId },
          after: {
            ownerId: input.toCustomerId,
            transferredOn: values.transferredOn,
            price: values.price,
            note: values.note,
            transferId,
          },
          ip: actor.ip,
        });
      });
    },

    /** Issue 44: a valuation, kept as history (recordValuation). */
    async value(
      id: string,
      input: ValuationInput,
      actor: Actor,
      expected?: ExpectedRecordVersions,
    ): Promise<void> {
      await db.transaction((tx) => recordValuation(tx, id, input, actor, expected));
    },

    async provenance(id: string): Promise<ProvenanceEvent[]> {
      const row = await repo.findCask(db, id);
      if (!row) throw new NotFoundError(CASK_NOT_FOUND);
      return records.listProvenance(db, id);
    },
  };
}

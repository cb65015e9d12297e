import { randomUUID } from 'node:crypto';
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
import {
  CASK_NOT_FOUND,
  CASK_NUMBER_NEEDS_IDENTITY,
  WAREHOUSE_NOT_FOUND,
  caskIdentityTaken,
  type CaskIdentityValues,
} from '@cask/contracts/casks';
import { z } from 'zod';
import { transferBody, valuationBody, type regaugeBody } from '@cask/contracts/cask-records';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit, writeAudits, type Actor, type AuditEntry } from '../../db/audit.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import {
  assertRecordVersion,
  versionOf,
  type ExpectedRecordVersions,
} from '../../lib/preconditions.ts';
import {
  approvalLink,
  type ApprovableAction,
  type ApprovedActor,
} from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import { lockCustomer } from '../customers/customers.service.ts';
import * as records from './cask-records.repository.ts';
import * as repo from './casks.repository.ts';
import { toCask } from './casks.service.ts';

export type RegaugeInput = z.output<typeof regaugeBody>;
type TransferInput = z.output<typeof transferBody>;

/** The customer's name for a transfer's summary; refused as the field when there is no such one. */
async function lockNewOwner(tx: Tx, customerId: string) {
  return lockCustomer(tx, customerId).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
    throw refuse('toCustomerId', TRANSFER_OWNER_NOT_FOUND);
  });
}

/**
 * Transfer Ownership (issue 30), in the caller's transaction: the cask locked (404), the new owner
 * another existing customer, the day not before the last transfer; the transfer row, the new
 * owner, and its audit row (with the approval it ran under, issue 45).
 */
export async function transferCask(
  tx: Tx,
  id: string,
  input: TransferInput,
  actor: ApprovedActor,
): Promise<void> {
  const cask = await repo.lockCask(tx, id);
  if (!cask) throw new NotFoundError(CASK_NOT_FOUND);
  if (cask.ownerId === input.toCustomerId) {
    throw refuse('toCustomerId', TRANSFER_SAME_OWNER);
  }
  await lockNewOwner(tx, input.toCustomerId);
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
      ...approvalLink(actor),
    },
    ip: actor.ip,
  });
}

/**
 * Transfer Ownership as an approvable action (issue 45, decision 421): sent for approval whenever
 * the policy has it on. Its version is the cask's (its updated_at, as If-Match names it): any
 * change of the cask since the request makes it Outdated.
 */
export const transferOwnership: ApprovableAction<TransferInput, void> = {
  action: 'transferOwnership',
  entity: 'cask',
  approvers: APPROVERS.transferOwnership,
  body: transferBody,
  needsApproval: async (policy) => (await policy()).transferOwnership.on,
  async describe(tx, recordId, body) {
    const cask = recordId === null ? undefined : await repo.lockCask(tx, recordId);
    if (!cask) throw new NotFoundError(CASK_NOT_FOUND);
    const to = await lockNewOwner(tx, body.toCustomerId);
    const from = await lockCustomer(tx, cask.ownerId).catch(() => undefined);
    return {
      version: versionOf(cask.updatedAt),
      record: cask.name,
      summary: `Owner: ${from?.fullName ?? 'none'} -> ${to.fullName}`,
      before: { ownerId: cask.ownerId, owner: from?.fullName ?? null },
      after: {
        ownerId: to.id,
        owner: to.fullName,
        transferredOn: body.transferredOn,
        price: body.price ?? null,
        note: body.note ? body.note : null,
      },
    };
  },
  run: (db, recordId, body, actor) =>
    db.transaction((tx) => transferCask(tx, recordId ?? '', body, actor)),
};

/** Litres of pure alcohol in millilitres x 100 (bulk ml x ABV hundredths): exact integers. */
const lpaUnits = (millilitres: number, abvHundredths: number) => millilitres * abvHundredths;
/** Those units as litres of pure alcohol, e.g. '120.000'. */
const lpaText = (units: number) => (units / 1e7).toFixed(3);

const refuse = (field: string, message: string) =>
  new BadRequestError(message, [{ field, message }]);

/** One valuation to record: the cask and what the single route's body says of it. */
export interface ValuationToRecord {
  caskId: string;
  input: ValuationInput;
}

/**
 * Issue 44 (decision 395): valuations, kept as history, in the caller's transaction: one from
 * `POST /casks/{id}/valuations`, or every row of an import (valuation-imports.service.ts,
 * decision 405), by the same rules and in the same few statements whatever their number. With
 * the casks locked (404 for one that is not there) and, for the single route, its version
 * checked (412), each valuation in the order given: a day after today is refused, and a day
 * before its cask's latest valuation's unless the input says it is meant; one that is the latest
 * (a later day, or the same day: recorded after) becomes the current value, an earlier one only
 * joins the history. One audit row each (`cask.valued`), with the current value before and after
 * it; an import's valuations carry its id, and their audit rows it as their bulk id.
 */
export async function recordValuations(
  tx: Tx,
  valuations: readonly ValuationToRecord[],
  actor: ApprovedActor,
  options: { expected?: ExpectedRecordVersions; importId?: string } = {},
): Promise<void> {
  const ids = [...new Set(valuations.map((valuation) => valuation.caskId))];
  const locked = await records.lockCasksForValuation(tx, ids);
  if (locked.length !== ids.length) throw new NotFoundError(CASK_NOT_FOUND);
  if (options.expected !== undefined) {
    for (const cask of locked) assertRecordVersion(options.expected, cask.updatedAt);
  }
  const latestOn = await records.latestValuationDays(tx, ids);
  const importId = options.importId ?? null;
  // Each valuation judged against its cask's latest one, the earlier ones of the list included.
  const judged = valuations.map(({ caskId, input }) => {
    // The contract refused a day after today when it parsed; the day may have turned since.
    if (input.valuedOn > todayIso()) throw refuse('valuedOn', GAUGE_DATE_IN_FUTURE);
    const latest = latestOn.get(caskId) ?? null;
    const refusal = valuationDateRefusal(input.valuedOn, latest, input.earlierThanLatest);
    if (refusal) throw refuse('valuedOn', refusal);
    const isLatest = latest === null || input.valuedOn >= latest;
    if (isLatest) latestOn.set(caskId, input.valuedOn);
    return {
      row: {
        id: randomUUID(),
        caskId,
        valuedOn: input.valuedOn,
        value: input.value,
        source: input.source,
        note: input.note ? input.note : null,
        adminId: actor.adminId,
        importId,
      },
      isLatest,
    };
  });
  const stored = await records.insertValuations(
    tx,
    judged.map(({ row }) => row),
  );
  const current = new Map(locked.map((cask) => [cask.id, cask.currentValue]));
  const audits: AuditEntry[] = judged.map(({ row, isLatest }) => {
    const value = stored.get(row.id) ?? row.value;
    const before = current.get(row.caskId) ?? null;
    if (isLatest) current.set(row.caskId, value);
    return {
      adminId: actor.adminId,
      action: 'cask.valued',
      entity: 'cask',
      entityId: row.caskId,
      before: { currentValue: before },
      after: {
        currentValue: isLatest ? value : before,
        valuedOn: row.valuedOn,
        value,
        source: row.source,
        note: row.note,
        valuationId: row.id,
        ...(importId ? { importId } : {}),
        ...approvalLink(actor),
      },
      ip: actor.ip,
      bulkId: importId,
    };
  });
  const valuedLatest = new Set(judged.filter((j) => j.isLatest).map((j) => j.row.caskId));
  await records.markCasksValued(
    tx,
    ids.map((caskId) => ({
      caskId,
      currentValue: valuedLatest.has(caskId) ? (current.get(caskId) ?? null) : null,
    })),
  );
  await writeAudits(tx, audits);
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

    /**
     * `PUT /casks/{id}/identity` (issue 44, decision 430): the number, fill date, warehouse and
     * place as the dialog sends them, a blank one cleared. 400 for a number without the cask's
     * distillery and a fill year, or an unknown warehouse; 409 when another cask has the identity;
     * 412 on a stale version.
     */
    async updateIdentity(
      id: string,
      body: CaskIdentityValues,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<CaskRecord> {
      const fieldError = (field: string, message: string) =>
        new BadRequestError(message, [{ field, message }]);
      const values = {
        caskNumber: body.caskNumber ?? null,
        fillDate: body.fillDate ?? null,
        warehouseId: body.warehouse ?? null,
        location: body.location ?? null,
      };
      await records.saveCaskIdentity(db, id, values, actor, expectedVersion, {
        notFound: () => new NotFoundError(CASK_NOT_FOUND),
        numberNeedsIdentity: () => fieldError('caskNumber', CASK_NUMBER_NEEDS_IDENTITY),
        warehouseNotFound: () => fieldError('warehouse', WAREHOUSE_NOT_FOUND),
        identityTaken: ({ number, distillery, year }) => {
          const message = caskIdentityTaken(number, distillery, year);
          return new ConflictError(message, [{ field: 'caskNumber', message }]);
        },
      });
      return this.read(id);
    },

    async provenance(id: string): Promise<ProvenanceEvent[]> {
      const row = await repo.findCask(db, id);
      if (!row) throw new NotFoundError(CASK_NOT_FOUND);
      return records.listProvenance(db, id);
    },
  };
}

/** A valuation as its route takes it: the body and the versions its If-Match names. */
const valuationSave = valuationBody.extend({
  expected: z.array(z.string()).readonly().optional(),
});
type ValuationSave = z.output<typeof valuationSave>;

/** How far a value moves from the current one, in percent (null without a current value). */
function changePercent(current: string | null, value: string): number | null {
  const from = current === null ? 0 : Number(current);
  return from > 0 ? ((Number(value) - from) / from) * 100 : null;
}

/**
 * A valuation as an approvable action (issue 45, decision 421): sent for approval when the
 * policy's 'Valuation change above' is on and the valuation becomes the current value, more than
 * the threshold away from it either way (a first valuation, or one that only joins the history,
 * never waits). Its version is the cask's: If-Match is checked when asked (412), and any change of
 * the cask since makes the request Outdated. An import's apply is its own action
 * (`valuationImport`, valuation-imports.service.ts, decision 433).
 */
export const valuationChange: ApprovableAction<ValuationSave, void> = {
  action: 'valuationChange',
  entity: 'cask',
  approvers: APPROVERS.valuationChange,
  body: valuationSave,
  async needsApproval(policy, body, record) {
    if (record.id === null) return false;
    const { valuationChange: rule } = await policy();
    if (!rule.on) return false;
    const [cask, latest] = await Promise.all([
      repo.findCask(record.db, record.id),
      records.latestValuation(record.db, record.id),
    ]);
    if (!cask || (latest !== null && body.valuedOn < latest.valuedOn)) return false;
    const percent = changePercent(cask.currentValue, body.value);
    return percent !== null && Math.abs(percent) > rule.abovePercent;
  },
  async describe(tx, recordId, body) {
    const cask = recordId === null ? undefined : await repo.lockCask(tx, recordId);
    if (!cask) throw new NotFoundError(CASK_NOT_FOUND);
    assertRecordVersion(body.expected, cask.updatedAt);
    const percent = changePercent(cask.currentValue, body.value);
    const change = percent === null ? '' : ` (${percent > 0 ? '+' : ''}${percent.toFixed(1)}%)`;
    return {
      version: versionOf(cask.updatedAt),
      record: cask.name,
      summary: `Value: ${cask.currentValue ?? 'none'} -> ${body.value}${change}`,
      before: { currentValue: cask.currentValue },
      after: {
        currentValue: body.value,
        valuedOn: body.valuedOn,
        source: body.source,
        note: body.note ? body.note : null,
      },
    };
  },
  run: (db, recordId, body, actor) =>
    db.transaction((tx) =>
      recordValuations(tx, [{ caskId: recordId ?? '', input: body }], actor, {
        expected: body.expected,
      }),
    ),
};

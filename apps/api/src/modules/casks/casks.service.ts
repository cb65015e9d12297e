import { todayIso, VALUATION_NOTE_ON_ADD } from '@cask/contracts/cask-records';
import { uploadUrl } from '@cask/contracts/files';
import {
  CASK_NOT_FOUND,
  CASK_OWNER_NOT_FOUND,
  STATUS_NOT_EDITABLE,
  WAREHOUSE_NOT_FOUND,
  caskIdentityTaken,
  fillYearOf,
  type Cask,
  type CaskDeletedChanges,
  type CaskListParams,
  type CreateCaskFields,
  type UpdateCaskBody,
} from '@cask/contracts/casks';
import { applyBulk } from '../../db/bulk.ts';
import type { Database } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { versionOf, type ExpectedRecordVersions } from '../../lib/preconditions.ts';
import { lockCustomer } from '../customers/customers.service.ts';
import { prepareImage, savePreparedImage } from '../files/files.service.ts';
import * as records from './cask-records.repository.ts';
import * as repo from './casks.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { casksExport } from './casks.repository.ts';

/** A numeric column as the contract's number (money in dollars, volume in litres, ABV in %). */
const money = (value: string | null) => (value === null ? null : Number(value));

export function toCask(row: NonNullable<Awaited<ReturnType<typeof repo.findCask>>>): Cask {
  const gain = money(row.gain);
  return {
    id: row.id,
    name: row.name,
    distillery: row.distillery,
    year: row.year,
    volume: money(row.volume),
    abv: money(row.abv),
    gaugedOn: row.gaugedOn,
    filledVolume: money(row.filledVolume),
    filledAbv: money(row.filledAbv),
    caskNumber: row.caskNumber,
    fillDate: row.fillDate,
    warehouse:
      row.warehouseId === null || row.warehouseName === null
        ? null
        : { id: row.warehouseId, name: row.warehouseName },
    location: row.location,
    estimatedValue: money(row.estimatedValue),
    currentValue: money(row.currentValue),
    purchasePrice: money(row.purchasePrice),
    status: row.status,
    owner: { id: row.ownerId, fullName: row.ownerName, email: row.ownerEmail },
    caskImages: row.imageFileId ? uploadUrl(row.imageFileId) : null,
    type: row.type,
    notes: row.notes,
    gain,
    gainPercentage: money(row.gainPercentage),
    calculatedGain: gain,
    purchaseDate: row.purchaseDate?.toISOString() ?? null,
    appreciationData: row.appreciation.map((point) => ({
      month: point.month,
      value: Number(point.value),
    })),
    regaugeDueOn: row.regaugeDueOn,
    abvFortyOn: row.abvFortyOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: versionOf(row.updatedAt),
  };
}

/** The row an add stores (and its audit entry's after), from the form's fields. */
function caskValues(fields: CreateCaskFields, imageFileId: string | null) {
  return {
    type: fields.type,
    name: fields.name,
    distillery: fields.distillery ?? null,
    // The fill year is the fill date's (decision 400; the contract refused a Year beside it
    // that disagrees).
    year: fillYearOf(fields) ?? null,
    caskNumber: fields.caskNumber ?? null,
    fillDate: fields.fillDate ?? null,
    warehouseId: fields.warehouse ?? null,
    volume: fields.volume === undefined ? null : String(fields.volume),
    abv: fields.abv === undefined ? null : String(fields.abv),
    location: fields.location ?? null,
    estimatedValue: fields.estimatedValue ?? null,
    currentValue: fields.currentValue ?? null,
    purchasePrice: fields.purchasePrice ?? null,
    status: fields.status,
    ownerId: fields.owner,
    imageFileId,
  };
}

/** The 409 of an add whose identity another cask holds (decision 400), under Cask Number. */
function identityTaken(values: ReturnType<typeof caskValues>) {
  const message = caskIdentityTaken(
    values.caskNumber ?? '',
    values.distillery ?? '',
    values.year ?? 0,
  );
  return new ConflictError(message, [{ field: 'caskNumber', message }]);
}

/**
 * docs/screens/casks.md: the list with exact stats from maintained counters, add with an image for
 * an existing customer, status and notes, delete (a soft delete, undone through the bulk route,
 * decision 273). Every change is one transaction with its audit entry. A cask added with a value
 * gets its first valuation (decision 397); the value history follows the valuations, written by
 * the database (src/db/sql/050_cask_valuations_record_appreciation.sql).
 */
export function createCasksService(deps: { database: Database }) {
  const { db } = deps.database;
  const readCaskList = repo.createCaskList(deps.database);

  async function read(id: string): Promise<Cask> {
    const row = await repo.findCask(db, id);
    if (!row) throw new NotFoundError(CASK_NOT_FOUND);
    return toCask(row);
  }

  return {
    /** GET /casks/{id}: one cask as the list shows it, with its version (decision 208). */
    get: read,

    /** GET /warehouses (issue 44): the warehouses, for the Cask List's filter and the form. */
    async warehouses() {
      return { warehouses: await repo.listWarehouses(db) };
    },

    /**
     * docs/screens/casks.md#api-calls GET /casks: newest first, with the stats from the maintained
     * counters (db/list.ts).
     */
    async list(query: CaskListParams) {
      const answer = await readCaskList(query);
      return { casks: answer.items, stats: answer.stats, pagination: answer.pagination };
    },

    async create(fields: CreateCaskFields, image: Buffer | undefined, actor: Actor): Promise<Cask> {
      // Decode and re-encode outside the transaction: no row is held while sharp works.
      const prepared = image ? await prepareImage(image) : undefined;
      const id = await db.transaction(async (tx) => {
        // The owner must be a customer nobody has deleted; the lock keeps it so until commit.
        await lockCustomer(tx, fields.owner).catch((error: unknown) => {
          if (!(error instanceof NotFoundError)) throw error;
          throw new BadRequestError(CASK_OWNER_NOT_FOUND, [
            { field: 'owner', message: CASK_OWNER_NOT_FOUND },
          ]);
        });
        if (fields.warehouse !== undefined && !(await repo.lockWarehouse(tx, fields.warehouse))) {
          throw new BadRequestError(WAREHOUSE_NOT_FOUND, [
            { field: 'warehouse', message: WAREHOUSE_NOT_FOUND },
          ]);
        }
        const stored = prepared
          ? await savePreparedImage(tx, prepared, { ...actor, purpose: 'cask' })
          : undefined;
        const values = caskValues(fields, stored?.id ?? null);
        const created = await repo.insertCask(
          tx,
          { ...values, purchaseDate: new Date() },
          { identityTaken: () => identityTaken(values) },
        );
        // The value it is added with is its first valuation (decision 397), today's, so the
        // current value is a valuation as every later one is, and the value history starts.
        if (values.currentValue !== null) {
          await records.insertValuation(tx, {
            caskId: created.id,
            valuedOn: todayIso(),
            value: values.currentValue,
            source: 'Other',
            note: VALUATION_NOTE_ON_ADD,
            adminId: actor.adminId,
          });
        }
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'cask.created',
          entity: 'cask',
          entityId: created.id,
          after: values,
          ip: actor.ip,
        });
        return created.id;
      });
      return read(id);
    },

    /**
     * docs/screens/casks.md#api-calls `PUT /casks/{id}/appreciation`: status (Ready/Maturing) and
     * notes.
     */
    async update(
      id: string,
      body: UpdateCaskBody,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<Cask> {
      const after = { status: body.status, notes: body.notes ? body.notes : null };
      await repo.saveCaskStatusAndNotes(db, id, after, actor, expectedVersion, {
        notFound: () => new NotFoundError(CASK_NOT_FOUND),
        notEditable: () =>
          new BadRequestError(STATUS_NOT_EDITABLE, [
            { field: 'status', message: STATUS_NOT_EDITABLE },
          ]),
      });
      return read(id);
    },

    /**
     * Hides the cask (decision 273): every read that shows casks leaves it out and the counters
     * follow in the same transaction; its image, value history, gauges and transfers are kept, so
     * the delete's undo (`POST /casks/bulk/deleted`, `deleted: false`) restores it exactly.
     * Deleting twice answers 404 like an unknown id.
     */
    async remove(id: string, actor: Actor): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const before = await repo.lockCask(tx, id);
        if (!before) throw new NotFoundError(CASK_NOT_FOUND);
        await repo.softDeleteCask(tx, id);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'cask.deleted',
          entity: 'cask',
          entityId: id,
          before,
          ip: actor.ip,
        });
        return { id };
      });
    },

    /**
     * Issue 31: hides the chosen casks or brings them back (the undo of a delete,
     * docs/architecture.md#deletes), all or none, each audited ('cask.deleted', 'cask.restored').
     */
    async setDeleted(body: CaskDeletedChanges, actor: Actor) {
      const changes = body.changes.map(({ id, deleted }) => ({ id, value: { deleted } }));
      return applyBulk(
        deps.database,
        repo.caskDeletedBulk,
        { changes, bulkId: body.bulkId },
        actor,
      );
    },
  };
}

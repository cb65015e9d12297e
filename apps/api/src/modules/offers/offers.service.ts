import type { z } from 'zod';
import type { FieldError } from '@cask/contracts/common';
import { uploadIdOf, uploadUrl } from '@cask/contracts/files';
import {
  createOfferFields,
  DEADLINE_BEFORE_CREATION,
  fieldErrorsOf,
  offerDetailsSchemas,
  updateOfferFields,
  type OfferDetailValues,
  type OfferFields,
} from '@cask/contracts/offer-form';
import {
  DETAILS_NOT_JSON,
  MAX_SLIDING_IMAGES,
  OFFER_IMAGE_FIELD,
  OFFER_IMAGES_FIELD,
  OFFER_NOT_FOUND,
  TOO_MANY_SLIDING_IMAGES,
  type Offer,
  type OfferActiveChanges,
  type OfferDeletedChanges,
  type OfferListParams,
} from '@cask/contracts/offers';
import { applyBulk } from '../../db/bulk.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import type { NewOffer } from '../../db/schema/offers.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import {
  assertRecordVersion,
  versionOf,
  type ExpectedRecordVersions,
} from '../../lib/preconditions.ts';
import {
  deleteStoredFiles,
  prepareImage,
  savePreparedImage,
  type PreparedImage,
} from '../files/files.service.ts';
import type { ImageForm } from '../files/multipart.ts';
import * as repo from './offers.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { offersExport } from './offers.repository.ts';

const PURPOSE = 'offer';

const money = (value: string | null) => (value === null ? null : Number(value));

function toOffer(row: repo.OfferRow, slideIds: readonly string[]): Offer {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    priceNumeric: money(row.priceNumeric),
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    expiryDate: row.expiryDate,
    description: row.description,
    image: row.imageFileId ? uploadUrl(row.imageFileId) : null,
    images: slideIds.map(uploadUrl),
    category: row.category,
    daysLeft: repo.daysLeft(row.expiryDate),
    originalPrice: money(row.originalPrice),
    currentPrice: money(row.currentPrice),
    location: row.location,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: versionOf(row.updatedAt),
  };
}

/** What the audit trail keeps of an offer: its fields and which files it shows. */
function auditView(row: repo.OfferRow, slideIds: readonly string[]) {
  return {
    title: row.title,
    type: row.type,
    priceNumeric: row.priceNumeric,
    currentPrice: row.currentPrice,
    originalPrice: row.originalPrice,
    isActive: row.isActive,
    expiryDate: row.expiryDate,
    location: row.location,
    details: row.details,
    imageFileId: row.imageFileId,
    slideFileIds: slideIds,
  };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether the deadline was over before `instant` everywhere on Earth: its day has ended even at
 * UTC-12, the last place it ends. So an admin west of Greenwich who picks today's date late in
 * their evening (already tomorrow in UTC) is not told that today is past.
 */
function deadlineOverBefore(expiryDate: string, instant: Date): boolean {
  return Date.parse(`${expiryDate}T00:00:00Z`) + 36 * HOUR_MS <= instant.getTime();
}

const deadlineBeforeCreation = (): never =>
  invalid([{ field: 'expiryDate', message: DEADLINE_BEFORE_CREATION }]);

function invalid(errors: FieldError[]): never {
  throw new BadRequestError(errors[0]?.message ?? 'Invalid request', errors);
}

/**
 * The text fields of an offer form and its details (JSON text), checked with the shared contracts:
 * every error of both is reported at once, named as the form names its inputs.
 */
function parseFields<S extends z.ZodType<OfferFields>>(
  schema: S,
  fields: Record<string, string>,
): { values: z.output<S>; details: OfferDetailValues } {
  const errors: FieldError[] = [];
  const parsed = schema.safeParse(fields);
  if (!parsed.success) errors.push(...fieldErrorsOf(parsed.error));
  let details: OfferDetailValues = {};
  let raw: unknown;
  try {
    raw = JSON.parse(fields.details ?? '{}');
  } catch {
    errors.push({ field: 'details', message: DETAILS_NOT_JSON });
  }
  if (parsed.success && raw !== undefined) {
    const result = offerDetailsSchemas[parsed.data.type].safeParse(raw);
    if (result.success) {
      details = Object.fromEntries(
        Object.entries(result.data).filter(
          (entry): entry is [string, string | number] => entry[1] !== undefined,
        ),
      );
    } else errors.push(...fieldErrorsOf(result.error, 'details'));
  }
  if (!parsed.success || errors.length > 0) invalid(errors);
  return { values: parsed.data, details };
}

/** The offer's columns from the checked fields (the list price is the current value unless given). */
function columnsOf(values: OfferFields, details: OfferDetailValues) {
  return {
    type: values.type,
    title: values.title,
    description: values.description ?? null,
    location: values.location ?? null,
    currentPrice: values.currentPrice,
    originalPrice: values.originalPrice ?? null,
    priceNumeric: values.priceNumeric ?? values.currentPrice,
    expiryDate: values.expiryDate,
    details,
  } satisfies Partial<NewOffer>;
}

/**
 * The images of the form, checked and re-encoded before anything is written
 * (docs/architecture.md#input-and-output): a wrong file answers 413 or 415 and the offer, its
 * fields included, is not touched.
 */
async function prepareFormImages(form: ImageForm) {
  const banners = form.files[OFFER_IMAGE_FIELD] ?? [];
  const slides = form.files[OFFER_IMAGES_FIELD] ?? [];
  if (banners.length > 1) {
    invalid([{ field: OFFER_IMAGE_FIELD, message: 'Send one banner image' }]);
  }
  if (slides.length > MAX_SLIDING_IMAGES) {
    invalid([{ field: OFFER_IMAGES_FIELD, message: TOO_MANY_SLIDING_IMAGES }]);
  }
  const banner = banners[0] ? await prepareImage(banners[0]) : undefined;
  const prepared: PreparedImage[] = [];
  for (const slide of slides) prepared.push(await prepareImage(slide));
  return { banner, slides: prepared };
}

/** `images` of an edit: the URLs of the current sliding images to keep, as JSON text. */
function keptImageUrls(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    invalid([{ field: 'images', message: 'Images must be a JSON list of image URLs' }]);
  }
  return parsed;
}

async function slidesOf(tx: DbOrTx, offerId: string): Promise<string[]> {
  return (await repo.selectSlidingImages(tx, [offerId])).map((row) => row.fileId);
}

type OffersServiceDeps = { database: Database };

export function createOffersService(deps: OffersServiceDeps) {
  return {
    ...createOfferReads(deps),
    ...createOfferForms(deps),
    ...createOfferStatusChanges(deps),
  };
}

/** One offer, and the list with its cards. */
function createOfferReads({ database }: OffersServiceDeps) {
  const { db } = database;
  const readOfferList = repo.createOfferList(database);

  return {
    /** GET /offers/{id}: one offer as the list shows it, with its version (decision 208). */
    async get(id: string): Promise<Offer> {
      const row = await repo.findOffer(db, id);
      if (!row || row.retiredAt) throw new NotFoundError(OFFER_NOT_FOUND);
      return toOffer(row, await slidesOf(db, id));
    },

    /**
     * docs/screens/offers.md#api-calls GET /offers: newest first, retired offers hidden. The cards
     * and the total of an unsearched list come from the maintained counters; a search is counted
     * exactly (db/list.ts).
     */
    async list(query: OfferListParams) {
      const answer = await readOfferList(query);
      return { offers: answer.items, pagination: answer.pagination, stats: answer.stats };
    },
  };
}

/** The Create and Edit forms: the fields and the images, saved together. */
function createOfferForms({ database }: OffersServiceDeps) {
  const { db } = database;

  return {
    /**
     * docs/screens/offers.md#api-calls POST /offers: the offer, its banner and sliding images, in
     * one transaction.
     */
    async create(form: ImageForm, actor: Actor): Promise<Offer> {
      const { values, details } = parseFields(createOfferFields, form.fields);
      if (deadlineOverBefore(values.expiryDate, new Date())) deadlineBeforeCreation();
      const images = await prepareFormImages(form);
      const context = { adminId: actor.adminId, ip: actor.ip, purpose: PURPOSE };
      return db.transaction(async (tx) => {
        const banner = images.banner
          ? await savePreparedImage(tx, images.banner, context)
          : undefined;
        const slideIds: string[] = [];
        for (const slide of images.slides) {
          slideIds.push((await savePreparedImage(tx, slide, context)).id);
        }
        const row = await repo.insertOffer(tx, {
          ...columnsOf(values, details),
          isActive: true,
          isFeatured: values.isFeatured ?? false,
          imageFileId: banner?.id ?? null,
        });
        await repo.replaceSlidingImages(tx, row.id, slideIds);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'offer.created',
          entity: 'offer',
          entityId: row.id,
          after: auditView(row, slideIds),
          ip: actor.ip,
        });
        return toOffer(row, slideIds);
      });
    },

    /**
     * docs/screens/offers.md#api-calls PUT /offers/{id}: the fields, the images the admin kept plus
     * the new ones; the files of removed images are deleted in the same transaction
     * (docs/decisions/142).
     */
    async update(
      id: string,
      form: ImageForm,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<Offer> {
      const { values, details } = parseFields(updateOfferFields, form.fields);
      const keptUrls = keptImageUrls(values.images);
      const images = await prepareFormImages(form);
      const context = { adminId: actor.adminId, ip: actor.ip, purpose: PURPOSE };
      return db.transaction(async (tx) => {
        const before = await repo.lockOffer(tx, id);
        if (!before) throw new NotFoundError(OFFER_NOT_FOUND);
        assertRecordVersion(expectedVersion, before.updatedAt);
        // An unchanged deadline is kept as it is: offers imported or seeded with a deadline
        // before their row was written must stay editable.
        if (
          values.expiryDate !== before.expiryDate &&
          deadlineOverBefore(values.expiryDate, before.createdAt)
        ) {
          deadlineBeforeCreation();
        }
        const current = await slidesOf(tx, id);

        const kept =
          keptUrls === undefined
            ? current
            : [...new Set(keptUrls.map((url) => uploadIdOf(url) ?? url))];
        if (kept.some((fileId) => !current.includes(fileId))) {
          invalid([
            { field: 'images', message: "An image to keep is not one of this offer's images" },
          ]);
        }
        if (kept.length + images.slides.length > MAX_SLIDING_IMAGES) {
          invalid([{ field: OFFER_IMAGES_FIELD, message: TOO_MANY_SLIDING_IMAGES }]);
        }
        let bannerId = before.imageFileId;
        if (images.banner) bannerId = (await savePreparedImage(tx, images.banner, context)).id;
        else if (values.image === '') bannerId = null;
        else if (values.image !== undefined && uploadIdOf(values.image) !== before.imageFileId) {
          invalid([{ field: 'image', message: "The banner to keep is not this offer's banner" }]);
        }
        const added: string[] = [];
        for (const slide of images.slides) {
          added.push((await savePreparedImage(tx, slide, context)).id);
        }
        const slideIds = [...kept, ...added];

        const row = await repo.updateOffer(tx, id, {
          ...columnsOf(values, details),
          ...(values.isActive === undefined ? {} : { isActive: values.isActive }),
          imageFileId: bannerId,
        });
        await repo.replaceSlidingImages(tx, id, slideIds);
        const removed = current.filter((fileId) => !kept.includes(fileId));
        if (before.imageFileId && before.imageFileId !== bannerId) removed.push(before.imageFileId);
        await deleteStoredFiles(tx, removed, context);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'offer.updated',
          entity: 'offer',
          entityId: id,
          before: auditView(before, current),
          after: auditView(row, slideIds),
          ip: actor.ip,
        });
        return toOffer(row, slideIds);
      });
    },
  };
}

/** Active or Inactive, retired (deleted) and brought back. */
function createOfferStatusChanges(deps: OffersServiceDeps) {
  const { db } = deps.database;

  return {
    /**
     * Issue 31: the chosen offers Active or Inactive in one transaction, each audited; a retired
     * or unknown one among them changes none and is named (db/bulk.ts).
     */
    async setActives(body: OfferActiveChanges, actor: Actor) {
      const changes = body.changes.map(({ id, isActive }) => ({ id, value: { isActive } }));
      return applyBulk(
        deps.database,
        repo.offerActiveBulk,
        { changes, bulkId: body.bulkId },
        actor,
      );
    },

    /**
     * Issue 31: retires the chosen offers or brings them back (the undo of a delete,
     * docs/architecture.md#deletes), all or none, each audited ('offer.deleted', 'offer.restored').
     */
    async setDeleted(body: OfferDeletedChanges, actor: Actor) {
      const changes = body.changes.map(({ id, deleted }) => ({ id, value: { deleted } }));
      return applyBulk(
        deps.database,
        repo.offerDeletedBulk,
        { changes, bulkId: body.bulkId },
        actor,
      );
    },

    /**
     * docs/screens/offers.md#api-calls DELETE /offers/{id}: the offer is retired (hidden from the
     * list, the cards, the search and the export; kept as it was for the orders' history and for
     * the delete's undo, decisions 141 and 273), whether orders refer to it or not. A retired or
     * unknown offer answers 404.
     */
    async remove(id: string, actor: Actor): Promise<{ id: string; retired: boolean }> {
      return db.transaction(async (tx) => {
        const before = await repo.lockOffer(tx, id);
        if (!before) throw new NotFoundError(OFFER_NOT_FOUND);
        const slides = await slidesOf(tx, id);
        const row = await repo.retireOffer(tx, id);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'offer.deleted',
          entity: 'offer',
          entityId: id,
          before: auditView(before, slides),
          after: { retiredAt: row.retiredAt?.toISOString() ?? null },
          ip: actor.ip,
        });
        return { id, retired: true };
      });
    },
  };
}

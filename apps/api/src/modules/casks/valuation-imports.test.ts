import { eq, sql } from 'drizzle-orm';
import { VIEWER_READ_ONLY } from '@cask/contracts/admins';
import { todayIso } from '@cask/contracts/cask-records';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_NOT_UTF8,
  CSV_IMPORT_TOO_LARGE,
} from '@cask/contracts/csv-import';
import {
  VALUATION_IMPORT_NO_CASK_NAMED,
  VALUATION_IMPORT_STALE,
  noCaskWithId,
  noCaskWithIdentity,
  repeatsLine,
  type ValuationImportPreview,
  type ValuationImportResult,
} from '@cask/contracts/valuation-imports';
import { beforeAll, describe, expect, test } from 'vitest';
import { caskValuations, valuationImports } from '../../db/schema/casks.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { countersKeptAndRecounted, queryRows } from '../../../test/support/database.ts';
import {
  auditEntriesOf,
  createCask,
  createCustomer,
  rowCount,
} from '../../../test/support/factories.ts';
import { postCsvImport } from '../../../test/support/requests.ts';
import { caskRecord } from '../../../test/support/casks.ts';
import {
  previewAndApplyValuations,
  previewValuations,
  VALUATION_APPLY_URL,
  VALUATION_HEADER,
  VALUATION_PREVIEW_URL,
  valuationCsv,
} from '../../../test/support/valuation-imports.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';

// Issue 44: 'Import valuations' (docs/screens/casks.md#import-valuations, decisions 404 to 407).
const ctx = useTestContext();
let admin: TestAdmin;
let viewer: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
  viewer = await createAdmin(ctx, { role: 'viewer' });
});

describe('preview', () => {
  test('matched rows say old -> new and the change in %, above 50% flagged; refused rows name their line; nothing is written', async () => {
    const steady = await createCask(ctx, { currentValue: '10000.00' });
    const jump = await createCask(ctx, { currentValue: '10000.00' });
    const before = await rowCount(ctx, caskValuations);
    const file = valuationCsv(
      `${steady.id},${todayIso()},10500,Broker quote,March quote`,
      `${jump.id},${todayIso()},16000.50,Auction comparable,`,
      `${jump.id},2020-01-31,8000,Internal model,an old model`,
      `3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b,${todayIso()},100,Other,`,
      `${steady.id},2026-02-30,100,Other,`,
      `${steady.id},${todayIso()},-5,Other,`,
      `,${todayIso()},100,Other,`,
      `${steady.id},${todayIso()},10500,broker quote,again`,
    );

    const shown = await previewValuations(ctx, admin, file);

    expect(shown).toMatchObject({ rows: 8, toRecord: 3, alreadyRecorded: 0, flagged: 1 });
    expect(shown.matched).toEqual([
      expect.objectContaining({
        line: 2,
        caskId: steady.id,
        oldValue: 10000,
        newValue: 10500,
        changePercent: 5,
        flagged: false,
        becomesCurrent: true,
        alreadyRecorded: false,
        source: 'Broker quote',
        note: 'March quote',
      }),
      expect.objectContaining({
        line: 3,
        oldValue: 10000,
        newValue: 16000.5,
        changePercent: 60,
        flagged: true,
        becomesCurrent: true,
      }),
      // Dated before the latest valuation: history only, judged before line 3 (by day).
      expect.objectContaining({ line: 4, newValue: 8000, becomesCurrent: false }),
    ]);
    expect(shown.refused).toEqual([
      { line: 5, message: noCaskWithId('3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b') },
      { line: 6, message: "Date '2026-02-30' is not a day of the calendar" },
      { line: 7, message: 'Value cannot be negative' },
      { line: 8, message: VALUATION_IMPORT_NO_CASK_NAMED },
      { line: 9, message: repeatsLine(2) },
    ]);
    expect(shown.appliedBefore).toBeNull();
    expect(await rowCount(ctx, caskValuations)).toBe(before);
  });

  test('a row names its cask by number, distillery (regardless of case) and fill year, or by its id', async () => {
    const cask = await createCask(ctx, {
      caskNumber: `N${Date.now()}`,
      distillery: 'Glen Scotia',
      year: 2015,
      currentValue: '2000.00',
    });
    const number = cask.caskNumber!;
    const file = [
      'cask_number,distillery,fill_year,date,value,source',
      `${number},GLEN SCOTIA,2015,${todayIso()},2100,Broker quote`,
      `${number},Glen Scotia,2016,${todayIso()},2100,Broker quote`,
      `${number},,2015,${todayIso()},2100,Broker quote`,
      `${number},Glen Scotia,15,${todayIso()},2100,Broker quote`,
    ].join('\n');

    const shown = await previewValuations(ctx, admin, file);

    expect(shown.matched).toEqual([
      expect.objectContaining({
        line: 2,
        caskId: cask.id,
        caskNumber: number,
        oldValue: 2000,
        newValue: 2100,
      }),
    ]);
    expect(shown.refused).toEqual([
      { line: 3, message: noCaskWithIdentity(number, 'Glen Scotia', '2016') },
      { line: 4, message: VALUATION_IMPORT_NO_CASK_NAMED },
      { line: 5, message: "fill_year '15' is not a year, e.g. 2012" },
    ]);
  });

  test('a file with a byte-order mark, semicolons, day/month/year dates and decimal commas reads the same', async () => {
    const cask = await createCask(ctx, { currentValue: '1000.00' });
    const [year, month, day] = todayIso().split('-');
    const text = `cask_id;date;value;source\r\n${cask.id};${day}/${month}/${year};1.250,50;Broker quote\r\n`;
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);

    const shown = await previewValuations(ctx, admin, bytes, { dateOrder: 'dmy' });

    expect(shown.refused).toEqual([]);
    expect(shown.matched).toEqual([
      expect.objectContaining({
        line: 2,
        valuedOn: todayIso(),
        newValue: 1250.5,
        changePercent: 25.1,
      }),
    ]);
    // The same file read as ISO dates refuses the row, saying how a date was expected.
    const iso = await previewValuations(ctx, admin, bytes, { dateOrder: 'iso' });
    expect(iso.refused).toEqual([
      { line: 2, message: `Date '${day}/${month}/${year}' is not a day written as 2026-03-31` },
    ]);
  });

  test('a file that cannot be read is a 400 saying why', async () => {
    const cases: [string | Uint8Array, string | RegExp][] = [
      [new Uint8Array([0x63, 0x61, 0xff, 0x0a]), CSV_IMPORT_NOT_UTF8],
      ['cask_id,date,value,source,colour\nx,2024-01-01,1,Other,red', /Unknown column 'colour'/],
      ['cask_id,date,source\nx,2024-01-01,Other', /The header has no column 'value'/],
      [VALUATION_HEADER, 'The file has no rows under its header'],
      [
        `${VALUATION_HEADER}\nx,2024-01-01,"1,Other,\nnext,row`,
        /The file is not valid CSV: .*line/,
      ],
    ];
    for (const [file, message] of cases) {
      const res = await postCsvImport(ctx, admin, VALUATION_PREVIEW_URL, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const dateOrder = await postCsvImport(ctx, admin, VALUATION_PREVIEW_URL, valuationCsv(), {
      dateOrder: 'mdy',
    });
    expect(dateOrder.statusCode).toBe(400);
    expect(dateOrder.json().errors).toEqual([
      { field: 'dateOrder', message: 'Dates must be iso (2026-03-31) or dmy (31/03/2026)' },
    ]);
  });

  test('a file over 10 MB is refused with 413 and a clear message', async () => {
    const line = `3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b,2024-01-01,100,Other,${'x'.repeat(200)}\n`;
    const big =
      VALUATION_HEADER + '\n' + line.repeat(Math.ceil(CSV_IMPORT_MAX_BYTES / line.length) + 1);
    const res = await postCsvImport(ctx, admin, VALUATION_PREVIEW_URL, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: CSV_IMPORT_TOO_LARGE });
  });

  test('the report is the preview as CSV, formula cells neutralised', async () => {
    const cask = await createCask(ctx, { name: '=HYPERLINK("http://x")', currentValue: '100.00' });
    const file = valuationCsv(`${cask.id},${todayIso()},200,Other,`, `nope,${todayIso()},1,Other,`);
    const res = await postCsvImport(ctx, viewer, '/api/casks/valuation-imports/report', file);
    expect(res.statusCode, res.body).toBe(200);
    const { fileName, csv: report } = res.json().data as { fileName: string; csv: string };
    expect(fileName).toBe('import-preview.csv');
    const lines = report
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'line,status,cask_id,cask,cask_number,distillery,date,source,old_value,new_value,change_percent,flagged,message',
    );
    expect(lines[1]).toBe(
      `2,to record,${cask.id},"'=HYPERLINK(""http://x"")",,Springbank,${todayIso()},Other,100.00,200.00,100,yes,`,
    );
    expect(lines[2]).toBe(`3,refused,,,,,,,,,,,cask_id 'nope' is not a cask's id`);
  });
});

describe('apply', () => {
  test('records every row as Record Valuation does: current values, counters, audit with the import', async () => {
    const owner = await createCustomer(ctx);
    const first = await createCask(ctx, { ownerId: owner.id, currentValue: '10000.00' });
    const second = await createCask(ctx, { ownerId: owner.id, currentValue: '5000.00' });
    const file = valuationCsv(
      `${first.id},${todayIso()},12000,Broker quote,a`,
      `${second.id},2021-06-30,4000,Internal model,history`,
      `${second.id},${todayIso()},5500.25,Auction comparable,`,
      `bad,${todayIso()},1,Other,`,
    );

    const res = await previewAndApplyValuations(ctx, admin, file);

    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ data: ValuationImportResult; message: string }>();
    expect(answer.data).toMatchObject({ recorded: 3, alreadyRecorded: 0, refused: 1 });
    expect(answer.message).toBe('3 valuations recorded, 0 already recorded, 1 row refused');
    expect((await caskRecord(ctx, admin, first.id)).cask.currentValue).toBe(12000);
    expect((await caskRecord(ctx, admin, second.id)).cask.currentValue).toBe(5500.25);
    const { kept, recounted } = await countersKeptAndRecounted(ctx);
    expect(kept).toEqual(recounted);
    const audits = await auditEntriesOf(ctx, { entityId: second.id, action: 'cask.valued' });
    expect(audits).toHaveLength(2);
    expect(audits.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: '4000.00', currentValue: '5000.00' }),
        expect.objectContaining({ value: '5500.25', currentValue: '5500.25' }),
      ]),
    );
    const [stored] = await ctx.database.db
      .select()
      .from(valuationImports)
      .where(eq(valuationImports.id, answer.data.importId));
    expect(stored).toMatchObject({ adminId: admin.id, rows: 4, recorded: 3, refused: 1 });
    const imported = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from cask_valuations where import_id = ${answer.data.importId}`,
    );
    expect(imported[0]?.n).toBe(3);
  });

  test('rows of one cask and one day are recorded in the order of their lines: the last is the current value', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const file = valuationCsv(
      `${cask.id},${todayIso()},300,Broker quote,`,
      `${cask.id},${todayIso()},200,Broker quote,`,
    );
    expect((await previewAndApplyValuations(ctx, admin, file)).statusCode).toBe(201);
    expect((await caskRecord(ctx, admin, cask.id)).cask.currentValue).toBe(200);
    const [point] = await queryRows<{ value: string }>(
      ctx,
      sql`select value::text from cask_appreciation where cask_id = ${cask.id}
        and month = date_trunc('month', ${todayIso()}::date)::date`,
    );
    expect(point?.value).toBe('200.00');
  });

  test('the same file applied twice records nothing twice and says how many were recorded already', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const other = await createCask(ctx, { currentValue: '100.00' });
    const file = valuationCsv(
      `${cask.id},${todayIso()},150,Other,`,
      `${other.id},${todayIso()},90,Other,`,
    );
    expect((await previewAndApplyValuations(ctx, admin, file)).statusCode).toBe(201);
    const count = await rowCount(ctx, caskValuations);

    const again = await previewValuations(ctx, admin, file);
    expect(again).toMatchObject({ toRecord: 0, alreadyRecorded: 2 });
    expect(again.appliedBefore).not.toBeNull();
    const res = await postCsvImport(ctx, admin, VALUATION_APPLY_URL, file, {
      previewToken: again.previewToken,
    });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
    expect(await rowCount(ctx, caskValuations)).toBe(count);
    // A file overlapping the first one records only its new row.
    const overlapping = valuationCsv(
      `${cask.id},${todayIso()},150.00,Other,`,
      `${cask.id},${todayIso()},160,Other,`,
    );
    const third = await previewAndApplyValuations(ctx, admin, overlapping);
    expect(third.json().data).toMatchObject({ recorded: 1, alreadyRecorded: 1 });
    expect(await rowCount(ctx, caskValuations)).toBe(count + 1);
    expect((await caskRecord(ctx, admin, cask.id)).cask.currentValue).toBe(160);
  });

  test('a preview that is stale (a cask valued since) is refused with 409 and nothing is recorded', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const untouched = await createCask(ctx, { currentValue: '100.00' });
    const file = valuationCsv(
      `${untouched.id},${todayIso()},120,Other,`,
      `${cask.id},${todayIso()},130,Other,`,
    );
    const { previewToken } = await previewValuations(ctx, admin, file);
    const byHand = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/valuations`,
      headers: admin.headers,
      payload: { valuedOn: todayIso(), value: '999', source: 'Other' },
    });
    expect(byHand.statusCode).toBe(201);
    const count = await rowCount(ctx, caskValuations);

    const res = await postCsvImport(ctx, admin, VALUATION_APPLY_URL, file, { previewToken });

    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VALUATION_IMPORT_STALE);
    expect(await rowCount(ctx, caskValuations)).toBe(count);
    expect((await caskRecord(ctx, admin, untouched.id)).cask.currentValue).toBe(100);
  });

  test('all or none: a row the database refuses while applying leaves every row unrecorded', async () => {
    const casks = [
      await createCask(ctx, { currentValue: '100.00' }),
      await createCask(ctx, { currentValue: '100.00' }),
    ];
    const file = valuationCsv(
      `${casks[0]!.id},${todayIso()},111.11,Other,`,
      `${casks[1]!.id},${todayIso()},666.66,Other,`,
    );
    const { previewToken } = await previewValuations(ctx, admin, file);
    // A refusal only the database knows, for the second row (this test's database only).
    await ctx.database.db.execute(sql`
      create function refuse_666() returns trigger language plpgsql as $$
      begin
        if new.value = 666.66 then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger refuse_666 before insert on cask_valuations
      for each row execute function refuse_666()`);
    const count = await rowCount(ctx, caskValuations);
    const imports = await rowCount(ctx, valuationImports);
    try {
      const res = await postCsvImport(ctx, admin, VALUATION_APPLY_URL, file, { previewToken });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_666 on cask_valuations`);
      await ctx.database.db.execute(sql`drop function refuse_666()`);
    }
    expect(await rowCount(ctx, caskValuations)).toBe(count);
    expect(await rowCount(ctx, valuationImports)).toBe(imports);
    expect((await caskRecord(ctx, admin, casks[0]!.id)).cask.currentValue).toBe(100);
  });

  test('a Viewer may preview but not apply (403)', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const file = valuationCsv(`${cask.id},${todayIso()},120,Other,`);
    const shown = await postCsvImport(ctx, viewer, VALUATION_PREVIEW_URL, file);
    expect(shown.statusCode, shown.body).toBe(200);
    const { previewToken } = shown.json<{ data: ValuationImportPreview }>().data;

    const res = await postCsvImport(ctx, viewer, VALUATION_APPLY_URL, file, { previewToken });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: VIEWER_READ_ONLY });
    expect((await caskRecord(ctx, admin, cask.id)).cask.currentValue).toBe(100);
  });

  test('an apply without the preview token is a 400', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const res = await postCsvImport(
      ctx,
      admin,
      VALUATION_APPLY_URL,
      valuationCsv(`${cask.id},${todayIso()},1,Other,`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'previewToken', message: 'Preview the file first' },
    ]);
  });
});

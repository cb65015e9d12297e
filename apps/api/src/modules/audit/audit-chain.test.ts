import { createHash } from 'node:crypto';
import { AUDIT_VERIFY_OWNER_ONLY, type AuditVerificationResponse } from '@cask/contracts/audit';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestContext } from '../../../test/support/app.ts';
import { queryRows } from '../../../test/support/database.ts';
import { createCustomer } from '../../../test/support/factories.ts';
import { getData } from '../../../test/support/requests.ts';
import { decodedMail } from '../../../test/support/smtp-sink.ts';
import { alterAuditEntry, auditChain, deactivateCustomer } from '../../../test/support/audit.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { writeAudits, type AuditEntry } from '../../db/audit.ts';
import { createMailer } from '../../lib/mailer.ts';
import { verifyAuditChain } from '../../db/audit-chain.ts';
import { logAuditCheckpoint, mailAuditCheckpoint } from './audit-chain.service.ts';

const ctx = useTestContext();
let owner: TestAdmin;

const ZEROS = '0'.repeat(64);
const entry = (n: number): AuditEntry => ({
  adminId: null,
  action: 'seed.demo',
  entity: 'database',
  after: { n, text: 'ünïcode "quoted"' },
});

beforeAll(async () => {
  owner = await createAdmin(ctx, { role: 'owner', email: 'owner@chain.test' });
});

describe('the hash chain (decision 413)', () => {
  test('an empty log verifies', async () => {
    await ctx.database.db.execute(sql`truncate audit_log`);
    expect(await verifyAuditChain(ctx.database.db)).toEqual({
      verified: true,
      entries: 0,
      lastAt: null,
      mismatch: null,
      line: 'Audit log verified: 0 entries, last never',
    });
  });

  test('each entry links to the one before it, by the documented canonical form', async () => {
    await writeAudits(ctx.database.db, [entry(1), entry(2), entry(3)]);
    const rows = await auditChain(ctx);
    expect(rows.map((row) => row.seq)).toEqual(['1', '2', '3']);
    expect(rows[0]!.prev_hash).toBe(ZEROS);
    for (const [i, row] of rows.entries()) {
      if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]!.hash);
      const sha = createHash('sha256').update(row.prev_hash + row.canonical, 'utf8');
      expect(row.hash).toBe(sha.digest('hex'));
    }
    // The canonical content: the jsonb text of the fixed columns, keys by length then bytes.
    expect(rows[0]!.canonical).toMatch(
      /^\{"id": "[0-9a-f-]{36}", "ip": null, "seq": 1, "after": \{"n": 1, "text": "ünïcode \\"quoted\\""\}, "action": "seed.demo", "before": null, "entity": "database", "bulk_id": null, "admin_id": null, "entity_id": null, "created_at": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", "user_agent": null\}$/,
    );
  });

  test('an INSERT cannot choose its place or its hashes', async () => {
    await ctx.database.db.execute(
      sql`insert into audit_log (action, entity, seq, prev_hash, hash) values ('seed.demo', 'database', 99, 'x', 'y')`,
    );
    const last = (await auditChain(ctx)).at(-1)!;
    expect(last.seq).toBe('4');
    expect(last.hash).not.toBe('y');
    expect((await verifyAuditChain(ctx.database.db)).verified).toBe(true);
  });

  test('entries of concurrent transactions form one chain', async () => {
    const before = (await auditChain(ctx)).length;
    // 8 transactions started together, each writing 5 entries.
    await Promise.all(
      Array.from({ length: 8 }, (_, t) =>
        ctx.database.db.transaction(async (tx) => {
          for (let i = 0; i < 5; i++) await writeAudits(tx, [entry(t * 100 + i)]);
        }),
      ),
    );
    const rows = await auditChain(ctx);
    expect(rows).toHaveLength(before + 40);
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, i) => i + 1));
    const result = await verifyAuditChain(ctx.database.db);
    expect(result.verified).toBe(true);
    expect(result.entries).toBe(before + 40);
  });

  test('a transaction rolled back leaves no gap', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await writeAudits(tx, [entry(7)]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await writeAudits(ctx.database.db, [entry(8)]);
    expect((await verifyAuditChain(ctx.database.db)).entries).toBe(45);
  });

  test('verify pages through the log and says the line', async () => {
    const result = await verifyAuditChain(ctx.database.db, 7);
    const [last] = await queryRows<{ time: string }>(
      ctx,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time
          from audit_log order by seq desc limit 1`,
    );
    expect(result.line).toBe(`Audit log verified: 45 entries, last ${last!.time}`);
  });
});

describe('verify names the first entry that does not match', () => {
  test('after the API wrote to it, the log verifies', async () => {
    const customer = await createCustomer(ctx);
    await deactivateCustomer(ctx, owner, customer.id);
    expect((await verifyAuditChain(ctx.database.db)).verified).toBe(true);
  });

  test('an altered entry', async () => {
    const [target] = await queryRows<{ id: string; time: string }>(
      ctx,
      sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time
          from audit_log where seq = 5`,
    );
    await alterAuditEntry(ctx, 5, sql`action = 'auth.signed_in'`);
    const result = await verifyAuditChain(ctx.database.db, 3);
    expect(result.verified).toBe(false);
    expect(result.mismatch).toEqual({
      seq: 5,
      id: target!.id,
      time: target!.time,
      problem: 'hash',
    });
    expect(result.entries).toBe(4);
    expect(result.line).toBe(
      `Audit log entry 5 (id ${target!.id}, ${target!.time}) does not match: its content does not match its hash`,
    );
  });

  test('an entry rehashed to match its change breaks the link of the next one', async () => {
    // The forger recomputes entry 5's hash; entry 6 still carries the old one.
    await alterAuditEntry(
      ctx,
      5,
      sql`hash = audit_log_hash(prev_hash, audit_log_canonical(audit_log))`,
    );
    const result = await verifyAuditChain(ctx.database.db);
    expect(result.mismatch).toMatchObject({ seq: 6, problem: 'prev_hash' });
  });

  test('a removed entry', async () => {
    await ctx.database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await ctx.database.db.execute(sql`delete from audit_log where seq <= 6`);
    await ctx.database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const result = await verifyAuditChain(ctx.database.db);
    expect(result.mismatch).toMatchObject({ seq: 7, problem: 'seq' });
  });

  test('TRUNCATE starts a new chain that verifies', async () => {
    await ctx.database.db.execute(sql`truncate audit_log`);
    await writeAudits(ctx.database.db, [entry(1)]);
    expect(await auditChain(ctx)).toMatchObject([{ seq: '1', prev_hash: ZEROS }]);
    expect((await verifyAuditChain(ctx.database.db)).verified).toBe(true);
  });
});

describe('GET /api/audit/verification', () => {
  test('answers an Owner with the verification', async () => {
    const answer = await getData<AuditVerificationResponse>(ctx, owner, '/api/audit/verification');
    expect(answer.verified).toBe(true);
    expect(answer.line).toMatch(/^Audit log verified: \d+ entries, last \d{4}-/);
  });

  test.each(['admin', 'viewer'] as const)('refuses an %s with 403', async (role) => {
    const other = await createAdmin(ctx, { role });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit/verification',
      headers: other.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: AUDIT_VERIFY_OWNER_ONLY });
  });

  test('is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json<{ paths: object }>().paths)).toContain('/api/audit/verification');
  });
});

describe('the daily checkpoint (decision 414)', () => {
  test("is written to the server's log (at start)", async () => {
    await logAuditCheckpoint(ctx.database.db, ctx.app.log);
    const head = (await auditChain(ctx)).at(-1)!;
    const line = ctx.logs.find((text) => text.includes('"msg":"audit log checkpoint"'));
    expect(JSON.parse(line!)).toMatchObject({
      auditCheckpoint: { entries: Number(head.seq), lastHash: head.hash },
    });
  });

  test('is mailed to every active Owner once a day', async () => {
    const second = await createAdmin(ctx, { role: 'owner', email: 'second@chain.test' });
    await createAdmin(ctx, { role: 'owner', email: 'gone@chain.test', isActive: false });
    await ctx.database.db.execute(sql`delete from audit_checkpoints`);
    const mailer = createMailer({
      smtpUrl: ctx.smtp.url,
      from: ctx.config.MAIL_FROM,
      logger: pino({ level: 'silent' }),
    });
    const deps = { db: ctx.database.db, mailer, log: ctx.app.log };
    try {
      expect(await mailAuditCheckpoint(deps)).toBe(true);
      const mail = decodedMail((await ctx.smtp.waitForMail(owner.email)).raw);
      await ctx.smtp.waitForMail(second.email);
      const head = (await auditChain(ctx)).at(-1)!;
      expect(mail).toContain(`Last hash: ${head.hash}`);
      expect(mail).toContain(`Entries: ${head.seq}`);
      expect(ctx.smtp.messages.some((m) => m.to.includes('gone@chain.test'))).toBe(false);
      // A second run the same day (a restart, another instance) mails nothing.
      const before = ctx.smtp.messages.length;
      expect(await mailAuditCheckpoint(deps)).toBe(false);
      expect(ctx.smtp.messages.length).toBe(before);
      const [row] = await queryRows<{ entries: string; last_hash: string }>(
        ctx,
        sql`select entries::text, last_hash from audit_checkpoints`,
      );
      expect(row).toEqual({ entries: head.seq, last_hash: head.hash });
    } finally {
      mailer.close();
    }
  });
});

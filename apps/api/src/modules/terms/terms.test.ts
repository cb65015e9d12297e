import { VERSION_HEADER_INVALID, versionHeaders } from '@cask/contracts/common';
import { TERMS_CHANGED_ELSEWHERE, type TermsResponse } from '@cask/contracts/terms';
import { beforeAll, describe, expect, test } from 'vitest';
import { terms } from '../../db/schema/terms.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { auditEntriesOf, rowCount } from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import { sha256 } from '../../../test/support/hashing.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

// Runs first: a fresh database has no saved policy, so the web shows its built-in default.
test('before any save the policy has no content', async () => {
  expect(await api.data<TermsResponse>('/api/terms?type=privacy')).toEqual({
    type: 'privacy',
    content: null,
    updatedAt: null,
  });
});

test('a saved policy is returned by GET with its formatting kept', async () => {
  const html =
    '<h2 class="ql-align-center">Our promise</h2>' +
    '<p class="ql-indent-2">We keep <strong>your</strong> <em>data</em> <u>safe</u>, <s>always</s>.</p>' +
    '<ol><li data-list="bullet"><span class="ql-ui"></span>Casks</li>' +
    '<li data-list="ordered" class="ql-indent-1">Offers</li></ol>' +
    '<p><span class="ql-font-serif">Serif</span> <a href="https://example.com/privacy">details</a>' +
    ' <a href="mailto:privacy@example.com">mail us</a></p>' +
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="seal"></p>';
  const res = await api.post('/api/terms', { type: 'privacy', content: html });

  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('Privacy policy updated successfully!');
  const saved = res.json().data;
  expect(saved.type).toBe('privacy');
  expect(saved.content).toBe(
    '<h2 class="ql-align-center">Our promise</h2>' +
      '<p class="ql-indent-2">We keep <strong>your</strong> <em>data</em> <u>safe</u>, <s>always</s>.</p>' +
      '<ol><li data-list="bullet"><span class="ql-ui"></span>Casks</li>' +
      '<li data-list="ordered" class="ql-indent-1">Offers</li></ol>' +
      '<p><span class="ql-font-serif">Serif</span> ' +
      '<a href="https://example.com/privacy" rel="noopener noreferrer" target="_blank">details</a>' +
      ' <a href="mailto:privacy@example.com" rel="noopener noreferrer" target="_blank">mail us</a></p>' +
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="seal" /></p>',
  );
  expect(Date.parse(saved.updatedAt)).not.toBeNaN();
  expect(await api.data<TermsResponse>('/api/terms?type=privacy')).toEqual(saved);
});

test('saving strips scripts, event handlers and javascript: links', async () => {
  const res = await api.post('/api/terms', {
    type: 'privacy',
    content:
      '<p>Hello<script>window.__xss = 1</script></p>' +
      '<img src=x onerror="window.__xss = 2">' +
      '<p onclick="window.__xss = 3" style="color:red">Click</p>' +
      '<a href="javascript:window.__xss = 4">link</a>' +
      '<a href="JaVaScRiPt&colon;alert(1)">encoded</a>' +
      '<a href=" java\tscript:alert(1)">spaced</a>' +
      '<iframe src="https://evil.example"></iframe>' +
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">' +
      '<svg><script>alert(1)</script></svg>' +
      '<p class="evil ql-align-right">kept</p>',
  });
  expect(res.statusCode).toBe(200);
  const content: string = res.json().data.content;

  expect(content).not.toMatch(/<script/i);
  expect(content).not.toMatch(/window\.__xss/);
  expect(content).not.toMatch(/\son\w+=/i);
  expect(content).not.toMatch(/javascript/i);
  expect(content).not.toMatch(/<iframe|<svg|style=|svg\+xml/i);
  expect(content).not.toMatch(/<img/);
  expect(content).toContain('<p>Hello</p>');
  expect(content).toContain('<p>Click</p>');
  expect(content).toContain('<a rel="noopener noreferrer" target="_blank">link</a>');
  expect(content).toContain('<p class="ql-align-right">kept</p>');
  expect((await api.data<TermsResponse>('/api/terms?type=privacy')).content).toBe(content);
});

test('the newest save is the policy shown, and each save is kept as a version', async () => {
  const before = await rowCount(ctx, terms);
  await api.post('/api/terms', { type: 'privacy', content: '<p>Version one</p>' });
  await api.post('/api/terms', { type: 'privacy', content: '<p>Version two</p>' });
  expect((await api.data<TermsResponse>('/api/terms?type=privacy')).content).toBe(
    '<p>Version two</p>',
  );
  expect(await rowCount(ctx, terms)).toBe(before + 2);
});

test('saving writes an audit entry with the lengths and hashes, before and after', async () => {
  const before = '<p>Before the audit</p>';
  const after = '<p>After the audit, longer</p>';
  await api.post('/api/terms', { type: 'privacy', content: before });
  const res = await api.post('/api/terms', { type: 'privacy', content: after });
  expect(res.statusCode).toBe(200);

  const rows = await auditEntriesOf(ctx, { action: 'terms.updated' });
  const row = rows.find((candidate) => JSON.stringify(candidate.after).includes(sha256(after)));
  expect(row).toMatchObject({
    adminId: admin.id,
    entity: 'terms',
    before: { length: before.length, sha256: sha256(before) },
    after: { type: 'privacy', length: after.length, sha256: sha256(after) },
  });
});

test.each([
  ['empty content', ''],
  ["Quill's empty document", '<p><br></p>'],
  ['only a script', '<script>alert(1)</script>'],
  ['only spaces', '<p>&nbsp; </p>'],
])(
  '%s is refused with "Privacy policy content is required" and nothing is stored',
  async (_what, content) => {
    const before = await rowCount(ctx, terms);
    const res = await api.post('/api/terms', { type: 'privacy', content: content });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'content', message: 'Privacy policy content is required' },
    ]);
    expect(await rowCount(ctx, terms)).toBe(before);
  },
);

test('a policy over 200000 characters is refused', async () => {
  const before = await rowCount(ctx, terms);
  const res = await api.post('/api/terms', {
    type: 'privacy',
    content: `<p>${'a'.repeat(200_000)}</p>`,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('content');
  expect(await rowCount(ctx, terms)).toBe(before);
});

test('only the privacy type exists', async () => {
  const saved = await api.post('/api/terms', { type: 'sale', content: '<p>Terms of sale</p>' });
  expect(saved.statusCode).toBe(400);
  expect(saved.json().errors[0].field).toBe('type');

  const read = await ctx.app.inject({
    method: 'GET',
    url: '/api/terms?type=sale',
    headers: admin.headers,
  });
  expect(read.statusCode).toBe(400);
});

test('reading and saving the policy need a signed-in admin', async () => {
  const read = await ctx.app.inject({ method: 'GET', url: '/api/terms?type=privacy' });
  expect(read.statusCode).toBe(401);
  expect(read.json().message).toContain('You are not authorized');

  const before = await rowCount(ctx, terms);
  const save = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms',
    payload: { type: 'privacy', content: '<p>Sneaky</p>' },
  });
  expect(save.statusCode).toBe(401);
  expect(await rowCount(ctx, terms)).toBe(before);
});

describe('a save that names the version it replaces (decision 180)', () => {
  test('replaces the version it names, and is refused once another save replaced it', async () => {
    const base = (await api.data<TermsResponse>('/api/terms?type=privacy')).updatedAt;
    if (base === null) throw new Error('an earlier test saved a policy');
    const first = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>Mine</p>' },
      versionHeaders(base),
    );
    expect(first.statusCode, first.body).toBe(200);

    const versions = await rowCount(ctx, terms);
    const second = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>Theirs, from the same start</p>' },
      versionHeaders(base),
    );
    expect(second.statusCode, second.body).toBe(412);
    expect(second.json()).toMatchObject({ success: false, message: TERMS_CHANGED_ELSEWHERE });
    expect(await rowCount(ctx, terms)).toBe(versions);
    expect((await api.data<TermsResponse>('/api/terms?type=privacy')).content).toBe('<p>Mine</p>');

    // Started again from what is current now, it saves.
    const again = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>Theirs, again</p>' },
      versionHeaders(first.json<TermsResponse>().data.updatedAt),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  test('two saves from the same version at once: one is saved, the other refused', async () => {
    const base = (await api.data<TermsResponse>('/api/terms?type=privacy')).updatedAt;
    if (base === null) throw new Error('an earlier test saved a policy');
    const answers = await Promise.all(
      ['<p>A</p>', '<p>B</p>'].map((content) =>
        api.post('/api/terms', { type: 'privacy', content: content }, versionHeaders(base)),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.find((res) => res.statusCode === 200);
    expect((await api.data<TermsResponse>('/api/terms?type=privacy')).content).toBe(
      winner?.json<TermsResponse>().data.content,
    );
  });

  test('If-Match: * needs a saved policy; If-None-Match: * needs none', async () => {
    expect(
      (
        await api.post(
          '/api/terms',
          { type: 'privacy', content: '<p>Any</p>' },
          { 'if-match': '*' },
        )
      ).statusCode,
    ).toBe(200);
    const refused = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>First?</p>' },
      versionHeaders(null),
    );
    expect(refused.statusCode).toBe(412);

    await ctx.database.db.delete(terms);
    expect(
      (
        await api.post(
          '/api/terms',
          { type: 'privacy', content: '<p>Any</p>' },
          { 'if-match': '*' },
        )
      ).statusCode,
    ).toBe(412);
    const first = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>First</p>' },
      versionHeaders(null),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await api.data<TermsResponse>('/api/terms?type=privacy')).content).toBe('<p>First</p>');
  });

  test('entity tags that name no current version are refused like a replaced one (RFC 9110 13.1.1)', async () => {
    const base = (await api.data<TermsResponse>('/api/terms?type=privacy')).updatedAt;
    if (base === null) throw new Error('an earlier test saved a policy');
    const versions = await rowCount(ctx, terms);
    // If-Match compares strongly: the current version's weak tag matches nothing.
    for (const ifMatch of ['""', '"stale-version-0"', '"v", "w"', `W/"${base}"`]) {
      const res = await api.post(
        '/api/terms',
        { type: 'privacy', content: '<p>Nope</p>' },
        { 'if-match': ifMatch },
      );
      expect(res.statusCode, ifMatch).toBe(412);
      expect(res.json()).toMatchObject({ success: false, message: TERMS_CHANGED_ELSEWHERE });
    }
    expect(await rowCount(ctx, terms)).toBe(versions);
    const listed = await api.post(
      '/api/terms',
      { type: 'privacy', content: '<p>Listed</p>' },
      { 'if-match': `"stale", "${base}"` },
    );
    expect(listed.statusCode, listed.body).toBe(200);
  });

  test('a malformed precondition is bad input and saves nothing', async () => {
    const versions = await rowCount(ctx, terms);
    const malformed: Record<string, string>[] = [
      { 'if-match': '2026-01-05T10:00:00.000Z' },
      { 'if-match': '"2026-01-05T10:00:00.000Z" "x"' },
      { 'if-none-match': '"abc"' },
      { 'if-match': '*', 'if-none-match': '*' },
    ];
    for (const headers of malformed) {
      const res = await api.post(
        '/api/terms',
        { type: 'privacy', content: '<p>Nope</p>' },
        headers,
      );
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: VERSION_HEADER_INVALID });
    }
    expect(await rowCount(ctx, terms)).toBe(versions);
  });
});

test('the API document shows the precondition headers and the 412 of POST /terms', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const operation = res.json().paths['/api/terms'].post as {
    parameters: { in: string; name: string }[];
    responses: Record<string, unknown>;
  };
  const headers = operation.parameters.filter((p) => p.in === 'header').map((p) => p.name);
  expect(headers.sort()).toEqual(['if-match', 'if-none-match']);
  expect(Object.keys(operation.responses)).toContain('412');
});

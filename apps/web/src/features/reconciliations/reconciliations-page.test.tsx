import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ada, seedApi } from '@/testing/api.ts';
import { TEST_WAREHOUSE } from '@/testing/handlers/reconciliations.ts';
import { csvFile } from '@/testing/files.ts';
import { dialog, fieldLabelled } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';

// docs/screens/reconciliations.md: a statement is previewed (nothing saved), its rows that cannot
// be read named by line, its columns offered as selects; 'Save report' saves it and opens the
// report, whose findings are resolved from their rows.

async function chooseStatement(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Warehouse' }),
    TEST_WAREHOUSE.id,
  );
  await user.upload(
    fieldLabelled('Stock statement (CSV)'),
    csvFile('statement.csv', ['Cask No', '101', '']),
  );
}

test('a preview shows the rows that cannot be read, the columns and each kind, and saves nothing', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/reconciliations' });
  await chooseStatement(user);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const refused = await screen.findByRole('region', { name: /^Rows that cannot be read \(1\)/ });
  expect(refused).toHaveTextContent("Line 2: Fill date '01/03/2015' is not a day like 2024-03-31.");
  expect(screen.queryByRole('button', { name: 'Save report' })).toBeNull();
  expect(screen.getByRole('combobox', { name: 'Cask number' })).toHaveValue('Cask No');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Dates in the statement' }), 'dmy');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const preview = await screen.findByRole('region', { name: 'Preview' });
  for (const title of [
    'Missing at the warehouse (1)',
    'Unknown to us (1)',
    'Location differs (1)',
    'Gauge differs (1)',
    'Matched (1)',
  ]) {
    expect(within(preview).getByRole('heading', { name: title })).toBeInTheDocument();
  }
  const sent = api.sent('POST', '/api/reconciliations/preview');
  const form = sent.at(-1)?.body as FormData;
  expect(form.get('warehouseId')).toBe(TEST_WAREHOUSE.id);
  expect(form.get('dateOrder')).toBe('dmy');
  expect(JSON.parse(String(form.get('columns')))).toMatchObject({ number: 'Cask No' });
  expect(api.sent('POST', '/api/reconciliations')).toEqual([]);
  // A preview offers no resolution.
  expect(within(preview).queryByRole('button', { name: /^Investigate/ })).toBeNull();
});

test("'Save report' opens the saved report; a finding marked for investigation needs a note", async () => {
  const api = seedApi();
  const { user, router } = await renderApp({ route: '/reconciliations' });
  await chooseStatement(user);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Dates in the statement' }), 'dmy');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await user.click(await screen.findByRole('button', { name: 'Save report' }));
  await screen.findByRole('heading', { name: /^Bonded Warehouse No\. 4: report of/ });
  expect(router.state.location.search).toMatch(/^\?report=/);

  const missing = screen.getByRole('table', { name: 'Missing at the warehouse' });
  await user.click(within(missing).getByRole('button', { name: 'Investigate: 101' }));
  const investigate = await dialog('Mark for investigation');
  await user.click(within(investigate).getByRole('button', { name: 'Mark for investigation' }));
  expect(await within(investigate).findByText('Write what is to be investigated')).toBeVisible();
  await user.type(within(investigate).getByRole('textbox', { name: 'Note' }), 'Asked the bond');
  await user.click(within(investigate).getByRole('button', { name: 'Mark for investigation' }));
  await waitFor(() => expect(within(missing).getByText('Under investigation')).toBeVisible());
  expect(within(missing).getByText('Asked the bond')).toBeVisible();
  const report = api.state.reconciliations[0];
  const findingId = report?.report.findings.find((f) => f.kind === 'missing')?.id ?? '';
  const path = `/api/reconciliations/${report?.id}/findings/${findingId}/resolution`;
  expect(api.sent('POST', path).at(-1)?.body).toEqual({
    resolution: 'investigate',
    note: 'Asked the bond',
  });
});

test('a Viewer may preview but is offered no Save report', async () => {
  const viewer = { ...ada, role: 'viewer' as const };
  const api = seedApi();
  api.state.profile = viewer;
  const { user } = await renderApp({ route: '/reconciliations', profile: viewer });
  await chooseStatement(user);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Dates in the statement' }), 'dmy');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('region', { name: 'Preview' });
  expect(screen.queryByRole('button', { name: 'Save report' })).toBeNull();
});

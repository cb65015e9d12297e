import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import {
  VALUATION_NOTE_MAX,
  VALUATION_NOTE_TOO_LONG,
  VALUATION_SOURCE_REQUIRED,
  VALUATION_VALUE_NEGATIVE,
  VALUATION_VALUE_REQUIRED,
  todayIso,
  valuationBeforeLatest,
} from '@cask/contracts/cask-records';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { aCask, apiError, http, seedApi, server } from '@/testing/api.ts';
import { detailValue } from '@/testing/details.ts';
import { dialog } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { EARLIER_THAN_LATEST, VALUATION_SUCCESS } from './valuation-modal.tsx';

afterEach(() => {
  toast.remove();
});

// Issue 44: 'Record Valuation' on the cask page (docs/screens/casks.md#record-valuation).

/** The cask page of a cask worth $12,000 since its purchase on 2024-03-01, its dialog open. */
async function openValuation(overrides: Parameters<typeof aCask>[0] = {}) {
  const cask = aCask({
    name: 'Glen Valued',
    currentValue: 12000,
    purchasePrice: 9000,
    ...overrides,
  });
  const api = seedApi({ casks: [cask] });
  const user = userEvent.setup();
  await renderApp({ route: `/cask/${cask.id}` });
  await user.click(await screen.findByRole('button', { name: 'Record Valuation' }));
  const form = await dialog('Record Valuation');
  return { cask, api, user, form };
}

test('records a valuation: the version it started from is sent, the toast says so, the page shows the new value', async () => {
  const { cask, api, user, form } = await openValuation();
  const opened = cask.version;
  expect(
    within(form).getByText(
      'Latest valuation: $12,000 on Mar 1, 2024 (Other). A valuation on that day or later becomes the current value.',
    ),
  ).toBeVisible();
  expect(within(form).getByLabelText('Date')).toHaveValue(todayIso());
  await user.type(within(form).getByLabelText('Value ($)'), '12500.55');
  await user.selectOptions(within(form).getByLabelText('Source'), 'Broker quote');
  await user.type(within(form).getByLabelText('Note'), 'Quote of the week');
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));

  expect(await screen.findByText(VALUATION_SUCCESS)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const [sent] = api.sent('POST', `/api/casks/${cask.id}/valuations`);
  expect(sent?.headers.get('if-match')).toBe(`"${opened}"`);
  expect(sent?.body).toEqual({
    valuedOn: todayIso(),
    value: '12500.55',
    source: 'Broker quote',
    note: 'Quote of the week',
    earlierThanLatest: false,
    reason: '',
  });
  await waitFor(() =>
    expect(detailValue(document.body, 'Current Value')).toHaveTextContent('$12,500.55'),
  );
  expect(detailValue(document.body, 'Gain')).toHaveTextContent('$3,500.55');
});

test("the contract's field errors show under their fields, and nothing is sent", async () => {
  const { cask, api, user, form } = await openValuation();
  const submit = within(form).getByRole('button', { name: 'Record Valuation' });
  await user.click(submit);
  expect(await within(form).findByText(VALUATION_VALUE_REQUIRED)).toBeVisible();
  expect(within(form).getByText(VALUATION_SOURCE_REQUIRED)).toBeVisible();
  expect(within(form).getByLabelText('Value ($)')).toHaveAccessibleDescription(
    VALUATION_VALUE_REQUIRED,
  );

  await user.type(within(form).getByLabelText('Value ($)'), '-5');
  await user.selectOptions(within(form).getByLabelText('Source'), 'Other');
  await user.type(within(form).getByLabelText('Note'), 'x'.repeat(VALUATION_NOTE_MAX + 1));
  await user.click(submit);
  expect(await within(form).findByText(VALUATION_VALUE_NEGATIVE)).toBeVisible();
  expect(within(form).getByText(VALUATION_NOTE_TOO_LONG)).toBeVisible();
  expect(api.sent('POST', `/api/casks/${cask.id}/valuations`)).toHaveLength(0);
});

test('a day before the latest valuation is refused until the box says it is meant; then it is history only', async () => {
  const { cask, api, user, form } = await openValuation();
  const date = within(form).getByLabelText('Date');
  await user.clear(date);
  await user.type(date, '2024-01-15');
  await user.type(within(form).getByLabelText('Value ($)'), '8000');
  await user.selectOptions(within(form).getByLabelText('Source'), 'Auction comparable');
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));
  expect(await within(form).findByText(valuationBeforeLatest('2024-03-01'))).toBeVisible();
  expect(api.sent('POST', `/api/casks/${cask.id}/valuations`)).toHaveLength(0);

  await user.click(within(form).getByRole('checkbox', { name: EARLIER_THAN_LATEST }));
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));
  expect(await screen.findByText(VALUATION_SUCCESS)).toBeInTheDocument();
  expect(api.sent('POST', `/api/casks/${cask.id}/valuations`)[0]?.body).toMatchObject({
    valuedOn: '2024-01-15',
    earlierThanLatest: true,
  });
  // The current value stays; the history has January 2024 now.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(detailValue(document.body, 'Current Value')).toHaveTextContent('$12,000');
});

test("the server's refusal of a field shows under it; a stale version offers Reload", async () => {
  const { cask, api, user, form } = await openValuation();
  server.use(
    http.post(
      '/api/casks/:id/valuations',
      () =>
        apiError(400, 'Date cannot be in the future', {
          errors: [{ field: 'valuedOn', message: 'Date cannot be in the future' }],
        }),
      { once: true },
    ),
  );
  await user.type(within(form).getByLabelText('Value ($)'), '13000');
  await user.selectOptions(within(form).getByLabelText('Source'), 'Internal model');
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));
  expect(await within(form).findByText('Date cannot be in the future')).toBeVisible();
  expect(within(form).getByLabelText('Date')).toHaveAccessibleDescription(
    'Date cannot be in the future',
  );

  // Another admin saved the cask meanwhile: its version moved.
  api.state.casks[0]!.version = '7';
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));
  const alert = await within(form).findByRole('alert');
  expect(alert).toHaveTextContent(RECORD_CHANGED_ELSEWHERE);
  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
  await user.type(within(form).getByLabelText('Value ($)'), '13000');
  await user.selectOptions(within(form).getByLabelText('Source'), 'Internal model');
  await user.click(within(form).getByRole('button', { name: 'Record Valuation' }));
  expect(await screen.findByText(VALUATION_SUCCESS)).toBeInTheDocument();
  expect(api.sent('POST', `/api/casks/${cask.id}/valuations`).at(-1)?.headers.get('if-match')).toBe(
    '"7"',
  );
});

test('a cask never valued says so, and offers no box for an earlier day', async () => {
  const { form } = await openValuation({ currentValue: null, gain: null, gainPercentage: null });
  expect(
    within(form).getByText('No valuation yet: this one becomes the current value.'),
  ).toBeVisible();
  expect(within(form).queryByRole('checkbox', { name: EARLIER_THAN_LATEST })).toBeNull();
});

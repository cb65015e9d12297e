import { rmSync } from 'node:fs';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { mainAdmin, type AdminCredentials } from './admins.ts';
import { acceptInvite, inviteThroughApi, openInvite } from './invites.ts';
import { startMailSink } from './mail-sink.ts';
import { mailDirOf, serverLogOf } from './paths.ts';
import { startServer } from './server.ts';
import { bearer, signInThroughApi, toast } from './session.ts';
import { copyOfSeededData, test } from './test.ts';

// What the specs of maker-checker share (issue 45, docs/screens/approvals.md): approvals.spec.ts
// and phone.spec.ts.

/** SENT_FOR_APPROVAL_DIALOG of the contracts, as the dialog says it. */
export const SENT_FOR_APPROVAL_DIALOG = 'Sent for approval. Another admin must approve it.';

/** Confirms the password when the step-up dialog asks for it before `done` shows. */
export async function passStepUpIfAsked(page: Page, password: string, done: Locator) {
  const stepUp = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(done.or(stepUp)).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel('Password', { exact: true }).fill(password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(done).toBeVisible();
}

/** A customer's points balance, read through the Reward List's API by their e-mail. */
export async function balanceOf(page: Page, email: string): Promise<number> {
  const response = await page.request.get('/api/referrals/admin/rewards', {
    headers: await bearer(page),
    params: { search: email },
  });
  const body = (await response.json()) as {
    data: { rewards: { email: string; referralPoints: number }[] };
  };
  const row = body.data.rewards.find((reward) => reward.email === email);
  if (!row) throw new Error(`${email} is not in the Reward List`);
  return row.referralPoints;
}

/** Invites an Admin through the Owner's session and signs them in in a browser of their own. */
export async function newAdmin(
  owner: Page,
  browser: Browser,
  admin: AdminCredentials,
): Promise<Page> {
  const link = await inviteThroughApi(owner, {
    fullName: admin.name,
    email: admin.email,
    role: 'admin',
  });
  const page = await openInvite(browser, link);
  await acceptInvite(page, admin.name, admin.password);
  return page;
}

/**
 * Runs `body` against a server of its own on a copy of the seeded data, so an Approvals policy it
 * turns on never reaches another spec's manual points; the base URL given is on `localhost`,
 * where the invite links lead (PUBLIC_URL). `stepUpWindowSeconds` as startServer's.
 */
export async function onServerOfItsOwn(
  options: { stepUpWindowSeconds?: number },
  body: (baseURL: string) => Promise<void>,
): Promise<void> {
  const dataDir = copyOfSeededData('cask-e2e-approvals-');
  // The worker's own mail folder: the invite links are read from there (support/mailbox.ts).
  const sink = await startMailSink(mailDirOf(test.info().parallelIndex));
  const server = await startServer({
    dataDir,
    smtpUrl: sink.url,
    admin: mainAdmin,
    logFile: serverLogOf(test.info().parallelIndex),
    ...options,
  });
  try {
    await body(server.baseURL.replace('127.0.0.1', 'localhost'));
  } finally {
    await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A maker-checker run's three people: the Owner, the Admin who asks and the one who decides. */
export interface MakerChecker {
  /** The Owner (mainAdmin), who sets the Approvals policy. */
  owner: Page;
  /** The requester's browser: their changes above the threshold are sent for approval. */
  asking: Page;
  /** The approver's browser. */
  checking: Page;
}

/**
 * The Owner signed in at `baseURL`, and `requester` and `approver` invited as Admins and signed in
 * in browsers of their own (`viewport`: each page's size; the browser's default without it).
 */
export async function ownerAndTwoAdmins(
  browser: Browser,
  baseURL: string,
  { requester, approver }: { requester: AdminCredentials; approver: AdminCredentials },
  viewport?: { width: number; height: number },
): Promise<MakerChecker> {
  const owner = await (
    await browser.newContext(viewport ? { baseURL, viewport } : { baseURL })
  ).newPage();
  await signInThroughApi(owner, mainAdmin);
  const asking = await newAdmin(owner, browser, requester);
  const checking = await newAdmin(owner, browser, approver);
  if (viewport) for (const page of [asking, checking]) await page.setViewportSize(viewport);
  return { owner, asking, checking };
}

/**
 * On Settings -> 'Approvals', the Owner requires approval of manual points above `points` and
 * saves it (confirming the password if asked). `onScreen` runs once the screen shows, before the
 * change (a scan of the screen as it opens).
 */
export async function requireApprovalOfPointsAbove(
  owner: Page,
  points: number,
  onScreen: () => Promise<void> = async () => {},
): Promise<void> {
  await owner.goto('/setting/approvals');
  const manual = owner.getByRole('checkbox', { name: 'Manual points above' });
  await expect(manual).toBeVisible();
  await onScreen();
  await manual.check();
  await owner.getByRole('spinbutton', { name: 'Points' }).fill(String(points));
  await owner.getByRole('button', { name: 'Save' }).click();
  await passStepUpIfAsked(owner, mainAdmin.password, toast(owner, 'Approvals policy saved'));
}

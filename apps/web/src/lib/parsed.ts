/**
 * An answer checked by its contract without the contract on the screen's first load
 * (docs/decisions/450): the request is sent at once, the contract's module (and zod with it) is
 * imported beside it, and the answer is parsed once both are in. A failed request rejects as
 * before; an answer the contract refuses throws zod's error as before.
 *
 *   const answer = await parsed(api.get<unknown>('/admin/dashboard'), async () =>
 *     (await import('@cask/contracts/dashboard')).dashboardResponse);
 */
export async function parsed<T>(
  answer: Promise<unknown>,
  contract: () => Promise<{ parse: (value: unknown) => T }>,
): Promise<T> {
  const [envelope, schema] = await Promise.all([answer, contract()]);
  return schema.parse(envelope);
}

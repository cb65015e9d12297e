/** docs/architecture.md#envelope: every success answer is `{ success: true, message?, data? }`. */
export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

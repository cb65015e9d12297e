/**
 * `read()` again every 50 ms until `done` holds for what it answers (then that answer), for up
 * to 10 s: for what the server finishes after its answer (a connection closed, a job ended).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}

/**
 * Runs `work(0)` to `work(count - 1)` with at most `concurrency` at a time
 * and settles every one: the fault suites' load generator. Result `i` is
 * call `i`'s outcome, in order, whatever the order they finished in.
 */
export async function settlePool<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  const results = new Array<PromiseSettledResult<T>>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i).then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

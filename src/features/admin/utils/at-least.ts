/** Resolves (or rejects) with `promise`, but never sooner than `ms` from now. */
export async function atLeast<T>(ms: number, promise: Promise<T>): Promise<T> {
  const delay = new Promise((resolve) => setTimeout(resolve, ms));
  try {
    return await promise;
  } finally {
    await delay;
  }
}

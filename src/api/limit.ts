/**
 * At most `n` tasks running at once, the rest waiting their turn in the order
 * they came: `const limit = limiter(8); await limit(() => read(path))`. A task
 * that ends hands its place to the first waiting, so that none can slip in
 * between and make it n + 1.
 */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < n) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const first = waiting.shift();
      if (first) first();
      else running--;
    }
  };
}

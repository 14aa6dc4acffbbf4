// Small helpers shared by the benchmarks: a keep-alive HTTP load loop and timing.
import http from 'node:http';

/** Requests per second against `url` with `concurrency` keep-alive loops for `ms` milliseconds. */
export async function throughput(url, { concurrency = 16, ms = 3000, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  let count = 0;
  let errors = 0;
  const deadline = performance.now() + ms;
  const one = () =>
    new Promise((resolve) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) count++;
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  agent.destroy();
  return { rps: count / ((performance.now() - started) / 1000), errors };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

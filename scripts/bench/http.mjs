// Load generation and small statistics helpers for the benchmarks.
import autocannon from "autocannon";

export function load({ url, connections = 8, duration = 10, requests, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, requests, headers }, (err, result) => {
      if (err) return reject(err);
      const bad = result.non2xx + result.errors + result.timeouts;
      if (bad > 0) return reject(new Error(`${url}: ${bad} неуспешных ответов из ${result.requests.total}`));
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
      });
    });
  });
}

/** Sequential round trips, for per-request cost where concurrency would blur it. */
export async function roundTrips(url, count, headers = {}) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// The parts of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: {
      method?: string;
      path?: string;
      body?: string;
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

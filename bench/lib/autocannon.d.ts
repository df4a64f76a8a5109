// autocannon ships no types; this declares the part of its programmatic API the bench uses.
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p97_5: number; p99: number };
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  type Result = {
    latency: Histogram;
    requests: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

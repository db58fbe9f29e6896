// Declarations for bext workers (SPEC §4 and §8): the `bext` global, the
// two handler shapes, the optional hooks and job modules. Web globals
// (Request, Response, URL, fetch, CompressionStream, navigator, …) come
// from TypeScript's "dom" lib (whose Navigator is a browser's: a worker's
// has userAgent, hardwareConcurrency, language, languages and platform) and
// Node's built-ins from @types/node; this file declares what is bext's own.
//
// Use: `npm i -D @bext/types` (or a path to this folder), then either list
// it in tsconfig's "types", or annotate a handler:
//   /** @type {import("@bext/types").Handler} */
//   export function handler(req) { … }

/** Who this worker is: set before `startup` runs. */
export interface WorkerIdentity {
  /** The worker's id within its pool. */
  readonly id: number;
  readonly pid: number;
  readonly pool: string;
  /** Bumped by each reload or deploy of the pool. */
  readonly generation: number;
}

/** The request `handler(req)` gets (headers lower-cased). */
export interface BextRequest {
  readonly id: number;
  readonly method: string;
  /** The path and query as the client sent them. */
  readonly url: string;
  readonly path: string;
  /** The query string parsed; a repeated key gives an array. */
  readonly query: Record<string, string | string[]>;
  readonly headers: Record<string, string>;
  /** The body as text (invalid UTF-8 replaced). */
  body: string;
  /** The client's address. */
  readonly ip: string;
  /** Aborted when the client goes away or the request times out. */
  readonly signal: AbortSignal;
  /** The body's exact bytes. */
  bytes(): Promise<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A response object `handler(req)` may return. */
export interface BextResponse {
  status?: number;
  headers?: Record<string, string | string[]> | Iterable<[string, string]>;
  body?: string | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array | string> | null;
}

/**
 * What a handler may answer: a response object, a web `Response`, a string
 * (200 text/plain), any other value (200 JSON), or a promise of these.
 */
export type HandlerResult = BextResponse | Response | string | number | boolean | object | null;

/** `export function handler(req)`. */
export type Handler = (req: BextRequest) => HandlerResult | Promise<HandlerResult>;

/** The `ctx` of `fetch(request, env, ctx)`. */
export interface ExecutionContext {
  /** Keeps the worker from shutting down until `promise` settles. */
  waitUntil(promise: Promise<unknown>): void;
}

/** `export default { fetch(request, env, ctx) }`: `env` is the pool's `env` table. */
export interface FetchApp<Env = Record<string, string>> {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/** The exports a worker module may have; only `handler` or `default.fetch` is required. */
export interface WorkerModule {
  handler?: Handler;
  default?: FetchApp;
  /** Before the first request. */
  startup?(worker: WorkerIdentity): void | Promise<void>;
  /** On drain, before the worker exits. */
  shutdown?(): void | Promise<void>;
  /** Maintenance (`auto_maint`); the default runs the garbage collector. */
  maint?(data: unknown): void | Promise<void>;
  /** A broadcast from the master. */
  message?(data: unknown): void;
  /** A non-HTTP request (`bext call`); the result goes back as JSON. */
  custom?(params: unknown): unknown;
  /** A hot swap (`bext swap`) of the files in `changes`. */
  swap?(changes: unknown): void | Promise<void>;
}

/** Options of `bext.jobs.spawn`. */
export interface SpawnOptions {
  /** Given to the job as `job.data` (anything JSON can hold). */
  data?: unknown;
  /** Restarted whenever it exits, until cancelled. */
  daemon?: boolean;
  /** A memory limit such as "256M". */
  memory?: string;
  /** Milliseconds before the job is cancelled. */
  timeout?: number;
  /** Run again if bextd restarts while it runs. */
  retryOnRestart?: boolean;
  /** Runs at most, retried after each failure (default `[jobs] max_attempts`, 1). */
  maxAttempts?: number;
  /** Milliseconds before the first retry, doubled each time, jittered (default `[jobs] retry_backoff_ms`). */
  backoff?: number;
  /** Not before this time (a Date or Unix milliseconds). */
  runAt?: Date | number;
  /** Not before this many milliseconds from now. */
  delay?: number;
  /** 0 (first, the default) to 9. */
  priority?: number;
  /**
   * While a job of `key` is queued, running or retryable (created within `for`
   * ms, if given), spawn answers with it; `spawn` then returns a Promise of the id.
   */
  unique?: { key: string; for?: number };
}

/** What `bext.jobs.get` answers. */
export interface JobInfo {
  id: string;
  state: string;
  [field: string]: unknown;
}

/** The `job` a job module's `run(job)` gets. */
export interface Job<Data = unknown> {
  readonly id: string;
  readonly pool: string;
  readonly daemon: boolean;
  readonly restartCount: number;
  /** Which attempt this run is: 1 first, 2 for the first retry. */
  readonly attempt: number;
  readonly data: Data;
  /** Aborted when the job is cancelled. */
  readonly signal: AbortSignal;
  /** True once the job was cancelled (also during a synchronous loop). */
  readonly cancelled: boolean;
  /** Reports progress, from 0 to 1. */
  progress(percent: number): void;
  /** Saves state a restarted job gets back from `getCheckpoint()`. */
  checkpoint(state: unknown): void;
  getCheckpoint<T = any>(): T | null;
  /** Resolves after `ms`, or at once when the job is cancelled. */
  sleep(ms: number): Promise<void>;
  log(...args: unknown[]): void;
}

/** A job module: `export async function run(job)`. */
export interface JobModule<Data = unknown> {
  run(job: Job<Data>): unknown;
}

/** The span `bext.trace.span` hands its function. */
export interface TraceSpan {
  /** Adds an attribute to the span (a no-op when the request is not traced). */
  setAttribute(key: string, value: string | number | boolean): TraceSpan;
}

/** The `bext` global. */
export interface Bext {
  readonly worker: WorkerIdentity;
  /** Sends `data` (anything JSON can hold) to bextd, which logs and counts it. */
  sendMessage(data: unknown): void;
  readonly jobs: {
    /** Starts `script` as a job; answers its id at once. */
    spawn(script: string, options?: SpawnOptions & { unique?: undefined }): string;
    /** A unique job: the id of the live job of its key, or of a new one. */
    spawn(script: string, options: SpawnOptions & { unique: { key: string; for?: number } }): Promise<string>;
    get(id: string): Promise<JobInfo>;
    cancel(id: string): Promise<unknown>;
  };
  readonly trace: {
    /**
     * Runs `fn` in a span of its own, named `name`, in the request's trace:
     * under bextd's `run` span, or under the span it is called in. The span
     * ends when `fn` returns or its promise settles (failed if it throws or
     * rejects). When the request is not traced or not sampled, `fn` just
     * runs.
     */
    span<T>(name: string, fn: (span: TraceSpan) => T): T;
  };
  /**
   * Accepts a WebSocket upgrade (Deno's shape): return `response` as is
   * from the handler; `socket` is the server side of the connection. The
   * one place the upgrade is checked (`GET`, `Upgrade: websocket` and
   * `Connection: upgrade`, without regard to case): for a plain request
   * `response` is a 426 and `socket` never opens. Throws a TypeError if
   * `protocol` is not one the client offered.
   */
  upgradeWebSocket(request: Request | BextRequest, options?: UpgradeWebSocketOptions): WebSocketUpgrade;
}

export interface UpgradeWebSocketOptions {
  /** The subprotocol to choose (one of the client's Sec-WebSocket-Protocol). */
  protocol?: string;
}

export interface WebSocketUpgrade {
  /** The standard WebSocket: send, close, readyState, bufferedAmount, events. */
  socket: WebSocket;
  /** The 101 answer: the handler returns it as is. */
  response: Response;
}

/** The parts of a URL a `URLPattern` matched. */
export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}

export interface URLPatternResult {
  inputs: unknown[];
  protocol: URLPatternComponentResult;
  username: URLPatternComponentResult;
  password: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  search: URLPatternComponentResult;
  hash: URLPatternComponentResult;
}

declare global {
  /** bext's own API in a worker. */
  const bext: Bext;

  /** URLPattern, which workers have and TypeScript's "dom" lib may lack. */
  interface URLPattern {
    test(input?: string | URL | Record<string, string>, baseURL?: string): boolean;
    exec(input?: string | URL | Record<string, string>, baseURL?: string): URLPatternResult | null;
    readonly protocol: string;
    readonly username: string;
    readonly password: string;
    readonly hostname: string;
    readonly port: string;
    readonly pathname: string;
    readonly search: string;
    readonly hash: string;
  }
  var URLPattern: {
    prototype: URLPattern;
    new (input?: string | Record<string, string>, baseURL?: string, options?: { ignoreCase?: boolean }): URLPattern;
  };
}

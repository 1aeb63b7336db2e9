/**
 * What the proxy reports about each request once it is over: the stuff of the log line and the
 * metrics. It never holds message contents unless `logBodies` is on.
 */
export interface RequestRecord {
  method: string;
  path: string;
  /** The HTTP status sent to the client. */
  status: number;
  /** The model the request named (chat completions only). */
  model?: string;
  /** The format the model was routed to (`auto` when none). */
  format?: string;
  stream?: boolean;
  /** Whether the request was answered with a tool loop in text (`nativeTools: false`). */
  textTools?: boolean;
  /** Calls rescued from the model's text. */
  rescuedCalls: number;
  /** Parse issues, by kind. */
  issues: Record<string, number>;
  /** From the request's arrival to the upstream's response headers. */
  upstreamMs: number | null;
  /** Time the proxy's own work took (reading the request, preparing it, rescuing the answer). */
  addedMs: number;
  /** From the request's arrival to the end of the answer. */
  totalMs: number;
  /** Why the request failed, if it did (an error code of the proxy, or the upstream's status). */
  error?: string;
  /** The client went away before the answer ended. */
  cancelled?: boolean;
  /** The request and answer bodies, only with `logBodies`. */
  bodies?: { request: unknown; response?: unknown };
}

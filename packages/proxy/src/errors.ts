/**
 * Errors the proxy answers with, in OpenAI's shape (`{ error: { message, type, code } }`), so a
 * client's SDK raises them as it raises OpenAI's own.
 */
export type ProxyErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'body_too_large'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_invalid_response'
  | 'upstream_stream_ended'
  | 'internal_error';

const TYPES: Record<ProxyErrorCode, string> = {
  invalid_json: 'invalid_request_error',
  invalid_request: 'invalid_request_error',
  body_too_large: 'invalid_request_error',
  upstream_unreachable: 'upstream_error',
  upstream_timeout: 'upstream_error',
  upstream_invalid_response: 'upstream_error',
  upstream_stream_ended: 'upstream_error',
  internal_error: 'server_error',
};

export function errorBody(code: ProxyErrorCode, message: string) {
  return { error: { message, type: TYPES[code], param: null, code } };
}

export function errorResponse(status: number, code: ProxyErrorCode, message: string): Response {
  return new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Why a fetch to the upstream failed, in words a user can act on. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    readonly code: ProxyErrorCode,
    message: string,
  ) {
    super(message);
  }

  toResponse(): Response {
    return errorResponse(this.status, this.code, this.message);
  }
}

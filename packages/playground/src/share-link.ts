/**
 * The share link: the page's state in the URL fragment, which browsers never send to a server.
 * `#s=` followed by base64url of the UTF-8 JSON `{ t: text, r: route, m: model, f: format, x: tools }`.
 */
export interface SharedState {
  text: string;
  /** `auto`, `format` or `model`. */
  by: 'auto' | 'format' | 'model';
  format?: string;
  model?: string;
  tools?: string;
}

/** Fragments longer than this are refused when reading (a link is not a file transfer). */
export const MAX_FRAGMENT_CHARS = 2 << 20;

export function encodeState(state: SharedState): string {
  const json = JSON.stringify({
    t: state.text,
    r: state.by,
    ...(state.format ? { f: state.format } : {}),
    ...(state.model ? { m: state.model } : {}),
    ...(state.tools ? { x: state.tools } : {}),
  });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `s=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The state in a fragment (`#s=…` or `s=…`), or null when there is none or it does not read. */
export function decodeState(fragment: string): SharedState | null {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith('s=') || body.length > MAX_FRAGMENT_CHARS) return null;
  try {
    const binary = atob(body.slice(2).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    if (typeof v.t !== 'string') return null;
    const by = v.r === 'format' || v.r === 'model' ? v.r : 'auto';
    return {
      text: v.t,
      by,
      ...(typeof v.f === 'string' ? { format: v.f } : {}),
      ...(typeof v.m === 'string' ? { model: v.m } : {}),
      ...(typeof v.x === 'string' ? { tools: v.x } : {}),
    };
  } catch {
    return null;
  }
}

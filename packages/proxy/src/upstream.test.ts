import { describe, expect, it } from 'vitest';
import { upstreamUrl } from './upstream.js';

describe('upstreamUrl', () => {
  it('does not double /v1 when the upstream base ends in it', () => {
    expect(upstreamUrl(new URL('http://h:8000/v1'), '/v1/chat/completions', '').href).toBe(
      'http://h:8000/v1/chat/completions',
    );
    expect(upstreamUrl(new URL('http://h:8000/v1/'), '/v1/models', '?x=1').href).toBe(
      'http://h:8000/v1/models?x=1',
    );
  });

  it('appends the whole path to a base without /v1', () => {
    expect(upstreamUrl(new URL('http://h:11434'), '/v1/models', '').href).toBe('http://h:11434/v1/models');
    expect(upstreamUrl(new URL('https://openrouter.ai/api'), '/v1/chat/completions', '').href).toBe(
      'https://openrouter.ai/api/v1/chat/completions',
    );
  });

  it('keeps a path that is not under /v1 as it is', () => {
    expect(upstreamUrl(new URL('http://h:8000/v1'), '/health', '').href).toBe('http://h:8000/v1/health');
  });
});

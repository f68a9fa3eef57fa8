import { describe, expect, it } from 'vitest';
import { uploadFailureFrom } from './upload';

describe('upload failures', () => {
  it('reads the server error message', () => {
    const f = uploadFailureFrom(
      415,
      JSON.stringify({ error: { code: 'unsupported_type', message: '"a.txt" is not a supported photo.' } }),
    );
    expect(f.status).toBe(415);
    expect(f.message).toBe('"a.txt" is not a supported photo.');
    expect(f.network).toBe(false);
  });
  it('falls back to the status line for a body that is not the API error shape', () => {
    expect(uploadFailureFrom(502, '<html>Bad gateway</html>', 'Bad Gateway').message).toBe('HTTP 502: Bad Gateway');
    expect(uploadFailureFrom(500, '{"nope":1}').message).toBe('HTTP 500: Upload failed');
  });
});

import { describe, expect, it } from 'vitest';
import { buildDataHeaders, isDataRequest } from './security';

describe('data answers', () => {
  it('are the API calls and health checks, not Swagger UI or the pages', () => {
    for (const url of ['/api/products?page=0', '/api/users/7', '/healthz', '/readyz?x=1']) {
      expect(isDataRequest(url), url).toBe(true);
    }
    for (const url of ['/', '/products/7', '/api/docs', '/api/docs/static/index.html', '/api']) {
      expect(isDataRequest(url), url).toBe(false);
    }
  });

  it('keep HSTS when the pages have it (an HTTPS deployment)', () => {
    const hsts = 'max-age=15552000; includeSubDomains';
    expect(buildDataHeaders({ 'strict-transport-security': hsts })).toMatchObject({
      'strict-transport-security': hsts,
    });
    expect(buildDataHeaders({})).not.toHaveProperty('strict-transport-security');
  });
});

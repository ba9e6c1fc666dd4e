import { dropForwardedHeaders, setClientAddress } from '@/lib/server/serving/client-address';
import { clientIp } from '@/lib/server/rate-limit';

// What the rate limits end up counting for a request as it reaches Next through scripts/serve.mjs.
function counted(headers: Record<string, string>, peer: string, trustProxy?: boolean) {
  const req = { headers: { ...headers } as Record<string, string | string[] | undefined>, socket: { remoteAddress: peer } };
  setClientAddress(req, { trustProxy });
  return clientIp(new Request('http://localhost/api/v1/auth/signin', { headers: req.headers as Record<string, string> }));
}

describe('the address the rate limits count', () => {
  it('is the TCP peer by default, whatever X-Forwarded-For or X-Real-IP the client sends', () => {
    expect(counted({}, '203.0.113.7')).toBe('203.0.113.7');
    expect(counted({ 'x-forwarded-for': '1.2.3.4' }, '203.0.113.7')).toBe('203.0.113.7');
    expect(counted({ 'x-real-ip': '1.2.3.4' }, '203.0.113.7')).toBe('203.0.113.7');
  });

  it('behind a trusted proxy is the address the proxy appended, not what the client wrote before it', () => {
    expect(counted({ 'x-forwarded-for': '198.51.100.9' }, '10.0.0.2', true)).toBe('198.51.100.9');
    expect(counted({ 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }, '10.0.0.2', true)).toBe('198.51.100.9');
    expect(counted({}, '10.0.0.2', true)).toBe('10.0.0.2');
  });
});

describe('the host and scheme a request says it was forwarded for', () => {
  const claims = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443', forwarded: 'host=evil.example;proto=https' };

  it('are dropped by default: the client wrote them itself', () => {
    const req = { headers: { host: 'tribuna.sk', ...claims } as Record<string, string | undefined> };
    dropForwardedHeaders(req);
    expect(req.headers).toEqual({ host: 'tribuna.sk' });
  });

  it('are kept behind a trusted proxy, which sets them', () => {
    const req = { headers: { host: 'tribuna.sk', ...claims } as Record<string, string | undefined> };
    dropForwardedHeaders(req, { trustProxy: true });
    expect(req.headers).toEqual({ host: 'tribuna.sk', ...claims });
  });
});

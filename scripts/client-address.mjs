// The client's address for the rate limits (lib/server/rate-limit.ts reads X-Forwarded-For), set by
// scripts/serve.mjs before Next sees the request. A header the client wrote itself must not pick its
// own rate-limit bucket, so:
// - by default Tribuna faces the internet: the address is the TCP peer's, whatever the request says;
// - with TRUST_PROXY=1 a reverse proxy in front appends the address it saw to X-Forwarded-For (nginx
//   `proxy_add_x_forwarded_for`, Caddy, most load balancers): the LAST entry is that one; earlier
//   entries came from the client and are dropped.

/** Rewrites X-Forwarded-For to the one address the rate limits should count. */
export function setClientAddress(req, { trustProxy = false } = {}) {
  const peer = req.socket?.remoteAddress ?? '';
  let address = peer;
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
    address = hops.at(-1) ?? peer;
  }
  req.headers['x-forwarded-for'] = address;
  delete req.headers['x-real-ip'];
}

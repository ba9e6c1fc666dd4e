import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { securityHeaders } from './lib/security-headers';

// Messages are compiled at build time (ICU → next-intl's compact form), so pages format them with a small
// formatter instead of shipping the ICU parser (intl-messageformat, ~12 kB gzip) in every page's first-load JS.
// Everything the Next bundle imports from messages/*.json is compiled; the hot API's bundle
// (scripts/build-api.mjs) and the tests read the plain JSON with the full formatter.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});
const isProduction = process.env.NODE_ENV === 'production';

// One id per build: baked into the client bundle and written to BUILD_ID, which /builds/latest.json serves.
const buildId = process.env.TRIBUNA_BUILD_ID ?? `${Date.now().toString(36)}`;

/**
 * Host of the storage CDN that event images may come from (spec §7, §9). With S3-compatible storage
 * (S3_BUCKET) it is the host of S3_PUBLIC_URL (README, Configuration).
 */
const cdnHost = process.env.STORAGE_CDN_HOST;

const nextConfig: NextConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  cacheComponents: true,
  // Off (issue 17, Lighthouse): with Partial Prefetching every page's HTML also carries a second render of
  // the page for the client router's cache (the RSC payload's embedded runtime prefetch), which doubled the
  // event page's inline flight data (~115 kB of ~145 kB) and the browser's work decoding it at hydration.
  // Next has no per-route opt-out of that embed. Links prefetch the routes' static parts as before 16.3.
  partialPrefetching: false,
  poweredByHeader: false,
  // Local builds while others' work is half-written; CI and `npm run typecheck` always check types.
  typescript: { ignoreBuildErrors: process.env.NEXT_IGNORE_TYPE_ERRORS === '1' },
  // PostHog's API uses trailing slashes; the proxy path must pass them through untouched.
  skipTrailingSlashRedirect: true,
  generateBuildId: async () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pdfkit'],
  images: {
    deviceSizes: [320, 640, 768, 1024, 1280, 1536],
    imageSizes: [64, 128, 256],
    formats: ['image/webp'],
    // Our own pictures are under /images (public/images), organisers' uploads under /media (app/media).
    // Any other local url is refused (400) by Next: its optimiser answered 500 for a page that redirects,
    // e.g. /_next/image?url=/e.
    localPatterns: [
      { pathname: '/images/**', search: '' },
      { pathname: '/media/**', search: '' },
    ],
    remotePatterns: cdnHost ? [{ protocol: 'https', hostname: cdnHost }] : [],
  },
  async headers() {
    // The production server puts the same on the answers it serves without Next (lib/security-headers.ts).
    return [{ source: '/:path*', headers: securityHeaders({ production: isProduction, cdnHost }) }];
  },
  async rewrites() {
    // Analytics go through a same-site path to PostHog's EU region (spec §1).
    return [
      { source: '/ingest/static/:path*', destination: 'https://eu-assets.i.posthog.com/static/:path*' },
      { source: '/ingest/:path*', destination: 'https://eu.i.posthog.com/:path*' },
    ];
  },
};

export default withNextIntl(nextConfig);

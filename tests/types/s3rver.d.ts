// s3rver ships no types; the S3 test (tests/integration/storage-s3.test.ts) starts it and stops it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string; configs: (string | Buffer)[] }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

import baseConfig from './jest.config';

// The database suites again, on PostgreSQL (TEST_DATABASE_URL), plus the concurrency suites that only PostgreSQL can prove.
export default async function pgConfig() {
  const base = await baseConfig();
  return {
    ...base,
    testMatch: ['<rootDir>/tests/integration/**/*.test.{ts,tsx}', '<rootDir>/tests/pg/**/*.test.{ts,tsx}'],
  };
}

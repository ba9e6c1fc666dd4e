import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// next-intl and friends (and @noble/ed25519) ship only ES modules: let Jest transform them.
const esmPackages = ['next-intl', 'use-intl', 'icu-minify', '@formatjs', 'intl-messageformat', '@noble'].join('|');

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['<rootDir>/tests/{unit,integration}/**/*.test.{ts,tsx}'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/helpers/empty-module.ts',
    '^@/(.*)$': '<rootDir>/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup.ts'],
  // The demo data seeded once for the run; test files with useTestDatabase({ seeded: true }) start from a copy of it.
  globalSetup: '<rootDir>/tests/helpers/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/tests/helpers/jest-global-teardown.cjs',
  testTimeout: 60_000,
  // PGlite is several hundred MB per instance: two files at a time on a 2-core machine.
  maxWorkers: 2,
};

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return { ...resolved, transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`] };
}

// Unit tests (pure logic, fake electron) and integration tests (the real host against real local servers).

import { defineConfig } from 'vitest/config';
import { preactAliases } from './scripts/preactAliases.mjs';

export default defineConfig({
  // The renderer's modules under test render with the runtime the app ships (scripts/preactAliases.mjs).
  resolve: { alias: preactAliases },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
  },
});

import { defineConfig } from '@playwright/test';

// Filled in by the end-to-end work of issue 2.
export default defineConfig({ testDir: './tests' });

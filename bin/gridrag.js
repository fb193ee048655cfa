#!/usr/bin/env node
import('../dist/cli/main.js').catch((error) => {
  console.error(error?.message ?? error);
  process.exit(1);
});

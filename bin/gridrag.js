#!/usr/bin/env node
// Long commands run in a child process with tuned memory settings (see src/cli/launch.ts).
import('../dist/cli/launch.js')
  .then(({ launch }) => launch())
  .catch((error) => {
    console.error(error?.message ?? error);
    process.exit(1);
  });

/**
 * The layer order (ARCHITECTURE.md, `.dependency-cruiser.cjs`): every import in src/ points
 * to an earlier layer or inside its own folder, so there is no cycle between folders and no
 * upward import. Fails naming each offending import, and for a src/ folder not placed in a layer.
 */
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared-paths.js';

const require = createRequire(import.meta.url);
const config = require(path.join(REPO_ROOT, '.dependency-cruiser.cjs')) as {
  LAYERS: string[][];
  forbidden: IForbiddenRuleType[];
  webOverHttp: IForbiddenRuleType;
  options: Record<string, unknown> & { enhancedResolveOptions: Record<string, unknown> };
};

describe('import order', () => {
  it('places every src/ folder and top-level file in a layer', async () => {
    const entries = await readdir(path.join(REPO_ROOT, 'src'), { withFileTypes: true });
    const names = entries
      .filter((entry) => entry.isDirectory() || (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')))
      .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, '')));
    const placed = new Set(config.LAYERS.flat());
    expect(names.filter((name) => !placed.has(name))).toEqual([]);
  });

  it('has no upward import and no cycle between folders', async () => {
    const { enhancedResolveOptions, ...options } = config.options;
    const previous = process.cwd();
    process.chdir(REPO_ROOT);
    try {
      const result = await cruise(['src'], { ...options, validate: true, ruleSet: { forbidden: config.forbidden } }, enhancedResolveOptions);
      const output = result.output as Exclude<typeof result.output, string>;
      const unresolved = output.modules.flatMap((module) =>
        module.dependencies.filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.')).map((dependency) => `${module.source} → ${dependency.module}`),
      );
      expect(unresolved, 'imports the checker could not resolve').toEqual([]);
      expect(output.modules.filter((module) => module.source.startsWith('src/')).length).toBeGreaterThan(100);
      const violations = output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
      expect(violations).toEqual([]);
    } finally {
      process.chdir(previous);
    }
  }, 240_000);

  it('keeps the web page (web/) off src/: it reaches gridrag over HTTP only', async () => {
    const previous = process.cwd();
    process.chdir(REPO_ROOT);
    try {
      const result = await cruise(
        ['web/src'],
        { doNotFollow: { path: 'node_modules' }, tsPreCompilationDeps: true, tsConfig: { fileName: 'web/tsconfig.json' }, validate: true, ruleSet: { forbidden: [config.webOverHttp] } },
        { extensions: ['.ts', '.tsx', '.js'] },
      );
      const output = result.output as Exclude<typeof result.output, string>;
      const local = output.modules.filter((module) => module.source.startsWith('web/'));
      expect(local.length).toBeGreaterThan(5);
      const unresolved = local.flatMap((module) => module.dependencies.filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.')).map((dependency) => `${module.source} → ${dependency.module}`));
      expect(unresolved, 'imports the checker could not resolve').toEqual([]);
      expect(output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)).toEqual([]);
    } finally {
      process.chdir(previous);
    }
  }, 120_000);
});

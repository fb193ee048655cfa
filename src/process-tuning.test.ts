import { describe, expect, it } from 'vitest';
import { tunedProcess } from './process-tuning.js';

describe('tunedProcess', () => {
  it('adds two allocator arenas and a 2 MB semi-space to the current settings', () => {
    const env = { PATH: '/bin' };
    const tuned = tunedProcess(env, ['--enable-source-maps']);
    expect(tuned.env).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2' });
    expect(tuned.execArgv).toEqual(['--enable-source-maps', '--max-semi-space-size=2']);
    expect(env).toEqual({ PATH: '/bin' });
  });

  it("keeps the user's own arena count and semi-space size, however spelled", () => {
    expect(tunedProcess({ MALLOC_ARENA_MAX: '4' }, []).env.MALLOC_ARENA_MAX).toBe('4');
    expect(tunedProcess({ MALLOC_ARENA_MAX: '' }, []).env.MALLOC_ARENA_MAX).toBe('2');
    expect(tunedProcess({}, ['--max-semi-space-size=8']).execArgv).toEqual(['--max-semi-space-size=8']);
    expect(tunedProcess({}, ['--max_semi_space_size', '8']).execArgv).toEqual(['--max_semi_space_size', '8']);
    expect(tunedProcess({ NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=16' }, []).execArgv).toEqual([]);
    // A flag that merely starts alike is not a semi-space size.
    expect(tunedProcess({ NODE_OPTIONS: '--max-semi-space-sizes' }, []).execArgv).toEqual(['--max-semi-space-size=2']);
  });
});

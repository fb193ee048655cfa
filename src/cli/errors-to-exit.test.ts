import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SqlRejectedError } from '../errors.js';
import { reportError } from './errors-to-exit.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

describe('reportError', () => {
  it('prints the message to stderr only, without --json', () => {
    const stderr = capture();
    const stdout = capture();
    const exit = reportError(new SqlRejectedError('DROP TABLE t', 'only SELECT statements are allowed'), { stderr: stderr.stream, stdout: stdout.stream });
    expect(exit).toBe(65);
    expect(stderr.text()).toMatch(/^gridrag: .*only SELECT/);
    expect(stdout.text()).toBe('');
  });

  it('with --json also prints the error as JSON on stdout, in the HTTP API shape', () => {
    const stderr = capture();
    const stdout = capture();
    reportError(new SqlRejectedError('DROP TABLE t', 'only SELECT statements are allowed'), { stderr: stderr.stream, stdout: stdout.stream, json: true });
    const body = JSON.parse(stdout.text());
    expect(body.error.code).toBe('SQL_REJECTED');
    expect(body.error.message).toMatch(/only SELECT/);
  });

  it('calls an error that is not an AppError INTERNAL', () => {
    const stdout = capture();
    const exit = reportError(new TypeError('boom'), { stderr: capture().stream, stdout: stdout.stream, json: true });
    expect(exit).toBe(1);
    expect(JSON.parse(stdout.text()).error.code).toBe('INTERNAL');
  });
});

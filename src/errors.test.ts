import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/helpers/shared-paths.js';
import {
  AppError, ConfigError, DbError, ERROR_CODES, FileFormatError, GlossaryError, InternalError, InvalidRequestError, LockdownError, NotFoundError,
  SqlExecutionError, SqlRejectedError, UpstreamError, exitCodeOf, httpStatusOf,
} from './errors.js';
import { ZipFormatError } from './extract/zip-archive.js';
import { SourceError, SourceFileBusyError } from './source/index.js';

describe('ERROR_CODES', () => {
  it('gives every code an exit code and an HTTP status, and every error class a code from the table', () => {
    const errors: AppError[] = [
      new InvalidRequestError('x'), new FileFormatError('a.csv', 'x'), new GlossaryError('x'), new SqlRejectedError('R', 'x'), new SqlExecutionError('s', 'x'),
      new NotFoundError('x'), new SourceError('x'), new SourceFileBusyError('a.csv'), new DbError('x'), new LockdownError('x'), new UpstreamError('x'),
      new InternalError('x'), new ConfigError('x'), new ZipFormatError('x'),
    ];
    for (const error of errors) expect(Object.keys(ERROR_CODES), error.name).toContain(error.code);
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) errors.push(new AppError(code, 'x'));
    for (const error of errors) {
      expect(exitCodeOf(error), error.code).toBe(ERROR_CODES[error.code].exitCode);
      expect(httpStatusOf(error), error.code).toBe(ERROR_CODES[error.code].httpStatus);
    }
  });

  it('maps what is not an AppError to exit code 1 and HTTP 500', () => {
    expect(exitCodeOf(new Error('boom'))).toBe(1);
    expect(httpStatusOf('boom')).toBe(500);
  });

  it('makes a ZIP problem a FILE_FORMAT AppError', () => {
    const error = new ZipFormatError('bad', { encrypted: true });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'FILE_FORMAT', encrypted: true, name: 'ZipFormatError' });
  });
});

describe('production code', () => {
  it('throws only AppErrors with a code (no bare Error, RangeError or TypeError)', async () => {
    const source = path.join(REPO_ROOT, 'src');
    const files = (await readdir(source, { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('__fixtures__'));
    expect(files.length).toBeGreaterThan(100);
    const bare: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(source, file), 'utf8');
      text.split('\n').forEach((line, index) => {
        if (/throw new (Error|RangeError|TypeError|SyntaxError)\(/.test(line)) bare.push(`${file}:${index + 1}`);
      });
    }
    expect(bare).toEqual([]);
  });
});

/**
 * Legacy spreadsheets (`.xls` Excel 97-2003, `.ods` OpenDocument) converted to xlsx by
 * LibreOffice headless, so that one reader (xlsx) reads every workbook. Each conversion runs
 * in its own temporary folder with its own LibreOffice profile, so concurrent conversions
 * never share (and lock) a profile, and is killed when it runs past its timeout.
 * @module extract/convert-legacy
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileFormatError } from '../errors.js';

/** How to run the converter. */
export interface ConverterOptions {
  /**
   * The LibreOffice executable.
   * @default `GRIDRAG_SOFFICE` from the environment, else `soffice` (looked up on PATH)
   */
  sofficePath?: string;
  /**
   * Longest a conversion may take, in milliseconds (a first run also creates its profile).
   * @default `GRIDRAG_CONVERT_TIMEOUT_MS` from the environment, else 120000
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const INSTALL_HINT = 'install LibreOffice (Debian/Ubuntu: apt-get install libreoffice-calc-nogui) or set GRIDRAG_SOFFICE to its soffice executable';

/** The converter the options (or the environment) name. */
export function sofficePathOf(options: ConverterOptions = {}): string {
  return options.sofficePath ?? (process.env.GRIDRAG_SOFFICE?.trim() || 'soffice');
}

/**
 * Converts a spreadsheet with `soffice --headless --convert-to <format>`.
 * @param bytes the file's content
 * @param fileName the file's name, for messages; its extension tells LibreOffice the input format
 * @param format target format: `xlsx` (what gridrag reads), `ods` …
 * @returns the converted file's bytes
 * @throws FileFormatError naming the file: converter missing (naming it), timed out, or failed
 */
export async function convertWithSoffice(bytes: Uint8Array, fileName: string, format: string, options: ConverterOptions = {}): Promise<Uint8Array> {
  const soffice = sofficePathOf(options);
  const timeoutMs = options.timeoutMs ?? (Number(process.env.GRIDRAG_CONVERT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS);
  const extension = path.extname(fileName).toLowerCase() || '.bin';
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-convert-'));
  try {
    const input = path.join(folder, `source${extension}`);
    await writeFile(input, bytes);
    const profile = pathToFileURL(path.join(folder, 'profile')).href;
    const args = [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', format, '--outdir', folder, input];
    const run = await runProcess(soffice, args, timeoutMs);
    if (run.kind === 'missing') {
      throw new FileFormatError(fileName, `reading ${describeFormat(extension)} needs the LibreOffice converter "${soffice}", which was not found; ${INSTALL_HINT}`);
    }
    if (run.kind === 'timeout') {
      throw new FileFormatError(fileName, `LibreOffice ("${soffice}") did not convert ${describeFormat(extension)} within ${timeoutMs < 10_000 ? (timeoutMs / 1000).toFixed(1) : Math.round(timeoutMs / 1000)} s; the file may be damaged or very large`);
    }
    const output = path.join(folder, `source.${format}`);
    const converted = await readFile(output).catch(() => null);
    if (converted === null || converted.length === 0) {
      const detail = run.output.trim().split('\n').slice(-2).join(' ').slice(0, 300);
      throw new FileFormatError(fileName, `LibreOffice ("${soffice}") could not convert ${describeFormat(extension)} (exit ${run.code})${detail ? `: ${detail}` : ''}; the file may be damaged or password-protected`);
    }
    return new Uint8Array(converted.buffer, converted.byteOffset, converted.byteLength);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function describeFormat(extension: string): string {
  if (extension === '.xls') return 'a legacy Excel 97-2003 workbook (.xls)';
  if (extension === '.ods') return 'an OpenDocument spreadsheet (.ods)';
  return `a ${extension} file`;
}

type RunResult = { kind: 'done'; code: number | null; output: string } | { kind: 'missing' } | { kind: 'timeout' };

/** Runs a process in its own process group; on timeout the whole group (soffice and soffice.bin) is killed. */
function runProcess(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: process.env.HOME ?? os.tmpdir() } });
    const finish = (result: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish({ kind: 'timeout' });
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' || error.code === 'EACCES' ? { kind: 'missing' } : { kind: 'done', code: null, output: error.message });
    });
    child.on('close', (code) => finish({ kind: 'done', code, output }));
  });
}

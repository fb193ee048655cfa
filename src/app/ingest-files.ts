/**
 * Use case `ingest`: files and folders from disk, or any `Source`, into the tenant's tables.
 * Additive (nothing is deleted; `sync` deletes). Folders are listed by the local-folder
 * source, so `ingest`, `sync` and `drive sync` share one noise filter and one glossary
 * loader; a file named explicitly is taken whatever its extension, so it gets a clear error.
 * Nothing is dropped silently: unsupported files, nested glossaries and empty folders are
 * reported as skipped with a reason, and every path is shown relative to its folder.
 * @module app/ingest-files
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describeError } from '../errors.js';
import { messageAtPath } from '../printable-text.js';
import { readLimitsOf } from '../config.js';
import { createLocalFolderSource, hasSupportedExtension, isConfigurationName, unsupportedReason, type Source, type SourceFile } from '../source/index.js';
import { NESTED_GLOSSARY_REASON } from '../sync/index.js';
import { ingestFile, SUPPORTED_EXTENSIONS, type IngestOutcome, type IngestPhase } from '../ingest/index.js';
import type { RecordSourceKind } from '../store/index.js';
import { accessLevelOf, parseAccessMap } from './access-levels.js';
import { EXCLUSION_REASONS, type ExclusionReason } from '../tables/index.js';
import { embedIngestedChunks } from './embed-chunks.js';
import { loadGlossaryFile } from './glossary-files.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

export const IngestRequestSchema = z.object({
  /** Files or folders on the server's disk; folders are walked recursively. */
  paths: z.array(z.string().min(1)).min(1, 'give at least one file or folder'),
});
export type IngestRequest = z.input<typeof IngestRequestSchema>;

const ExclusionCountsSchema = z.object(Object.fromEntries(EXCLUSION_REASONS.map((reason) => [reason, z.number().int()])) as Record<ExclusionReason, z.ZodNumber>);

/** Where the rows of one file went (`store/row-accounting.ts`): `data + aggregate + hidden + sum(excluded) = rows`. */
export const FileRowAccountSchema = z.object({
  rows: z.number().int(),
  data: z.number().int(),
  aggregate: z.number().int(),
  hidden: z.number().int(),
  /** Rows not stored as table rows, by reason: header, repeated header, title, note, section, merged, comment, outside, blank. */
  excluded: ExclusionCountsSchema,
  /** Rows outside any table (at most 100), with their text. */
  outside: z.array(z.object({ sheet: z.string().nullable(), sheetRow: z.number().int(), reason: z.string(), text: z.string() })),
  noTable: z.string().optional(),
});

/** One file's outcome. */
export const FileOutcomeSchema = z.object({
  /** Where a person finds it: relative to the ingested folder, or the path as given for a file. */
  path: z.string(),
  /** `ingested` new, `replaced` changed content, `unchanged` same bytes, `failed` unreadable. */
  status: z.enum(['ingested', 'replaced', 'unchanged', 'failed']),
  recordId: z.string().optional(),
  /** sha256 of the bytes, hex; empty when the file could not be read. */
  contentHash: z.string(),
  tables: z.number().int(),
  /** Data rows stored (aggregate and hidden rows not counted). */
  rows: z.number().int(),
  /** With `failed`: why, starting with the path. */
  error: z.string().optional(),
  errorCode: z.enum(['FILE_FORMAT', 'INTERNAL']).optional(),
  warnings: z.array(z.string()),
  /** Where every source row went (tabular files): stored, or excluded with its reason. */
  rowAccount: FileRowAccountSchema.optional(),
  /** Set when a tabular file yields no table: why (its text, if any, is kept for search). */
  noTable: z.string().optional(),
});
export type FileOutcome = z.infer<typeof FileOutcomeSchema>;

export const IngestResultSchema = z.object({
  files: z.array(FileOutcomeSchema),
  /**
   * Files by outcome, each counted once: `ingested + replaced + unchanged + failed + noTable.length`
   * is the number of files. A tabular file that holds no table is counted in `noTable` only.
   */
  ingested: z.number().int(),
  replaced: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  tables: z.number().int(),
  rows: z.number().int(),
  glossaryTerms: z.number().int(),
  /** Source rows of the tabular files read (unchanged files: from their stored accounting). */
  sourceRows: z.number().int(),
  /** Source rows not stored as table rows, by reason. */
  excludedRows: ExclusionCountsSchema,
  /** Tabular files that hold no table, each with why; they make `gridrag ingest` exit 1. */
  noTable: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Paths given that do not exist. */
  missing: z.array(z.string()),
  /** Files and folders not ingested, each with why (unsupported type, empty folder, nested glossary). */
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Every failure (files and glossaries), each message starting with the path. */
  errors: z.array(z.object({ path: z.string(), error: z.string() })),
  /** Chunks of the files this run stored (new or replaced) embedded after them: document passages and table row chunks (0 when nothing new; another run's chunks are not counted; chunks left pending are embedded at the next search). */
  embeddedChunks: z.number().int(),
  /** Why embedding failed, when it did: the chunks are stored and searchable by full text. */
  embeddingError: z.string().optional(),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;
/** @deprecated the old name of `IngestResult` */
export type IngestSummary = IngestResult;

/** Progress callbacks; `outcome` is undefined before a file is read and set after. */
export interface IngestHooks {
  onFile?: (path: string, index: number, total: number, outcome?: FileOutcome) => void;
  /** A file's ingest enters a phase: reading, finding tables, storing rows, committing. */
  onPhase?: (path: string, phase: IngestPhase) => void;
}

function emptyResult(): IngestResult {
  return {
    files: [], ingested: 0, replaced: 0, unchanged: 0, failed: 0, tables: 0, rows: 0, glossaryTerms: 0,
    sourceRows: 0, excludedRows: Object.fromEntries(EXCLUSION_REASONS.map((reason) => [reason, 0])) as Record<ExclusionReason, number>, noTable: [],
    missing: [], skipped: [], errors: [], embeddedChunks: 0,
  };
}

/** A message that starts with the display path, not just the file name (two `empty.csv` differ). */
const withPath = messageAtPath;

function tally(result: IngestResult, outcome: FileOutcome): void {
  result.files.push(outcome);
  // a tabular file with no table is counted once, in `noTable` with its reason
  if (outcome.status === 'failed') result.failed++;
  else if (!outcome.noTable) result[outcome.status]++;
  result.tables += outcome.tables;
  result.rows += outcome.rows;
  if (outcome.status === 'failed') result.errors.push({ path: outcome.path, error: outcome.error ?? `${outcome.path}: failed` });
  if (outcome.rowAccount) {
    result.sourceRows += outcome.rowAccount.rows;
    for (const reason of EXCLUSION_REASONS) result.excludedRows[reason] += outcome.rowAccount.excluded[reason] ?? 0;
  }
  if (outcome.noTable) result.noTable.push({ path: outcome.path, reason: outcome.noTable });
}

/** The records this run stored a new version of (ingested or replaced): the chunks it embeds. */
function storedRecordIds(result: IngestResult): string[] {
  return result.files.filter((file) => (file.status === 'ingested' || file.status === 'replaced') && file.recordId !== undefined).map((file) => file.recordId as string);
}

interface PlannedFile {
  display: string;
  read: () => Promise<Uint8Array>;
  input: { sourceKind: RecordSourceKind; sourceRef: string; fileName: string; mimeType?: string; modifiedAt?: Date };
}

async function ingestPlanned(app: App, planned: PlannedFile[], result: IngestResult, hooks: IngestHooks, offset: number, total: number): Promise<void> {
  const stopIfAborted = () => {
    if (app.signal.aborted) throw app.signal.reason;
  };
  for (let index = 0; index < planned.length; index++) {
    stopIfAborted();
    const file = planned[index];
    hooks.onFile?.(file.display, offset + index, total);
    let outcome: FileOutcome;
    try {
      const bytes = await file.read();
      const accessLevel = accessLevelOf(parseAccessMap(app.config.GRIDRAG_ACCESS_LEVELS), file.display);
      const stored: IngestOutcome = await ingestFile(
        app.db,
        { tenantId: app.tenantId, sourcePath: file.display, bytes, accessLevel, limits: readLimitsOf(app.config), ...file.input },
        { signal: app.signal, onPhase: (phase) => hooks.onPhase?.(file.display, phase) },
      );
      outcome = {
        path: file.display, ...stored,
        ...(stored.error ? { error: withPath(file.display, file.input.fileName, stored.error) } : {}),
        warnings: stored.warnings.map((warning) => withPath(file.display, file.input.fileName, warning)),
      };
    } catch (error) {
      // Stopped (a signal): the run ends here, not with a failure noted for this file.
      stopIfAborted();
      outcome = { path: file.display, status: 'failed', contentHash: '', tables: 0, rows: 0, error: withPath(file.display, file.input.fileName, describeError(error)), warnings: [] };
    }
    tally(result, outcome);
    hooks.onFile?.(file.display, offset + index, total, outcome);
  }
}

function emptyReason(files: SourceFile[]): string {
  return files.length === 0 ? 'the folder holds no files' : 'the folder holds no file gridrag reads';
}

/** Splits a source's listing into files to ingest, glossaries and skipped files. */
function planSource(source: Source, files: SourceFile[], prefix: string, result: IngestResult): { planned: PlannedFile[]; glossaries: SourceFile[] } {
  const planned: PlannedFile[] = [];
  const glossaries: SourceFile[] = [];
  const shown = (file: SourceFile): string => (prefix ? `${prefix}/${file.path}` : file.path);
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    if (file.inRecycleBin || file.trashed) {
      result.skipped.push({ path: shown(file), reason: file.trashed ? 'trashed' : 'in the recycle bin' });
    } else if (isConfigurationName(file.name)) {
      if (file.path.includes('/')) result.skipped.push({ path: shown(file), reason: NESTED_GLOSSARY_REASON });
      else glossaries.push(file);
    } else if (!hasSupportedExtension(file.name, SUPPORTED_EXTENSIONS)) {
      result.skipped.push({ path: shown(file), reason: unsupportedReason(file.name) });
    } else {
      planned.push({
        display: shown(file),
        read: () => source.read(file),
        input: { sourceKind: source.kind, sourceRef: file.ref, fileName: file.name, mimeType: file.mimeType, modifiedAt: file.modifiedAt },
      });
    }
  }
  return { planned, glossaries };
}

/** What the source's listing left out on purpose (links pointing outside the folder), with why. */
function skippedBySource(source: Source, prefix: string, result: IngestResult): void {
  for (const skipped of source.skipped ?? []) result.skipped.push({ path: prefix ? `${prefix}/${skipped.path}` : skipped.path, reason: skipped.reason });
}

async function loadGlossaries(app: App, source: Source, glossaries: SourceFile[], prefix: string, result: IngestResult): Promise<void> {
  for (const file of glossaries) {
    const display = prefix ? `${prefix}/${file.path}` : file.path;
    try {
      const id = source.kind === 'local' ? file.ref : `${source.kind}:${file.ref}`;
      result.glossaryTerms += await loadGlossaryFile(app, id, display, await source.read(file));
    } catch (error) {
      result.errors.push({ path: display, error: withPath(display, file.name, describeError(error)) });
    }
  }
}

/**
 * Ingests every file a source lists (additive: nothing is deleted), and its root glossary.
 * @param label shown before each file's path (e.g. the folder as the user typed it); none by default
 * @throws SourceError / UpstreamError when the source cannot be listed, DbError
 */
export async function ingestSource(app: App, source: Source, hooks: IngestHooks = {}, label = ''): Promise<IngestResult> {
  const result = emptyResult();
  const files = await source.list();
  const { planned, glossaries } = planSource(source, files, label, result);
  skippedBySource(source, label, result);
  await loadGlossaries(app, source, glossaries, label, result);
  if (planned.length === 0) result.skipped.push({ path: label || '.', reason: emptyReason(files) });
  await ingestPlanned(app, planned, result, hooks, 0, planned.length);
  return Object.assign(result, await embedIngestedChunks(app, storedRecordIds(result)));
}

/**
 * Ingests files and folders from disk. Folder paths are shown relative to the folder,
 * prefixed by the folder as given when several paths are given.
 * @throws InvalidRequestError when no path is given, DbError
 */
export async function ingestPaths(
  app: App,
  request: IngestRequest | string[],
  hooks: IngestHooks | IngestHooks['onFile'] = {},
): Promise<IngestResult> {
  // the array and callback forms are kept for callers written before the request objects
  const { paths } = parseRequest(IngestRequestSchema, Array.isArray(request) ? { paths: request } : request);
  if (typeof hooks === 'function') hooks = { onFile: hooks };
  const result = emptyResult();
  const planned: PlannedFile[] = [];
  for (const given of paths) {
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      result.missing.push(given);
      continue;
    }
    if (info.isFile()) {
      // Inside the working folder: relative to it; elsewhere: the path as given (not `../../…`).
      const relative = path.relative(process.cwd(), absolute);
      const display = relative === '' ? path.basename(absolute) : relative.startsWith('..') || path.isAbsolute(relative) ? path.normalize(given) : relative;
      planned.push({
        display,
        read: async () => new Uint8Array(await readFile(absolute)),
        input: { sourceKind: 'local', sourceRef: absolute, fileName: path.basename(absolute), modifiedAt: info.mtime },
      });
      continue;
    }
    // the real path, as sync uses: the same folder reached through a symlink gives the same records
    const source = createLocalFolderSource(await realpath(absolute), { recentWriteMs: 0 });
    const label = paths.length > 1 ? given.replace(/[\\/]+$/, '') : '';
    const files = await source.list();
    const listed = planSource(source, files, label, result);
    skippedBySource(source, label, result);
    await loadGlossaries(app, source, listed.glossaries, label, result);
    if (listed.planned.length === 0) result.skipped.push({ path: given, reason: emptyReason(files) });
    planned.push(...listed.planned);
  }
  const seen = new Set<string>();
  const unique = planned.filter((file) => !seen.has(file.input.sourceRef) && seen.add(file.input.sourceRef));
  await ingestPlanned(app, unique, result, hooks, 0, unique.length);
  return Object.assign(result, await embedIngestedChunks(app, storedRecordIds(result)));
}

/**
 * Ingests paths from disk or a source: the one entry the surfaces call.
 * @throws InvalidRequestError, SourceError, DbError
 */
export async function ingest(app: App, request: IngestRequest | { source: Source; label?: string }, hooks: IngestHooks = {}): Promise<IngestResult> {
  if ('source' in request) return ingestSource(app, request.source, hooks, request.label);
  return ingestPaths(app, request, hooks);
}

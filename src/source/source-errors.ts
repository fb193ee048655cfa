/**
 * Errors raised by sources and the sync engine.
 * @module source/source-errors
 */
import { AppError } from '../errors.js';

/** A file is still being written (its size or mtime moved while we looked); try the next pass. */
export class SourceFileBusyError extends AppError {
  /** Display path of the file. */
  readonly path: string;
  constructor(path: string, message = 'still being written') {
    super('SOURCE_FILE_BUSY', `${path}: ${message}`, { retryable: true });
    this.path = path;
  }
}

/** A source could not be listed or read (a missing folder, a permission problem). Names the place. */
export class SourceError extends AppError {
  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super('SOURCE', message, options);
  }
}

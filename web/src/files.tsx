/** The Files page: drag-and-drop upload of several files with progress each, the stored files, delete. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, uploadFile, type ApiError, type FileRecord } from './api';
import { when } from './format';

interface Pending {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'reading' | 'done' | 'failed';
  message: string;
}

let nextId = 1;

/** Stored files (GET /api/files) with delete; uploads one request per file so each has its own progress. */
export function FilesPage() {
  const [files, setFiles] = useState<FileRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refresh = () =>
    call<{ files: FileRecord[] }>('GET', '/api/files').then(
      (body) => setFiles(body.files),
      (failure: ApiError) => setError(failure.message),
    );
  useEffect(() => void refresh(), []);

  const update = (id: number, change: Partial<Pending>) => setPending((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const upload = async (chosen: File[]) => {
    const items = chosen.map((file) => ({ id: nextId++, name: file.name, progress: 0, state: 'uploading' as const, message: '' }));
    setPending((list) => [...items, ...list]);
    await Promise.all(
      chosen.map(async (file, index) => {
        const { id } = items[index];
        try {
          const result = await uploadFile(file, (fraction) => update(id, { progress: fraction, state: fraction >= 1 ? 'reading' : 'uploading' }));
          const failed = result.status === 'failed';
          update(id, {
            progress: 1,
            state: failed ? 'failed' : 'done',
            message: failed
              ? `failed: ${result.error?.message ?? 'the file could not be read'}`
              : `${result.status}: ${result.tables} table${result.tables === 1 ? '' : 's'}, ${result.rows} rows${result.warnings.length ? ` (${result.warnings.join('; ')})` : ''}`,
          });
        } catch (failure) {
          update(id, { state: 'failed', message: `failed: ${(failure as ApiError).message}` });
        }
      }),
    );
    await refresh();
  };

  const remove = async (file: FileRecord) => {
    if (!window.confirm(`Delete ${file.path ?? file.title} and everything read from it?`)) return;
    try {
      await call('DELETE', `/api/files/${encodeURIComponent(file.id)}`);
      await refresh();
    } catch (failure) {
      setError((failure as ApiError).message);
    }
  };

  return (
    <section aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      <div
        class={`drop${over ? ' over' : ''}`}
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const dropped = [...(event.dataTransfer?.files ?? [])];
          if (dropped.length) void upload(dropped);
        }}
      >
        <p>Drop CSV, Excel or document files here, or</p>
        <label class="button" for="file-input">
          Choose files
        </label>
        <input
          id="file-input"
          ref={input}
          class="sr-only"
          type="file"
          multiple
          onChange={(event) => {
            const chosen = [...((event.target as HTMLInputElement).files ?? [])];
            if (input.current) input.current.value = '';
            if (chosen.length) void upload(chosen);
          }}
        />
      </div>
      <p class="muted">
        Deleting a file here removes it and everything read from it. In a synced folder, move the file into its recycle-bin subfolder (or to the Drive recycle-bin folder) and the next sync deletes it.
      </p>
      {pending.length ? (
        <ul class="uploads" aria-live="polite" data-testid="uploads">
          {pending.map((item) => (
            <li key={item.id} class={item.state}>
              <span class="name">{item.name}</span>
              <progress max={1} value={item.progress} aria-label={`upload of ${item.name}`} />
              <span>{item.state === 'uploading' ? `${Math.round(item.progress * 100)}%` : item.state === 'reading' ? 'reading…' : item.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
      {files === null && !error ? <p class="muted">Loading…</p> : null}
      {files ? (
        <div class="table-wrap">
          <table data-testid="files">
            <caption>{files.length} stored files</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Version</th>
                <th scope="col">Last read</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id}>
                  <td>
                    {file.path ?? file.title} <span class="muted small">{file.sourceKind}</span>
                    {file.warnings.length ? <div class="muted small">{file.warnings.join('; ')}</div> : null}
                  </td>
                  <td>{file.status === 'ready' ? 'ingested' : <span class="error">failed: {file.error}</span>}</td>
                  <td class="num">{file.version}</td>
                  <td>{when(file.ingestedAt)}</td>
                  <td>
                    <button type="button" class="secondary" onClick={() => void remove(file)} aria-label={`Delete ${file.path ?? file.title}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The gridrag web page: Ask (with this session's history), Tables, Files; sign-in with an API
 * key kept in sessionStorage, or none in open mode. Pages are chosen by the hash (`#tables`,
 * `#table/<name>`, `#files`); `/?q=<question>` opens the Ask page and asks it.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { call, isOpen, loadWebConfig, signedIn, storedKey, storeKey, type ApiError } from './api';
import { AskPage } from './ask';
import { FilesPage } from './files';
import { TablePage, TablesPage } from './tables';
import './styles.css';

type Page = { name: 'ask' } | { name: 'tables' } | { name: 'table'; table: string } | { name: 'files' };

function pageOf(hash: string): Page {
  if (hash === '#tables') return { name: 'tables' };
  if (hash === '#files') return { name: 'files' };
  if (hash.startsWith('#table/')) return { name: 'table', table: decodeURIComponent(hash.slice('#table/'.length)) };
  return { name: 'ask' };
}

function questionOf(search: string): string | null {
  const q = new URLSearchParams(search).get('q');
  return q && q.trim() ? q : null;
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    storeKey(key.trim());
    try {
      await call('GET', '/api/files');
      onSignedIn();
    } catch (failure) {
      storeKey(null);
      setError((failure as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="signin" onSubmit={submit} aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in</h2>
      <p>
        Paste an API key (<code>gridrag serve</code> prints one at its first start; more with <code>gridrag keys create</code>). It is kept in this
        browser tab's session storage only.
      </p>
      <label for="api-key">API key</label>
      <input id="api-key" type="password" autocomplete="off" required value={key} onInput={(event) => setKey((event.target as HTMLInputElement).value)} />
      <button type="submit" disabled={busy || key.trim() === ''}>
        Sign in
      </button>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function App() {
  const [ready, setReady] = useState(false);
  const [authed, setAuthed] = useState(false);
  const [page, setPage] = useState<Page>(() => pageOf(location.hash));
  const [initial, setInitial] = useState<string | null>(() => questionOf(location.search));

  useEffect(() => {
    loadWebConfig().then(() => {
      setAuthed(signedIn());
      setReady(true);
    });
    const onHash = () => setPage(pageOf(location.hash));
    const onPop = () => {
      setPage(pageOf(location.hash));
      setInitial(questionOf(location.search));
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  useEffect(() => {
    const titles = { ask: 'Ask', tables: 'Tables', table: 'Table', files: 'Files' };
    document.title = `${titles[page.name]} · gridrag`;
  }, [page]);

  const onAsked = (question: string) => {
    const url = `/?q=${encodeURIComponent(question)}`;
    if (location.pathname + location.search !== url || location.hash) history.pushState(null, '', url);
  };

  const nav = (name: Page['name'], href: string, label: string) => (
    <a href={href} aria-current={page.name === name || (name === 'tables' && page.name === 'table') ? 'page' : undefined}>
      {label}
    </a>
  );

  return (
    <>
      <header class="top">
        <h1>
          <a href="/">gridrag</a>
        </h1>
        <nav aria-label="Main">
          {nav('ask', '/', 'Ask')}
          {nav('tables', '#tables', 'Tables')}
          {nav('files', '#files', 'Files')}
        </nav>
        {storedKey() ? (
          <button
            type="button"
            class="secondary small"
            onClick={() => {
              storeKey(null);
              setAuthed(signedIn());
            }}
          >
            Sign out
          </button>
        ) : isOpen() ? (
          <span class="muted small">open on this machine</span>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {!ready ? (
          <p class="muted">Loading…</p>
        ) : !authed ? (
          <SignIn onSignedIn={() => setAuthed(true)} />
        ) : page.name === 'tables' ? (
          <TablesPage />
        ) : page.name === 'table' ? (
          <TablePage name={page.table} />
        ) : page.name === 'files' ? (
          <FilesPage />
        ) : (
          <AskPage initial={initial} onAsked={onAsked} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);

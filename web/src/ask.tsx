/** The Ask page: question box, answer (stat card, chart or table), sources, SQL, feedback, history. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, type Answer, type ApiError } from './api';
import { renderChart } from './chart';
import { display, OUTCOME_TEXT, whereOf } from './format';
import { OutcomeBadge, ResultTable } from './widgets';

/** One asked question of this browser session. */
export interface HistoryEntry {
  question: string;
  summary: string;
  at: string;
}

const HISTORY_ITEM = 'gridrag.history';
const MAX_HISTORY = 30;

/** This tab's asked questions, newest first (sessionStorage; at most 30). */
export function loadHistory(): HistoryEntry[] {
  try {
    return JSON.parse(sessionStorage.getItem(HISTORY_ITEM) ?? '[]') as HistoryEntry[];
  } catch {
    return [];
  }
}

function saveHistory(entries: HistoryEntry[]): void {
  sessionStorage.setItem(HISTORY_ITEM, JSON.stringify(entries.slice(0, MAX_HISTORY)));
}

/** The link that reopens an answer (also what the Slack app links to). */
export function reopenHref(question: string): string {
  return `/?q=${encodeURIComponent(question)}`;
}

function Chart({ spec, description }: { spec: Record<string, unknown>; description: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let live = true;
    setError(null);
    if (box.current) {
      renderChart(box.current, spec, description).then(
        (finalize) => (live ? (dispose = finalize) : finalize()),
        (failure: Error) => live && setError(failure.message),
      );
    }
    return () => {
      live = false;
      dispose?.();
    };
  }, [spec, description]);
  const mark = String(spec.mark ?? 'chart');
  return (
    <figure class="chart" data-testid="chart">
      <div ref={box} class="chart-box" role="img" aria-label={`${mark === 'line' ? 'Line' : 'Bar'} chart: ${description}`} />
      {error ? <p class="error">The chart could not be drawn: {error}</p> : null}
    </figure>
  );
}

function SqlBlock({ sql }: { sql: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sql);
    } catch {
      const area = document.createElement('textarea');
      area.value = sql;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <details class="sql" data-testid="sql">
      <summary>SQL</summary>
      <pre>
        <code>{sql}</code>
      </pre>
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy SQL'}
      </button>
      <span class="sr-only" aria-live="polite">
        {copied ? 'SQL copied to the clipboard' : ''}
      </span>
    </details>
  );
}

function Feedback({ answer }: { answer: Answer }) {
  const [state, setState] = useState<'idle' | 'open' | 'sending' | 'sent' | 'failed'>('idle');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState('');
  const send = async (event: Event) => {
    event.preventDefault();
    setState('sending');
    try {
      await call('POST', '/api/feedback', { question: answer.question, sql: answer.sql, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      setState('sent');
    } catch (error) {
      setMessage((error as ApiError).message);
      setState('failed');
    }
  };
  if (state === 'sent') return <p class="feedback done" role="status">Thank you: recorded in the audit log.</p>;
  if (state === 'idle') {
    return (
      <button type="button" class="secondary" onClick={() => setState('open')}>
        This is not right
      </button>
    );
  }
  return (
    <form class="feedback" onSubmit={send}>
      <label for="feedback-comment">What is wrong? (optional)</label>
      <textarea id="feedback-comment" rows={2} maxLength={2000} value={comment} onInput={(event) => setComment((event.target as HTMLTextAreaElement).value)} />
      <div class="row">
        <button type="submit" disabled={state === 'sending'}>
          Send feedback
        </button>
        <button type="button" class="secondary" onClick={() => setState('idle')}>
          Cancel
        </button>
      </div>
      {state === 'failed' ? <p class="error" role="alert">{message}</p> : null}
    </form>
  );
}

function Sources({ answer }: { answer: Answer }) {
  if (answer.sources.length === 0 && !answer.passages?.length) return null;
  return (
    <section class="sources" aria-labelledby="sources-title" data-testid="sources">
      <h3 id="sources-title">Sources</h3>
      <ul>
        {answer.sources.map((source) => (
          <li key={`${source.table}-${source.range}`}>
            <span class="where">{whereOf(source)}</span> <span class="muted">version {source.version}</span> <OutcomeBadge outcome={source.outcome} />
            <div class="explain">{OUTCOME_TEXT[source.outcome]}</div>
            {source.rows?.length ? <div class="muted">sheet rows {source.rows.slice(0, 20).join(', ')}{source.rows.length > 20 ? ' …' : ''}</div> : null}
          </li>
        ))}
        {(answer.passages ?? []).map((passage, index) => (
          <li key={`passage-${index}`}>
            <span class="where">{[passage.path ?? passage.file, passage.page !== null ? `page ${passage.page}` : null, passage.heading].filter(Boolean).join(' › ')}</span>{' '}
            <span class="muted">version {passage.version}</span>
            <blockquote>{passage.quote}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One answer, shaped: a stat card for one value, the chart when the answer has one, a table for the rest. */
export function AnswerView({ answer }: { answer: Answer }) {
  // Sources and SQL are shown below, each in its own place; the text keeps the answer and how it was read.
  const lines = answer.answer.split('\n').filter((line) => !/^(Sources?|SQL|Passages?):/.test(line.trim()));
  const showTable = !answer.chart && answer.rows.length > 0 && !(answer.value !== null && answer.rows.length === 1 && answer.columns.length <= 2);
  // With a chart or a table, the result's lines of text are folded away (the notes in parentheses stay).
  const shown = Boolean(answer.chart) || showTable;
  const rest = lines.slice(1);
  const notes = rest.filter((line) => line.startsWith('('));
  const data = rest.filter((line) => !line.startsWith('('));
  return (
    <article class="answer" aria-labelledby="answer-title" data-testid="answer">
      <h2 id="answer-title" class="sr-only">
        Answer
      </h2>
      {answer.value !== null ? (
        <div class="stat" data-testid="stat">
          <span class="stat-value" title={String(answer.value)}>
            {display(answer.value)}
          </span>
          {answer.unit ? <span class="stat-unit">{answer.unit}</span> : null}
        </div>
      ) : null}
      <p class={`answer-text${answer.mode === 'none' ? ' declined' : ''}`}>
        {lines[0]}
        {(shown ? notes : rest).map((line, index) => (
          <span key={index} class="answer-more">
            {line}
          </span>
        ))}
      </p>
      {shown && data.length ? (
        <details class="as-text">
          <summary>The result as text</summary>
          {data.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </details>
      ) : null}
      {answer.outcome ? (
        <p>
          <OutcomeBadge outcome={answer.outcome} /> <span class="muted">{OUTCOME_TEXT[answer.outcome]}</span>
          {answer.cached ? <span class="muted"> · from the cache</span> : null}
        </p>
      ) : null}
      {answer.chart ? <Chart spec={answer.chart} description={lines[0]} /> : null}
      {showTable ? <ResultTable columns={answer.columns.filter((column) => column !== '_sheet_row')} rows={answer.rows} total={answer.rowCount} caption="Result rows" /> : null}
      <Sources answer={answer} />
      {answer.sql ? <SqlBlock sql={answer.sql} /> : null}
      <p class="small">
        <a href={reopenHref(answer.question)}>Link to this answer</a> <span class="muted">(asks it again; the cache makes that cheap)</span>
      </p>
      {answer.mode !== 'none' || answer.sql ? <Feedback answer={answer} /> : null}
    </article>
  );
}

/** The Ask page. `initial` is the `?q=` question, asked at once. */
export function AskPage({ initial, onAsked }: { initial: string | null; onAsked: (question: string) => void }) {
  const [question, setQuestion] = useState(initial ?? '');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>(loadHistory);

  const ask = async (text: string) => {
    const asked = text.trim();
    if (!asked) return;
    setQuestion(asked);
    setBusy(true);
    setError(null);
    onAsked(asked);
    try {
      const result = await call<Answer>('POST', '/api/ask', { question: asked });
      setAnswer(result);
      const entry = { question: asked, summary: result.answer.split('\n')[0].slice(0, 160), at: new Date().toISOString() };
      const next = [entry, ...loadHistory().filter((old) => old.question !== asked)];
      saveHistory(next);
      setHistory(next.slice(0, MAX_HISTORY));
    } catch (failure) {
      setAnswer(null);
      setError((failure as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (initial) void ask(initial);
  }, [initial]);

  return (
    <div class="ask-layout">
      <section class="ask-main">
        <form
          class="ask-form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            void ask(question);
          }}
        >
          <label for="question">Ask a question about your spreadsheets</label>
          <div class="row">
            <input
              id="question"
              name="q"
              type="search"
              autocomplete="off"
              maxLength={2000}
              placeholder="e.g. Total amount by country"
              value={question}
              onInput={(event) => setQuestion((event.target as HTMLInputElement).value)}
            />
            <button type="submit" disabled={busy}>
              {busy ? 'Asking…' : 'Ask'}
            </button>
          </div>
        </form>
        <div aria-live="polite" aria-busy={busy}>
          {busy ? <p class="muted">Asking…</p> : null}
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
          {answer && !busy ? <AnswerView answer={answer} /> : null}
        </div>
      </section>
      <aside class="history" aria-labelledby="history-title">
        <h2 id="history-title">This session</h2>
        {history.length === 0 ? <p class="muted">Questions you ask appear here, each with a link that reopens its answer.</p> : null}
        <ol data-testid="history">
          {history.map((entry) => (
            <li key={entry.question}>
              <a
                href={reopenHref(entry.question)}
                onClick={(event) => {
                  if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                  event.preventDefault();
                  void ask(entry.question);
                }}
              >
                {entry.question}
              </a>
              <div class="muted small">{entry.summary}</div>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}

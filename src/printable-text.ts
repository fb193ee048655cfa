/**
 * Text from outside (file names, paths, messages that quote them) made safe to print on a
 * terminal or in a log line: control characters, line and paragraph separators and bidi
 * overrides are written as escapes, so `evil\nfailed: all good.csv` prints as one line
 * (`evil\nfailed: all good.csv`) and cannot forge output or move the cursor.
 * @module printable-text
 */

/** C0 and C1 controls, DEL, U+2028/2029, bidi embeddings, overrides and isolates. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with unprintable characters escaped (`\n`, `\r`, `\t`, `\x1b`, `\u202e`);
 * backslashes are left as they are (Windows paths stay readable).
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A message about one file, starting with the file's display path (the path as the user gave
 * it, or relative to the synced or ingested folder), the one way `ingest`, `sync` and uploads
 * name a file in warnings and errors: a message already starting with the path is kept, one
 * starting with the bare file name (as readers write them) gets the path instead, any other
 * gets the path put in front. Not escaped: print it through `printable`.
 * @example messageAtPath('sales/q1.csv', 'q1.csv', 'q1.csv: no data') === 'sales/q1.csv: no data'
 */
export function messageAtPath(displayPath: string, fileName: string, message: string): string {
  if (message.startsWith(`${displayPath}: `) || message.startsWith(`${displayPath} `)) return message;
  const bare = fileName !== '' && message.startsWith(`${fileName}: `) ? message.slice(fileName.length + 2) : message;
  return `${displayPath}: ${bare}`;
}

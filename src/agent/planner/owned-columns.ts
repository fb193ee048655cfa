/**
 * Column pairs of published results tables: "County | Brown | Votes | Nixon | Votes | …", where
 * each candidate's column (their percentage) is followed by a column of the same repeated
 * measure (Votes, Votes 2, Votes 3). An analyst reads "Brown's votes" as the Votes column right
 * after Brown, not as any of the three Votes columns.
 * @module agent/planner/owned-columns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ColumnMention } from './plan-types.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';

/** `Votes 2` → `votes`; `Votes` → `votes`. */
function baseName(column: CatalogColumn): string {
  return column.name.trim().toLowerCase().replace(/\s+\d+$/, '');
}

/**
 * The repeated measure columns of `profile`, each with the column right before it (its owner),
 * when the table is laid out in such pairs: at least two columns share a name (up to a
 * trailing number), each is numeric, and each follows a column of another name that is not
 * itself one of them. Empty when the layout is anything else.
 */
function ownedPairs(profile: TableProfile): Map<CatalogColumn, ColumnInfo> {
  const ordered = [...profile.columns].sort((a, b) => a.column.sourceColumn - b.column.sourceColumn);
  const byBase = new Map<string, ColumnInfo[]>();
  for (const info of ordered) byBase.set(baseName(info.column), [...(byBase.get(baseName(info.column)) ?? []), info]);
  const owners = new Map<CatalogColumn, ColumnInfo>();
  for (const [base, repeated] of byBase) {
    if (repeated.length < 2 || !repeated.some((info) => info.column.name.trim().toLowerCase() === base)) continue;
    if (!repeated.every((info) => info.numeric)) continue;
    const pairs = repeated.map((info) => {
      const owner = ordered[ordered.indexOf(info) - 1];
      return owner && baseName(owner.column) !== base && !repeated.includes(owner) ? ([info.column, owner] as const) : undefined;
    });
    if (pairs.some((pair) => pair === undefined)) continue;
    for (const pair of pairs) if (pair) owners.set(pair[0], pair[1]);
  }
  return owners;
}

/**
 * "the difference between Brown and Nixon's votes", "how many votes did Nixon get": when the
 * question names a repeated measure (votes) and owner columns (Brown, Nixon), each owner's
 * mention becomes a mention of its own repeated column (the words of both), and the mentions of
 * the repeated measure alone are dropped. Changes `mentions` in place.
 * @returns a problem when the repeated measure is named with no owner ("the total number of
 *   votes in Plumas": each Votes column is one candidate's, and the first is not all votes)
 */
export function resolveOwnedColumns(profile: TableProfile, mentions: ColumnMention[]): string | undefined {
  const owners = ownedPairs(profile);
  if (owners.size === 0) return undefined;
  const repeated = mentions.filter((m) => owners.has(m.info.column));
  if (repeated.length === 0) return undefined;
  const measureTokens = new Set(repeated.flatMap((m) => m.tokens));
  const ownerMentions = mentions.filter((m) => [...owners.values()].includes(m.info) && !m.tokens.some((t) => measureTokens.has(t)));
  const columns = [...new Set(repeated.map((m) => m.info.column.name))];
  if (ownerMentions.length === 0) return `${columns.join(', ')} are one column per ${[...new Set([...owners.values()].map((o) => o.column.name))].join(', ')}: say whose`;
  const owned: ColumnMention[] = [];
  for (const ownerMention of ownerMentions) {
    const column = [...owners].find(([, owner]) => owner === ownerMention.info)?.[0];
    const info = profile.columns.find((c) => c.column === column);
    const measure = repeated.find((m) => m.info.column === column);
    if (!info || !measure) return undefined;
    const tokens = [...ownerMention.tokens, ...measure.tokens].sort((a, b) => a - b);
    owned.push({ info, tokens, hits: tokens.map(() => ({ stem: info.stems[0] ?? baseName(info.column), exact: true })), strength: measure.strength + 1, exact: measure.exact + 1, owner: ownerMention.info });
  }
  const drop = new Set([...repeated, ...ownerMentions]);
  for (let k = mentions.length - 1; k >= 0; k--) if (drop.has(mentions[k])) mentions.splice(k, 1);
  mentions.push(...owned);
  return undefined;
}

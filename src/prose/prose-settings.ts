/**
 * The prose path's settings from configuration: the embedder (one per configuration object,
 * so its calls are shared), the text search language and the similarity floor.
 * @module prose/prose-settings
 */
import type { Config } from '../config.js';
import { createEmbedder, createOfflineEmbedder, type Embedder } from '../embedder/index.js';
import { SIMILARITY_FLOORS } from './search-documents.js';

export interface ProseSettings {
  embedder: Embedder;
  /** Text search configuration, e.g. `english`. */
  language: string;
  /** Lowest cosine similarity of a passage. */
  floor: number;
}

const EMBEDDERS = new WeakMap<Config, Embedder>();
let defaults: ProseSettings | undefined;

/** The settings without configuration: the offline lexical embedder, `english`, its floor. */
export function defaultProseSettings(): ProseSettings {
  if (!defaults) {
    const embedder = createOfflineEmbedder();
    defaults = { embedder, language: 'english', floor: SIMILARITY_FLOORS[embedder.kind] };
  }
  return defaults;
}

/** The settings for `config`; `embedder` overrides the configured one (tests). */
export function proseSettings(config: Config, embedder?: Embedder): ProseSettings {
  let chosen = embedder ?? EMBEDDERS.get(config);
  if (!chosen) {
    chosen = createEmbedder(config);
    EMBEDDERS.set(config, chosen);
  }
  return {
    embedder: chosen,
    language: config.GRIDRAG_TEXT_SEARCH_LANGUAGE,
    floor: config.GRIDRAG_SIMILARITY_FLOOR ?? SIMILARITY_FLOORS[chosen.kind],
  };
}

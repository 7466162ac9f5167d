// The five AI features and their numbers (spec, Limits: the AI rows): input caps in words, output
// token ceilings, the series' minimum input and item counts, and which artifact each feature gives.

export const AI_FEATURES = ['powered_template', 'powered_document', 'message_series', 'article_series', 'writing_assist'] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

export const DOCUMENT_MODES = ['article', 'from_list', 'from_article', 'research_url'] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];

export const WRITING_ACTIONS = ['rewrite', 'tighten', 'expand', 'grammar', 'thread', 'tags'] as const;
export type WritingAction = (typeof WRITING_ACTIONS)[number];

export const ARTIFACT_KINDS = ['list', 'document', 'message_series', 'doc_series', 'message', 'thread', 'tags'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

export interface FeatureSpec {
  /** At most this many words of input. */
  wordCap: number;
  /** maxOutputTokens is clamped down to this, never up. */
  outputCeiling: number;
  /** At least this many words of input (the series). */
  minWords: number;
  /** The item count a series asks for: clamped to [min, max], `fallback` when not given. */
  count?: { min: number; max: number; fallback: number };
}

export const FEATURE_SPECS: Record<AiFeature, FeatureSpec> = {
  writing_assist: { wordCap: 1500, outputCeiling: 1024, minWords: 1 },
  powered_template: { wordCap: 300, outputCeiling: 4096, minWords: 1 },
  message_series: { wordCap: 500, outputCeiling: 4096, minWords: 10, count: { min: 3, max: 12, fallback: 5 } },
  powered_document: { wordCap: 500, outputCeiling: 8000, minWords: 1 },
  article_series: { wordCap: 500, outputCeiling: 8000, minWords: 10, count: { min: 2, max: 6, fallback: 4 } },
};

/** The artifact a feature gives (writing_assist: by its action). */
export function artifactKindOf(feature: AiFeature, action: WritingAction = 'rewrite'): ArtifactKind {
  switch (feature) {
    case 'powered_template':
      return 'list';
    case 'powered_document':
      return 'document';
    case 'message_series':
      return 'message_series';
    case 'article_series':
      return 'doc_series';
    case 'writing_assist':
      return action === 'thread' ? 'thread' : action === 'tags' ? 'tags' : 'message';
  }
}

/** The feature whose artifacts generate persists, by kind; message, thread and tags are not persistable. */
export const PERSISTED_BY: Partial<Record<ArtifactKind, AiFeature>> = {
  list: 'powered_template',
  document: 'powered_document',
  message_series: 'message_series',
  doc_series: 'article_series',
};

/** Words as the caps count them: runs of non-space characters. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The item count a series asks the model for: the request's, clamped to the feature's range, else its default; null for a feature that is no series. */
export function seriesCount(feature: AiFeature, asked: number | undefined): number | null {
  const count = FEATURE_SPECS[feature].count;
  return count ? clamp(asked ?? count.fallback, count.min, count.max) : null;
}

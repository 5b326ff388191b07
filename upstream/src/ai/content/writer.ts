/**
 * Which content writer runs: the same AI_PROVIDER setting as the answers (upstream/API.md).
 * `retrieval` writes extractively; `openai-compatible` asks the chat model and falls back to the
 * extractive writer when the model's answer is not valid content.
 */
import type { AiConfig } from '../../config';
import type { Logger } from '../../logger';
import type { ContentMaterial, ContentWriter, WrittenContent } from '../provider';
import { createChatWriter } from './chat-writer';
import { createExtractiveWriter } from './extractive';

/** A writer that also says who actually wrote the content (a fallback is recorded as such). */
export interface AttributedWriter {
  write(material: ContentMaterial, signal?: AbortSignal): Promise<{ content: WrittenContent; provider: string }>;
}

export type ContentWriterWithAttribution = ContentWriter & AttributedWriter;

export function createContentWriter(ai: AiConfig, logger?: Logger): ContentWriterWithAttribution {
  if (ai.provider === 'openai-compatible' && ai.baseUrl) {
    return createChatWriter({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.chatModel, logger });
  }
  return createExtractiveWriter();
}

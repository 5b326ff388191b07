/** The answer provider named by AI_PROVIDER (upstream/API.md "Main API: AI"). */
import type { AiConfig } from '../../config';
import type { AnswerProvider } from '../provider';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import { createRetrievalProvider } from './retrieval';

export function createAnswerProvider(config: AiConfig): AnswerProvider {
  return config.provider === 'openai-compatible'
    ? createOpenAiCompatibleProvider(config)
    : createRetrievalProvider({ paceMs: config.retrievalPaceMs });
}

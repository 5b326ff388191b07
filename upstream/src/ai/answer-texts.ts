/** The fixed Chinese texts of the AI answers (upstream/API.md "Main API: AI"). */

/** when the knowledge base has nothing relevant: said, then NOTHING_FOUND_SUGGESTION */
export const NOTHING_FOUND = '知识库中没有找到与这个问题相关的课程内容。';
export const NOTHING_FOUND_SUGGESTION =
  '可以换个说法，或者围绕平台课程里讲到的概念、人物和事件来提问，例如某一讲的主题。';

/** err: chunks; never the provider's own words, which may carry internals */
export const ANSWER_FAILED = 'AI 解答失败，请稍后再试';
export const ANSWER_TIMED_OUT = 'AI 解答超时，请稍后再试';
export const PROVIDER_UNAVAILABLE = 'AI 服务暂时不可用，请稍后再试';

/** An expected provider failure: its message goes to the asker in an err: chunk. */
export class AnswerError extends Error {
  override name = 'AnswerError';
}

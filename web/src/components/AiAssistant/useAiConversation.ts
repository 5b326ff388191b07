import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { Disposable } from 'relay-runtime';
import type {
  useAiConversationSubscription,
  useAiConversationSubscription$data,
} from '../../__generated__/useAiConversationSubscription.graphql';
import { AI_TEXT } from './aiText';

/**
 * Subscription.askAI: thinking pieces, answer pieces, then the sources. The fields are read
 * plainly (no fragments): each event is copied into the conversation at once, and the store
 * record of the next event with the same arguments would overwrite it.
 */
const askSubscription = graphql`
  subscription useAiConversationSubscription($input: AskAIInput!) {
    askAI(input: $input) {
      __typename
      ... on AIThinkingDelta {
        text
      }
      ... on AIAnswerDelta {
        text
      }
      ... on AIAnswerDone {
        sources {
          index
          videoId
          courseId
          catalogueId
          videoName
          courseName
          timePoint
          timeLabel
          excerpt
        }
      }
    }
  }
`;

type AskEvent = useAiConversationSubscription$data['askAI'];
export type AiSource = Extract<AskEvent, { __typename: 'AIAnswerDone' }>['sources'][number];

/** One question and its answer as it streams in. */
export interface AiExchange {
  readonly id: number;
  readonly question: string;
  readonly deepThinking: boolean;
  readonly thinking: string;
  readonly answer: string;
  readonly sources: readonly AiSource[];
  /** asking: sent, nothing back yet; streaming: events arriving; done; failed (error says why). */
  readonly status: 'asking' | 'streaming' | 'done' | 'failed';
  readonly error: string | null;
}

/** What the question is about: the video or course of the play page, else the whole knowledge base. */
export interface AiAskScope {
  readonly courseId: number;
  readonly videoId: number;
}

export interface AiConversation {
  readonly exchanges: readonly AiExchange[];
  /** §4: an answer is on its way (from the question until its end or failure); no new question meanwhile. */
  readonly busy: boolean;
  ask(question: string, deepThinking: boolean, scope: AiAskScope): void;
  /** Ends the answer on its way (the gateway cancels the upstream request) and forgets the conversation. */
  clear(): void;
}

/** A conversation id for the upstream ([A-Za-z0-9_-], ≤ 64): one per conversation, new after 清空对话. */
function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

/**
 * The message of a failed answer: the server's own words (extensions.code LOGIN_REQUIRED, INVALID,
 * REFUSED, UNAVAILABLE all come with a Chinese message), else 回答中断，请稍后再试. Relay puts the
 * GraphQL errors of an answer without data on `error.source.errors`; the network layer joins the
 * messages of errors it was handed into `error.message`, which is used only when it is Chinese
 * (a browser's own network failure is English and says nothing to the person).
 */
export function aiErrorMessage(error: unknown): string {
  const source = (error as { source?: { errors?: ReadonlyArray<{ message?: unknown }> } } | null)?.source;
  const fromServer = source?.errors?.find((e) => typeof e?.message === 'string' && e.message.trim() !== '')?.message;
  if (typeof fromServer === 'string') return fromServer.trim();
  const message = error instanceof Error ? error.message : '';
  return /[\u4e00-\u9fff]/.test(message) ? message.trim() : AI_TEXT.failed;
}

/**
 * The drawer's conversation (§4 AI chat: idle, busy while the answer streams, done at the end
 * marker with its sources). Only one answer streams at a time; it is unsubscribed when the
 * conversation is cleared, when the page goes away, or when the drawer is unmounted.
 */
export function useAiConversation(): AiConversation {
  const environment = useRelayEnvironment();
  const [exchanges, setExchanges] = useState<readonly AiExchange[]>([]);
  const active = useRef<Disposable | null>(null);
  const clientId = useRef(newClientId());
  const nextId = useRef(1);

  const stop = useCallback(() => {
    active.current?.dispose();
    active.current = null;
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  const ask = useCallback(
    (question: string, deepThinking: boolean, scope: AiAskScope) => {
      stop();
      const id = nextId.current++;
      const update = (change: (exchange: AiExchange) => AiExchange) =>
        setExchanges((list) => list.map((e) => (e.id === id ? change(e) : e)));
      const text = question.trim();
      setExchanges((list) => [
        ...list,
        { id, question: text, deepThinking, thinking: '', answer: '', sources: [], status: 'asking', error: null },
      ]);
      let disposable: Disposable | null = null;
      let ended = false;
      const finish = () => {
        ended = true;
        if (disposable !== null && active.current === disposable) active.current = null;
      };
      disposable = requestSubscription<useAiConversationSubscription>(environment, {
        subscription: askSubscription,
        variables: {
          input: { question: text, deepThinking, clientId: clientId.current, courseId: scope.courseId, videoId: scope.videoId },
        },
        onNext: (data) => {
          const event = data?.askAI;
          if (!event) return;
          switch (event.__typename) {
            case 'AIThinkingDelta':
              update((e) => ({ ...e, status: 'streaming', thinking: e.thinking + event.text }));
              break;
            case 'AIAnswerDelta':
              update((e) => ({ ...e, status: 'streaming', answer: e.answer + event.text }));
              break;
            case 'AIAnswerDone':
              update((e) => ({ ...e, status: 'done', sources: event.sources }));
              break;
            default:
              break;
          }
        },
        onError: (error) => {
          finish();
          update((e) => ({ ...e, status: 'failed', error: aiErrorMessage(error) }));
        },
        onCompleted: () => {
          finish();
          // a stream that ends without its end marker still ends the busy state
          update((e) => (e.status === 'done' || e.status === 'failed' ? e : { ...e, status: 'done' }));
        },
      });
      // an answer refused at once (while subscribing) has already ended
      if (!ended) active.current = disposable;
    },
    [environment, stop],
  );

  const clear = useCallback(() => {
    stop();
    clientId.current = newClientId();
    setExchanges([]);
  }, [stop]);

  const last = exchanges[exchanges.length - 1];
  const busy = last !== undefined && (last.status === 'asking' || last.status === 'streaming');
  return { exchanges, busy, ask, clear };
}

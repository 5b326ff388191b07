import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { Disposable } from 'relay-runtime';
import type {
  useAiConversationSubscription,
  useAiConversationSubscription$data,
} from '../../__generated__/useAiConversationSubscription.graphql';
import { checkQuestion } from './aiQuestionRules';
import { AI_TEXT } from './aiText';
import { operationErrorCode, operationErrorMessage } from '../../relay/operationErrors';

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
  /**
   * Asks, unless an answer is still on its way (then nothing happens and false is returned): checked
   * at the call, not at the last render, so two questions in one tick (a double Enter) ask once.
   */
  ask(question: string, deepThinking: boolean, scope: AiAskScope): boolean;
  /** Ends the answer on its way (the gateway cancels the upstream request) and forgets the conversation. */
  clear(): void;
}

/** A conversation id for the upstream ([A-Za-z0-9_-], ≤ 64): one per conversation, new after 清空对话. */
function newClientId(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

export interface AiConversationOptions {
  /**
   * The gateway answered LOGIN_REQUIRED: the session ended after the drawer learnt who the viewer
   * was. The question is taken back (it was never asked) and this is called instead (§5: a visitor
   * asking gets the login page).
   */
  readonly onLoginRequired?: () => void;
}

/** The extensions.code of the first GraphQL error Relay was handed (see aiErrorMessage). */
export function aiErrorCode(error: unknown): string | null {
  return operationErrorCode(error);
}

/**
 * The message of a failed answer: the server's own words (extensions.code INVALID, REFUSED,
 * UNAVAILABLE come with a Chinese message; LOGIN_REQUIRED is not shown, see onLoginRequired), else
 * 回答中断，请稍后再试. Relay puts the GraphQL errors of an answer without data on
 * `error.source.errors`; the network layer joins the messages of errors it was handed into
 * `error.message`, which is used only when it is Chinese (a browser's own network failure is
 * English and says nothing to the person).
 */
export function aiErrorMessage(error: unknown): string {
  const fromServer = operationErrorMessage(error);
  if (fromServer !== null) return fromServer;
  const message = error instanceof Error ? error.message : '';
  return /[\u4e00-\u9fff]/.test(message) ? message.trim() : AI_TEXT.failed;
}

/**
 * The drawer's conversation (§4 AI chat: idle, busy while the answer streams, done at the end
 * marker with its sources). Only one answer streams at a time; it is unsubscribed when the
 * conversation is cleared, when the page goes away (the answer is then marked interrupted, so a page
 * restored from the back-forward cache is not left busy), or when the drawer is unmounted (nothing
 * is delivered after the unsubscribe, so no state is set on an unmounted drawer).
 */
export function useAiConversation(options: AiConversationOptions = {}): AiConversation {
  const environment = useRelayEnvironment();
  const [exchanges, setExchanges] = useState<readonly AiExchange[]>([]);
  const active = useRef<{ readonly id: number; readonly subscription: Disposable } | null>(null);
  const clientId = useRef(newClientId());
  const nextId = useRef(1);
  const onLoginRequired = useRef(options.onLoginRequired);
  useLayoutEffect(() => {
    onLoginRequired.current = options.onLoginRequired;
  });

  /** Unsubscribes the answer on its way; returns the id of its exchange. */
  const stop = useCallback((): number | null => {
    const current = active.current;
    active.current = null;
    current?.subscription.dispose();
    return current?.id ?? null;
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      const id = stop();
      if (id === null) return;
      setExchanges((list) =>
        list.map((e) =>
          e.id === id && (e.status === 'asking' || e.status === 'streaming')
            ? { ...e, status: 'failed', error: AI_TEXT.failed }
            : e,
        ),
      );
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      stop();
    };
  }, [stop]);

  const ask = useCallback(
    (question: string, deepThinking: boolean, scope: AiAskScope): boolean => {
      if (active.current !== null) return false;
      const id = nextId.current++;
      const update = (change: (exchange: AiExchange) => AiExchange) =>
        setExchanges((list) => list.map((e) => (e.id === id ? change(e) : e)));
      const text = checkQuestion(question).text;
      setExchanges((list) => [
        ...list,
        { id, question: text, deepThinking, thinking: '', answer: '', sources: [], status: 'asking', error: null },
      ]);
      let ended = false;
      const finish = () => {
        ended = true;
        if (active.current?.id === id) active.current = null;
      };
      const disposable = requestSubscription<useAiConversationSubscription>(environment, {
        subscription: askSubscription,
        variables: {
          input: {
            question: text,
            deepThinking,
            clientId: clientId.current,
            courseId: scope.courseId,
            videoId: scope.videoId,
          },
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
              // answered: the next question may be asked while the stream completes
              finish();
              update((e) => ({ ...e, status: 'done', sources: event.sources }));
              break;
            default:
              break;
          }
        },
        onError: (error) => {
          finish();
          if (aiErrorCode(error) === 'LOGIN_REQUIRED') {
            // refused before any event: the question goes, as it would for a visitor
            setExchanges((list) => list.filter((e) => e.id !== id));
            onLoginRequired.current?.();
            return;
          }
          update((e) => ({ ...e, status: 'failed', error: aiErrorMessage(error) }));
        },
        onCompleted: () => {
          finish();
          // a stream that ends without its end marker still ends the busy state
          update((e) => (e.status === 'done' || e.status === 'failed' ? e : { ...e, status: 'done' }));
        },
      });
      // an answer refused at once (while subscribing) has already ended
      if (!ended) active.current = { id, subscription: disposable };
      return true;
    },
    [environment],
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

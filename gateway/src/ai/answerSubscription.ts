/**
 * The answer stream as a subscription's source: an async iterator whose return() cancels the
 * upstream request at once. An async generator would not do: its return() waits until the generator
 * reaches its next `yield`, and a generator waiting for the upstream's next chunk (a slow provider)
 * would keep the answer running, the connection open and one of the asker's two answer slots taken
 * long after the asker left. Here return() aborts the request; the pending read fails and ends the
 * generator.
 *
 * A failure of the body (reset, timeout) becomes the `failed` event, so the stream ends with its
 * error in order (Subscription.askAI's resolve turns it into the GraphQL error); after a cancel
 * nothing more is produced.
 */
import type { Logger } from '../logger';
import { answerEvents } from './answerStream';
import type { AnswerEvent } from './types';

export type AnswerEnding = 'done' | 'failed' | 'cancelled';

export interface AnswerSubscriptionOptions {
  /** aborts the upstream request (the one given to MainApi.ai.ask) */
  controller: AbortController;
  logger: Logger;
  /** told once how the answer ended and how many events it gave */
  onEnd?: (ending: AnswerEnding, events: number) => void;
}

export function answerSubscription(
  body: AsyncIterable<Uint8Array>,
  options: AnswerSubscriptionOptions,
): AsyncIterableIterator<AnswerEvent> {
  const { controller, logger } = options;
  const events = answerEvents(body);
  let ended: AnswerEnding | null = null;
  let count = 0;
  const end = (ending: AnswerEnding) => {
    if (ended) return;
    ended = ending;
    // nothing more is read: a finished answer's body is released (the upstream closes it after end:),
    // a failed or cancelled one's request is aborted
    if (ending === 'done') events.return(undefined).catch(() => undefined);
    else controller.abort();
    options.onEnd?.(ending, count);
  };
  const finished: IteratorReturnResult<undefined> = { done: true, value: undefined };

  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<AnswerEvent>> {
      if (ended) return finished;
      let step: IteratorResult<AnswerEvent, void>;
      try {
        step = await events.next();
      } catch (error) {
        if (ended || controller.signal.aborted) {
          end('cancelled');
          return finished;
        }
        const reason = (error as Error)?.message ?? String(error);
        logger.warn(`askAI: the answer stream broke off: ${reason}`);
        count += 1;
        end('failed');
        return { done: false, value: { kind: 'failed', reason } };
      }
      if (ended) return finished;
      if (step.done) {
        // answerEvents always ends with done or failed; reaching here means that one was given
        end('done');
        return finished;
      }
      count += 1;
      const event = step.value;
      if (event.kind === 'failed') {
        logger.warn(`askAI: the answer failed: ${event.reason}`);
        end('failed');
      } else if (event.kind === 'done') {
        end('done');
      }
      return { done: false, value: event };
    },
    async return(): Promise<IteratorResult<AnswerEvent>> {
      end('cancelled');
      // the generator may be parked on a read the abort is failing right now: do not wait for it
      events.return(undefined).catch(() => undefined);
      return finished;
    },
    async throw(error?: unknown): Promise<IteratorResult<AnswerEvent>> {
      end('cancelled');
      events.return(undefined).catch(() => undefined);
      throw error;
    },
  };
}

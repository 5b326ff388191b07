import { useCallback, useState } from 'react';
import { commitMutation, useRelayEnvironment } from 'react-relay';
import type { MutationConfig, MutationParameters } from 'relay-runtime';
import { operationErrorMessage } from './operationErrors';

interface UserErrorLike {
  readonly message: string;
}

/** How a mutation ended: the payload's user errors decide, a failed request counts as a failure without a message (§8). */
export type MutationOutcome<R> =
  { readonly ok: true; readonly response: R } | { readonly ok: false; readonly message: string | null };

/**
 * Runs a mutation whose payload carries typed user errors (notes, clips, likes, history, messages…)
 * and resolves with its outcome: `ok` when the payload is there
 * without user errors, otherwise the first error's message (null for a failed request or a missing
 * payload, which §8 leaves without a message of its own). `busy` is true meanwhile.
 */
export function useMutationWithUserErrors<M extends MutationParameters>(
  mutation: MutationConfig<M>['mutation'],
  errorsOf: (response: M['response']) => readonly UserErrorLike[] | null | undefined,
) {
  const environment = useRelayEnvironment();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    (config: Omit<MutationConfig<M>, 'mutation' | 'onCompleted' | 'onError'>) =>
      new Promise<MutationOutcome<M['response']>>((resolve) => {
        setBusy(true);
        commitMutation<M>(environment, {
          ...config,
          mutation,
          onCompleted: (response) => {
            setBusy(false);
            const errors = errorsOf(response);
            // no payload at all: the field failed (a GraphQL error beside partial data)
            if (!errors) resolve({ ok: false, message: null });
            else if (errors.length > 0) resolve({ ok: false, message: errors[0]?.message || null });
            else resolve({ ok: true, response });
          },
          onError: (error) => {
            setBusy(false);
            // refused as a whole (e.g. the rate limit): the server's words, else the caller's own
            resolve({ ok: false, message: operationErrorMessage(error) });
          },
        });
      }),
    [environment, mutation, errorsOf],
  );
  return { run, busy };
}

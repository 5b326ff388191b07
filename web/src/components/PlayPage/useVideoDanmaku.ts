import { useEffect, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest, type GraphQLResponse } from 'relay-runtime';
import type { PlayerDanmaku } from '../Player/types';
import { showMessage } from '../ui/toaster';
import { PLAY_TEXT } from './playText';

/**
 * The scrolling comments of a video, read by a request of their own rather than with the play
 * page: Video.danmaku is non-null, so a failure of it inside the page query would take the whole
 * video (and the player) with it. Here a failure costs only the comments.
 */
const danmakuQuery = graphql`
  query useVideoDanmakuQuery($id: ID!) {
    node(id: $id) {
      ... on Video {
        danmaku {
          id
          vtime
          content
          mine
        }
      }
    }
  }
`;

const NONE: readonly PlayerDanmaku[] = [];

interface RawNode {
  readonly danmaku?: readonly PlayerDanmaku[] | null;
}

/** The first message of a GraphQL answer's errors (or of a failed request's), if any. */
function serverMessage(errors: readonly { readonly message?: unknown }[] | null | undefined): string | null {
  const message = errors?.find((e) => typeof e?.message === 'string' && e.message.trim() !== '')?.message;
  return typeof message === 'string' ? message : null;
}

/**
 * Loads the comments of the video (its global id; null: none, no request, as for a visitor, whose
 * player is a login prompt) and reloads them for another video. A failure
 * (§8 Player comments) shows the server's message, or 弹幕加载失败, and leaves the list empty.
 */
export function useVideoDanmaku(videoGlobalId: string | null): readonly PlayerDanmaku[] {
  const environment = useRelayEnvironment();
  const [loaded, setLoaded] = useState<{ readonly id: string; readonly list: readonly PlayerDanmaku[] }>({
    id: '',
    list: NONE,
  });

  useEffect(() => {
    if (videoGlobalId === null) return undefined;
    let done = false;
    const fail = (message: string | null) => {
      if (done) return;
      done = true;
      setLoaded({ id: videoGlobalId, list: NONE });
      showMessage(message ?? PLAY_TEXT.danmakuLoadFailed, 'error');
    };
    const operation = createOperationDescriptor(getRequest(danmakuQuery), { id: videoGlobalId }, { force: true });
    const subscription = environment.execute({ operation }).subscribe({
      next: (answer: GraphQLResponse) => {
        if (done) return;
        const response = Array.isArray(answer) ? answer[0] : answer;
        const node = (response && 'data' in response ? response.data?.node : null) as RawNode | null | undefined;
        const errors = response && 'errors' in response ? response.errors : null;
        if (node && Array.isArray(node.danmaku) && !(errors && errors.length > 0 && node.danmaku.length === 0)) {
          done = true;
          setLoaded({
            id: videoGlobalId,
            list: node.danmaku.map((d) => ({ id: d.id, vtime: d.vtime, content: d.content, mine: d.mine })),
          });
        } else {
          fail(serverMessage(errors));
        }
      },
      error: (error: unknown) => {
        const source = (error as { source?: { errors?: readonly { message?: unknown }[] } } | null)?.source;
        fail(serverMessage(source?.errors));
      },
    });
    return () => {
      done = true;
      subscription.unsubscribe();
    };
  }, [environment, videoGlobalId]);

  return loaded.id === videoGlobalId ? loaded.list : NONE;
}

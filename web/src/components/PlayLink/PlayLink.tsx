import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { videoPlayUrl } from '../../lib/playUrl';

/** A video (and the second to start at) that a link opens on the player page. */
export interface PlayTarget {
  readonly courseId: number;
  readonly catalogueId: number;
  readonly videoId?: number | null;
  readonly vtime?: number | null;
}

/**
 * How a list (history, notes) links to the player: on the desktop site /Play in a new tab (§2:
 * the player page opens in a new tab); on the mobile site its own /m/play in this tab, without the
 * guard's detour through the desktop address.
 */
export interface PlayLinkRule {
  readonly href: (target: PlayTarget) => string;
  readonly newTab: boolean;
}

const DESKTOP_RULE: PlayLinkRule = { href: videoPlayUrl, newTab: true };

const PlayLinkContext = createContext<PlayLinkRule>(DESKTOP_RULE);

export function PlayLinkProvider({ rule, children }: { readonly rule: PlayLinkRule; readonly children: ReactNode }) {
  return <PlayLinkContext.Provider value={rule}>{children}</PlayLinkContext.Provider>;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> & { readonly video: PlayTarget };

/** An anchor to the player under the rule in force: a new tab's `<a>`, or a router link in this tab. */
export const PlayAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(function PlayAnchor({ video, rel, ...rest }, ref) {
  const rule = useContext(PlayLinkContext);
  const href = rule.href(video);
  if (rule.newTab) return <a ref={ref} href={href} target="_blank" rel={rel ?? 'noopener'} {...rest} />;
  return <RouterLink ref={ref} to={href} {...rest} />;
});

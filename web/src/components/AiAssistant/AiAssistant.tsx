import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useHydrated } from '../../lib/useHydrated';
import { AiButton } from './AiButton';
import type { AiAskScope } from './useAiConversation';

/** A question handed to the drawer from outside it (the play page's 猜你想问). */
export interface AiAskRequest {
  readonly question: string;
  /** What it is about (the play page's video); absent: what the drawer would ask about. */
  readonly scope?: AiAskScope;
  /** Tells two requests of the same question apart. */
  readonly seq: number;
}

export interface AiAssistantControls {
  /** Opens the drawer. */
  open(): void;
  /** Opens the drawer and asks (with the drawer's rules: login, busy), about `scope` when given. */
  ask(question: string, scope?: AiAskScope): void;
}

const AiAssistantContext = createContext<AiAssistantControls | null>(null);

/** What the pages may do with the AI drawer of the shell. */
export function useAiAssistant(): AiAssistantControls {
  const controls = useContext(AiAssistantContext);
  if (controls === null) throw new Error('useAiAssistant needs the shell’s AiAssistant');
  return controls;
}

const loadDrawer = () => import('./AiDrawer');
/** The drawer (its query, the subscription, the conversation) is a chunk of its own, loaded on first use. */
const AiDrawer = lazy(loadDrawer);

/**
 * The AI assistant of the desktop site (§2 AI drawer): the floating button and, once opened,
 * the drawer. The drawer stays mounted after it is closed, so an answer keeps streaming and the
 * conversation is there when it opens again.
 */
export function AiAssistant({ children }: { readonly children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [request, setRequest] = useState<AiAskRequest | null>(null);
  const seq = useRef(0);

  const controls = useMemo<AiAssistantControls>(
    () => ({
      open: () => {
        setMounted(true);
        setOpen(true);
      },
      ask: (question, scope) => {
        seq.current += 1;
        setRequest(scope ? { question, scope, seq: seq.current } : { question, seq: seq.current });
        setMounted(true);
        setOpen(true);
      },
    }),
    [],
  );
  const hydrated = useHydrated();
  const warmUp = useCallback(() => {
    void loadDrawer();
  }, []);
  const taken = useCallback((done: AiAskRequest) => setRequest((current) => (current === done ? null : current)), []);

  return (
    <AiAssistantContext.Provider value={controls}>
      {children}
      {/* placed by the window's size and a remembered drag: the browser's alone, after a server-rendered first screen */}
      {hydrated ? <AiButton onOpen={controls.open} onWarmUp={warmUp} /> : null}
      {mounted ? (
        <Suspense fallback={null}>
          <AiDrawer open={isOpen} onOpenChange={setOpen} request={request} onRequestTaken={taken} />
        </Suspense>
      ) : null}
    </AiAssistantContext.Provider>
  );
}

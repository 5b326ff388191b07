import { Box, Button, CloseButton, Drawer, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import type { AiDrawerQuery } from '../../__generated__/AiDrawerQuery.graphql';
import { useOpenLoginPage } from '../../lib/LoginPage';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { setSidePanelInset } from '../../lib/sidePanelInset';
import { showMessage } from '../ui/toaster';
import type { AiAskRequest } from './AiAssistant';
import { AiExchangeView } from './AiExchangeView';
import { AiQuestionInput } from './AiQuestionInput';
import { AiSuggestedQuestions } from './AiSuggestedQuestions';
import { QuietBoundary } from './QuietBoundary';
import { useAiScope } from './aiScope';
import { questionProblem } from './aiQuestionRules';
import { AI_TEXT } from './aiText';
import { useDrawerWidth } from './drawerWidth';
import { useAiConversation, type AiAskScope, type AiConversation } from './useAiConversation';

/** Whether the person may ask (§5, §6: visitors get the login page instead). */
const drawerQuery = graphql`
  query AiDrawerQuery {
    viewer {
      userType
    }
  }
`;

interface Props {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** A question asked from outside the drawer (the play page's 猜你想问), until taken. */
  readonly request: AiAskRequest | null;
  readonly onRequestTaken: (request: AiAskRequest) => void;
}

/**
 * The right-hand drawer AI问答 (§2 AI drawer, §4 AI chat, §5, §9): suggested questions, the
 * conversation with streamed thinking, answers and cited source videos, the deep-thinking toggle
 * and the question input. Not modal: the page (the player) stays usable beside it. The
 * conversation lives here, above the drawer's content, so closing the drawer keeps it.
 */
export default function AiDrawer({ open, onOpenChange, request, onRequestTaken }: Props) {
  const environment = useRelayEnvironment();
  const openLoginPage = useOpenLoginPage();
  // the session ended since the drawer learnt who the viewer is: as for a visitor, the login page;
  // the viewer is asked again, so the drawer (and the shell) know it is a visitor now
  const onLoginRequired = useCallback(() => {
    openLoginPage();
    import('../../relay/ViewerRefresh').then(
      (module) => module.refreshViewer(environment),
      () => undefined,
    );
  }, [openLoginPage, environment]);
  const conversation = useAiConversation({ onLoginRequired });
  const width = useDrawerWidth();
  // the floating player keeps clear of the open drawer
  useEffect(() => {
    if (!open) return;
    setSidePanelInset(width);
    return () => setSidePanelInset(0);
  }, [open, width]);
  return (
    <Drawer.Root
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="end"
      modal={false}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Drawer.Positioner pointerEvents="none">
          <Drawer.Content
            pointerEvents="auto"
            width={`${width}px`}
            maxW="100vw"
            bg="gray.50"
            data-testid="ai-drawer"
            style={{ width: `${width}px` }}
          >
            <Drawer.Header borderBottomWidth="1px" borderColor="gray.100" bg="white" py="3" px="4">
              <Drawer.Title fontSize="md" fontWeight="bold" flex="1">
                {AI_TEXT.drawerTitle}
              </Drawer.Title>
              <Button
                size="xs"
                variant="ghost"
                color="gray.600"
                disabled={conversation.exchanges.length === 0}
                onClick={conversation.clear}
              >
                {AI_TEXT.clear}
              </Button>
              <Drawer.CloseTrigger asChild position="static">
                <CloseButton size="sm" aria-label="关闭" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <QuietBoundary
              fallback={
                <Text role="alert" p="6" fontSize="sm" color="gray.600" textAlign="center">
                  {AI_TEXT.unavailable}
                </Text>
              }
            >
              <Suspense
                fallback={
                  <Box flex="1" display="grid" placeItems="center">
                    <Spinner color="red.500" />
                  </Box>
                }
              >
                <DrawerBody conversation={conversation} request={request} onRequestTaken={onRequestTaken} />
              </Suspense>
            </QuietBoundary>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function DrawerBody({
  conversation,
  request,
  onRequestTaken,
}: {
  readonly conversation: AiConversation;
  readonly request: AiAskRequest | null;
  readonly onRequestTaken: (request: AiAskRequest) => void;
}) {
  const { viewer } = useLazyLoadQuery<AiDrawerQuery>(drawerQuery, {}, { fetchPolicy: 'store-or-network' });
  const openLoginPage = useOpenLoginPage();
  const scope = useAiScope();
  const [deepThinking, setDeepThinking] = useState(false);
  const isVisitor = ANONYMOUS_USER_TYPES.includes(viewer.userType);
  const { ask, busy } = conversation;

  /**
   * A question from the input (busyText 正在为你解读，请稍等...) or from a suggestion elsewhere
   * (正在解答中请稍等...). Returns whether it was asked.
   */
  const tryAsk = useCallback(
    (question: string, busyText: string, about: AiAskScope = scope): boolean => {
      const problem = questionProblem(question);
      if (problem) {
        showMessage(problem, 'warning');
        return false;
      }
      if (isVisitor) {
        openLoginPage();
        return false;
      }
      // ask() refuses too when an answer began since this render (two questions in one tick)
      if (busy || !ask(question, deepThinking, about)) {
        showMessage(busyText, 'warning');
        return false;
      }
      return true;
    },
    [isVisitor, openLoginPage, busy, ask, deepThinking, scope],
  );

  // a question handed over by the page (the drawer has just been opened for it), asked once
  const takenSeq = useRef(0);
  useEffect(() => {
    if (!request || request.seq === takenSeq.current) return;
    takenSeq.current = request.seq;
    onRequestTaken(request);
    tryAsk(request.question, AI_TEXT.busyElsewhere, request.scope);
  }, [request, onRequestTaken, tryAsk]);

  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const last = conversation.exchanges[conversation.exchanges.length - 1];
  // follow the answer as it streams in, unless the reader scrolled up
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [last, conversation.exchanges.length]);

  return (
    <>
      <Drawer.Body
        ref={scroller}
        px="4"
        py="4"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        <Stack gap="4">
          <Text
            fontSize="sm"
            color="gray.600"
            bg="white"
            borderRadius="lg"
            p="3"
            borderWidth="1px"
            borderColor="gray.100"
          >
            {AI_TEXT.intro}
          </Text>
          {/* suggestions that fail to load are simply not offered; the input still works */}
          <QuietBoundary fallback={null}>
            <Suspense fallback={<Spinner size="sm" color="gray.400" alignSelf="center" />}>
              <AiSuggestedQuestions
                courseId={scope.courseId}
                videoId={scope.videoId}
                onPick={(question) => tryAsk(question, AI_TEXT.busyElsewhere)}
              />
            </Suspense>
          </QuietBoundary>
          {conversation.exchanges.map((exchange) => (
            <AiExchangeView key={exchange.id} exchange={exchange} />
          ))}
        </Stack>
      </Drawer.Body>
      <Drawer.Footer display="block" bg="white" borderTopWidth="1px" borderColor="gray.100" px="4" py="3">
        <AiQuestionInput
          busy={busy}
          deepThinking={deepThinking}
          onDeepThinkingChange={setDeepThinking}
          onSubmit={(question) => tryAsk(question, AI_TEXT.busy)}
        />
      </Drawer.Footer>
    </>
  );
}

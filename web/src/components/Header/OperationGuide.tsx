import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated';
import { GUIDE_SEEN_KEY } from '../../constants';
import { HelpIcon } from '../icons/Icons';

const loadDialog = () => import('../Home/OperationGuideDialog');
const OperationGuideDialog = lazy(loadDialog);
const preloadDialog = () => {
  void loadDialog();
};

function readSeen(): boolean {
  try {
    return window.localStorage.getItem(GUIDE_SEEN_KEY) === '1';
  } catch {
    return true; // storage unavailable: do not nag on every visit
  }
}

function markSeen(): void {
  try {
    window.localStorage.setItem(GUIDE_SEEN_KEY, '1');
  } catch {
    /* storage unavailable */
  }
}

/**
 * 操作指南 in the header, on every page: the popup on the three ways to get access (§1). On a
 * visitor's first visit of the home page's 全部 tab (`greet`) a small hint under the button says
 * where it is, at once with the header (no chunk to wait for) and blocking nothing: it is not
 * modal, so no click on the page is swallowed; 查看指南 opens the guide, 知道了 closes the hint. A
 * viewer already signed in (by an organisation's network or link, or an account) is not greeted.
 */
export function OperationGuide({ greet = false }: { readonly greet?: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // decided once, on the first render: shown at once, and only on the first visit; after a
  // server-rendered first screen, on the first render after hydrating (the server knows no storage)
  const hydrated = useHydrated();
  const [hint, setHint] = useState(() => greet && hydrated && !readSeen());
  const [wasHydrated, setWasHydrated] = useState(hydrated);
  if (hydrated !== wasHydrated) {
    setWasHydrated(hydrated);
    if (greet && !readSeen()) setHint(true);
  }

  useEffect(() => {
    if (hint) markSeen();
  }, [hint]);
  // coming to the home page's 全部 tab later greets then (once); leaving it ends the greeting
  const [wasGreeting, setWasGreeting] = useState(greet);
  if (greet !== wasGreeting) {
    setWasGreeting(greet);
    if (!greet) setHint(false);
    else if (!readSeen()) setHint(true);
  }

  const openGuide = () => {
    setHint(false);
    setLoaded(true);
    setOpen(true);
  };

  return (
    <Box position="relative">
      <Button
        size="sm"
        variant="ghost"
        color="gray.600"
        px={{ base: '2', xl: '3' }}
        aria-haspopup="dialog"
        onClick={openGuide}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        <HelpIcon />
        操作指南
      </Button>
      {hint ? (
        <Box
          role="note"
          aria-label="操作指南提示"
          position="absolute"
          top="calc(100% + 10px)"
          right="0"
          zIndex="dropdown"
          width="260px"
          bg="white"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="red.100"
          boxShadow="lg"
          p="3"
        >
          {/* one short line: a note over the banner must never be /home's largest paint (speed issue);
              the guide itself says the rest */}
          <Text fontSize="sm" color="gray.700" lineHeight="1.6">
            第一次来？先看看「操作指南」
          </Text>
          <HStack justify="flex-end" gap="2" mt="2">
            <Button size="xs" variant="ghost" color="gray.600" onClick={() => setHint(false)}>
              知道了
            </Button>
            <Button size="xs" colorPalette="red" onClick={openGuide}>
              查看指南
            </Button>
          </HStack>
        </Box>
      ) : null}
      {loaded ? (
        <Suspense fallback={null}>
          <OperationGuideDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

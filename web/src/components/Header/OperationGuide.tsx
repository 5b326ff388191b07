import { Button } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { GUIDE_SEEN_KEY } from '../../constants';
import { HelpIcon } from '../icons/Icons';

const OperationGuideDialog = lazy(() => import('../Home/OperationGuideDialog'));

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
 * 操作指南 in the header, on every page: the popup on the three ways to get access (§1). It opens
 * by itself once, the first time the home page's 全部 tab is shown (`autoOpen`).
 */
export function OperationGuide({ autoOpen = false }: { readonly autoOpen?: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (autoOpen && !readSeen()) {
      markSeen();
      setLoaded(true);
      setOpen(true);
    }
  }, [autoOpen]);

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        color="gray.600"
        px={{ base: '2', xl: '3' }}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <HelpIcon />
        操作指南
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <OperationGuideDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { Button } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { GUIDE_SEEN_KEY } from '../../constants';
import { HelpIcon } from '../icons/Icons';

const OperationGuideDialog = lazy(() => import('./OperationGuideDialog'));

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

/** 操作指南: the popup on the three ways to get access (§1); it opens by itself on the first visit. */
export function OperationGuide() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!readSeen()) {
      markSeen();
      setLoaded(true);
      setOpen(true);
    }
  }, []);

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        borderRadius="full"
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

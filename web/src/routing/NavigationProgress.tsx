import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

type Phase = 'idle' | 'loading' | 'finishing';

/**
 * The thin bar at the top of the window while a route's data loads: it creeps towards 90 % while
 * `active`, then fills and fades out.
 */
export function NavigationProgress({ active }: { readonly active: boolean }) {
  const [phase, setPhase] = useState<Phase>(active ? 'loading' : 'idle');
  const [wasActive, setWasActive] = useState(active);
  // `active` changed: the phase follows during this render (not after it, in an effect)
  if (active !== wasActive) {
    setWasActive(active);
    setPhase(active ? 'loading' : phase === 'loading' ? 'finishing' : phase);
  }

  useEffect(() => {
    if (phase !== 'finishing') return;
    const timer = setTimeout(() => setPhase('idle'), 450);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <Box
      role="progressbar"
      aria-label="页面加载中"
      aria-busy={phase === 'loading'}
      position="fixed"
      top="0"
      left="0"
      right="0"
      height="3px"
      zIndex="max"
      pointerEvents="none"
    >
      <Box
        height="100%"
        bgGradient="to-r"
        gradientFrom="red.400"
        gradientTo="orange.400"
        boxShadow="0 0 8px rgba(229, 62, 62, 0.6)"
        transformOrigin="left center"
        style={
          phase === 'loading'
            ? { animation: 'szykt-nav-progress 8s cubic-bezier(0.08, 0.8, 0.2, 1) forwards' }
            : { transform: 'scaleX(1)', opacity: 0, transition: 'transform 200ms ease-out, opacity 300ms ease 150ms' }
        }
      />
    </Box>
  );
}

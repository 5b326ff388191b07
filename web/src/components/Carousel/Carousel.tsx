import { Box, HStack, IconButton, type BoxProps } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/Icons';

interface Props {
  readonly count: number;
  readonly renderSlide: (index: number, active: boolean) => ReactNode;
  /** Autoplay interval; paused while hovered, focused or while the tab is in the background. */
  readonly intervalMs: number;
  readonly label: string;
  readonly height?: BoxProps['height'];
  /** Width / height of the slide area (instead of a height). */
  readonly aspectRatio?: number;
  readonly dots?: 'overlay' | 'below';
}

/** A sliding carousel with arrows, dots and autoplay. */
export function Carousel({ count, renderSlide, intervalMs, label, height, aspectRatio, dots = 'overlay' }: Props) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // reads `paused` when the timer fires, without restarting the timer when it changes
  const advance = useEffectEvent(() => {
    if (!paused && document.visibilityState === 'visible') setIndex((i) => (i + 1) % count);
  });

  useEffect(() => {
    if (count <= 1) return;
    const timer = setInterval(() => advance(), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);

  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      position="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
      className="group"
    >
      <Box position="relative">
        <Box overflow="hidden" borderRadius="xl" height={height} aspectRatio={aspectRatio}>
          <Box
            display="flex"
            height="100%"
            transition="transform 0.6s cubic-bezier(0.22, 0.8, 0.2, 1)"
            style={{ transform: `translateX(-${current * 100}%)` }}
          >
            {Array.from({ length: count }, (_, i) => (
              <Box
                key={i}
                flex="0 0 100%"
                height="100%"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} / ${count}`}
                aria-hidden={i !== current}
                inert={i !== current}
              >
                {renderSlide(i, i === current)}
              </Box>
            ))}
          </Box>
        </Box>
        {count > 1 ? (
          <>
            <Arrow side="left" onClick={() => go(current - 1)} />
            <Arrow side="right" onClick={() => go(current + 1)} />
            {dots === 'overlay' ? <Dots count={count} current={current} onSelect={go} overlay /> : null}
          </>
        ) : null}
      </Box>
      {count > 1 && dots === 'below' ? <Dots count={count} current={current} onSelect={go} overlay={false} /> : null}
    </Box>
  );
}

function Dots({
  count,
  current,
  onSelect,
  overlay,
}: {
  count: number;
  current: number;
  onSelect: (index: number) => void;
  overlay: boolean;
}) {
  return (
    <HStack
      justify="center"
      gap="0"
      {...(overlay ? { position: 'absolute', bottom: '1.5', left: '0', right: '0' } : { mt: '1.5' })}
    >
      {/* each dot sits in a 24 px button: a target a finger can hit (WCAG 2.5.8), the dot as small as before */}
      {Array.from({ length: count }, (_, i) => (
        <Box
          as="button"
          key={i}
          aria-label={`第 ${i + 1} 张`}
          aria-current={i === current}
          onClick={() => onSelect(i)}
          minW="24px"
          height="24px"
          px="1"
          display="grid"
          placeItems="center"
          cursor="pointer"
        >
          <Box
            height="6px"
            width={i === current ? '22px' : '8px'}
            borderRadius="full"
            bg={i === current ? (overlay ? 'white' : 'red.500') : overlay ? 'white/50' : 'gray.300'}
            transition="all 0.25s"
          />
        </Box>
      ))}
    </HStack>
  );
}

function Arrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  return (
    <IconButton
      aria-label={side === 'left' ? '上一张' : '下一张'}
      onClick={onClick}
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      {...(side === 'left' ? { left: '3' } : { right: '3' })}
      size="sm"
      borderRadius="full"
      bg="blackAlpha.400"
      color="white"
      _hover={{ bg: 'blackAlpha.600' }}
      opacity="0"
      _groupHover={{ opacity: 1 }}
      _focusVisible={{ opacity: 1 }}
      transition="opacity 0.2s"
    >
      {side === 'left' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}

import { Box, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  AI_BUTTON_SIZE,
  clampToWindow,
  defaultPosition,
  loadPosition,
  savePosition,
  type ButtonPosition,
} from './aiButtonPosition';
import { AI_LIMITS, AI_TEXT } from './aiText';

interface Press {
  readonly at: number;
  readonly pointerX: number;
  readonly pointerY: number;
  readonly from: ButtonPosition;
  moved: ButtonPosition | null;
}

interface Props {
  /** A click: open the drawer. */
  readonly onOpen: () => void;
  /** The pointer came near: a good moment to start loading the drawer's code. */
  readonly onWarmUp?: () => void;
}

function windowSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The floating AI button of every desktop page (§2 AI drawer, §9). A press shorter than 150 ms
 * is a click that opens the drawer; a longer one drags the button (kept inside the window, the
 * place remembered for the next visit). The tip 有问题，问问AI shows for 3 s after the page opens.
 * The press is timed on pointer down/up rather than judged by distance, as §9 words it.
 */
export function AiButton({ onOpen, onWarmUp }: Props) {
  const [size, setSize] = useState(windowSize);
  const [dragged, setDragged] = useState<ButtonPosition | null>(loadPosition);
  const [tipShown, setTipShown] = useState(true);
  const press = useRef<Press | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTipShown(false), AI_LIMITS.tipMs);
    return () => clearTimeout(timer);
  }, []);

  // a smaller window must not hide the button: it is clamped again at every render
  useEffect(() => {
    const onResize = () => setSize(windowSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const position = dragged ? clampToWindow(dragged, size.width, size.height) : defaultPosition(size.width, size.height);

  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    press.current = { at: Date.now(), pointerX: e.clientX, pointerY: e.clientY, from: position, moved: null };
    // keep receiving the moves when the pointer runs ahead of the button
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current || Date.now() - current.at < AI_LIMITS.clickMs) return;
    const next = clampToWindow(
      { left: current.from.left + e.clientX - current.pointerX, top: current.from.top + e.clientY - current.pointerY },
      window.innerWidth,
      window.innerHeight,
    );
    current.moved = next;
    setDragged(next);
  };

  const onPointerUp = () => {
    const current = press.current;
    press.current = null;
    if (!current) return;
    if (Date.now() - current.at < AI_LIMITS.clickMs) {
      onOpen();
      return;
    }
    if (current.moved) savePosition(current.moved);
  };

  return (
    <Box
      position="fixed"
      zIndex="banner"
      // inline, not a style prop: a drag changes it at every move and must not mint a CSS class each time
      style={{ left: `${position.left}px`, top: `${position.top}px` }}
      data-testid="ai-button"
      onPointerEnter={onWarmUp}
    >
      {tipShown ? (
        <Box
          position="absolute"
          right={`${AI_BUTTON_SIZE + 10}px`}
          top="50%"
          transform="translateY(-50%)"
          whiteSpace="nowrap"
          bg="white"
          color="gray.700"
          fontSize="sm"
          px="3"
          py="1.5"
          borderRadius="full"
          boxShadow="0 6px 18px rgba(15, 23, 42, 0.14)"
          pointerEvents="none"
          data-testid="ai-button-tip"
        >
          {AI_TEXT.tip}
        </Box>
      ) : null}
      <chakra.button
        type="button"
        aria-label={AI_TEXT.buttonLabel}
        title={AI_TEXT.drawerTitle}
        width={`${AI_BUTTON_SIZE}px`}
        height={`${AI_BUTTON_SIZE}px`}
        borderRadius="full"
        bgGradient="to-br"
        gradientFrom="red.500"
        gradientTo="orange.400"
        color="white"
        fontWeight="bold"
        fontSize="lg"
        boxShadow="0 8px 22px rgba(220, 38, 38, 0.35)"
        cursor="grab"
        userSelect="none"
        // the browser must not scroll or zoom the page while the button is dragged by touch
        touchAction="none"
        _active={{ cursor: 'grabbing' }}
        _focusVisible={{ outline: '3px solid', outlineColor: 'red.200' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = null;
        }}
        onClick={(e) => {
          // Enter or Space (no pointer): pointer clicks were judged on pointer up
          if (e.detail === 0) onOpen();
        }}
      >
        AI
      </chakra.button>
    </Box>
  );
}

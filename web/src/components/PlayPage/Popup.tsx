import { Box, Button } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** The button's content (its accessible name) and the panel's name. */
  readonly label: string;
  readonly icon?: ReactNode;
  readonly children: ReactNode;
}

/**
 * A button with a small panel under it (手机观看, 分享): opens on click, closes on a second click,
 * Escape or a click outside.
 */
export function Popup({ label, icon, children }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Box ref={root} position="relative">
      <Button
        variant="ghost"
        size="sm"
        color="gray.600"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen((v) => !v)}
      >
        {icon}
        {label}
      </Button>
      {open ? (
        <Box
          id={panelId}
          role="dialog"
          aria-label={label}
          position="absolute"
          top="calc(100% + 8px)"
          right="0"
          zIndex="popover"
          width="max-content"
          maxW="min(360px, 90vw)"
          bg="white"
          borderRadius="xl"
          borderWidth="1px"
          borderColor="gray.100"
          boxShadow="0 16px 40px rgba(15, 23, 42, 0.16)"
          p="4"
        >
          {children}
        </Box>
      ) : null}
    </Box>
  );
}

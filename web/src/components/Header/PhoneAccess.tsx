import { Box, Button, Image, SimpleGrid, Skeleton, Text, VStack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { qrTargetUrl, site } from '../../site';
import { PhoneIcon } from '../icons/Icons';

/**
 * Header "手机访问": a panel with three QR codes drawn locally by `qrcode`, which loads only when
 * the panel opens. Opens on click or hover; closes on Escape, a click outside or when the pointer
 * leaves it.
 */
export function PhoneAccess() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
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

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), 250);
  };

  return (
    <Box
      ref={root}
      position="relative"
      onMouseEnter={() => {
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={scheduleClose}
    >
      <Button
        variant="ghost"
        size="sm"
        color="gray.600"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PhoneIcon />
        手机访问
      </Button>
      {open ? (
        <Box
          id={panelId}
          role="dialog"
          aria-label="手机访问"
          position="absolute"
          top="calc(100% + 10px)"
          left="50%"
          transform="translateX(-50%)"
          zIndex="popover"
          width="max-content"
          bg="white"
          borderRadius="xl"
          borderWidth="1px"
          borderColor="gray.100"
          boxShadow="0 16px 40px rgba(15, 23, 42, 0.16)"
          p="5"
          _before={{
            content: '""',
            position: 'absolute',
            top: '-6px',
            left: '50%',
            width: '12px',
            height: '12px',
            bg: 'white',
            borderLeftWidth: '1px',
            borderTopWidth: '1px',
            borderColor: 'gray.100',
            transform: 'translateX(-50%) rotate(45deg)',
          }}
        >
          <Text fontWeight="semibold" mb="3" textAlign="center">
            扫码在手机上学习
          </Text>
          <QrCodes />
        </Box>
      ) : null}
    </Box>
  );
}

function QrCodes() {
  const [images, setImages] = useState<readonly string[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((QRCode) =>
        Promise.all(
          site.qrCodes.map((qr) =>
            QRCode.toDataURL(qrTargetUrl(qr.target), { width: 240, margin: 1, errorCorrectionLevel: 'M' }),
          ),
        ),
      )
      .then((urls) => {
        if (!cancelled) setImages(urls);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <SimpleGrid columns={3} gap="5">
      {site.qrCodes.map((qr, i) => (
        <VStack key={qr.label} gap="1.5" width="120px">
          <Box borderWidth="1px" borderRadius="lg" p="1.5" bg="white">
            {images?.[i] ? (
              <Image src={images[i]} alt={`${qr.label}二维码`} width="104px" height="104px" />
            ) : failed ? (
              <Box width="104px" height="104px" display="grid" placeItems="center" fontSize="xs" color="fg.muted">
                二维码生成失败
              </Box>
            ) : (
              <Skeleton width="104px" height="104px" />
            )}
          </Box>
          <Text fontSize="sm" fontWeight="medium">
            {qr.label}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {qr.hint}
          </Text>
        </VStack>
      ))}
    </SimpleGrid>
  );
}

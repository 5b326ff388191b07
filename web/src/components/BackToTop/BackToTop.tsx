import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { TOPIC_LECTURER_TEXT } from '../../constants';
import { ChevronUpIcon } from '../icons/Icons';

/** Shown once the page is scrolled this far. */
const SHOW_AFTER_PX = 400;

/** A round button in the bottom-right corner that scrolls the page back to the top. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <IconButton
      aria-label={TOPIC_LECTURER_TEXT.backToTop}
      title={TOPIC_LECTURER_TEXT.backToTop}
      position="fixed"
      right="6"
      bottom="10"
      zIndex="docked"
      borderRadius="full"
      colorPalette="red"
      size="lg"
      boxShadow="lg"
      onClick={() => window.scrollTo({ top: 0, left: 0, behavior: 'smooth' })}
    >
      <ChevronUpIcon />
    </IconButton>
  );
}

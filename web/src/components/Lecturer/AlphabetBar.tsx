import { Button, HStack } from '@chakra-ui/react';
import { LECTURER_LETTERS, TOPIC_LECTURER_TEXT } from '../../constants';

/** 全部 and A–Z: the pinyin initial of the lecturer's surname (null = all). */
export function AlphabetBar({
  value,
  onChange,
}: {
  readonly value: string | null;
  readonly onChange: (letter: string | null) => void;
}) {
  const item = (letter: string | null, label: string) => {
    const active = value === letter;
    return (
      <Button
        key={label}
        size="xs"
        minW="7"
        px="2"
        variant={active ? 'solid' : 'ghost'}
        colorPalette={active ? 'red' : 'gray'}
        aria-pressed={active}
        onClick={() => onChange(letter)}
      >
        {label}
      </Button>
    );
  };
  return (
    <HStack gap="1" wrap="wrap" role="group" aria-label="按姓氏拼音首字母筛选">
      {item(null, TOPIC_LECTURER_TEXT.allLetters)}
      {LECTURER_LETTERS.map((letter) => item(letter, letter))}
    </HStack>
  );
}

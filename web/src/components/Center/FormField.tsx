import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The props that tie a control to its label and its message (screen readers read the message with the field). */
export function fieldControlProps(id: string, error: string | null | undefined, extraDescription?: string) {
  const describedBy = [error ? `${id}-error` : null, extraDescription ?? null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface Props {
  readonly id: string;
  readonly label: string;
  readonly error?: string | null;
  /** Something beside the message, e.g. the intro's counter. */
  readonly aside?: ReactNode;
  readonly children: ReactNode;
}

/** A labelled row of a settings form with its message underneath. */
export function FormField({ id, label, error, aside, children }: Props) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: '7em 1fr' }}
      columnGap="4"
      rowGap="1.5"
      alignItems="start"
    >
      <chakra.label htmlFor={id} fontSize="sm" color="gray.600" pt={{ base: 0, md: '2' }} textAlign={{ md: 'right' }}>
        {label}
      </chakra.label>
      <Stack gap="1" minW="0">
        {children}
        {error || aside ? (
          <Box display="flex" gap="3" justifyContent="space-between" alignItems="baseline">
            <Text id={`${id}-error`} fontSize="sm" color="red.500" minH="1.25em">
              {error ?? ''}
            </Text>
            {aside}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/** A labelled row whose content is not a single control (the gender radios, read-only values). */
export function FormRow({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: '7em 1fr' }}
      columnGap="4"
      rowGap="1.5"
      alignItems="center"
    >
      <Text fontSize="sm" color="gray.600" textAlign={{ md: 'right' }}>
        {label}
      </Text>
      <Box minW="0">{children}</Box>
    </Box>
  );
}

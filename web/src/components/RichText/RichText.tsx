import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitizeHtml';

/**
 * HTML from the platform (a lecturer's intro), sanitised again here with an allow-list before it
 * is rendered: see lib/sanitizeHtml.
 */
export function RichText({
  html,
  ...rest
}: { readonly html: string } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      fontSize="sm"
      color="gray.700"
      lineHeight="1.8"
      css={{
        '& p': { marginBlock: '0.4em' },
        '& ul, & ol': { paddingInlineStart: '1.5em', marginBlock: '0.4em' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& h3, & h4': { fontWeight: 'bold', color: 'gray.900', marginBlock: '0.6em' },
        '& h3': { fontSize: 'md' },
        '& a': { color: 'red.600', textDecoration: 'underline' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md', marginBlock: '0.5em' },
      }}
      {...rest}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

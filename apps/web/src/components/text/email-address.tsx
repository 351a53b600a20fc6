import Box, { type BoxProps } from '@mui/material/Box';
import { Fragment } from 'react';

/**
 * Where a long address may wrap, as typographers break them: before the '@' and before each dot,
 * so a line never ends in the middle of a word ('lucia.fernanda' / '@estudiantes' / '.uni.edu').
 */
export const splitEmailForWrapping = (email: string): string[] =>
  email.split(/(?=[@.])/).filter(Boolean);

/**
 * An email address that moves to the next line whole when it fits there (an inline block), and
 * otherwise wraps at sensible points on a narrow screen.
 */
export const EmailAddress = ({ email, ...props }: { email: string } & BoxProps) => (
  <Box
    component="span"
    {...props}
    sx={{
      display: 'inline-block',
      maxWidth: '100%',
      // A single part longer than the line still breaks rather than overflow the screen.
      overflowWrap: 'anywhere',
      ...props.sx,
    }}
  >
    {splitEmailForWrapping(email).map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </Box>
);

import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { splitMessage } from '../utils/linkify';

/** A message as text (never HTML); only links to this site are clickable. */
export const MessageText = ({ content }: { content: string }) => (
  <>
    {splitMessage(content, window.location.origin).map((part, index) =>
      part.kind === 'link' ? (
        <Link key={index} component={RouterLink} to={part.path} color="inherit" underline="always">
          {part.text}
        </Link>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

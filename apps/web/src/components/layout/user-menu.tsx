import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import type { SessionUser } from '@/lib/session';
import { getInitials } from '@/utils/initials';

const loadPopup = () => import('./user-menu-popup');
const UserMenuPopup = lazy(loadPopup);

/**
 * The avatar button and its account menu. The menu (MUI Menu, Popover, Modal) is loaded on the
 * first hover, focus or click, not with the page (issue 7's JS budget).
 */
export const UserMenu = ({
  user,
  isAdmin,
  onSignOut,
}: {
  user: SessionUser;
  isAdmin: boolean;
  onSignOut: () => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const menuId = useId();
  const isOpen = anchor !== null;
  const initials = getInitials(user.name);
  const preload = () => void loadPopup();

  return (
    <>
      <IconButton
        onClick={(event: MouseEvent<HTMLElement>) => {
          setHasOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        // The visible initials start the accessible name (WCAG 2.5.3, label in name).
        aria-label={initials ? `${initials}, abrir menú de usuario` : 'Abrir menú de usuario'}
        title="Mi cuenta"
        aria-controls={isOpen ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={isOpen ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Box
          component="span"
          sx={{
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: '#fff',
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            fontSize: '0.95rem',
            fontWeight: 600,
            fontFamily: 'Poppins, Roboto, sans-serif',
          }}
        >
          {initials}
        </Box>
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <UserMenuPopup
            id={menuId}
            anchor={anchor}
            user={user}
            isAdmin={isAdmin}
            onClose={() => setAnchor(null)}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
    </>
  );
};

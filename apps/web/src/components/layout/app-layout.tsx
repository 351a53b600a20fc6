import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RouteBoundary } from '@/components/errors/route-boundary';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { NavigationFocus } from './navigation-focus';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './bottom-bar';
import { TopBar } from './top-bar';
import { UNVERIFIED_NOTICE_HIDDEN_ON, UnverifiedNotice } from './unverified-notice';
import { useBottomBarVisible, useIsNarrow } from './use-layout';

/**
 * The root layout of spec section 2: sticky top bar, main content, bottom bar. The app layer
 * passes the bell's state (app/root-layout.tsx).
 */
export const AppLayout = ({
  hasUnreadNotifications = false,
  unreadMessages = 0,
}: {
  hasUnreadNotifications?: boolean;
  /** The chat icon's badge. */
  unreadMessages?: number;
}) => {
  const { user, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isNarrow = useIsNarrow();
  const hasBottomBar = user !== null && isNarrow;
  const isBottomBarVisible = useBottomBarVisible(hasBottomBar);

  // The provider drops the cached answers of the account that signs out (app/provider.tsx).
  const handleSignOut = () => {
    signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#contenido"
        sx={{
          color: 'primary.main',
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1.5,
          borderRadius: 2,
          '&:focus': { top: 8 },
        }}
      >
        Saltar al contenido
      </Box>
      <TopBar
        user={user}
        isAdmin={isAdmin}
        isNarrow={isNarrow}
        hasUnreadNotifications={hasUnreadNotifications}
        unreadMessages={unreadMessages}
        onSignOut={handleSignOut}
      />
      {user && !user.verified && !UNVERIFIED_NOTICE_HIDDEN_ON.includes(pathname) && (
        <UnverifiedNotice />
      )}
      <Box
        component="main"
        id="contenido"
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', pb: hasBottomBar ? `${BOTTOM_BAR_HEIGHT + 16}px` : 0 }}
      >
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </Box>
      {!hasBottomBar && (
        <Box component="footer" sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">
            © {new Date().getFullYear()} {env.appName} · Compra y vende dentro de tu comunidad
            universitaria
          </Typography>
        </Box>
      )}
      {hasBottomBar && <BottomBar visible={isBottomBarVisible} />}
      <NavigationFocus />
    </Box>
  );
};

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RouteBoundary } from '@/components/errors/route-boundary';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { NavigationFocus } from './navigation-focus';
import { OfflineNotice } from './offline-notice';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './bottom-bar';
import { TopBar } from './top-bar';
import { UNVERIFIED_NOTICE_HIDDEN_ON, UnverifiedNotice } from './unverified-notice';
import { NARROW_MEDIA } from './layout-rules';
import { useBottomBarVisible } from './use-layout';

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
  // Signed in, the narrow layout has the bottom bar instead of the footer: both are rendered and
  // CSS shows one (layout-rules.ts), so the server's page and the hydrated one are the same.
  const hasBottomBar = user !== null;
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
        hasUnreadNotifications={hasUnreadNotifications}
        unreadMessages={unreadMessages}
        onSignOut={handleSignOut}
      />
      <OfflineNotice />
      {user && !user.verified && !UNVERIFIED_NOTICE_HIDDEN_ON.includes(pathname) && (
        <UnverifiedNotice />
      )}
      <Box
        component="main"
        id="contenido"
        tabIndex={-1}
        sx={{
          flex: 1,
          outline: 'none',
          ...(hasBottomBar ? { [NARROW_MEDIA]: { pb: `${BOTTOM_BAR_HEIGHT + 16}px` } } : {}),
        }}
      >
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </Box>
      <Box
        component="footer"
        sx={{
          py: 4,
          px: 2,
          textAlign: 'center',
          color: 'text.secondary',
          ...(hasBottomBar ? { [NARROW_MEDIA]: { display: 'none' } } : {}),
        }}
      >
        <Typography variant="body2">
          {/* The year of the server's render and of the browser may differ on New Year's Eve. */}©{' '}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> {env.appName} · Compra y
          vende dentro de tu comunidad universitaria
        </Typography>
      </Box>
      {hasBottomBar && <BottomBar visible={isBottomBarVisible} />}
      <NavigationFocus />
    </Box>
  );
};

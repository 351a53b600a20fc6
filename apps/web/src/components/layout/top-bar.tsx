import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';
import { NARROW_MEDIA, WIDE_MEDIA } from './layout-rules';
import { LogoMark } from './logo';
import { MAIN_NAV, visibleItems } from './nav-items';
import { UserMenu } from './user-menu';

// The drawer (MUI Drawer, Modal, transitions) loads on the first open, not with the page.
const loadNavDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(loadNavDrawer);

export type TopBarProps = {
  user: SessionUser | null;
  isAdmin: boolean;
  hasUnreadNotifications: boolean;
  /** Unread chat messages: a count on the chat icon (issue 18). */
  unreadMessages?: number;
  onSignOut: () => void;
};

/** Sticky top bar of spec section 2. */
export const TopBar = ({
  user,
  isAdmin,
  hasUnreadNotifications,
  unreadMessages = 0,
  onSignOut,
}: TopBarProps) => {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const { pathname } = useLocation();

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Toolbar
        sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 60, sm: 68 }, px: { xs: 1, sm: 2.5 } }}
      >
        {user && (
          <IconButton
            edge="start"
            aria-label="Abrir menú"
            onPointerEnter={() => void loadNavDrawer()}
            onFocus={() => void loadNavDrawer()}
            onClick={() => {
              setHasOpenedDrawer(true);
              setIsDrawerOpen(true);
            }}
            // The narrow layout's (spec section 2), chosen by CSS (layout-rules.ts).
            sx={{ [WIDE_MEDIA]: { display: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={paths.home}
          aria-label={`${env.appName}, ir al inicio`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'text.primary',
            textDecoration: 'none',
            minHeight: 44,
            minWidth: 0,
            borderRadius: 2,
            pr: 1,
            pl: { xs: 0.5, sm: 1 },
            ...(user ? { [NARROW_MEDIA]: { pl: 0 } } : {}),
          }}
        >
          <LogoMark size={34} />
          <Typography
            component="span"
            noWrap
            sx={{
              fontFamily: 'Poppins, Roboto, sans-serif',
              fontWeight: 700,
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              letterSpacing: '-0.01em',
              color: 'primary.main',
              minWidth: 0,
            }}
          >
            {env.appName}
          </Typography>
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        {!user && (
          <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 1 }, flexShrink: 0 }}>
            <Button
              component={RouterLink}
              to={paths.login}
              variant="text"
              color="primary"
              sx={{ px: { xs: 1.25, sm: 2.25 } }}
            >
              Iniciar
            </Button>
            <Button
              component={RouterLink}
              to={paths.register}
              variant="contained"
              color="primary"
              sx={{ px: { xs: 1.5, sm: 2.25 } }}
            >
              Registrarse
            </Button>
          </Box>
        )}

        {user && (
          <Box
            component="nav"
            aria-label="Navegación principal"
            sx={{ display: 'flex', gap: 0.5, mr: 1, [NARROW_MEDIA]: { display: 'none' } }}
          >
            {visibleItems(MAIN_NAV, isAdmin).map((item) => {
              const isCurrent = pathname === item.to;
              const isCreate = item.key === 'create';
              return (
                <Button
                  key={item.key}
                  component={RouterLink}
                  to={item.to}
                  startIcon={item.icon}
                  variant={isCreate ? 'contained' : 'text'}
                  color="primary"
                  aria-current={isCurrent ? 'page' : undefined}
                  sx={{
                    // One line each: just above 1030px the labels wrapped into 61px-tall
                    // buttons; the icons give way to the text until there is room.
                    whiteSpace: 'nowrap',
                    flexShrink: 0,
                    px: { md: 1.5, lg: 2.25 },
                    '& .MuiButton-startIcon': { display: { xs: 'none', lg: 'inherit' } },
                    ...(isCreate
                      ? {}
                      : {
                          color: isCurrent ? 'primary.main' : 'text.primary',
                          bgcolor: isCurrent ? 'rgba(98, 0, 234, 0.08)' : undefined,
                        }),
                  }}
                >
                  {item.label}
                </Button>
              );
            })}
          </Box>
        )}

        {user && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
            <IconButton
              component={RouterLink}
              to={paths.notifications}
              title="Notificaciones"
              aria-label={
                hasUnreadNotifications ? 'Notificaciones (tienes sin leer)' : 'Notificaciones'
              }
            >
              <Badge
                variant="dot"
                color="error"
                invisible={!hasUnreadNotifications}
                overlap="circular"
              >
                <NotificationsNoneIcon />
              </Badge>
            </IconButton>
            <IconButton
              component={RouterLink}
              to={paths.chat}
              aria-label={unreadMessages > 0 ? `Mensajes (${unreadMessages} sin leer)` : 'Mensajes'}
              title="Mensajes"
            >
              <Badge badgeContent={unreadMessages} color="error" max={99} overlap="circular">
                <ChatBubbleOutlineIcon />
              </Badge>
            </IconButton>
            <UserMenu user={user} isAdmin={isAdmin} onSignOut={onSignOut} />
          </Box>
        )}
      </Toolbar>
      {user && hasOpenedDrawer && (
        <Suspense fallback={null}>
          <NavDrawer open={isDrawerOpen} onClose={() => setIsDrawerOpen(false)} isAdmin={isAdmin} />
        </Suspense>
      )}
    </AppBar>
  );
};

import AddIcon from '@mui/icons-material/Add';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { WIDE_MEDIA } from './layout-rules';

type BottomItem = {
  label: string;
  shortLabel: string;
  to: string;
  icon: ReactElement;
  isCentre?: boolean;
};

/** Five icons, create in the centre (spec section 2). */
const ITEMS: readonly BottomItem[] = [
  {
    label: 'Mis productos',
    shortLabel: 'Mis productos',
    to: paths.myProducts,
    icon: <Inventory2OutlinedIcon />,
  },
  {
    label: 'Favoritos',
    shortLabel: 'Favoritos',
    to: paths.myFavorites,
    icon: <FavoriteBorderIcon />,
  },
  {
    label: 'Crear',
    shortLabel: 'Crear',
    to: paths.createProduct,
    icon: <AddIcon />,
    isCentre: true,
  },
  { label: 'Buscar', shortLabel: 'Buscar', to: paths.search, icon: <SearchIcon /> },
  {
    label: 'Mis compras',
    shortLabel: 'Mis compras',
    to: paths.myPurchases,
    icon: <ShoppingBagOutlinedIcon />,
  },
];

export const BOTTOM_BAR_HEIGHT = 68;

export const BottomBar = ({ visible }: { visible: boolean }) => {
  const { pathname } = useLocation();
  return (
    <Paper
      component="nav"
      aria-label="Accesos rápidos"
      elevation={0}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        // Only on the narrow layout (spec section 2), chosen by CSS (layout-rules.ts).
        [WIDE_MEDIA]: { display: 'none' },
        zIndex: (theme) => theme.zIndex.appBar,
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: 'rgba(255, 255, 255, 0.96)',
        backdropFilter: 'blur(12px)',
        pb: 'env(safe-area-inset-bottom)',
        // Slides away while scrolling down (a CSS transition: no MUI Slide in the entry chunk).
        transform: visible ? 'none' : 'translateY(100%)',
        visibility: visible ? 'visible' : 'hidden',
        transition: (theme) =>
          `transform ${theme.transitions.duration.shortest}ms ${theme.transitions.easing.easeOut}, visibility 0s linear ${visible ? 0 : theme.transitions.duration.shortest}ms`,
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
          alignItems: 'center',
          height: BOTTOM_BAR_HEIGHT,
          maxWidth: 560,
          mx: 'auto',
        }}
      >
        {ITEMS.map((item) => {
          const isCurrent = pathname === item.to;
          return (
            <ButtonBase
              key={item.to}
              component={RouterLink}
              to={item.to}
              aria-label={item.label}
              aria-current={isCurrent ? 'page' : undefined}
              sx={{
                height: '100%',
                flexDirection: 'column',
                gap: 0.25,
                borderRadius: 3,
                color: isCurrent ? 'primary.main' : 'text.secondary',
              }}
            >
              {item.isCentre ? (
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    display: 'grid',
                    placeItems: 'center',
                    boxShadow: '0 6px 16px rgba(98, 0, 234, 0.35)',
                  }}
                >
                  {item.icon}
                </Box>
              ) : (
                <>
                  {item.icon}
                  <Typography
                    component="span"
                    sx={{
                      fontSize: '0.72rem',
                      fontWeight: isCurrent ? 600 : 500,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {item.shortLabel}
                  </Typography>
                </>
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Paper>
  );
};

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { MAIN_NAV, visibleItems } from './nav-items';

/** Narrow layout: the main entries in a side drawer titled 'Menú' (spec section 2). */
const NavDrawer = ({
  open,
  onClose,
  isAdmin,
}: {
  open: boolean;
  onClose: () => void;
  isAdmin: boolean;
}) => {
  const titleId = useId();
  const { pathname } = useLocation();
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: 290, maxWidth: '85vw', borderRadius: '0 20px 20px 0' },
          'aria-labelledby': titleId,
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2.5,
          pt: 2,
          pb: 1,
        }}
      >
        <Typography id={titleId} variant="h5" component="h2">
          Menú
        </Typography>
        <IconButton onClick={onClose} aria-label="Cerrar menú">
          <CloseIcon />
        </IconButton>
      </Box>
      <nav aria-label="Menú principal">
        <List sx={{ px: 1.5 }}>
          {visibleItems(MAIN_NAV, isAdmin).map((item) => (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={item.to}
              onClick={onClose}
              selected={pathname === item.to}
              sx={{ mb: 0.5 }}
            >
              <ListItemIcon sx={{ color: 'primary.main', minWidth: 44 }}>{item.icon}</ListItemIcon>
              <ListItemText
                primary={item.label}
                slotProps={{ primary: { sx: { fontWeight: 500 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </nav>
    </Drawer>
  );
};

export default NavDrawer;

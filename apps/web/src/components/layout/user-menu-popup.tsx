import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '@/lib/session';
import { USER_MENU, visibleItems } from './nav-items';

/** The account menu itself: its own chunk, loaded on the first open (issue 7's JS budget). */
const UserMenuPopup = ({
  id,
  anchor,
  user,
  isAdmin,
  onClose,
  onSignOut,
}: {
  id: string;
  anchor: HTMLElement | null;
  user: SessionUser;
  isAdmin: boolean;
  onClose: () => void;
  onSignOut: () => void;
}) => (
  <Menu
    id={id}
    anchorEl={anchor}
    open={anchor !== null}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    slotProps={{ paper: { sx: { mt: 1, minWidth: 240 } } }}
  >
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography variant="subtitle1" component="p" noWrap sx={{ maxWidth: 260 }}>
        {user.name || 'Usuario'}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 260 }}>
        {user.email}
      </Typography>
    </Box>
    <Divider />
    {visibleItems(USER_MENU, isAdmin).map((item) => (
      <MenuItem
        key={`${item.key}-${item.label}`}
        component={RouterLink}
        to={item.to}
        onClick={onClose}
      >
        <ListItemIcon>{item.icon}</ListItemIcon>
        <ListItemText>{item.label}</ListItemText>
      </MenuItem>
    ))}
    <Divider />
    <MenuItem
      onClick={() => {
        onClose();
        onSignOut();
      }}
    >
      <ListItemIcon>
        <LogoutIcon />
      </ListItemIcon>
      <ListItemText>Cerrar sesión</ListItemText>
    </MenuItem>
  </Menu>
);

export default UserMenuPopup;

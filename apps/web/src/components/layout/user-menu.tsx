import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '@/lib/session';
import { getInitials } from '@/utils/initials';
import { USER_MENU, visibleItems } from './nav-items';

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
  const menuId = useId();
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title="Mi cuenta">
        <IconButton
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          aria-label="Abrir menú de usuario"
          aria-controls={isOpen ? menuId : undefined}
          aria-haspopup="true"
          aria-expanded={isOpen ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar
            sx={{
              width: 36,
              height: 36,
              bgcolor: 'primary.main',
              fontSize: '0.95rem',
              fontWeight: 600,
              fontFamily: 'Poppins, Roboto, sans-serif',
            }}
          >
            {getInitials(user.name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
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
            onClick={close}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText>Cerrar sesión</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};

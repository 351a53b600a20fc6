import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import type { ReactElement } from 'react';
import { paths } from '@/config/paths';

export type NavItem = {
  key: string;
  label: string;
  to: string;
  icon: ReactElement;
  adminOnly?: boolean;
};

const search: NavItem = { key: 'search', label: 'Buscar', to: paths.search, icon: <SearchIcon /> };
const create: NavItem = {
  key: 'create',
  label: 'Crear',
  to: paths.createProduct,
  icon: <AddCircleOutlineIcon />,
};
const myProducts: NavItem = {
  key: 'my-products',
  label: 'Mis productos',
  to: paths.myProducts,
  icon: <Inventory2OutlinedIcon />,
};
const myPurchases: NavItem = {
  key: 'my-purchases',
  label: 'Mis compras',
  to: paths.myPurchases,
  icon: <ShoppingBagOutlinedIcon />,
};
const admin: NavItem = {
  key: 'admin',
  label: 'Admin',
  to: paths.adminPanel,
  icon: <AdminPanelSettingsOutlinedIcon />,
  adminOnly: true,
};

/** Wide-layout buttons and the narrow-layout drawer (spec section 2, in this order). */
export const MAIN_NAV: readonly NavItem[] = [
  search,
  create,
  myProducts,
  myPurchases,
  { key: 'favorites', label: 'Favoritos', to: paths.myFavorites, icon: <FavoriteBorderIcon /> },
  admin,
];

/** Avatar menu entries before 'Cerrar sesión' (spec section 2, in this order). */
export const USER_MENU: readonly NavItem[] = [
  { key: 'profile', label: 'Perfil', to: paths.profile, icon: <PersonOutlineIcon /> },
  myProducts,
  myPurchases,
  {
    key: 'favorites',
    label: 'Mis favoritos',
    to: paths.myFavorites,
    icon: <FavoriteBorderIcon />,
  },
  // Issue 21: the saved searches and their alerts.
  {
    key: 'my-searches',
    label: 'Mis búsquedas',
    to: paths.mySearches,
    icon: <ManageSearchIcon />,
  },
  search,
  create,
  admin,
];

export const visibleItems = (items: readonly NavItem[], isAdmin: boolean) =>
  items.filter((item) => !item.adminOnly || isAdmin);

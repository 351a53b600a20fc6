import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const MyProductsRoute = () => (
  <UnderConstruction
    title="Mis productos"
    description="Aquí gestionarás tus publicaciones, las ofertas recibidas y tus ventas."
    icon={<Inventory2Outlined />}
  />
);
